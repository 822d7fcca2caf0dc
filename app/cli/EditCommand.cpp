#include "cli/EditCommand.h"

#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/OutputFiles.h"
#include "cli/SaveFileStream.h"

#include "edit/ExportEditor.h"
#include "io/ExportCompanions.h"
#include "io/FileBytes.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cstdio>
#include <ostream>

namespace bonescope::cli {

namespace {

// The sprite sheets and images `input` reads, copied to where the export written to `output`
// looks for them (as the viewer's Save As does): said on stdout, what is not copied on stderr.
void copySheetsBeside(const QString& input, const QString& output)
{
    const auto loaded = core::loadExport(QFileInfo(input).absoluteFilePath().toStdString());
    if (!loaded)
        return; // the editor read it: only a broken sheet stops the loader, and validate says so
    const std::string target = QFileInfo(output).absoluteFilePath().toStdString();
    for (const core::CompanionCopy& copy :
         core::copyCompanions(core::companionFiles(loaded.value(), target))) {
        const char* from = copy.file.from.c_str();
        const char* to = copy.file.to.c_str();
        switch (copy.outcome) {
        case core::CompanionCopy::Outcome::Copied:
            std::printf("copied %s to %s\n", from, to);
            break;
        case core::CompanionCopy::Outcome::AlreadyThere:
            break;
        case core::CompanionCopy::Outcome::KeptOther:
            std::fprintf(stderr,
                         "warning: %s: another file of that name is there and is kept; %s reads "
                         "it, not %s\n",
                         to, target.c_str(), from);
            break;
        case core::CompanionCopy::Outcome::Failed:
            std::fprintf(stderr, "warning: %s: not copied from %s: %s\n", to, from,
                         copy.error.c_str());
            break;
        }
    }
}

} // namespace

int runEdit(const QStringList& arguments)
{
    CommandLine command(
        QStringLiteral("edit"), QStringLiteral("FILE --movement M --set KEY=VALUE..."),
        QStringLiteral(
            "Set movement values of a DragonBones XML or CocoStudio ExportJson in place "
            "(atomically) or into\n--out PATH (atomically; not a symbolic link, a folder or the "
            "input), "
            "changing only the\nedited bytes. With --out, the sprite sheets and images the "
            "export reads are copied to where\nthe copy looks for them, as the viewer's Save As "
            "does (a file already there is never replaced:\na warning says so).\n\n"
            "Movement keys: durationTo, durationTween (frames), loop (true|false), tweenEasing "
            "(cocos2d-x tween\ntype by name or number; None = the movement's, NaN = Linear as "
            "cocos2d-x reads twE=\"NaN\"),\nscale (positive; ExportJson only). Keyframe keys "
            "(with --bone and --keyframe from 0):\nframeTweenEasing, tweenRotate (XML only), "
            "event.\n\n"
            "Exit status: 0 written, 1 a value refused (nothing written), 2 unreadable file, "
            "bad usage or failed\nwrite."));
    QCommandLineParser& parser = command.parser();
    const QCommandLineOption armatureOption(QStringLiteral("armature"),
                                            QStringLiteral("armature (default: the first)"),
                                            QStringLiteral("A"));
    const QCommandLineOption movementOption(
        QStringLiteral("movement"), QStringLiteral("movement to edit"), QStringLiteral("M"));
    const QCommandLineOption boneOption(
        QStringLiteral("bone"), QStringLiteral("bone of the keyframe keys"), QStringLiteral("B"));
    const QCommandLineOption keyframeOption(QStringLiteral("keyframe"),
                                            QStringLiteral("keyframe index (from 0) in the bone's "
                                                           "timeline"),
                                            QStringLiteral("N"));
    const QCommandLineOption setOption(QStringLiteral("set"), QStringLiteral("KEY=VALUE"),
                                       QStringLiteral("KEY=VALUE"));
    const QCommandLineOption outOption(
        QStringLiteral("out"),
        QStringLiteral("write here instead of in place (ending in the "
                       "input format's extension)"),
        QStringLiteral("PATH"));
    parser.addOptions(
        {armatureOption, movementOption, boneOption, keyframeOption, setOption, outOption});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("the export to edit"));
    if (const auto done = command.parse(arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return command.usageError(QStringLiteral("exactly one FILE is required"));
    if (!parser.isSet(movementOption) || !parser.isSet(setOption))
        return command.usageError(QStringLiteral("--movement and at least one --set are required"));

    core::EditTarget target;
    target.armature = parser.value(armatureOption).toStdString();
    target.movement = parser.value(movementOption).toStdString();
    target.bone = parser.value(boneOption).toStdString();
    if (parser.isSet(keyframeOption)) {
        bool ok = false;
        target.keyframe = parser.value(keyframeOption).toInt(&ok);
        if (!ok || target.keyframe < 0)
            return command.usageError(QStringLiteral("--keyframe is a keyframe index from 0"));
    }

    const QString file = parser.positionalArguments().front();
    auto bytes = core::readFileBytes(file.toStdString());
    if (!bytes) {
        std::fprintf(stderr, "error: %s\n", bytes.error().toString().c_str());
        return ExitUnreadable;
    }
    auto editor = core::ExportEditor::open(std::move(bytes.value()),
                                           QFileInfo(file).fileName().toStdString());
    if (!editor) {
        std::fprintf(stderr, "error: %s\n", editor.error().toString().c_str());
        return ExitUnreadable;
    }

    // The copy must open again as what it is: readers go by the extension.
    if (parser.isSet(outOption) &&
        core::armatureFormatOf(parser.value(outOption).toStdString()) != editor->format())
        return command.usageError(
            QStringLiteral("--out %1: the edited export would not open under that name; end it "
                           "in %2 as the input's format")
                .arg(parser.value(outOption), editor->format() == core::SourceFormat::DragonBonesXml
                                                  ? QStringLiteral(".xml")
                                                  : QStringLiteral(".ExportJson or .json")));

    for (const QString& assignment : parser.values(setOption)) {
        const qsizetype equals = assignment.indexOf(QLatin1Char('='));
        const auto key = core::parseEditKey(assignment.left(equals).toStdString());
        if (equals < 0 || !key)
            return command.usageError(QStringLiteral("unknown key in --set %1").arg(assignment));
        const auto value =
            core::parseEditValue(*key, assignment.mid(equals + 1).toStdString(), editor->format());
        const auto refused = value ? editor->set(target, *key, value.value())
                                   : std::optional<core::LoadError>(value.error());
        if (refused) {
            std::fprintf(stderr, "refused: %s: %s\n", qPrintable(file), refused->message.c_str());
            return ExitProblems;
        }
    }

    const std::string edited = editor->bytes();
    const auto content = [&](std::ostream& s) {
        s.write(edited.data(), static_cast<std::streamsize>(edited.size()));
    };
    // --out is guarded as every command's output is (no link, folder or input: OutputFiles).
    // In place the input is the output by design; SaveFileStream writes beside it and renames
    // over it (through a link, over its target) only once everything is written.
    if (parser.isSet(outOption)) {
        OutputFiles files({file});
        if (!files.write(parser.value(outOption), content)) {
            std::fprintf(stderr, "error: %s\n", files.error().c_str());
            return ExitUnreadable;
        }
        files.keep();
        copySheetsBeside(file, parser.value(outOption));
        return ExitOk;
    }
    SaveFileStream out(file);
    content(out.stream());
    if (!out.commit()) {
        std::fprintf(stderr, "error: cannot write %s: %s\n", qPrintable(file),
                     qPrintable(out.errorString()));
        return ExitUnreadable;
    }
    return ExitOk;
}

} // namespace bonescope::cli
