#include "cli/ExportArgument.h"

#include <QDir>

namespace bonescope::cli {

namespace {

const QString kSample = QStringLiteral("--sample");

} // namespace

core::Result<core::LoadedExport> ExportArgument::load(const QString& argument)
{
    const auto file = path(argument);
    if (!file)
        return file.error();
    return core::loadExport(file.value().toStdString());
}

core::Result<QString> ExportArgument::path(const QString& argument)
{
    if (argument != kSample)
        return argument;
    if (!m_sampleFolder)
        m_sampleFolder = std::make_unique<SampleFolder>();
    if (m_sampleFolder->path().isEmpty())
        return core::LoadError{"--sample", 0, {}, "cannot extract the embedded sample"};
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
