#include "cli/SaveBytes.h"

#include "cli/OutputPath.h"

#include "io/FileBytes.h"

#include <QFileInfo>
#include <QObject>
#include <QSaveFile>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace bonescope::cli {

bool saveBytes(const QString& path, std::string_view bytes, QString* reason)
{
    if (const QString special = specialFileProblem(path); !special.isEmpty()) {
        if (reason)
            *reason = special;
        return false;
    }
    const QFileInfo existing(path);
    const bool replaces = existing.isFile();
    // The mode bits only: the "User" flags say what this process may do (all, for root).
    const auto modeOf = [](QFile::Permissions p) {
        return p & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser);
    };
    const QFile::Permissions mode = modeOf(existing.permissions());
    const uint owner = existing.ownerId();
    const uint group = existing.groupId();
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
    if (!replaces)
        return true;
    // QSaveFile gives a file it replaces as root the default permissions, and the new file is
    // the writer's: `sudo bonescope-cli edit` would hand a user's export to root. Best effort:
    // only root may give a file away, and a failure leaves what the writer's file would have.
    if (modeOf(QFile::permissions(path)) != mode)
        QFile::setPermissions(path, mode);
#ifdef Q_OS_UNIX
    const QFileInfo written(path);
    if (written.ownerId() != owner || written.groupId() != group) {
        const int failed = ::chown(QFile::encodeName(path).constData(), owner, group);
        Q_UNUSED(failed) // best effort, as above
    }
#endif
    return true;
}

} // namespace bonescope::cli
