#include "cli/BakeCommand.h"
#include "cli/CliCommand.h"
#include "cli/EditCommand.h"
#include "cli/RenderCommand.h"

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
    CliCommand{"validate", "check exports; exit 0 clean, 1 problems, 2 unreadable", runValidate},
    CliCommand{"bake", "per-frame bone values of a playback scenario (golden CSV or JSON)",
               runBake},
    CliCommand{"diff", "compare two bakes or two exports; exit 0 equal, 1 different", runDiff},
    CliCommand{"edit", "set movement values in place; exit 0 written, 1 refused, 2 unreadable",
               runEdit},
    CliCommand{"render", "PNG frames or a sprite sheet of a scenario, headless", runRender},
};

int usage()
{
    std::fprintf(stderr, "usage: bonescope-cli COMMAND [ARGS...]\n\ncommands:\n");
    for (const auto& command : kCommands)
        std::fprintf(stderr, "  %-10s %s\n", command.name, command.summary);
    return ExitUnreadable;
}

} // namespace

int main(int argc, char** argv)
{
    // `render` paints (placeholder labels need fonts, hence a QGuiApplication) and must work
    // without a display: offscreen unless the caller chose a platform.
    const bool painting = argc > 1 && std::string_view(argv[1]) == "render";
    if (painting && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const std::unique_ptr<QCoreApplication> app =
        painting ? std::make_unique<QGuiApplication>(argc, argv)
                 : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bonescope-cli"));
    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2)
        return usage();
    const QString name = arguments.at(1);
    arguments = arguments.mid(2);
    for (const auto& command : kCommands)
        if (name == QLatin1String(command.name))
            return command.run(arguments);
    return usage();
}
