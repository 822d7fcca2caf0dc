#pragma once

#include <QString>
#include <QStringList>

#include <string>
#include <string_view>

namespace bonescope::cli {

/// Why a command reading `inputs` must not write `path`: it is a symbolic link (a bake would
/// write wherever it points), a folder where a file is meant, something else that is not a
/// regular file (specialFileProblem), or one of the inputs itself. Empty when `path` may be
/// written.
QString outputFileProblem(const QString& path, const QStringList& inputs);

/// Why `path` must not be written as a file: it exists but is a device, a pipe or a socket.
/// Every write is atomic, a new file renamed over the path: that would put a regular file in
/// a device's place (as root, /dev/null itself). Empty when it may be.
QString specialFileProblem(const QString& path);

/// The file a bake writes beside its pose CSV `posePath`, as `pathFor` names it
/// (core::eventsPathFor, statePathFor, tracePathFor); empty when `posePath` is (stdout).
QString besidePath(const QString& posePath, std::string (*pathFor)(std::string_view));

} // namespace bonescope::cli
