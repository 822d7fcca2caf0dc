#include "cli/EditCommand.h"

#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/OutputFiles.h"
#include "cli/SaveBytes.h"

#include "edit/ExportEditor.h"
#include "edit/FlipbookEditor.h"
#include "io/ExportCompanions.h"
#include "io/FileBytes.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cstdio>
#include <ostream>
#include <variant>

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

/// The plist's name says it is an AnimationCache plist (sprite sheets, also .plist, have no
/// timing: the editor refuses them as the reader does).
bool isFlipbookPlist(const QString& file)
{
    return QFileInfo(file).suffix().compare(QStringLiteral("plist"), Qt::CaseInsensitive) == 0;
}

/// The assignments of `--set` as key and value texts; nullopt with `error` set after a usage
/// error (no `=`, or a key given twice: which value was meant is not known).
struct Assignment {
    std::string key;
    std::string value;
};
std::optional<std::vector<Assignment>> assignmentsOf(const QStringList& sets, QString& error)
{
    std::vector<Assignment> assignments;
    for (const QString& assignment : sets) {
        const qsizetype equals = assignment.indexOf(QLatin1Char('='));
        if (equals < 0) {
            error = QStringLiteral("--set takes KEY=VALUE");
            return std::nullopt;
        }
        const Assignment parsed{assignment.left(equals).toStdString(),
                                assignment.mid(equals + 1).toStdString()};
        for (const Assignment& earlier : assignments)
            if (earlier.key == parsed.key) {
                error = QStringLiteral("--set %1 is given twice (%2, then %3): give it once")
                            .arg(QString::fromStdString(parsed.key),
                                 QString::fromStdString(earlier.value),
                                 QString::fromStdString(parsed.value));
                return std::nullopt;
            }
        assignments.push_back(parsed);
    }
    return assignments;
}

/// What both kinds of edit work from.
struct EditRequest {
    const CommandLine& command; ///< for usage errors
    QString file;
    std::string bytes; ///< the file's
    std::vector<Assignment> assignments;
    QString out; ///< --out, empty to edit in place
};

/// The edited bytes, or the exit status the command stops with.
using Edited = std::variant<std::string, int>;

int unreadable(const core::LoadError& error)
{
    std::fprintf(stderr, "error: %s\n", error.toString().c_str());
    return ExitUnreadable;
}

int refused(const EditRequest& request, const core::LoadError& error)
{
    std::fprintf(stderr, "refused: %s: %s\n", qPrintable(request.file), error.message.c_str());
    return ExitProblems;
}

Edited editFlipbook(EditRequest& request, const core::FlipbookTarget& target)
{
    auto editor = core::FlipbookEditor::open(std::move(request.bytes),
                                             QFileInfo(request.file).fileName().toStdString());
    if (!editor)
        return unreadable(editor.error());
    if (!request.out.isEmpty() && !isFlipbookPlist(request.out))
        return request.command.usageError(QStringLiteral("--out %1: the edited plist would not "
                                                         "open under that name; end it in .plist")
                                              .arg(request.out));
    for (const Assignment& assignment : request.assignments) {
        const auto key = core::parseFlipbookKey(assignment.key);
        if (!key)
            return request.command.usageError(
                QStringLiteral("unknown key in --set %1=%2 (animation keys: delayPerUnit, loops, "
                               "restoreOriginalFrame, delayUnits)")
                    .arg(QString::fromStdString(assignment.key),
                         QString::fromStdString(assignment.value)));
        if ((*key == core::FlipbookKey::DelayUnits) != (target.frame >= 0))
            return request.command.usageError(
                QStringLiteral("--frame goes with delayUnits, and delayUnits with --frame"));
        const auto value = core::parseFlipbookValue(*key, assignment.value);
        if (const auto refusal =
                value ? editor->set(target, *key, value.value()) : std::optional(value.error()))
            return refused(request, *refusal);
    }
    return editor->bytes();
}

Edited editArmature(EditRequest& request, const core::EditTarget& target)
{
    auto editor = core::ExportEditor::open(std::move(request.bytes),
                                           QFileInfo(request.file).fileName().toStdString());
    if (!editor)
        return unreadable(editor.error());
    // The copy must open again as what it is: readers go by the extension.
    if (!request.out.isEmpty() &&
        core::armatureFormatOf(request.out.toStdString()) != editor->format())
        return request.command.usageError(
            QStringLiteral("--out %1: the edited export would not open under that name; end it "
                           "in %2 as the input's format")
                .arg(request.out, editor->format() == core::SourceFormat::DragonBonesXml
                                      ? QStringLiteral(".xml")
                                      : QStringLiteral(".ExportJson or .json")));
    for (const Assignment& assignment : request.assignments) {
        const auto key = core::parseEditKey(assignment.key);
        if (!key)
            return request.command.usageError(
                QStringLiteral("unknown key in --set %1=%2 (movement keys: %3; keyframe keys: %4)")
                    .arg(QString::fromStdString(assignment.key),
                         QString::fromStdString(assignment.value),
                         QString::fromStdString(core::editKeyNames(false)),
                         QString::fromStdString(core::editKeyNames(true))));
        const auto value = core::parseEditValue(*key, assignment.value, editor->format());
        if (const auto refusal = value ? editor->set(target, *key, value.value())
                                       : std::optional<core::LoadError>(value.error()))
            return refused(request, *refusal);
    }
    return editor->bytes();
}

} // namespace

int runEdit(const QStringList& arguments)
{
    CommandLine command(
        QStringLiteral("edit"),
        QStringLiteral("FILE (--movement M | --animation A) --set KEY=VALUE..."),
        QStringLiteral(
            "Set movement values of a DragonBones XML or CocoStudio ExportJson, or animation "
            "timing of an\nAnimationCache plist, in place (atomically) or into --out PATH "
            "(atomically; not a symbolic\nlink, a folder or the input), changing only the edited "
            "bytes. With --out, the sprite sheets and\nimages the export reads are copied to where "
            "the copy looks for them, as the viewer's Save As\ndoes (a file already there is never "
            "replaced: a warning says so).\n\n"
            "Movement keys: durationTo, durationTween (frames), loop (true|false), tweenEasing "
            "(cocos2d-x tween\ntype by name or number; None = the movement's, NaN = Linear as "
            "cocos2d-x reads twE=\"NaN\"),\nscale (positive; ExportJson only). Keyframe keys "
            "(with --bone and --keyframe from 0):\nframeTweenEasing, tweenRotate (XML only), "
            "event.\n"
            "Animation keys (AnimationCache plist, with --animation): delayPerUnit (seconds, more "
            "than 0;\nformat 1's delay), loops (1 or more), restoreOriginalFrame (true|false), and "
            "with --frame from 0\ndelayUnits (more than 0); all but delayPerUnit need format 2.\n\n"
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
    const QCommandLineOption animationOption(
        QStringLiteral("animation"), QStringLiteral("animation of an AnimationCache plist to edit"),
        QStringLiteral("NAME"));
    const QCommandLineOption frameOption(QStringLiteral("frame"),
                                         QStringLiteral("frame index (from 0) of delayUnits"),
                                         QStringLiteral("N"));
    const QCommandLineOption setOption(QStringLiteral("set"),
                                       QStringLiteral("KEY=VALUE (each KEY once)"),
                                       QStringLiteral("KEY=VALUE"));
    const QCommandLineOption outOption(
        QStringLiteral("out"),
        QStringLiteral("write here instead of in place (ending in the "
                       "input format's extension)"),
        QStringLiteral("PATH"));
    parser.addOptions({armatureOption, movementOption, boneOption, keyframeOption, animationOption,
                       frameOption, setOption, outOption});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("the export to edit"));
    if (const auto done = command.parse(arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return command.usageError(QStringLiteral("exactly one FILE is required"));
    const QString file = parser.positionalArguments().front();
    const bool flipbook = isFlipbookPlist(file);
    // Each kind of file has its own target options: one of the other's is a mistaken file or
    // option, said before anything else.
    const auto misplaced = flipbook
                               ? QList{armatureOption, movementOption, boneOption, keyframeOption}
                               : QList{animationOption, frameOption};
    for (const QCommandLineOption& option : misplaced)
        if (parser.isSet(option))
            return command.usageError(
                flipbook ? QStringLiteral("--%1 is for an armature export (.xml, .ExportJson); "
                                          "the animations of an AnimationCache plist take "
                                          "--animation")
                               .arg(option.names().front())
                         : QStringLiteral("--%1 is for an AnimationCache plist (.plist)")
                               .arg(option.names().front()));
    const QCommandLineOption& targetOption = flipbook ? animationOption : movementOption;
    if (!parser.isSet(targetOption) || !parser.isSet(setOption))
        return command.usageError(QStringLiteral("--%1 and at least one --set are required")
                                      .arg(targetOption.names().front()));
    QString assignmentError;
    auto assignments = assignmentsOf(parser.values(setOption), assignmentError);
    if (!assignments)
        return command.usageError(assignmentError);
    const auto indexOption = [&](const QCommandLineOption& option, int& index) {
        if (!parser.isSet(option))
            return true;
        bool ok = false;
        index = parser.value(option).toInt(&ok);
        return ok && index >= 0;
    };

    core::FlipbookTarget flipbookTarget{parser.value(animationOption).toStdString(), -1};
    core::EditTarget armatureTarget{parser.value(armatureOption).toStdString(),
                                    parser.value(movementOption).toStdString(),
                                    parser.value(boneOption).toStdString(), -1};
    if (!indexOption(frameOption, flipbookTarget.frame))
        return command.usageError(QStringLiteral("--frame is a frame index from 0"));
    if (!indexOption(keyframeOption, armatureTarget.keyframe))
        return command.usageError(QStringLiteral("--keyframe is a keyframe index from 0"));

    auto bytes = core::readFileBytes(file.toStdString());
    if (!bytes)
        return unreadable(bytes.error());
    EditRequest request{command, file, std::move(bytes.value()), std::move(*assignments),
                        parser.value(outOption)};
    Edited result =
        flipbook ? editFlipbook(request, flipbookTarget) : editArmature(request, armatureTarget);
    if (const int* status = std::get_if<int>(&result))
        return *status;
    const std::string& edited = std::get<std::string>(result);

    // --out is guarded as every command's output is (no link, folder or input: OutputFiles).
    // In place the input is the output by design; saveBytes writes beside it and renames over
    // it (through a link, over its target) only once everything is written, and not at all
    // when the values set were the file's already.
    if (parser.isSet(outOption)) {
        OutputFiles files({file});
        const auto content = [&](std::ostream& s) {
            s.write(edited.data(), static_cast<std::streamsize>(edited.size()));
        };
        if (!files.write(parser.value(outOption), content) || !files.commit()) {
            std::fprintf(stderr, "error: %s\n", files.error().c_str());
            return ExitUnreadable;
        }
        copySheetsBeside(file, parser.value(outOption));
        return ExitOk;
    }
    QString reason;
    if (!saveBytes(file, edited, &reason)) {
        std::fprintf(stderr, "error: cannot write %s: %s\n", qPrintable(file), qPrintable(reason));
        return ExitUnreadable;
    }
    return ExitOk;
}

} // namespace bonescope::cli
