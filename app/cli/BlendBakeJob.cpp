#include "cli/BlendBakeJob.h"

#include "bake/WorkLimits.h"
#include "cli/FlipbookScenario.h"
#include "cli/NameLookup.h"
#include "cli/OutputPath.h"

#include "bake/BakeWriter.h"
#include "bake/BlendBakeRunner.h"
#include "bake/BlendBakeWriter.h"
#include "base/Limits.h"
#include "io/ExportLoader.h"
#include "io/JsonPointer.h"
#include "io/LayerSetupReader.h"
#include "io/SidecarReader.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>
#include <optional>

namespace bonescope::cli {

namespace {

/// A flipbook's state rows: as JSON into `out` (stdout when empty) with `json`, else as CSV
/// into `out`'s .state.csv beside the golden header alone in `out` (stdout: the rows).
std::string bakeFlipbook(const core::LoadedExport& loaded, const QString& out, bool json,
                         const core::BlendScenario& scenario, OutputFiles& files,
                         BakeReport& report)
{
    if (auto problem = flipbookScenarioProblem(loaded, scenario); !problem.empty())
        return problem;
    const QString state = json ? out : besidePath(out, core::statePathFor);
    if (!files.check(out) || !files.check(state))
        return files.error();

    const auto rows = core::runFlipbookBake(loaded.flipbooks, scenario);
    if (!rows)
        return rows.error().toString();
    if (json) {
        if (!files.write(out, [&](std::ostream& s) {
                core::writeFlipbookStateJson(scenario.flipbook, scenario.text, rows.value(), s);
            }))
            return files.error();
    } else {
        // No bones: the pose file is the golden header alone.
        const core::BakeResult empty;
        if (!out.isEmpty() &&
            !files.write(out, [&](std::ostream& s) { core::writeBakeCsv(empty, s); }))
            return files.error();
        if (!files.write(state,
                         [&](std::ostream& s) { core::writeFlipbookStateCsv(rows.value(), s); }))
            return files.error();
    }
    // The rows are the state file's: the report names it, not the pose file's header.
    report.outputs.push_back({scenario.text, out.isEmpty() ? out : state,
                              static_cast<long long>(rows->size()),
                              static_cast<long long>(rows->size())});
    return {};
}

/// A flipbook scenario's file in a folder of bakes.
QString flipbookFileIn(const QString& folder, const core::BlendScenario& scenario, bool json)
{
    return QDir(folder).filePath(
        QString::fromStdString(scenario.fileStem() + (json ? ".json" : ".csv")));
}

/// The transition table a trigger scenario uses: `path`, else the sidecar beside `file`, else
/// Bonescope's default (said on stderr).
core::Result<core::TransitionTable> transitionTable(const QString& file, const QString& path)
{
    const std::string sidecarPath =
        path.isEmpty() ? core::sidecarPathFor(file.toStdString()) : path.toStdString();
    if (path.isEmpty() && !QFileInfo::exists(QString::fromStdString(sidecarPath))) {
        std::fprintf(stderr, "note: no %s: the default transition (while, 10 frames)\n",
                     sidecarPath.c_str());
        return core::TransitionTable{};
    }
    auto sidecar = core::readSidecar(sidecarPath);
    if (!sidecar)
        return sidecar.error();
    return std::move(sidecar->transitions);
}

/// Why a blend, chain or layers scenario must not run on `skeleton`: an unknown armature or
/// movement (listing the valid names), a layer setup past the limits, or too much work.
/// Resolves `armature` (the setup's, the requested one, or the first).
std::string checkArmatureScenario(const core::SkeletonData& skeleton, const std::string& file,
                                  const core::BlendScenario& scenario,
                                  const core::LayerSetup* setup, std::string& armature)
{
    // A setup's movements and bones are checked by the bake, which places a mistake in the
    // setup file.
    std::int64_t updates = scenario.updateCount();
    if (setup) {
        if (auto problem = core::layerSetupLimitProblem(*setup); !problem.empty())
            return scenario.setupPath + ": " + problem;
        if (!setup->armature.empty())
            armature = setup->armature;
        updates = core::layersUpdateCount(*setup);
    }
    const auto resolved = resolveArmature(skeleton, armature, file);
    if (!resolved)
        return resolved.error().toString();
    armature = resolved.value();
    if (auto problem = unknownMovementProblem(skeleton, armature, scenario.movements);
        !problem.empty())
        return problem;
    return core::bakeLimitProblem(scenario.text, updates,
                                  std::int64_t(skeleton.findArmature(armature)->bones.size()),
                                  setup ? std::int64_t(setup->layers.size()) : 0);
}

} // namespace

std::string bakeEveryFlipbook(const InputFile& input, const BakeRequest& request,
                              OutputFiles& files, BakeReport& report)
{
    const auto loaded = core::loadExport(input.path.toStdString());
    if (!loaded)
        return loaded.error().toString();
    if (loaded->kind != core::ExportKind::Flipbook)
        return "not a flipbook export";
    std::vector<core::BlendScenario> scenarios;
    for (const core::FlipbookData& animation : loaded->flipbooks.animations) {
        scenarios.push_back(core::BlendScenario::flipbookOf(animation.name));
        if (auto problem = flipbookScenarioProblem(loaded.value(), scenarios.back());
            !problem.empty())
            return problem;
    }
    if (scenarios.empty())
        return "no animation to bake";
    for (const core::BlendScenario& scenario : scenarios)
        if (auto error =
                bakeFlipbook(loaded.value(), flipbookFileIn(request.out, scenario, request.json),
                             request.json, scenario, files, report);
            !error.empty())
            return error;
    return {};
}

std::string bakeBlend(const InputFile& input, const BakeRequest& request, OutputFiles& files,
                      BakeReport& report)
{
    std::string error;
    auto scenario = core::BlendScenario::parse(request.scenario.toStdString(), &error);
    if (!scenario)
        return error;
    const bool flipbook = scenario->kind == core::BlendScenario::Kind::Flipbook;
    if (request.json && !flipbook)
        return "blend, chain and layers bakes write CSV only";
    const auto loaded = core::loadExport(input.path.toStdString());
    if (!loaded)
        return loaded.error().toString();

    if (flipbook)
        return bakeFlipbook(
            loaded.value(),
            request.intoFolder ? flipbookFileIn(request.out, *scenario, request.json) : request.out,
            request.json, *scenario, files, report);
    const auto outFor = [&](const std::string& armature) {
        if (!request.intoFolder)
            return request.out;
        return QDir(request.out)
            .filePath(QString::fromStdString(core::goldenFileName(armature, scenario->fileStem())));
    };

    if (loaded->kind != core::ExportKind::Armature)
        return "blend, chain and layers scenarios need an armature export";
    // The bake reads no file: the CLI reads the layer setup, and checks it first.
    std::optional<core::LayerSetup> setup;
    if (scenario->kind == core::BlendScenario::Kind::Layers) {
        auto read = core::readLayerSetup(scenario->setupPath);
        if (!read)
            return read.error().toString();
        setup = std::move(read.value());
    }
    std::string armature = request.armature.toStdString();
    if (scenario->fromTransitionTable) {
        const auto table = transitionTable(input.path, request.transitions);
        if (!table)
            return table.error().toString();
        const auto resolved = resolveArmature(loaded->skeleton, armature, loaded->path);
        if (!resolved)
            return resolved.error().toString();
        if (auto problem =
                unknownMovementProblem(loaded->skeleton, resolved.value(), scenario->movements);
            !problem.empty())
            return problem;
        const core::MovementData* target =
            loaded->skeleton.findAnimation(resolved.value())->findMovement(scenario->movements[1]);
        if (auto problem = scenario->useTransition(
                table->find(scenario->movements[0], scenario->movements[1]), target->durationTo);
            !problem.empty())
            return problem;
    }
    if (auto problem = checkArmatureScenario(loaded->skeleton, loaded->path, *scenario,
                                             setup ? &*setup : nullptr, armature);
        !problem.empty())
        return problem;
    const QString out = outFor(armature);
    const QString state = besidePath(out, core::statePathFor);
    if (!files.check(out) || !files.check(state))
        return files.error();

    auto bake =
        core::runBlendBake(loaded->skeleton, armature, *scenario, setup ? &*setup : nullptr);
    if (!bake) { // a setup-file error names its file and JSON pointer; others only a message
        if (bake.error().file.empty())
            return bake.error().message;
        core::placeInItsFile(bake.error());
        return bake.error().toString();
    }
    if (!files.write(out, [&](std::ostream& s) { core::writeBakeCsv(bake->poses, s); }))
        return files.error();
    if (!state.isEmpty() && !files.write(state, [&](std::ostream& s) {
            if (scenario->kind == core::BlendScenario::Kind::Layers)
                core::writeLayerStateCsv(bake->layerStates, s);
            else
                core::writeBlendStateCsv(bake->blendStates, s);
        }))
        return files.error();
    report.outputs.push_back({scenario->text, out, bake->poses.frameCount,
                              static_cast<long long>(bake->poses.poses.size())});
    return {};
}

} // namespace bonescope::cli
