#include "cli/CommandLine.h"

#include "cli/CliCommand.h"

#include <QThread>

#include <cstdio>

namespace bonescope::cli {

namespace {

constexpr int kMaxJobs = 256;

} // namespace

CommandLine::CommandLine(const QString& command, const QString& synopsis,
                         const QString& description)
    : m_command(command), m_synopsis(synopsis)
{
    m_parser.setApplicationDescription(description);
    m_parser.addHelpOption();
}

std::optional<int> CommandLine::parse(const QStringList& arguments)
{
    // QCommandLineParser skips the first entry, the program name.
    if (!m_parser.parse(QStringList{m_command} + arguments))
        return usageError(m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help"))) {
        const QByteArray text = helpText().toUtf8();
        std::fwrite(text.data(), 1, size_t(text.size()), stdout);
        return ExitOk;
    }
    return std::nullopt;
}

int CommandLine::usageError(const QString& message) const
{
    std::fprintf(stderr, "bonescope-cli %s: %s\nTry 'bonescope-cli %s --help'.\n",
                 qPrintable(m_command), qPrintable(message), qPrintable(m_command));
    return ExitUnreadable;
}

QString CommandLine::helpText() const
{
    // Qt's usage line names the program only and lists the positional arguments by name;
    // the command and its real synopsis replace it.
    QString text = m_parser.helpText();
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    return QStringLiteral("Usage: bonescope-cli %1 [options] %2").arg(m_command, m_synopsis) +
           QLatin1Char('\n') + text.mid(lineEnd);
}

QCommandLineOption CommandLine::jobsOption()
{
    return QCommandLineOption(
        QStringList{QStringLiteral("j"), QStringLiteral("jobs")},
        QStringLiteral("Process N files at once (default: the number of processor cores). Each "
                       "file's result is independent of the others."),
        QStringLiteral("N"));
}

std::optional<int> CommandLine::jobs(const QCommandLineOption& option) const
{
    if (!m_parser.isSet(option))
        return std::max(1, QThread::idealThreadCount());
    bool ok = false;
    const int count = m_parser.value(option).toInt(&ok);
    if (!ok || count < 1 || count > kMaxJobs) {
        usageError(QStringLiteral("-j wants a number of jobs from 1 to %1").arg(kMaxJobs));
        return std::nullopt;
    }
    return count;
}

} // namespace bonescope::cli
