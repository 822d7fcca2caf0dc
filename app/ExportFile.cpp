#include "ExportFile.h"

#include "cli/SampleFolder.h"
#include "resources.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <set>

namespace bonescope::app {

namespace {
// Grid cells have no timing of their own: a flipbook of 12 frames a second.
constexpr float kGridDelaySeconds = float(1.0 / 12.0);

} // namespace

ExportFile::ExportFile(const QString& path, QSize gridCell)
    : m_path(QFileInfo(path).absoluteFilePath()), m_gridCell(gridCell)
{
}

std::optional<ExportFile> ExportFile::sample(QString* error)
{
    auto folder = std::make_shared<const cli::SampleFolder>();
    const QString path = folder->path();
    if (path.isEmpty()) {
        if (error)
            *error = QCoreApplication::translate(
                "bonescope::app::Document",
                "Cannot extract the embedded sample to a temporary folder");
        return std::nullopt;
    }
    ExportFile file(path);
    file.m_sampleFolder = std::move(folder);
    return file;
}

core::Result<core::LoadedExport> ExportFile::read() const
{
    // A grid has no format of its own: the cell size the user gave decides how to cut it.
    if (m_gridCell.isValid())
        return core::loadGrid(m_path.toStdString(), m_gridCell.width(), m_gridCell.height(),
                              kGridDelaySeconds);
    return core::loadExport(m_path.toStdString());
}

QStringList ExportFile::sourceFiles(const core::LoadedExport& loaded) const
{
    QStringList files{m_path};
    std::set<std::string> seen;
    for (const core::SpriteAtlas& atlas : loaded.atlases)
        for (const std::string& file : {atlas.sheetPath, atlas.imagePath})
            if (!file.empty() && seen.insert(file).second)
                files.append(QString::fromStdString(file));
    for (const std::string& sheet : loaded.skeleton.atlasFiles) {
        const QString absolute =
            QFileInfo(QFileInfo(m_path).dir(), QString::fromStdString(sheet)).absoluteFilePath();
        if (!files.contains(absolute))
            files.append(absolute);
    }
    return files;
}

QString ExportFile::recoveryKey() const
{
    return isSample() ? sampleKey() : m_path;
}

QString ExportFile::sampleKey()
{
    return resources::kSampleArmature;
}

QString ExportFile::displayNameOf(const QString& key)
{
    return key == sampleKey()
               ? QCoreApplication::translate("bonescope::app::Document", "%1 (sample)")
                     .arg(QFileInfo(key).completeBaseName())
               : QFileInfo(key).fileName();
}

} // namespace bonescope::app
