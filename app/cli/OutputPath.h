#pragma once

#include <QString>
#include <QStringList>

namespace bonescope::cli {

/// Why a command reading `inputs` must not write `path`: it is a symbolic link (a bake would
/// write wherever it points), a folder where a file is meant, or one of the inputs itself.
/// Empty when `path` may be written.
QString outputFileProblem(const QString& path, const QStringList& inputs);

} // namespace bonescope::cli
