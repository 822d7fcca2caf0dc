#include "cli/ExportArgument.h"

#include <QDir>

namespace bonescope::cli {

namespace {

const QString kSample = QStringLiteral("--sample");

} // namespace

core::Result<core::LoadedExport> ExportArgument::load(const QString& argument)
{
    const QString file = path(argument);
    if (file.isEmpty() && argument == kSample)
        return core::LoadError{"--sample", 0, {}, "cannot extract the embedded sample"};
    return core::loadExport(file.toStdString());
}

QString ExportArgument::path(const QString& argument)
{
    if (argument != kSample)
        return argument;
    if (!m_sampleFolder)
        m_sampleFolder = std::make_unique<SampleFolder>();
    return m_sampleFolder->path();
}

std::string ExportArgument::shownPath(const std::string& path) const
{
    if (!m_sampleFolder)
        return path;
    const QString relative =
        QDir(m_sampleFolder->folder()).relativeFilePath(QString::fromStdString(path));
    if (relative.startsWith(QLatin1String("..")))
        return path;
    return "embedded sample (" + relative.toStdString() + ")";
}

} // namespace bonescope::cli
