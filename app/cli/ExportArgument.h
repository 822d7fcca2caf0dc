#pragma once

#include "cli/SampleFolder.h"
#include "io/ExportLoader.h"

#include <QString>

#include <memory>
#include <string>

namespace bonescope::cli {

/// Loads the export a command names: a path, or `--sample` for the embedded sample armature
/// (extracted to a SampleFolder that lives as long as this object).
class ExportArgument {
public:
    core::Result<core::LoadedExport> load(const QString& argument);
    /// The file `argument` names: itself, or for `--sample` the embedded sample's XML,
    /// extracted on the first call; an error when the sample cannot be extracted.
    core::Result<QString> path(const QString& argument);
    /// How output names `path`, a file of the loaded export: as it is, or for a file of the
    /// embedded sample "embedded sample (Dragon.xml)" rather than its temporary folder.
    std::string shownPath(const std::string& path) const;

private:
    std::unique_ptr<SampleFolder> m_sampleFolder;
};

} // namespace bonescope::cli
