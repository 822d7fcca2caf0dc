#pragma once

#include "cli/InputFiles.h"
#include "cli/OutputFiles.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace bonescope::cli {

/// What `bake` was asked to do, the same for every input file.
struct BakeRequest {
    QString armature;  ///< empty: each file's first armature
    QString scenario;  ///< a golden Scenario, a BlendScenario, or "all"
    bool json = false; ///< --format json (golden and flipbook scenarios)
    QString index;     ///< --index INDEX.csv for "all"
    /// --transitions SIDECAR.json for trigger scenarios (empty: FILE.bonescope.json beside each
    /// file, else Bonescope's default transition)
    QString transitions;
    /// The output: a file (or nothing: stdout) for one golden or blend scenario of one file; a
    /// folder of golden-named files when `intoFolder`.
    QString out;
    bool intoFolder = false;
};

/// One file written by a bake.
struct BakeOutput {
    std::string scenario;
    QString path; ///< empty: stdout
    long long updates = 0;
    long long rows = 0; ///< pose rows (updates × bones), or state rows for a flipbook
};

/// What baking one input produced, or why it failed (then it wrote nothing).
struct BakeReport {
    InputFile input;
    bool ok = false;
    std::string error;
    /// Why a file a folder search found holds nothing the request bakes (an armature without
    /// movements under --scenario all); then ok, with no outputs.
    std::string skipped;
    std::vector<BakeOutput> outputs;
    double seconds = 0.0;
};

/// Bakes `input` as `request` says. Everything is checked before any work starts (names,
/// scenario parameters, the limits of core/base/Limits.h, output paths); files are written
/// atomically, and a failure part way removes what this input had written.
BakeReport bakeFile(const InputFile& input, const BakeRequest& request);

} // namespace bonescope::cli
