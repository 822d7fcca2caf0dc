#include "cli/ScriptBakeCommand.h"

#include "cli/CliCommand.h"

#include "bake/BakeWriter.h"
#include "bake/BlendBakeWriter.h"
#include "io/ExportLoader.h"
#include "script/BlendScriptReader.h"
#include "script/ScriptBake.h"

#include <QStringList>

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

/// "5,90,12-20" → 5, 90, 12, 13, …, 20; nothing when a part is not a number or a range.
std::optional<std::vector<int>> frameList(const QString& text)
{
    std::vector<int> frames;
    for (const QString& part : text.split(QLatin1Char(','))) {
        const QStringList ends = part.split(QLatin1Char('-'));
        bool firstOk = false, lastOk = false;
        const int first = ends.first().trimmed().toInt(&firstOk);
        const int last = ends.last().trimmed().toInt(&lastOk);
        if (ends.size() > 2 || !firstOk || !lastOk || last < first)
            return std::nullopt;
        for (int frame = first; frame <= last; ++frame)
            frames.push_back(frame);
    }
    return frames;
}

bool writeFile(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    std::ofstream out(path, std::ios::binary);
    write(out);
    return static_cast<bool>(out);
}

} // namespace

int runScriptBake(const QString& file, const QString& scriptPath, const QString& frames,
                  const QString& trace, const QString& out)
{
    std::vector<int> updates;
    if (!frames.isEmpty()) {
        const auto list = frameList(frames);
        if (!list)
            return fail("--frames expects numbers and ranges, e.g. 5,90,12-20");
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
    const auto bake = core::bakeScript(skeleton.value(), script.value(), updates, bones);
    if (!bake)
        return fail(bake.error().toString());

    if (out.isEmpty()) {
        core::writeBakeCsv(bake->poses, std::cout);
        return std::cout ? ExitOk : fail("cannot write to stdout");
    }
    const std::string path = out.toStdString();
    const std::pair<std::string, std::function<void(std::ostream&)>> files[] = {
        {path, [&](std::ostream& s) { core::writeBakeCsv(bake->poses, s); }},
        {core::eventsPathFor(path),
         [&](std::ostream& s) { core::writeBakeEventsCsv(bake->poses, s); }},
        {core::statePathFor(path),
         [&](std::ostream& s) {
             if (script->layers)
                 core::writeLayerStateCsv(bake->layerStates, s);
             else
                 core::writeBlendStateCsv(bake->states, s);
         }},
    };
    for (const auto& [name, write] : files)
        if (!writeFile(name, write))
            return fail("cannot write " + name);
    if (!bones.empty()) {
        const std::string tracePath = core::tracePathFor(path);
        if (!writeFile(tracePath, [&](std::ostream& s) {
                core::writeTraceCsv(bake->trace, bake->poses.boneNames, s);
            }))
            return fail("cannot write " + tracePath);
    }
    return ExitOk;
}

} // namespace bonescope::cli
