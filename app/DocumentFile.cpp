#include "DocumentFile.h"

#include "Document.h"

#include <QFileInfo>

#include <algorithm>

namespace bonescope::app {

namespace {
std::unique_ptr<core::LoadedExport> read(const ExportFile& file, QString* error)
{
    core::Result<core::LoadedExport> result = file.read();
    if (!result) {
        if (error)
            *error = QString::fromStdString(result.error().toString());
        return nullptr;
    }
    return std::make_unique<core::LoadedExport>(std::move(result.value()));
}
} // namespace

DocumentFile::DocumentFile(Document& document) : m_document(document)
{
}

bool DocumentFile::openSample(QString* error)
{
    std::optional<ExportFile> sample = ExportFile::sample(error);
    return sample && openAs(std::move(*sample), error);
}

bool DocumentFile::openAs(ExportFile file, QString* error)
{
    std::unique_ptr<core::LoadedExport> loaded = read(file, error);
    if (!loaded)
        return false;
    m_file = std::move(file);
    m_document.adopt(std::move(loaded));
    return true;
}

bool DocumentFile::reload(QString* error)
{
    if (!m_document.loaded())
        return false;
    std::unique_ptr<core::LoadedExport> loaded = read(m_file, error);
    if (!loaded)
        return false;
    const QString movement = m_document.movementNames().value(m_document.currentMovement());
    const double frame = m_document.currentFrame();
    const bool playing = m_document.isPlaying();
    const QList<int> selection = m_document.selection()->selectedBones();
    m_document.adopt(std::move(loaded), m_document.armatureName());

    const int index = m_document.movementNames().indexOf(movement);
    if (index >= 0 && index != m_document.currentMovement())
        m_document.setMovement(index);
    m_document.seekFrame(
        std::min(frame, double(m_document.movementDuration(m_document.currentMovement()))));
    const core::ArmatureData* armature = m_document.armature();
    const int boneCount = armature ? int(armature->bones.size()) : 0;
    QList<int> kept;
    for (int bone : selection)
        if (bone < boneCount)
            kept.append(bone);
    m_document.selection()->selectBones(kept);
    m_document.setPlaying(playing);
    return true;
}

bool DocumentFile::save(QString* error)
{
    if (m_file.isSample()) {
        if (error)
            *error = QObject::tr("The embedded sample has no file of its own: use Save As");
        return false;
    }
    return write(m_file.path(), error);
}

bool DocumentFile::saveAs(const QString& path, QString* error,
                          std::vector<core::CompanionCopy>* companions)
{
    const QString absolute = QFileInfo(savedName(path)).absoluteFilePath();
    if (!write(absolute, error))
        return false;
    // Copied while the old file still holds them: the sample's folder goes with its ExportFile.
    if (const core::LoadedExport* loaded = m_document.loaded()) {
        auto copies = core::copyCompanions(core::companionFiles(*loaded, absolute.toStdString()));
        // Read from the new place from now on: the watcher and a later Save As see the copies.
        m_document.movedTo(absolute.toStdString(), copies);
        if (companions)
            *companions = std::move(copies);
    }
    m_file = ExportFile(absolute);
    return true;
}

QString DocumentFile::savedName(const QString& path) const
{
    // A name the readers would not take as this export (no extension, another one) gets the
    // export's.
    const core::LoadedExport* loaded = m_document.loaded();
    if (!loaded)
        return path;
    if (loaded->kind == core::ExportKind::Armature)
        return QString::fromStdString(
            core::withArmatureExtension(path.toStdString(), loaded->skeleton.format));
    const bool plist =
        QFileInfo(path).suffix().compare(QStringLiteral("plist"), Qt::CaseInsensitive) == 0;
    return plist ? path : path + QStringLiteral(".plist");
}

bool DocumentFile::write(const QString& path, QString* error)
{
    const bool written = m_document.editing()->write(path, m_document.layers()->layerSetup(),
                                                     m_document.recorder()->blendScript(), error);
    if (written) {
        m_document.layers()->markSaved(path);
        m_document.undoStack()->setClean();
    }
    m_document.updateModified();
    return written;
}

bool DocumentFile::isOnDisk() const
{
    return m_document.editing()->isOnDisk(m_file.path());
}

QStringList DocumentFile::sourceFiles() const
{
    const core::LoadedExport* loaded = m_document.loaded();
    return loaded ? m_file.sourceFiles(*loaded) : QStringList();
}

} // namespace bonescope::app
