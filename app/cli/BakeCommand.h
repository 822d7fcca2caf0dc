#pragma once

#include <QStringList>

namespace bonescope::cli {

/// `bonescope-cli bake FILE --armature NAME --scenario S [--format csv|json] [--out PATH]
/// [--index INDEX.csv] [--transitions SIDECAR.json]`: per-frame bone values of a golden scenario
/// (core/bake) in the golden CSV layout, its events beside it (PATH with .events.csv), or JSON.
/// `--scenario all` bakes every scenario the index lists for the file and armature (or the standard
/// set) into the folder `--out`, one golden-named file per scenario. `--transitions` names the
/// sidecar whose transition table a `trigger:A:B:AT` scenario uses (default: FILE.bonescope.json
/// beside FILE).
int runBake(const QStringList& arguments);

} // namespace bonescope::cli
