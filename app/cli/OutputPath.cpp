#include "cli/OutputPath.h"

#include <QFileInfo>

namespace bonescope::cli {

QString outputFileProblem(const QString& path, const QStringList& inputs)
{
    const QFileInfo out(path);
    if (out.isSymLink())
        return QStringLiteral("%1 is a symbolic link; give the real path").arg(path);
    if (out.isDir())
        return QStringLiteral("%1 is a folder").arg(path);
    if (const QString special = specialFileProblem(path); !special.isEmpty())
        return special;
    if (!out.exists())
        return {};
    const QString canonical = out.canonicalFilePath();
    for (const QString& input : inputs)
        if (QFileInfo(input).canonicalFilePath() == canonical)
            return QStringLiteral("%1 is the input %2 itself").arg(path, input);
    return {};
}

QString specialFileProblem(const QString& path)
{
    const QFileInfo file(path);
    if (!file.exists() || file.isFile() || file.isDir())
        return {};
    return QStringLiteral("%1 is not a regular file (a device, a pipe or a socket); give the "
                          "path of a file")
        .arg(path);
}

QString besidePath(const QString& posePath, std::string (*pathFor)(std::string_view))
{
    return posePath.isEmpty() ? QString() : QString::fromStdString(pathFor(posePath.toStdString()));
}

} // namespace bonescope::cli
