#pragma once

#include <QStringList>

namespace bonescope::cli {

/// `bonescope-cli edit FILE [--armature A] --movement M [--bone B --keyframe N]
/// --set KEY=VALUE [--set KEY=VALUE ...] [--out PATH]`: sets movement (and keyframe) values
/// of a DragonBones XML or ExportJson with core/edit's ExportEditor, changing only their
/// bytes, and writes the result atomically (QSaveFile) to PATH or in place. Exit 0 written,
/// 1 a value or target refused (named, with the reason; nothing written), 2 unreadable file,
/// bad usage or failed write (the original stays intact).
int runEdit(const QStringList& arguments);

} // namespace bonescope::cli
