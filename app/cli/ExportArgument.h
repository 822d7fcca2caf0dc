#pragma once

#include "io/ExportLoader.h"

#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace bonescope::cli {

/// Loads the export a command names: a path, or `--sample` for the embedded sample armature
/// (extracted to a temporary folder that lives as long as this object).
class ExportArgument {
public:
    core::Result<core::LoadedExport> load(const QString& argument);

private:
    std::unique_ptr<QTemporaryDir> m_sampleFolder;
};

} // namespace bonescope::cli
