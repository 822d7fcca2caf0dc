#include "cli/BlendBakeCommand.h"

#include "cli/CliCommand.h"

#include "bake/BakeWriter.h"
#include "bake/BlendBakeRunner.h"
#include "bake/BlendBakeWriter.h"
#include "io/ExportLoader.h"
#include "io/LayerSetupReader.h"
#include "io/SidecarReader.h"

#include <QFileInfo>

#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>

namespace bonescope::cli {

namespace {

int fail(const std::string& message)
{
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return ExitUnreadable;
}

/// Writes with `write` to `path`, or to stdout when `path` is empty.
bool writeTo(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    if (path.empty()) {
        write(std::cout);
        return static_cast<bool>(std::cout);
    }
    std::ofstream out(path, std::ios::binary);
    write(out);
    return static_cast<bool>(out);
}

// The transition table a trigger scenario uses (see the header).
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

} // namespace

int runBlendBake(const QString& file, const QString& armature, const QString& scenarioText,
                 const QString& format, const QString& out, const QString& transitions)
{
    if (format != QLatin1String("csv"))
        return fail("blend, chain, layers and flipbook bakes write CSV only");
    std::string error;
    auto scenario = core::BlendScenario::parse(scenarioText.toStdString(), &error);
    if (!scenario)
        return fail(error);
    const auto loaded = core::loadExport(file.toStdString());
    if (!loaded)
        return fail(loaded.error().toString());
    const std::string outPath = out.toStdString();
    const std::string statePath = outPath.empty() ? std::string() : core::statePathFor(outPath);

    if (scenario->kind == core::BlendScenario::Kind::Flipbook) {
        if (loaded->kind != core::ExportKind::Flipbook)
            return fail("flipbook scenarios need an AnimationCache plist");
        const auto rows = core::runFlipbookBake(loaded->flipbooks, *scenario);
        if (!rows)
            return fail(rows.error().message);
        // No bones: the pose file is the golden header alone.
        core::BakeResult empty;
        if (!outPath.empty() &&
            !writeTo(outPath, [&](std::ostream& s) { core::writeBakeCsv(empty, s); }))
            return fail("cannot write " + outPath);
        if (!writeTo(statePath,
                     [&](std::ostream& s) { core::writeFlipbookStateCsv(rows.value(), s); }))
            return fail("cannot write " + statePath);
        return ExitOk;
    }

    if (loaded->kind != core::ExportKind::Armature || loaded->skeleton.armatures.empty())
        return fail("blend, chain and layers scenarios need an armature export");
    const std::string name =
        armature.isEmpty() ? loaded->skeleton.armatures.front().name : armature.toStdString();
    if (scenario->fromTransitionTable) {
        const auto table = transitionTable(file, transitions);
        if (!table)
            return fail(table.error().toString());
        const core::AnimationData* animation = loaded->skeleton.findAnimation(name);
        const core::MovementData* target =
            animation ? animation->findMovement(scenario->movements[1]) : nullptr;
        if (!target)
            return fail("no movement \"" + scenario->movements[1] + "\" in armature " + name);
        scenario->useTransition(table->find(scenario->movements[0], scenario->movements[1]),
                                target->durationTo);
    }
    std::optional<core::LayerSetup> layers;
    if (scenario->kind == core::BlendScenario::Kind::Layers) {
        auto setup = core::readLayerSetup(scenario->setupPath);
        if (!setup)
            return fail(setup.error().toString());
        layers = std::move(setup.value());
    }
    const auto bake =
        core::runBlendBake(loaded->skeleton, name, *scenario, layers ? &*layers : nullptr);
    if (!bake) // a setup-file error names its file and JSON pointer; others only a message
        return fail(bake.error().file.empty() ? bake.error().message : bake.error().toString());
    if (!writeTo(outPath, [&](std::ostream& s) { core::writeBakeCsv(bake->poses, s); }))
        return fail("cannot write " + outPath);
    if (statePath.empty())
        return ExitOk;
    const bool written = writeTo(statePath, [&](std::ostream& s) {
        if (scenario->kind == core::BlendScenario::Kind::Layers)
            core::writeLayerStateCsv(bake->layerStates, s);
        else
            core::writeBlendStateCsv(bake->blendStates, s);
    });
    return written ? ExitOk : fail("cannot write " + statePath);
}

} // namespace bonescope::cli
