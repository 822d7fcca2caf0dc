#pragma once

#include "cli/TemporaryFolder.h"

#include <QLockFile>
#include <QString>

#include <memory>

namespace bonescope::cli {

/// A temporary folder holding the embedded sample for one viewer session or command (the
/// readers work on files), gone with the object, or on a stop signal in bonescope-cli
/// (TemporaryFolder). A process that was killed cannot remove its own: each folder holds a lock
/// while its session lives, and the next one to extract the sample removes the folders whose
/// session died (their lock is stale), so they do not pile up in the temporary folder.
class SampleFolder {
public:
    /// Extracts the sample into a new folder of the system's temporary folder, after removing
    /// those dead sessions left there; check path() for failure.
    SampleFolder();
    SampleFolder(const SampleFolder&) = delete;
    SampleFolder& operator=(const SampleFolder&) = delete;

    /// The extracted sample's XML; empty when the folder or a file could not be written.
    const QString& path() const { return m_path; }
    /// The folder the sample is extracted to.
    QString folder() const { return m_folder.path(); }

    /// The template of every session's folder (QTemporaryDir's), in `temporary`.
    static QString folderTemplate(const QString& temporary);
    /// The lock file inside a session's folder, held while the session lives.
    static QString lockFileIn(const QString& folder);

private:
    /// Removes the sample folders in `temporary` whose lock no live process holds.
    static void removeThoseDeadSessionsLeft(const QString& temporary);

    TemporaryFolder m_folder;
    std::unique_ptr<QLockFile> m_lock; ///< released before m_folder is removed
    QString m_path;
};

} // namespace bonescope::cli
