#pragma once

#include "io/ExportLoader.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace bonescope::cli {
class SampleFolder;
}

namespace bonescope::app {

/// Where an opened export comes from and how to read it (again, on reload): an export file, an
/// image cut into a grid of cells, or the embedded sample extracted to a temporary folder that
/// lives as long as the ExportFile (and its copies).
class ExportFile {
public:
    ExportFile() = default;
    /// `path` made absolute; a valid `gridCell` (pixels) reads it as a grid image.
    explicit ExportFile(const QString& path, QSize gridCell = {});
    /// The embedded sample, extracted; nullopt and `error` when it cannot be.
    static std::optional<ExportFile> sample(QString* error);

    core::Result<core::LoadedExport> read() const;
    /// Every file `loaded` (read from this) came from: itself, its atlases and images.
    QStringList sourceFiles(const core::LoadedExport& loaded) const;

    const QString& path() const { return m_path; } ///< absolute
    bool isSample() const { return m_sampleFolder != nullptr; }
    /// What the export's unsaved edits are kept under for recovery (RecoveryJournal): its path,
    /// and for the sample sampleKey(), since each session extracts it to a folder of its own.
    QString recoveryKey() const;
    /// The sample's recoveryKey(): its resource path.
    static QString sampleKey();
    /// "Dragon.xml", or "Dragon (sample)".
    QString displayName() const { return displayNameOf(recoveryKey()); }
    /// The display name of the export whose recoveryKey() is `key`.
    static QString displayNameOf(const QString& key);

private:
    QString m_path;
    QSize m_gridCell;
    std::shared_ptr<const cli::SampleFolder> m_sampleFolder;
};

} // namespace bonescope::app
