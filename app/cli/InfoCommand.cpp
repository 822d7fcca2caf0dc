#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/ExportArgument.h"
#include "cli/ExportSummary.h"
#include "cli/NameLookup.h"

#include <cstdio>

namespace bonescope::cli {

int runInfo(const QStringList& arguments)
{
    CommandLine command(
        QStringLiteral("info"), QStringLiteral("FILE"),
        QStringLiteral(
            "Describe an export: format and version, frame rate, each armature with its bones "
            "in tree order\n(position, rotation in degrees), its movements (duration in frames, "
            "loop, durationTo,\ndurationTween, easing, speed scale when not 1, frame events), "
            "flipbook animations, the\nsprite sheets found beside the file and the loader's "
            "warnings.\n\n"
            "FILE is a DragonBones .xml, a CocoStudio .ExportJson, an AnimationCache .plist or "
            "an image of a\nnumbered sequence. Exit status: 0 described, 2 unreadable file, "
            "unknown armature or bad usage."));
    QCommandLineParser& parser = command.parser();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The export to describe."));
    const QCommandLineOption sampleOption(
        QStringLiteral("sample"), QStringLiteral("Describe the embedded sample armature instead."));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"),
        QStringLiteral("Print the summary as JSON (bones as a flat list with parent and depth)."));
    const QCommandLineOption armatureOption(
        QStringLiteral("armature"),
        QStringLiteral("Describe this armature only; an unknown name is an error that lists the "
                       "armatures."),
        QStringLiteral("NAME"));
    parser.addOptions({sampleOption, jsonOption, armatureOption});
    if (const auto done = command.parse(arguments))
        return *done;
    QStringList files = parser.positionalArguments();
    if (parser.isSet(sampleOption))
        files.prepend(QStringLiteral("--sample"));
    if (files.size() != 1)
        return command.usageError(QStringLiteral("give one FILE, or --sample"));

    ExportArgument argument;
    const auto loaded = argument.load(files.front());
    if (!loaded) {
        std::fprintf(stderr, "error: %s\n", loaded.error().toString().c_str());
        return ExitUnreadable;
    }
    std::string armature;
    if (parser.isSet(armatureOption)) {
        const auto resolved = resolveArmature(
            loaded->skeleton, parser.value(armatureOption).toStdString(), loaded->path);
        if (!resolved) {
            std::fprintf(stderr, "error: %s\n", resolved.error().toString().c_str());
            return ExitUnreadable;
        }
        armature = resolved.value();
    }
    auto summary = summarizeExport(loaded.value(), armature);
    // The sample's files live in a temporary folder, which means nothing to the reader.
    summary["file"] = argument.shownPath(loaded->path);
    for (auto& atlas : summary["atlases"])
        atlas["image"] = argument.shownPath(atlas["image"].get<std::string>());
    const std::string text =
        parser.isSet(jsonOption) ? summary.dump(2) + "\n" : formatSummary(summary);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return ExitOk;
}

} // namespace bonescope::cli
