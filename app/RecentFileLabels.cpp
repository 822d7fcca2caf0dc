#include "RecentFileLabels.h"

#include <QDir>
#include <QFileInfo>

namespace bonescope::app {

namespace {

// The folder as a person reads it: native separators, the home folder as "~".
QString readableFolder(const QString& folder)
{
    const QString home = QDir::homePath();
    if (folder == home)
        return QStringLiteral("~");
    if (folder.startsWith(home + QLatin1Char('/')))
        return QDir::toNativeSeparators(QStringLiteral("~") + folder.mid(home.size()));
    return QDir::toNativeSeparators(folder);
}

} // namespace

QStringList recentFileLabels(const QStringList& paths)
{
    QStringList names;
    for (const QString& path : paths)
        names.append(QFileInfo(path).fileName());
    QStringList labels;
    for (qsizetype i = 0; i < paths.size(); ++i)
        labels.append(names.count(names[i]) > 1
                          ? QStringLiteral("%1 — %2").arg(
                                names[i], readableFolder(QFileInfo(paths[i]).absolutePath()))
                          : names[i]);
    return labels;
}

} // namespace bonescope::app
