#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace bonescope::cli {

/// One test case of a JUnit report: a validated file or a compared scenario.
struct JUnitCase {
    QString name;      ///< the file or scenario, as the user will look for it
    QString className; ///< the group: the command, or the compared armature
    QString file;      ///< the file the case is about (the `file` attribute)
    double seconds = 0.0;
    enum class Outcome { Passed, Failed, Error } outcome = Outcome::Passed;
    QString message; ///< Failed/Error: one line, the first problem with its place
    QString details; ///< Failed/Error: every problem, one "place: message" a line
};

/// Writes `cases` as one JUnit XML test suite called `suite` (the format Jenkins, GitLab and
/// GitHub test reporters read: `<testsuites><testsuite><testcase>` with `<failure>` for
/// problems and `<error>` for unreadable input), creating its folder if need be. Atomic: the
/// file appears complete or not at all. A `path` outputFileProblem refuses for the command's
/// `inputs` (a symbolic link, a folder, an input itself) is not written. Returns an empty
/// string, or why the file could not be written.
QString writeJUnitReport(const QString& path, const QString& suite,
                         const std::vector<JUnitCase>& cases, const QStringList& inputs);

} // namespace bonescope::cli
