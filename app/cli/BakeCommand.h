#pragma once

#include <QStringList>

namespace bonescope::cli {

/// `bonescope-cli bake FILE|FOLDER... --scenario S [--armature NAME] [--format csv|json]
/// [--out PATH] [--index INDEX.csv] [--transitions SIDECAR.json] [--json] [-j N]`: per-frame
/// bone values of a golden or blending scenario (core/bake) in the golden CSV layout, or JSON;
/// `--help` describes every scenario, output and limit.
int runBake(const QStringList& arguments);

} // namespace bonescope::cli
