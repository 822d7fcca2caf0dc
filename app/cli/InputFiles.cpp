#include "cli/InputFiles.h"

#include "io/ExportLoader.h"
#include "io/FileBytes.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace bonescope::cli {

namespace {

bool isSpriteSheetOfAnExport(const QFileInfo& plist, const QSet<QString>& xmlStems,
                             const QSet<QString>& exportJsonStems)
{
    const QString stem = plist.dir().filePath(plist.completeBaseName());
    if (xmlStems.contains(stem))
        return true;
    // CocoStudio names its sheets STEM0.plist, STEM1.plist, ...
    static const QRegularExpression trailingDigits(QStringLiteral("\\d+$"));
    QString withoutDigits = stem;
    withoutDigits.remove(trailingDigits);
    return withoutDigits != stem && exportJsonStems.contains(withoutDigits);
}

// A plist cocos2d-x passes over (a particle system, a settings file an ExportJson lists): no
// export, where a folder's files are concerned. One that does not read is kept, for its reader
// to say why.
bool isNoExport(const QFileInfo& plist)
{
    const std::string path = plist.filePath().toStdString();
    const auto bytes = core::readFileBytes(path);
    return bytes && !core::notAnExportPlist(bytes.value(), path).empty();
}

void addFolder(const QString& folder, std::vector<InputFile>& files)
{
    QStringList found;
    QDirIterator it(
        folder,
        {QStringLiteral("*.xml"), QStringLiteral("*.ExportJson"), QStringLiteral("*.plist")},
        // Unreadable files are listed too, for their reader to report: a folder's check must
        // not pass over a file it could not read.
        QDir::Files, QDirIterator::Subdirectories);
    QSet<QString> xmlStems, exportJsonStems;
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        found << info.filePath();
        const QString stem = info.dir().filePath(info.completeBaseName());
        if (info.suffix().compare(QLatin1String("xml"), Qt::CaseInsensitive) == 0)
            xmlStems.insert(stem);
        else if (info.suffix().compare(QLatin1String("ExportJson"), Qt::CaseInsensitive) == 0)
            exportJsonStems.insert(stem);
    }
    std::sort(found.begin(), found.end());
    const QDir base(QFileInfo(folder).absoluteFilePath());
    for (const QString& path : found) {
        const QFileInfo info(path);
        if (info.suffix().compare(QLatin1String("plist"), Qt::CaseInsensitive) == 0 &&
            (isSpriteSheetOfAnExport(info, xmlStems, exportJsonStems) || isNoExport(info)))
            continue;
        files.push_back({path, base.relativeFilePath(info.absoluteFilePath()), true});
    }
}

} // namespace

InputList expandInputs(const QStringList& arguments)
{
    InputList list;
    for (const QString& argument : arguments) {
        if (QFileInfo(argument).isDir()) {
            addFolder(argument, list.files);
            list.fromFolder = true;
        } else
            list.files.push_back({argument, QFileInfo(argument).fileName()});
    }
    return list;
}

} // namespace bonescope::cli
