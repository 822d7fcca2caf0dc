#include "CompanionReport.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>

namespace bonescope::app {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("bonescope::app::CompanionReport", text);
}

} // namespace

CompanionReport describeCompanions(const std::vector<core::CompanionCopy>& copies,
                                   const QString& folder)
{
    const QDir dir(folder);
    QStringList copied;
    CompanionReport report;
    for (const core::CompanionCopy& copy : copies) {
        const QString name = dir.relativeFilePath(QString::fromStdString(copy.file.to));
        const QString from = QDir::toNativeSeparators(QString::fromStdString(copy.file.from));
        switch (copy.outcome) {
        case core::CompanionCopy::Outcome::Copied:
            copied.append(name);
            break;
        case core::CompanionCopy::Outcome::AlreadyThere:
            break;
        case core::CompanionCopy::Outcome::KeptOther:
            report.problems.append(
                tr("%1: another file of that name is there and is kept; the saved export reads "
                   "it, not %2")
                    .arg(name, from));
            break;
        case core::CompanionCopy::Outcome::Failed:
            report.problems.append(tr("%1: not copied from %2: %3")
                                       .arg(name, from, QString::fromStdString(copy.error)));
            break;
        }
    }
    report.copied = QLocale().createSeparatedList(copied);
    return report;
}

} // namespace bonescope::app
