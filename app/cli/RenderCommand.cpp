// `bonescope-cli render`: PNG frames or one sprite sheet of a scenario, drawn headless by the
// QPainter renderer (the same draw list the viewport batches).

#include "cli/RenderCommand.h"
#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/ExportArgument.h"
#include "cli/FrameWriter.h"
#include "cli/NameLookup.h"

#include "base/FrameRate.h"
#include "base/Limits.h"

#include "script/BlendScriptReader.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace bonescope::cli {

namespace {

int fail(const QString& message)
{
    std::fprintf(stderr, "bonescope-cli render: %s\n", qPrintable(message));
    return ExitUnreadable;
}

int report(const FramesWritten& written)
{
    if (!written.ok())
        return fail(written.error);
    for (const QString& warning : written.warnings)
        std::fprintf(stderr, "warning: %s\n", qPrintable(warning));
    std::printf("%s\n", qPrintable(written.summary()));
    return ExitOk;
}

bool parseSize(const QString& text, QSize& size)
{
    const QStringList parts = text.toLower().split(QLatin1Char('x'));
    bool okW = false, okH = false;
    if (parts.size() == 2)
        size = QSize(parts[0].toInt(&okW), parts[1].toInt(&okH));
    return okW && okH && size.width() > 0 && size.height() > 0 && size.width() <= kMaxFrameSide &&
           size.height() <= kMaxFrameSide;
}

/// An armature's golden scenario (`scenarioText`, default: play its first movement) or one loop
/// of movement `loop`.
int renderArmature(const core::LoadedExport& loaded, const std::string& armatureOption,
                   const std::string& scenarioText, const std::string& loop,
                   const FrameRequest& request)
{
    const core::SkeletonData& skeleton = loaded.skeleton;
    const auto resolved = resolveArmature(skeleton, armatureOption, loaded.path);
    if (!resolved)
        return fail(QString::fromStdString(resolved.error().toString()));
    const std::string& armatureName = resolved.value();
    if (!loop.empty())
        return report(writeLoopFrames(loaded, armatureName, loop, request));

    std::string text = scenarioText;
    if (text.empty()) {
        const core::AnimationData* animation = skeleton.findAnimation(armatureName);
        if (!animation || animation->movements.empty())
            return fail(QStringLiteral("armature \"%1\" has no movement to play")
                            .arg(QString::fromStdString(armatureName)));
        text = "play:" + animation->movements.front().name;
    }
    std::string scenarioError;
    const auto scenario = core::Scenario::parse(text, &scenarioError);
    if (!scenario)
        return fail(QString::fromStdString(scenarioError));
    return report(writeScenarioFrames(loaded, armatureName, *scenario, request));
}

/// Blend script `scriptPath` (its own armature) on the export.
int renderScript(const core::LoadedExport& loaded, const QString& scriptPath,
                 const FrameRequest& request)
{
    const auto script = core::readBlendScript(scriptPath.toStdString());
    if (!script)
        return fail(QString::fromStdString(script.error().toString()));
    return report(writeScriptFrames(loaded, script.value(),
                                    QFileInfo(scriptPath).completeBaseName(), request));
}

/// A flipbook scenario of an AnimationCache plist (default: its first animation).
int renderFlipbook(const core::LoadedExport& loaded, const std::string& scenarioText,
                   const FrameRequest& request)
{
    const auto& animations = loaded.flipbooks.animations;
    std::string text = scenarioText;
    if (text.empty()) {
        if (animations.empty())
            return fail(QStringLiteral("the file holds no animation to play"));
        text = "flipbook:" + animations.front().name;
    }
    if (!text.starts_with("flipbook:"))
        return fail(QStringLiteral("a flipbook renders a flipbook:NAME[:reverse] scenario"));
    std::string scenarioError;
    const auto scenario = core::BlendScenario::parse(text, &scenarioError);
    if (!scenario)
        return fail(QString::fromStdString(scenarioError));
    return report(writeFlipbookFrames(loaded, *scenario, request));
}

} // namespace

int runRender(const QStringList& arguments)
{
    CommandLine command(
        QStringLiteral("render"), QStringLiteral("FILE --out DIR"),
        QStringLiteral(
            "Render a playback scenario of an armature to PNG frames (DIR/ARMATURE__SCENARIO_"
            "NNNN.png, one per\nupdate of 1/%1 s) or to one sprite sheet "
            "(DIR/ARMATURE__SCENARIO_sheet.png), headless, with the\nviewer's QPainter "
            "renderer. Every frame shares one camera fitted to the whole animation.\n"
            "--loop MOVEMENT renders one loop of the movement instead "
            "(DIR/ARMATURE__loop_MOVEMENT_NNNN.png),\nplayed without a blend-in: the frames "
            "until every bone's timeline starts over together (its `sc`\nstretches its pass), "
            "which then loop seamlessly, or, when that takes more than four of the\nmovement's "
            "passes, one pass with a warning naming the bones out of step; a movement played\n"
            "once, from its start to its end.\n"
            "--script SCRIPT renders a blend script's updates as bake --script runs them "
            "(crossfades, layers,\nevery call), each with the pose the script gives it "
            "(DIR/ARMATURE__script_NAME_NNNN.png, NAME the\nscript file's name); the script "
            "names its armature.\n\n"
            "An AnimationCache plist renders a flipbook:NAME[:reverse] scenario (default: its "
            "first animation)\nas bake plays it, one frame per update "
            "(DIR/flipbook_NAME_NNNN.png): the sprite frame on\nshow, centred in the size of "
            "the animation's largest frame or scaled to fit --size.\n\n"
            "Scenarios are bake's golden ones (bonescope-cli bake --help). Limits, checked "
            "before any work:\nat most %2 frames, and frames and sheets at most %3 pixels "
            "a side. An unknown armature or\nmovement is refused with the list of valid "
            "names.\n\n"
            "Files appear complete or not at all: every output path is checked before the "
            "first image (a\nsymbolic link, a folder or an input file is refused), and a "
            "failed or stopped (Ctrl-C, TERM, HUP)\nrender leaves no frame and keeps the frames "
            "an earlier render left at the same names; one\nkilled outright leaves its hidden "
            "staging folder, which the next command writing there removes.\n\n"
            "Exit status: 0 rendered, 2 unreadable input, unknown name, past a limit, cannot "
            "write, or bad usage.")
            .arg(static_cast<int>(core::kFramesPerSecond))
            .arg(core::kMaxRenderFrames)
            .arg(kMaxFrameSide));
    QCommandLineParser& parser = command.parser();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("The armature export or AnimationCache plist."));
    const QCommandLineOption sampleOption(
        QStringLiteral("sample"), QStringLiteral("Render the embedded sample armature instead."));
    const QCommandLineOption armatureOption(
        QStringLiteral("armature"),
        QStringLiteral("The armature (default: the first). An unknown name is an error that "
                       "lists the armatures."),
        QStringLiteral("NAME"));
    const QCommandLineOption scenarioOption(
        QStringLiteral("scenario"),
        QStringLiteral("A golden scenario, e.g. play:walk (default: play the first movement), "
                       "or flipbook:NAME for an AnimationCache plist."),
        QStringLiteral("S"));
    const QCommandLineOption loopOption(
        QStringLiteral("loop"),
        QStringLiteral("One loop of MOVEMENT, without a blend-in, instead of a scenario."),
        QStringLiteral("MOVEMENT"));
    const QCommandLineOption scriptOption(
        QStringLiteral("script"),
        QStringLiteral("A blend script's updates (a JSON file, as bake --script takes) instead "
                       "of a scenario."),
        QStringLiteral("SCRIPT"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("The output folder (required)."),
                                       QStringLiteral("DIR"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"),
        QStringLiteral("Frame size in pixels (default: the animation's bounds at 1:1)."),
        QStringLiteral("WxH"));
    const QCommandLineOption sheetOption(
        QStringLiteral("sheet"), QStringLiteral("Write one sprite sheet instead of frames."));
    const QCommandLineOption bonesOption(QStringLiteral("bones"),
                                         QStringLiteral("Draw the bone overlay."));
    const QCommandLineOption backgroundOption(
        QStringLiteral("background"),
        QStringLiteral("#rrggbb, a colour name, 'checker' or 'transparent' (default)."),
        QStringLiteral("B"));
    parser.addOptions({sampleOption, armatureOption, scenarioOption, loopOption, scriptOption,
                       outOption, sizeOption, sheetOption, bonesOption, backgroundOption});
    if (const auto done = command.parse(arguments))
        return *done;
    QStringList files = parser.positionalArguments();
    if (parser.isSet(sampleOption))
        files.prepend(QStringLiteral("--sample"));
    if (files.size() != 1 || !parser.isSet(outOption))
        return command.usageError(QStringLiteral("give one FILE (or --sample) and --out DIR"));
    if (int(parser.isSet(scenarioOption)) + int(parser.isSet(loopOption)) +
            int(parser.isSet(scriptOption)) >
        1)
        return command.usageError(QStringLiteral("give one of --scenario, --loop and --script"));
    if (parser.isSet(scriptOption) && parser.isSet(armatureOption))
        return command.usageError(QStringLiteral("a blend script names its armature itself: "
                                                 "--armature does not apply with --script"));

    QSize size;
    if (parser.isSet(sizeOption) && !parseSize(parser.value(sizeOption), size))
        return fail(QStringLiteral("--size wants WxH between 1 and %1").arg(kMaxFrameSide));
    FrameRequest request;
    request.size = size;
    request.sheet = parser.isSet(sheetOption);
    request.out = QDir(parser.value(outOption));
    request.options.showAxes = false;
    request.options.showBones = parser.isSet(bonesOption);
    request.options.background = Qt::transparent;
    const QString background = parser.value(backgroundOption);
    if (background == QLatin1String("checker"))
        request.options.checkerBackground = true;
    else if (!background.isEmpty() && background != QLatin1String("transparent")) {
        request.options.background = QColor::fromString(background);
        if (!request.options.background.isValid())
            return fail(QStringLiteral("unknown background \"%1\"").arg(background));
    }

    ExportArgument exportArgument;
    const auto loaded = exportArgument.load(files.front());
    if (!loaded)
        return fail(QString::fromStdString(loaded.error().toString()));
    for (const auto& warning : loaded->warnings)
        std::fprintf(stderr, "warning: %s\n", warning.toString().c_str());
    request.inputs = renderInputs(loaded.value());
    if (parser.isSet(scriptOption))
        return renderScript(loaded.value(), parser.value(scriptOption), request);
    const std::string scenario = parser.value(scenarioOption).toStdString();
    if (loaded->kind == core::ExportKind::Flipbook) {
        if (parser.isSet(armatureOption) || request.options.showBones || parser.isSet(loopOption))
            return command.usageError(
                QStringLiteral("a flipbook has no armature, bones or movements: --armature, "
                               "--bones and --loop apply to armature exports"));
        return renderFlipbook(loaded.value(), scenario, request);
    }
    return renderArmature(loaded.value(), parser.value(armatureOption).toStdString(), scenario,
                          parser.value(loopOption).toStdString(), request);
}

} // namespace bonescope::cli
