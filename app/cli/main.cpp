#include "cli/BakeCommand.h"
#include "cli/CliCommand.h"
#include "cli/EditCommand.h"
#include "cli/RenderCommand.h"
#include "cli/TemporaryFolder.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <array>
#include <cstdio>
#include <memory>
#include <string_view>

using namespace bonescope::cli;

namespace {

constexpr std::array kCommands = {
    CliCommand{"info", "describe an export: armatures, bone tree, movements, atlases", runInfo},
    CliCommand{"validate",
               "check exports or folders of them; exit 0 clean, 1 problems, 2 unreadable",
               runValidate},
    CliCommand{"bake", "per-frame bone values of a playback scenario (golden CSV or JSON)",
               runBake},
    CliCommand{"diff", "compare two bakes or two exports; exit 0 equal, 1 different", runDiff},
    CliCommand{
        "edit",
        "set movement values or animation timing in place; exit 0 written, 1 refused, 2 unreadable",
        runEdit},
    CliCommand{"render", "PNG frames or a sprite sheet of a scenario, headless", runRender},
};

void printHelp(std::FILE* to)
{
    std::fprintf(to,
                 "Usage: bonescope-cli COMMAND [options] [ARGS...]\n"
                 "       bonescope-cli --help | --version\n\n"
                 "Bonescope's headless command line: reads cocos2d-x animation exports "
                 "(DragonBones XML,\nCocoStudio ExportJson, AnimationCache plists) and does what "
                 "the viewer does, for scripts and CI.\n\nCommands:\n");
    for (const auto& command : kCommands)
        std::fprintf(to, "  %-10s %s\n", command.name, command.summary);
    std::fprintf(to, "\nRun 'bonescope-cli COMMAND --help' for a command's options.\n"
                     "Exit status: 0 success, 1 problems found, 2 unreadable input or bad "
                     "usage.\n");
}

QtMessageHandler g_qtMessages = nullptr;

// Qt's messages that say nothing to the user of a command, only noise on its stderr:
// - the platform start-up looks in the runtime directory (for a Wayland socket) and warns where
//   XDG_RUNTIME_DIR is unset, as in CI and containers; a headless render uses neither;
// - libpng warns of a PNG's "incorrect sRGB profile" (iCCP chunk) without naming the file, once
//   per image read; the pixels read are right, and cocos2d-x's libpng reads them the same;
// - Qt's image reader rejects an image past its allocation limit without naming the file: the
//   texture's own warning names it and its size (render::TextureCache::decodeProblems).
void withoutNoise(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")) ||
        message.startsWith(QLatin1String("libpng warning: iCCP:")) ||
        message.startsWith(QLatin1String("QImageIOHandler: Rejecting image as it exceeds")))
        return;
    g_qtMessages(type, context, message);
}

} // namespace

int main(int argc, char** argv)
{
    // First: the threads Qt and the commands start inherit the blocked stop signals.
    removeTemporariesOnStop();
    // `render` paints (placeholder labels need fonts, hence a QGuiApplication) and must work
    // without a display: offscreen unless the caller chose a platform.
    const bool painting = argc > 1 && std::string_view(argv[1]) == "render";
    if (painting && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    g_qtMessages = qInstallMessageHandler(withoutNoise);
    const std::unique_ptr<QCoreApplication> app =
        painting ? std::make_unique<QGuiApplication>(argc, argv)
                 : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bonescope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BONESCOPE_VERSION));
    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2) {
        printHelp(stderr);
        return ExitUnreadable;
    }
    QString name = arguments.at(1);
    arguments = arguments.mid(2);
    if (name == QLatin1String("--version") || name == QLatin1String("-v")) {
        std::printf("bonescope-cli %s\n", BONESCOPE_VERSION);
        return ExitOk;
    }
    if (name == QLatin1String("--help") || name == QLatin1String("-h") ||
        name == QLatin1String("help")) {
        if (arguments.isEmpty()) {
            printHelp(stdout);
            return ExitOk;
        }
        // `help COMMAND` is `COMMAND --help`.
        name = arguments.takeFirst();
        arguments = {QStringLiteral("--help")};
    }
    for (const auto& command : kCommands)
        if (name == QLatin1String(command.name))
            return command.run(arguments);
    std::fprintf(stderr, "bonescope-cli: unknown command '%s'\n\n", qPrintable(name));
    printHelp(stderr);
    return ExitUnreadable;
}
