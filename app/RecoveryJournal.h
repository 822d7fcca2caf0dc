#pragma once

#include "edit/EditRecovery.h"

#include <QDateTime>
#include <QList>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

namespace bonescope::app {

class Document;

/// Keeps the document's unsaved edits in a recovery file (core::EditRecovery) while it has any,
/// so that a crash, a kill or a power cut loses at most the last second of work; the file goes
/// when the edits are saved, undone or discarded. A session that ends in order leaves none:
/// only one that died does, and the next that opens the same export finds it (find()). Each
/// recovery file is locked by the session keeping it (QLockFile, stale once that process is
/// gone): a second Bonescope showing the same export keeps its edits in a file of its own and
/// neither offers nor touches the first one's. Exports are told apart by their
/// ExportFile::recoveryKey(), their path (the sample's is its resource path): the `exportPath`
/// parameters and fields below are such keys.
class RecoveryJournal : public QObject {
    Q_OBJECT
public:
    /// Quiet after an edit before it is written: a drag writes once, not at every step.
    static constexpr int kWriteDelayMs = 1000;
    /// Sessions that keep edits of one export at once; more keep none (writeFailed says so after
    /// each edit).
    static constexpr int kSessionsPerExport = 8;

    /// Keeps `document`'s edits in `folder` (created when first needed).
    RecoveryJournal(Document& document, QString folder, QObject* parent = nullptr);
    /// An orderly end: the window closed with its edits settled (saved or discarded).
    ~RecoveryJournal() override;

    /// Where recovery files live: the user's application data, under "recovery".
    static QString defaultFolder();
    /// The recovery file the session keeping edits of the export at `exportPath` in `slot`
    /// (0 to kSessionsPerExport − 1: the first session on it, the second, …) writes.
    QString fileFor(const QString& exportPath, int slot = 0) const;

    /// The recovery file this session writes the document's edits to; empty when it keeps none
    /// (no file, or every one of the export's is held).
    QString keptFile() const { return m_keptFile; }

    /// The recovery a session that died left for the export at `exportPath`, the document's
    /// own; nullopt when there is none, when another running Bonescope keeps it, or with
    /// `problem` set when its file cannot be read (it is moved aside, FILE.unreadable, for
    /// the user to look at: the next edit would write over it).
    std::optional<core::EditRecovery> find(const QString& exportPath, QString* problem);
    /// A recovery a session that died left: for which export, and when it was written.
    struct Kept {
        QString exportPath;
        QDateTime savedAt;
        QString file; ///< the recovery file
    };
    /// Every recovery sessions that died left, newest first; those another running Bonescope
    /// keeps (this one's included) and unreadable ones are left out.
    QList<Kept> kept() const;
    /// Removes the recovery this session keeps.
    void discard();
    /// Writes (or removes) now what the timer would: the document's edits as they stand.
    void flush();

signals:
    /// A recovery file could not be written, or none can be kept for the document's edits;
    /// `reason` says why (the edits are still open).
    void writeFailed(const QString& reason);

private:
    void documentChanged();
    /// Keeps the edits under the document's file as it is now: Save As moves them (the
    /// sample's too, from its resource path to the saved file).
    void follow();
    /// Removes this session's recovery file and lets go of its lock: no edits are kept.
    void release();
    /// Takes the lock of a recovery file of `exportPath`: one a session that died left first
    /// (so that find() offers it), else the first free one; false when every one is held.
    bool lock(const QString& exportPath);

    Document& m_document;
    QString m_folder;
    QString m_exportPath; ///< of the document whose edits are kept; empty: none are
    QString m_keptFile;   ///< the one of m_exportPath's recovery files this session locked
    QString m_notKept;    ///< why the document's edits are not kept, said after each edit
    std::unique_ptr<QLockFile> m_lock; ///< held while m_exportPath's edits are kept
    QTimer m_timer;
    std::optional<core::EditRecovery> m_written; ///< as last written, without its time
};

} // namespace bonescope::app
