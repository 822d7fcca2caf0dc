#include "cli/CliCommand.h"

#include <QCoreApplication>

#include <array>
#include <cstdio>

using namespace bonescope::cli;

namespace {

constexpr std::array<CliCommand, 0> kCommands = {};

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
    QCoreApplication app(argc, argv);
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
