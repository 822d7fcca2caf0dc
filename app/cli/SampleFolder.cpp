#include "cli/SampleFolder.h"

#include "resources.h"

#include <QDir>

namespace bonescope::cli {

SampleFolder::SampleFolder() : m_folder(folderTemplate(QDir::tempPath()))
{
    if (m_folder.isValid())
        m_path = resources::extractSample(m_folder.path());
}

QString SampleFolder::folderTemplate(const QString& temporary)
{
    return QDir(temporary).filePath(QStringLiteral("Bonescope-sample-XXXXXX"));
}

} // namespace bonescope::cli
