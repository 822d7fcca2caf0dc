#pragma once

#include <QStringList>

namespace bonescope::cli {

/// Exit statuses shared by every command: 0 success / clean, 1 problems found (validation
/// diagnostics, diff beyond tolerance), 2 unreadable input or bad usage.
enum ExitStatus { ExitOk = 0, ExitProblems = 1, ExitUnreadable = 2 };

/// One `bonescope-cli` sub-command: `arguments` excludes the program and command names.
struct CliCommand {
    const char* name;
    const char* summary;
    int (*run)(const QStringList& arguments);
};

int runInfo(const QStringList& arguments);
int runValidate(const QStringList& arguments);
int runDiff(const QStringList& arguments);

} // namespace bonescope::cli
