#include "FileWatcher.h"

#include <QFileInfo>

namespace bonescope::app {

FileWatcher::FileWatcher(QObject* parent) : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(300);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &FileWatcher::onFileChanged);
    connect(&m_settle, &QTimer::timeout, this, &FileWatcher::onSettled);
}

void FileWatcher::watch(const QStringList& paths)
{
    m_settle.stop();
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    m_paths = paths;
    QStringList existing;
    for (const QString& path : paths)
        if (QFileInfo::exists(path))
            existing.append(path);
    if (!existing.isEmpty())
        m_watcher.addPaths(existing);
}

void FileWatcher::onFileChanged(const QString&)
{
    m_settle.start();
}

void FileWatcher::onSettled()
{
    // Re-arm every watch: a replaced file is a new inode the old watch no longer sees.
    bool complete = true;
    for (const QString& path : m_paths) {
        if (!QFileInfo::exists(path)) {
            complete = false;
            continue;
        }
        if (!m_watcher.files().contains(path))
            m_watcher.addPath(path);
    }
    if (complete)
        emit changed();
    else
        m_settle.start(); // mid-rename: wait for the file to come back
}

} // namespace bonescope::app
