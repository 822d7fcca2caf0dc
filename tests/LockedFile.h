#pragma once

#include <QDateTime>
#include <QFile>
#include <QString>

namespace bonescope::test {

/// A file set read-only (r--r--r--) and dated long ago, as a checkout not opened for edit: a
/// save that leaves it alone changes neither.
constexpr QFile::Permissions kReadOnly = QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther;
inline const QDateTime kLongAgo(QDate(2001, 2, 3), QTime(4, 5, 6), Qt::UTC);

/// Makes `path` read-only and dated kLongAgo; false when it could not.
inline bool lockFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadWrite) &&
           file.setFileTime(kLongAgo, QFileDevice::FileModificationTime) &&
           file.setPermissions(kReadOnly);
}

/// The mode of `path`: its owner, group and other bits (Qt's "User" bits say what this process
/// may do, everything for root).
inline QFile::Permissions modeOf(const QString& path)
{
    return QFile::permissions(path) & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser);
}

} // namespace bonescope::test
