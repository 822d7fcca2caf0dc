#include "cli/JUnitReport.h"

#include "cli/OutputPath.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QXmlStreamWriter>

#include <algorithm>

namespace bonescope::cli {

QString writeJUnitReport(const QString& path, const QString& suite,
                         const std::vector<JUnitCase>& cases, const QStringList& inputs)
{
    if (const QString problem = outputFileProblem(path, inputs); !problem.isEmpty())
        return problem;
    const auto count = [&](JUnitCase::Outcome outcome) {
        return QString::number(std::count_if(cases.begin(), cases.end(),
                                             [&](const auto& c) { return c.outcome == outcome; }));
    };
    double seconds = 0.0;
    for (const auto& c : cases)
        seconds += c.seconds;

    // CI scripts name a report folder that need not exist yet.
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    QXmlStreamWriter xml(&file);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), suite);
    xml.writeAttribute(QStringLiteral("tests"), QString::number(cases.size()));
    xml.writeAttribute(QStringLiteral("failures"), count(JUnitCase::Outcome::Failed));
    xml.writeAttribute(QStringLiteral("errors"), count(JUnitCase::Outcome::Error));
    xml.writeAttribute(QStringLiteral("time"), QString::number(seconds, 'f', 3));
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), suite);
    xml.writeAttribute(QStringLiteral("tests"), QString::number(cases.size()));
    xml.writeAttribute(QStringLiteral("failures"), count(JUnitCase::Outcome::Failed));
    xml.writeAttribute(QStringLiteral("errors"), count(JUnitCase::Outcome::Error));
    xml.writeAttribute(QStringLiteral("skipped"), QStringLiteral("0"));
    xml.writeAttribute(QStringLiteral("time"), QString::number(seconds, 'f', 3));
    for (const auto& c : cases) {
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), c.className);
        xml.writeAttribute(QStringLiteral("name"), c.name);
        if (!c.file.isEmpty())
            xml.writeAttribute(QStringLiteral("file"), c.file);
        xml.writeAttribute(QStringLiteral("time"), QString::number(c.seconds, 'f', 3));
        if (c.outcome != JUnitCase::Outcome::Passed) {
            const bool failed = c.outcome == JUnitCase::Outcome::Failed;
            xml.writeStartElement(failed ? QStringLiteral("failure") : QStringLiteral("error"));
            xml.writeAttribute(QStringLiteral("message"), c.message);
            xml.writeAttribute(QStringLiteral("type"),
                               failed ? QStringLiteral("problems") : QStringLiteral("unreadable"));
            xml.writeCharacters(c.details);
            xml.writeEndElement();
        }
        xml.writeEndElement();
    }
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    if (xml.hasError() || !file.commit())
        return file.errorString();
    return {};
}

} // namespace bonescope::cli
