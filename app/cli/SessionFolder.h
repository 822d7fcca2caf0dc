#pragma once

#include "cli/TemporaryFolder.h"

#include <QLockFile>
#include <QString>

#include <memory>

namespace bonescope::cli {

/// A TemporaryFolder that holds a lock while its process lives, so that a folder a killed
/// process left (SIGKILL, a crash: nothing could remove it) can be told from a live one's and
/// removed. Making one first removes the folders of its template beside it whose process is
/// gone; a folder without a lock (being made, an older version's, or one on a file system
/// where the lock could not be taken, which then works without) is left alone.
class SessionFolder {
public:
    /// A new folder from `templatePath` (QTemporaryDir's, its name ending in XXXXXX); check
    /// isValid().
    explicit SessionFolder(const QString& templatePath);
    SessionFolder(const SessionFolder&) = delete;
    SessionFolder& operator=(const SessionFolder&) = delete;

    bool isValid() const { return m_folder.isValid(); }
    QString errorString() const { return m_folder.errorString(); }
    QString path() const { return m_folder.path(); }
    QString filePath(const QString& fileName) const { return m_folder.filePath(fileName); }

    /// The lock file inside a session's folder, held while the session lives.
    static QString lockFileIn(const QString& folder);

private:
    /// Removes the folders of `templatePath` whose lock no live process holds.
    static void removeThoseDeadSessionsLeft(const QString& templatePath);

    TemporaryFolder m_folder;
    std::unique_ptr<QLockFile> m_lock; ///< released before m_folder is removed; may be unlocked
};

} // namespace bonescope::cli
