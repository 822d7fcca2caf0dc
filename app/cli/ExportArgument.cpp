#include "cli/ExportArgument.h"

#include <QDir>

namespace bonescope::cli {

core::Result<core::LoadedExport> ExportArgument::load(const QString& argument)
{
    if (argument != QLatin1String("--sample"))
        return core::loadExport(argument.toStdString());
    if (!m_sampleFolder)
        m_sampleFolder = std::make_unique<SampleFolder>();
    const QString& path = m_sampleFolder->path();
    if (path.isEmpty())
        return core::LoadError{"--sample", 0, {}, "cannot extract the embedded sample"};
    return core::loadExport(path.toStdString());
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
