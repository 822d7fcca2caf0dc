#include "RecoveryJournal.h"

#include "Document.h"
#include "ExportFile.h"
#include "cli/SaveBytes.h"

#include "io/FileBytes.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace bonescope::app {

RecoveryJournal::RecoveryJournal(Document& document, QString folder, QObject* parent)
    : QObject(parent), m_document(document), m_folder(std::move(folder))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kWriteDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &RecoveryJournal::flush);
    // Every edit goes through the undo stack (a merged step too moves its index).
    connect(document.undoStack(), &QUndoStack::indexChanged, &m_timer, qOverload<>(&QTimer::start));
    connect(&document, &Document::modifiedChanged, this, [this](bool modified) {
        if (!modified) { // saved, or undone back to the file: nothing to recover
            m_timer.stop();
            discard();
        }
    });
    connect(&document, &Document::documentChanged, this, &RecoveryJournal::documentChanged);
}

RecoveryJournal::~RecoveryJournal()
{
    discard(); // before the lock goes with the journal
}

QString RecoveryJournal::defaultFolder()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(QStringLiteral("recovery"));
}

QString RecoveryJournal::fileFor(const QString& exportPath, int slot) const
{
    // The name for people browsing the folder, the hash of the whole path to tell apart two
    // Dragon.xml, and the second session's number on.
    QString hash = QString::fromLatin1(
        QCryptographicHash::hash(QFileInfo(exportPath).absoluteFilePath().toUtf8(),
                                 QCryptographicHash::Sha1)
            .toHex()
            .left(16));
    if (slot > 0)
        hash += QStringLiteral(".%1").arg(slot + 1);
    return QDir(m_folder).filePath(
        QStringLiteral("%1.%2.recovery.json").arg(QFileInfo(exportPath).fileName(), hash));
}

std::optional<core::EditRecovery> RecoveryJournal::find(const QString& exportPath, QString* problem)
{
    const QString file = m_keptFile;
    if (exportPath != m_exportPath || !QFileInfo::exists(file))
        return std::nullopt;
    const auto bytes = core::readFileBytes(file.toStdString());
    auto recovery = bytes ? core::parseEditRecovery(bytes.value(), file.toStdString())
                          : core::Result<core::EditRecovery>(bytes.error());
    if (!recovery) {
        // Moved aside: the next edit would write over it.
        const QString aside = file + QStringLiteral(".unreadable");
        QFile::remove(aside);
        *problem = QFile::rename(file, aside)
                       ? tr("%1 (kept as %2)")
                             .arg(QString::fromStdString(recovery.error().toString()), aside)
                       : QString::fromStdString(recovery.error().toString());
        return std::nullopt;
    }
    return std::move(recovery.value());
}

QList<RecoveryJournal::Kept> RecoveryJournal::kept() const
{
    QList<Kept> kept;
    const QDir folder(m_folder);
    for (const QFileInfo& file :
         folder.entryInfoList({QStringLiteral("*.recovery.json")}, QDir::Files)) {
        QLockFile lock(file.filePath() + QStringLiteral(".lock"));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // a running Bonescope keeps it
        lock.unlock();
        const auto bytes = core::readFileBytes(file.filePath().toStdString());
        const auto recovery =
            bytes ? core::parseEditRecovery(bytes.value(), file.filePath().toStdString())
                  : core::Result<core::EditRecovery>(bytes.error());
        if (recovery)
            kept.append(
                {QString::fromStdString(recovery->exportPath),
                 QDateTime::fromString(QString::fromStdString(recovery->savedAt), Qt::ISODate),
                 file.filePath()});
    }
    std::sort(kept.begin(), kept.end(),
              [](const Kept& a, const Kept& b) { return a.savedAt > b.savedAt; });
    return kept;
}

void RecoveryJournal::discard()
{
    if (!m_keptFile.isEmpty())
        QFile::remove(m_keptFile);
    m_written.reset();
}

void RecoveryJournal::flush()
{
    m_timer.stop();
    follow(); // Save As moved the document to another file
    if (m_exportPath.isEmpty()) {
        // Said after each edit that is not kept (at opening, "Opened" would replace it).
        if (m_document.isModified() && !m_notKept.isEmpty())
            emit writeFailed(m_notKept);
        return;
    }
    if (!m_document.isModified()) {
        discard();
        return;
    }
    core::EditRecovery recovery = m_document.editing()->unsavedEdits(
        m_document.layers()->layerSetup(), m_document.recorder()->blendScript());
    recovery.exportPath = m_exportPath.toStdString();
    if (recovery == m_written)
        return; // an undo step that changed nothing kept (a view choice, a selection)
    m_written = recovery;
    recovery.savedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    QString reason;
    if (!cli::saveBytes(m_keptFile, core::writeEditRecovery(recovery), &reason)) {
        m_written.reset();
        emit writeFailed(reason);
    }
}

void RecoveryJournal::documentChanged()
{
    // Another file, or the same read again: the edits of the one shown until now were settled
    // with the user (saved or discarded) before it went.
    m_timer.stop();
    release();
    follow();
}

void RecoveryJournal::follow()
{
    const QString path = m_document.file().recoveryKey();
    if (path == m_exportPath)
        return;
    release();
    m_exportPath = !path.isEmpty() && lock(path) ? path : QString();
}

void RecoveryJournal::release()
{
    discard();
    m_lock.reset();
    m_exportPath.clear();
    m_keptFile.clear();
    m_notKept.clear();
}

bool RecoveryJournal::lock(const QString& exportPath)
{
    if (!QDir().mkpath(m_folder)) {
        m_notKept = tr("cannot create %1").arg(m_folder);
        return false;
    }
    for (const bool leftByADeadSession : {true, false})
        for (int slot = 0; slot < kSessionsPerExport; ++slot) {
            const QString file = fileFor(exportPath, slot);
            if (leftByADeadSession && !QFileInfo::exists(file))
                continue;
            auto lock = std::make_unique<QLockFile>(file + QStringLiteral(".lock"));
            lock->setStaleLockTime(0); // stale only once the process that took it is gone
            if (lock->tryLock(0)) {
                m_lock = std::move(lock);
                m_keptFile = file;
                return true;
            }
        }
    m_notKept = tr("%1 other Bonescopes keep edits of %2")
                    .arg(kSessionsPerExport)
                    .arg(ExportFile::displayNameOf(exportPath));
    return false;
}

} // namespace bonescope::app
