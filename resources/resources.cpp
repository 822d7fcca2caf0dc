#include "resources.h"

#include <QDir>
#include <QFile>

namespace bonescope::resources {

QString extractSample(const QString& folder)
{
    const QDir target(folder);
    for (const char* name : {"Dragon.xml", "Dragon.png", "Dragon.plist"}) {
        const QString destination = target.filePath(QLatin1String(name));
        QFile::remove(destination);
        if (!QFile::copy(QStringLiteral(":/sample/") + QLatin1String(name), destination))
            return {};
        QFile::setPermissions(destination, QFile::ReadOwner | QFile::WriteOwner);
    }
    return target.filePath(QStringLiteral("Dragon.xml"));
}

} // namespace bonescope::resources
