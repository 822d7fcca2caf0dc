#pragma once

#include <QString>

namespace bonescope::cli {

/// `bonescope-cli bake FILE --script S.json [--frames LIST] [--trace BONE,…] [--out PATH]`:
/// runs a blend script (core/script/BlendScriptReader.h) on FILE's armature. Pose rows in the
/// golden CSV layout go to `out` (stdout when empty), for every update or only the updates
/// of `frames` ("5,90,12-20": numbers and ranges, in the order given, by random access).
/// With `out`, the events, the blender's (or the layers') state rows and, when `trace` names
/// bones, their contributions are written beside it (.events.csv, .state.csv, .trace.csv).
int runScriptBake(const QString& file, const QString& script, const QString& frames,
                  const QString& trace, const QString& out);

} // namespace bonescope::cli
