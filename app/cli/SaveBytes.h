#pragma once

#include <QString>

#include <string_view>

namespace bonescope::cli {

/// Writes `bytes` to `path` atomically (QSaveFile: the old file stays whole until every byte is
/// written). A file that already holds exactly those bytes is left alone: a save that changed
/// only the sidecar must not need the export writable (a read-only checkout) nor touch its time.
/// A file replaced keeps its mode; a device, pipe or socket at `path` is never replaced.
/// False with why in `reason` when it cannot be written.
bool saveBytes(const QString& path, std::string_view bytes, QString* reason);

} // namespace bonescope::cli
