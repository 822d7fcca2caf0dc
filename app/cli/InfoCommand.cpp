#include "cli/CliCommand.h"
#include "cli/ExportArgument.h"
#include "cli/ExportSummary.h"

#include <cstdio>

namespace bonescope::cli {

int runInfo(const QStringList& arguments)
{
    const bool asJson = arguments.contains(QStringLiteral("--json"));
    QStringList files = arguments;
    files.removeAll(QStringLiteral("--json"));
    if (files.size() != 1) {
        std::fprintf(stderr, "usage: bonescope-cli info FILE|--sample [--json]\n");
        return ExitUnreadable;
    }
    ExportArgument argument;
    const auto loaded = argument.load(files.front());
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().toString().c_str());
        return ExitUnreadable;
    }
    const auto summary = summarizeExport(loaded.value());
    const std::string text = asJson ? summary.dump(2) + "\n" : formatSummary(summary);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return ExitOk;
}

} // namespace bonescope::cli
