#include "cli/CliCommand.h"
#include "cli/ExportArgument.h"

#include "io/ExportValidator.h"

#include <algorithm>
#include <cstdio>

namespace bonescope::cli {

/// Exit status: 0 when every file is clean, 1 when any has diagnostics, 2 when any is
/// unreadable (the worst wins).
int runValidate(const QStringList& arguments)
{
    if (arguments.isEmpty()) {
        std::fprintf(stderr, "usage: bonescope-cli validate FILE...\n");
        return ExitUnreadable;
    }
    int status = ExitOk;
    for (const QString& file : arguments) {
        ExportArgument argument;
        const auto loaded = argument.load(file);
        if (!loaded) {
            std::printf("error: %s\n", loaded.error().toString().c_str());
            status = ExitUnreadable;
            continue;
        }
        const auto problems = core::validateExport(loaded.value());
        for (const auto& problem : problems)
            std::printf("warning: %s\n", problem.toString().c_str());
        if (problems.empty())
            std::printf("ok: %s\n", loaded->path.c_str());
        else
            status = std::max<int>(status, ExitProblems);
    }
    return status;
}

} // namespace bonescope::cli
