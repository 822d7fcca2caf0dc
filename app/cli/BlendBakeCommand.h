#pragma once

#include <QString>

namespace bonescope::cli {

/// The blending kinds of `bonescope-cli bake` (core/bake/BlendScenario.h: blend, chain,
/// layers, flipbook), reached from runBake when the scenario names one. FILE is an armature
/// export, or an AnimationCache plist for flipbook. Pose rows go to `out` (stdout when empty)
/// in the golden CSV layout; the state rows to the path with .state.csv in place of .csv
/// (stdout gets only the poses; a flipbook has no bones, so its state rows go to stdout).
/// A trigger scenario takes its transition from the table of the sidecar `transitions`, else
/// of the sidecar beside FILE (io/SidecarReader.h), else Bonescope's default (said on stderr).
int runBlendBake(const QString& file, const QString& armature, const QString& scenario,
                 const QString& format, const QString& out, const QString& transitions);

} // namespace bonescope::cli
