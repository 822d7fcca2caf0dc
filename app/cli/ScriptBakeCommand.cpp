#include "cli/ScriptBakeCommand.h"

#include "bake/WorkLimits.h"
#include "cli/CliCommand.h"
#include "cli/OutputFiles.h"
#include "cli/OutputPath.h"

#include "bake/BakeWriter.h"
#include "bake/BlendBakeWriter.h"
#include "bake/BlendScenario.h"
#include "base/Limits.h"
#include "io/ExportLoader.h"
#include "io/JsonPointer.h"
#include "script/BlendScriptReader.h"
#include "script/ScriptBake.h"

#include <QStringList>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace bonescope::cli {

namespace {

int fail(const std::string& message)
{
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return ExitUnreadable;
}

/// "5,90,12-20" → 5, 90, 12, 13, …, 20; nothing when a part is not a number or a range, or
/// when the list runs past kMaxBakeUpdates updates (before it is expanded).
std::optional<std::vector<int>> frameList(const QString& text)
{
    std::vector<int> frames;
    for (const QString& part : text.split(QLatin1Char(','))) {
        const QStringList ends = part.split(QLatin1Char('-'));
        bool firstOk = false, lastOk = false;
        const int first = ends.first().trimmed().toInt(&firstOk);
        const int last = ends.last().trimmed().toInt(&lastOk);
        if (ends.size() > 2 || !firstOk || !lastOk || last < first ||
            std::int64_t(last) - first + 1 > core::kMaxBakeUpdates - std::int64_t(frames.size()))
            return std::nullopt;
        for (int frame = first; frame <= last; ++frame)
            frames.push_back(frame);
    }
    return frames;
}

/// core::scriptLimitProblem, and the same limits on the `frames` asked for.
std::string scriptLimitProblem(const core::SkeletonData& skeleton, const core::BlendScript& script,
                               const std::vector<int>& frames)
{
    if (auto problem = core::scriptLimitProblem(skeleton, script, script.fileName);
        !problem.empty())
        return problem;
    return core::bakeLimitProblem("--frames", std::int64_t(frames.size()),
                                  core::scriptBoneCount(skeleton, script),
                                  core::scriptLayerCount(script));
}

} // namespace

int runScriptBake(const QString& file, const QString& scriptPath, const QString& frames,
                  const QString& trace, const QString& out)
{
    std::vector<int> updates;
    if (!frames.isEmpty()) {
        const auto list = frameList(frames);
        if (!list)
            return fail("--frames expects numbers and ranges, e.g. 5,90,12-20, of at most " +
                        std::to_string(core::kMaxBakeUpdates) + " updates in all");
        updates = *list;
    }
    std::vector<std::string> bones;
    if (!trace.isEmpty())
        for (const QString& bone : trace.split(QLatin1Char(',')))
            bones.push_back(bone.toStdString());
    if (!bones.empty() && out.isEmpty())
        return fail("--trace needs --out (the trace goes beside the pose CSV)");

    const auto script = core::readBlendScript(scriptPath.toStdString());
    if (!script)
        return fail(script.error().toString());
    const auto skeleton = core::readSkeletonFile(file.toStdString());
    if (!skeleton)
        return fail(skeleton.error().toString());
    // Checked before any work, as for the scenario bakes: the limits and every output path.
    if (auto problem = scriptLimitProblem(skeleton.value(), script.value(), updates);
        !problem.empty())
        return fail(problem);
    OutputFiles files({file, scriptPath});
    const QString events = besidePath(out, core::eventsPathFor);
    const QString state = besidePath(out, core::statePathFor);
    const QString traced = bones.empty() ? QString() : besidePath(out, core::tracePathFor);
    for (const QString& path : {out, events, state, traced})
        if (!files.check(path))
            return fail(files.error());

    auto bake = core::bakeScript(skeleton.value(), script.value(), updates, bones);
    if (!bake) {
        core::placeInItsFile(bake.error()); // a call naming a movement the armature lacks
        return fail(bake.error().toString());
    }
    if (!files.write(out, [&](std::ostream& s) { core::writeBakeCsv(bake->poses, s); }))
        return fail(files.error());
    if (!out.isEmpty()) {
        const bool written = files.write(events, [&](std::ostream& s) {
            core::writeBakeEventsCsv(bake->poses, s);
        }) && files.write(state, [&](std::ostream& s) {
            if (script->layers)
                core::writeLayerStateCsv(bake->layerStates, s);
            else
                core::writeBlendStateCsv(bake->states, s);
        }) && (traced.isEmpty() || files.write(traced, [&](std::ostream& s) {
                                 core::writeTraceCsv(bake->trace, bake->poses.boneNames, s);
                             }));
        if (!written)
            return fail(files.error());
    }
    if (!files.commit())
        return fail(files.error());
    return ExitOk;
}

} // namespace bonescope::cli
