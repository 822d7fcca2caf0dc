#include "cli/SaveBytes.h"

#include "io/FileBytes.h"

#include <QFileInfo>
#include <QObject>
#include <QSaveFile>

namespace bonescope::cli {

bool saveBytes(const QString& path, std::string_view bytes, QString* reason)
{
    const QFileInfo existing(path);
    const bool replaces = existing.isFile();
    // The mode bits only: the "User" flags say what this process may do (all, for root).
    const auto modeOf = [](QFile::Permissions p) {
        return p & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser);
    };
    const QFile::Permissions mode = modeOf(existing.permissions());
    if (replaces) {
        const auto onDisk = core::readFileBytes(path.toStdString());
        if (onDisk && onDisk.value() == bytes)
            return true;
        if (!existing.isWritable()) {
            if (reason)
                *reason = QObject::tr("the file is read-only (make it writable or check it out, "
                                      "or save a copy elsewhere)");
            return false;
        }
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()) || !file.commit()) {
        if (reason)
            *reason = file.errorString();
        return false;
    }
    // QSaveFile gives a file it replaces as root the default permissions.
    if (replaces && modeOf(QFile::permissions(path)) != mode)
        QFile::setPermissions(path, mode);
    return true;
}

} // namespace bonescope::cli
