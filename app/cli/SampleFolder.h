#pragma once

#include "cli/SessionFolder.h"

#include <QString>

namespace bonescope::cli {

/// A SessionFolder of the system's temporary folder holding the embedded sample for one viewer
/// session or command (the readers work on files): gone with the object, on a stop signal in
/// bonescope-cli, or, after a kill, when the next session extracts the sample.
class SampleFolder {
public:
    /// Extracts the sample into a new folder; check path() for failure.
    SampleFolder();

    /// The extracted sample's XML; empty when the folder or a file could not be written.
    const QString& path() const { return m_path; }
    /// The folder the sample is extracted to.
    QString folder() const { return m_folder.path(); }

    /// The template of every session's folder (QTemporaryDir's), in `temporary`.
    static QString folderTemplate(const QString& temporary);

private:
    SessionFolder m_folder;
    QString m_path;
};

} // namespace bonescope::cli
