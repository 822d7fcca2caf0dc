#pragma once

#include "ExportFile.h"

#include "io/ExportCompanions.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <vector>

namespace bonescope::app {

class Document;

/// The file a Document shows and saves: opening one (an export, an image cut into a grid, the
/// embedded sample), reading it again in the same place of playback, and writing the edits
/// back. A read or write that fails leaves the document as it was.
class DocumentFile {
public:
    explicit DocumentFile(Document& document);

    /// Opens `path` (any format core::loadExport knows) and plays its first movement. On failure
    /// `error` gets LoadError::toString().
    bool open(const QString& path, QString* error = nullptr)
    {
        return openAs(ExportFile(path), error);
    }
    /// Opens one image cut into a grid of cellWidth × cellHeight pixels as a flipbook.
    bool openGrid(const QString& imagePath, int cellWidth, int cellHeight, QString* error = nullptr)
    {
        return openAs(ExportFile(imagePath, QSize(cellWidth, cellHeight)), error);
    }
    /// Opens the embedded sample armature (copied to a temporary folder for the readers).
    bool openSample(QString* error = nullptr);
    /// Reads the same file again, keeping the movement (by name), frame, selection and playing.
    bool reload(QString* error = nullptr);

    /// Writes the edited export over its file (atomically, QSaveFile), then its sidecar. On
    /// failure the file on disk stays as it was and `error` says why. The embedded sample has
    /// no file: saveAs.
    bool save(QString* error = nullptr);
    /// Writes the edited export to `path` (named as savedName says), which becomes the
    /// document's file, then copies the
    /// sprite sheets and images it was read with to where the export at `path` looks for them
    /// (core::copyCompanions: nothing already there is replaced), and reads them there from now
    /// on (core::relocateExport). What happened to each goes to `companions`; a companion that
    /// could not be copied does not fail the save.
    bool saveAs(const QString& path, QString* error = nullptr,
                std::vector<core::CompanionCopy>* companions = nullptr);
    /// The name saveAs gives `path`: with the export's extension appended when its name lacks it
    /// (an armature's format's: core::withArmatureExtension; a plist's `.plist`), so the saved
    /// file opens again, here and in the game.
    QString savedName(const QString& path) const;
    /// True when the file on disk holds the bytes the document was read from or last saved.
    bool isOnDisk() const;

    const QString& path() const { return m_file.path(); } ///< absolute
    bool isSample() const { return m_file.isSample(); }
    QString recoveryKey() const { return m_file.recoveryKey(); } ///< ExportFile::recoveryKey
    /// "Dragon.xml", or "Dragon (sample)".
    QString displayName() const { return m_file.displayName(); }
    /// Every file the export was read from (itself, its atlases and images), for the watcher.
    QStringList sourceFiles() const;

private:
    bool openAs(ExportFile file, QString* error);
    bool write(const QString& path, QString* error);

    Document& m_document;
    ExportFile m_file;
};

} // namespace bonescope::app
