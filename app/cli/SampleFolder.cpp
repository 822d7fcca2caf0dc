#include "cli/SampleFolder.h"

#include "resources.h"

#include <QDir>

namespace bonescope::cli {

namespace {

const QString kFolderPrefix = QStringLiteral("Bonescope-sample-");

} // namespace

SampleFolder::SampleFolder() : m_folder(folderTemplate(QDir::tempPath()))
{
    if (!m_folder.isValid())
        return;
    m_lock = std::make_unique<QLockFile>(lockFileIn(m_folder.path()));
    if (!m_lock->tryLock(0))
        return;
    removeThoseDeadSessionsLeft(QDir::tempPath());
    m_path = resources::extractSample(m_folder.path());
}

QString SampleFolder::folderTemplate(const QString& temporary)
{
    return QDir(temporary).filePath(kFolderPrefix + QStringLiteral("XXXXXX"));
}

QString SampleFolder::lockFileIn(const QString& folder)
{
    return QDir(folder).filePath(QStringLiteral(".session.lock"));
}

void SampleFolder::removeThoseDeadSessionsLeft(const QString& temporary)
{
    const QDir folder(temporary);
    for (const QString& name :
         folder.entryList({kFolderPrefix + QStringLiteral("*")}, QDir::Dirs)) {
        QDir left(folder.filePath(name));
        // A folder without a lock is being made (or is not a session's): left alone.
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
