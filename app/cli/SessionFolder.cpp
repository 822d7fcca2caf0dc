#include "cli/SessionFolder.h"

#include <QDir>
#include <QFileInfo>

namespace bonescope::cli {

SessionFolder::SessionFolder(const QString& templatePath) : m_folder(templatePath)
{
    if (!m_folder.isValid())
        return;
    m_lock = std::make_unique<QLockFile>(lockFileIn(m_folder.path()));
    if (m_lock->tryLock(0))
        removeThoseDeadSessionsLeft(templatePath); // this one's is held: it stays
}

QString SessionFolder::lockFileIn(const QString& folder)
{
    return QDir(folder).filePath(QStringLiteral(".session.lock"));
}

void SessionFolder::removeThoseDeadSessionsLeft(const QString& templatePath)
{
    const QFileInfo pattern(templatePath);
    const QDir folder = pattern.absoluteDir();
    const QString names = pattern.fileName().replace(QStringLiteral("XXXXXX"), QStringLiteral("*"));
    // Not through a link: what it points at is no session's folder to remove.
    for (const QString& name :
         folder.entryList({names}, QDir::Dirs | QDir::Hidden | QDir::NoSymLinks)) {
        QDir left(folder.filePath(name));
        if (!QFileInfo::exists(lockFileIn(left.path())))
            continue;
        QLockFile lock(lockFileIn(left.path()));
        lock.setStaleLockTime(0); // stale only once the process that took it is gone
        if (!lock.tryLock(0))
            continue; // a live session's (this one's included)
        lock.unlock();
        left.removeRecursively();
    }
}

} // namespace bonescope::cli
