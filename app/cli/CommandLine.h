#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>

namespace bonescope::cli {

/// The QCommandLineParser of one `bonescope-cli` command. `--help` prints the command's help
/// (the text the manual pages are made from) to stdout; a usage error goes to stderr with a
/// pointer to `--help`.
class CommandLine {
public:
    /// `command` as typed ("bake"); `synopsis` the positional part of the usage line
    /// ("FILE|FOLDER..."); `description` the paragraphs after the usage line.
    CommandLine(const QString& command, const QString& synopsis, const QString& description);

    QCommandLineParser& parser() { return m_parser; }

    /// Parses `arguments` (without program and command names). Returns the exit status when
    /// the command is already done (help shown: 0; usage error: 2), nullopt to go on.
    std::optional<int> parse(const QStringList& arguments);

    /// Prints "bonescope-cli COMMAND: message" and the `--help` pointer; returns 2.
    int usageError(const QString& message) const;

    /// The full help: usage line, description, options, arguments.
    QString helpText() const;

    /// The `-j N` option shared by the commands that process many files.
    static QCommandLineOption jobsOption();
    /// The value of `-j` (default: the number of cores); nullopt, with the usage error
    /// printed, when it is not a number from 1 to 256 (the caller returns ExitUnreadable).
    std::optional<int> jobs(const QCommandLineOption& option) const;

private:
    QString m_command;
    QString m_synopsis;
    QCommandLineParser m_parser;
};

} // namespace bonescope::cli
