// Save As elsewhere: the sprite sheets and images an export reads go where the saved copy looks
// for them (companionFiles, by the loader's rules), and copying never replaces a file.
#include "io/ExportCompanions.h"
#include "io/FileBytes.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace bonescope::core;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = BONESCOPE_TEST_DATA "/corpus";

void writeFile(const fs::path& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

std::string bytesOf(const fs::path& path)
{
    return readFileBytes(path.string()).value();
}

/// Dragon.plist naming `image` as its texture instead of Dragon.png.
std::string dragonSheetNaming(const std::string& image)
{
    std::string sheet = bytesOf(kCorpus / "Dragon.plist");
    const std::string named = "<string>Dragon.png</string>";
    for (size_t at; (at = sheet.find(named)) != std::string::npos;)
        sheet.replace(at, named.size(), "<string>" + image + "</string>");
    return sheet;
}

/// `names` copied from the corpus into `folder`; the first is the export, returned loaded.
LoadedExport exportIn(const fs::path& folder, const QStringList& names)
{
    for (const QString& name : names)
        fs::copy_file(kCorpus / name.toStdString(), folder / name.toStdString());
    return loadExport((folder / names.front().toStdString()).string()).value();
}

/// The export's bytes written to `path`, its companions copied, and the copy read back.
LoadedExport saveAs(const LoadedExport& loaded, const fs::path& path,
                    std::vector<CompanionCopy>* copies = nullptr)
{
    writeFile(path, loaded.bytes);
    auto done = copyCompanions(companionFiles(loaded, path.string()));
    if (copies)
        *copies = std::move(done);
    return loadExport(path.string()).value();
}

size_t frameCount(const LoadedExport& loaded)
{
    size_t frames = 0;
    for (const SpriteAtlas& atlas : loaded.atlases)
        frames += atlas.frames.size();
    return frames;
}

} // namespace

class TestExportCompanions : public QObject {
    Q_OBJECT
private slots:
    void savedCopyReadsWhatTheExportRead_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QString>("newName");
        QTest::addColumn<QStringList>("copied"); // named from the new folder
        QTest::newRow("Dragon, same name")
            << QStringList{"Dragon.xml", "Dragon.plist", "Dragon.png"} << "Dragon.xml"
            << QStringList{"Dragon.plist", "Dragon.png"};
        // An XML's sheet has its stem; the image keeps the name the sheet gives it.
        QTest::newRow("Dragon, another name")
            << QStringList{"Dragon.xml", "Dragon.plist", "Dragon.png"} << "Edited.xml"
            << QStringList{"Edited.plist", "Dragon.png"};
        // cyborg.plist names Cyborg.png, found as cyborg.png: copied as it is named on disk.
        QTest::newRow("cyborg, another name")
            << QStringList{"cyborg.xml", "cyborg.plist", "cyborg.png"} << "mine.xml"
            << QStringList{"mine.plist", "cyborg.png"};
        // An ExportJson names its sheets: they keep their names whatever its own.
        QTest::newRow("horse, another name")
            << QStringList{"horse.ExportJson", "horse0.plist", "horse0.png"} << "pony.ExportJson"
            << QStringList{"horse0.plist", "horse0.png"};
    }
    void savedCopyReadsWhatTheExportRead()
    {
        QFETCH(QStringList, files);
        QFETCH(QString, newName);
        QFETCH(QStringList, copied);
        QTemporaryDir dir;
        const fs::path from = dir.filePath("from").toStdString();
        const fs::path to = dir.filePath("to").toStdString();
        fs::create_directories(from);
        fs::create_directories(to);
        const LoadedExport loaded = exportIn(from, files);
        QVERIFY(loaded.warnings.empty());

        std::vector<CompanionCopy> copies;
        const LoadedExport saved = saveAs(loaded, to / newName.toStdString(), &copies);
        QStringList names;
        for (const CompanionCopy& copy : copies) {
            QCOMPARE(copy.outcome, CompanionCopy::Outcome::Copied);
            QCOMPARE(bytesOf(copy.file.to), bytesOf(copy.file.from));
            names << QString::fromStdString(fs::path(copy.file.to).lexically_relative(to).string());
        }
        QCOMPARE(names, copied);
        // The saved copy finds every sheet and image: no warning, the same frames.
        for (const LoadError& warning : saved.warnings)
            QFAIL(warning.toString().c_str());
        QCOMPARE(saved.atlases.size(), loaded.atlases.size());
        QCOMPARE(frameCount(saved), frameCount(loaded));
        QVERIFY(frameCount(saved) > 0);
    }

    // A format 2 AnimationCache plist lists its sheets relative to itself; the images are
    // beside them: a copy elsewhere finds them all where it looks.
    void anAnimationPlistsSheetsFollowIt()
    {
        QTemporaryDir dir;
        const fs::path from = dir.filePath("from").toStdString();
        const fs::path to = dir.filePath("to").toStdString();
        fs::create_directories(from);
        fs::create_directories(to);
        const QStringList sheets{"grossini.plist",        "grossini.png",
                                 "grossini_blue.plist",   "grossini_blue.png",
                                 "grossini_family.plist", "grossini_family.png"};
        for (const QString& name : QStringList{"animations-2.plist"} + sheets)
            fs::copy_file(kCorpus / "flipbook" / name.toStdString(), from / name.toStdString());
        const LoadedExport loaded = loadExport((from / "animations-2.plist").string()).value();
        QCOMPARE(loaded.kind, ExportKind::Flipbook);
        QVERIFY(loaded.warnings.empty());

        const fs::path copy = to / "tuned.plist";
        fs::copy_file(loaded.path, copy);
        QStringList names;
        for (const CompanionCopy& done : copyCompanions(companionFiles(loaded, copy.string()))) {
            QCOMPARE(done.outcome, CompanionCopy::Outcome::Copied);
            names << QString::fromStdString(fs::path(done.file.to).lexically_relative(to).string());
        }
        QCOMPARE(names, sheets);
        const LoadedExport saved = loadExport(copy.string()).value();
        for (const LoadError& warning : saved.warnings)
            QFAIL(warning.toString().c_str());
        QCOMPARE(frameCount(saved), frameCount(loaded));
        QVERIFY(frameCount(saved) > 0);
    }

    void anImageTheSheetNamesStaysBesideIt()
    {
        QTemporaryDir dir;
        const fs::path from = dir.filePath("from").toStdString();
        const fs::path to = dir.filePath("to").toStdString();
        fs::create_directories(from / "art");
        fs::create_directories(to);
        writeFile(from / "Dragon.plist", dragonSheetNaming("art/atlas.png"));
        fs::copy_file(kCorpus / "Dragon.png", from / "art/atlas.png");
        const LoadedExport loaded = exportIn(from, {"Dragon.xml"});
        QCOMPARE(loaded.atlases.at(0).imagePath, (from / "art/atlas.png").string());

        std::vector<CompanionCopy> copies;
        const LoadedExport saved = saveAs(loaded, to / "Edited.xml", &copies);
        QCOMPARE(copies.size(), size_t(2));
        QCOMPARE(copies[0].file.to, (to / "Edited.plist").string());
        QCOMPARE(copies[1].file.to, (to / "art/atlas.png").string()); // its folder is made
        QVERIFY(saved.warnings.empty());
        QCOMPARE(saved.atlases.at(0).imagePath, (to / "art/atlas.png").string());
    }

    void aFallbackImageFollowsTheExportsName()
    {
        // The sheet names an image that is not there: the loader takes Dragon.png, the XML's
        // stem, so the saved copy needs Edited.png.
        QTemporaryDir dir;
        const fs::path from = dir.filePath("from").toStdString();
        const fs::path to = dir.filePath("to").toStdString();
        fs::create_directories(from);
        fs::create_directories(to);
        writeFile(from / "Dragon.plist", dragonSheetNaming("gone.png"));
        const LoadedExport loaded = exportIn(from, {"Dragon.xml", "Dragon.png"});
        QVERIFY(loaded.atlases.at(0).imageIsFallback);

        std::vector<CompanionCopy> copies;
        const LoadedExport saved = saveAs(loaded, to / "Edited.xml", &copies);
        QCOMPARE(copies.size(), size_t(2));
        QCOMPARE(copies[1].file.to, (to / "Edited.png").string());
        QCOMPARE(saved.atlases.at(0).imagePath, (to / "Edited.png").string());
    }

    void sameFolderAndNamesNeedNoCopy()
    {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        const LoadedExport loaded =
            exportIn(folder, {"horse.ExportJson", "horse0.plist", "horse0.png"});
        QVERIFY(companionFiles(loaded, (folder / "horse.ExportJson").string()).empty());
        // Another name in the same folder: an ExportJson's sheets are where they were.
        QVERIFY(companionFiles(loaded, (folder / "pony.ExportJson").string()).empty());
        // An XML's sheet takes the new name; the image it names is where it was.
        const LoadedExport dragon = exportIn(folder, {"Dragon.xml", "Dragon.plist", "Dragon.png"});
        const auto files = companionFiles(dragon, (folder / "Edited.xml").string());
        QCOMPARE(files.size(), size_t(1));
        QCOMPARE(files[0].to, (folder / "Edited.plist").string());
    }

    void everyArmatureSavedElsewhereFindsItsTextures()
    {
        // Every armature export in the test data (sheets listed, of the XML's stem, or the
        // XML's own TextureAtlas with an image beside it), saved under another name in
        // another folder: the copy reads as many sheets, frames and images as the original.
        int checked = 0;
        for (const char* folder : {"corpus", "realworld", "features", "edited"}) {
            for (const auto& entry :
                 fs::directory_iterator(fs::path(BONESCOPE_TEST_DATA) / folder)) {
                const std::string extension = entry.path().extension().string();
                if (extension != ".xml" && extension != ".ExportJson")
                    continue;
                const auto loaded = loadExport(entry.path().string());
                if (!loaded || loaded->kind != ExportKind::Armature)
                    continue;
                QTemporaryDir dir;
                const LoadedExport saved = saveAs(
                    loaded.value(), fs::path(dir.path().toStdString()) / ("copy" + extension));
                const std::string name = entry.path().filename().string();
                QVERIFY2(saved.atlases.size() == loaded->atlases.size(), name.c_str());
                QVERIFY2(frameCount(saved) == frameCount(loaded.value()), name.c_str());
                for (size_t i = 0; i < saved.atlases.size(); ++i)
                    QVERIFY2(fs::exists(saved.atlases[i].imagePath) ==
                                 fs::exists(loaded->atlases[i].imagePath),
                             name.c_str());
                ++checked;
            }
        }
        QVERIFY(checked > 30);
    }

    void filesAlreadyThereAreNeverReplaced()
    {
        QTemporaryDir dir;
        const fs::path from = dir.filePath("from").toStdString();
        const fs::path to = dir.filePath("to").toStdString();
        fs::create_directories(from);
        fs::create_directories(to);
        const LoadedExport loaded = exportIn(from, {"Dragon.xml", "Dragon.plist", "Dragon.png"});
        fs::copy_file(from / "Dragon.plist", to / "Dragon.plist"); // the same sheet
        writeFile(to / "Dragon.png", "the user's own image");      // another file of the name

        std::vector<CompanionCopy> copies;
        saveAs(loaded, to / "Dragon.xml", &copies);
        QCOMPARE(copies.size(), size_t(2));
        QCOMPARE(copies[0].outcome, CompanionCopy::Outcome::AlreadyThere);
        QCOMPARE(copies[1].outcome, CompanionCopy::Outcome::KeptOther);
        QCOMPARE(bytesOf(to / "Dragon.png"), std::string("the user's own image"));
        // No temporary is left beside them.
        QCOMPARE(std::distance(fs::directory_iterator(to), fs::directory_iterator()), 3);
    }

    // After the save the export reads its companions at their new places, but for one kept
    // there (another file) or not copied: that one keeps the place its pixels came from.
    void relocatedExportReadsTheCopies()
    {
        QTemporaryDir dir;
        const fs::path from = dir.filePath("from").toStdString();
        const fs::path to = dir.filePath("to").toStdString();
        fs::create_directories(from);
        fs::create_directories(to);
        LoadedExport loaded = exportIn(from, {"Dragon.xml", "Dragon.plist", "Dragon.png"});
        const std::string newPath = (to / "pony.xml").string();
        writeFile(newPath, loaded.bytes);
        auto copies = copyCompanions(companionFiles(loaded, newPath));
        QCOMPARE(copies.size(), size_t(2));
        relocateExport(loaded, newPath, copies);
        QCOMPARE(loaded.path, newPath);
        QCOMPARE(loaded.atlases.at(0).sheetPath, (to / "pony.plist").string());
        QCOMPARE(loaded.atlases.at(0).imagePath, (to / "Dragon.png").string());

        // Saved again into a folder whose Dragon.png is another image: the sheet moves on, the
        // image stays the one shown.
        const fs::path third = dir.filePath("third").toStdString();
        fs::create_directories(third);
        writeFile(third / "Dragon.png", "the user's own image");
        const std::string thirdPath = (third / "pony.xml").string();
        copies = copyCompanions(companionFiles(loaded, thirdPath));
        QCOMPARE(copies.at(1).outcome, CompanionCopy::Outcome::KeptOther);
        relocateExport(loaded, thirdPath, copies);
        QCOMPARE(loaded.atlases.at(0).sheetPath, (third / "pony.plist").string());
        QCOMPARE(loaded.atlases.at(0).imagePath, (to / "Dragon.png").string());
    }

    void aFailedCopySaysWhy()
    {
        QTemporaryDir dir;
        const fs::path from = dir.filePath("from").toStdString();
        fs::create_directories(from);
        const LoadedExport loaded =
            exportIn(from, {"horse.ExportJson", "horse0.plist", "horse0.png"});
        // The new folder's place for the sheets is taken by a file: no folder can be made.
        const fs::path blocked = dir.filePath("blocked").toStdString();
        writeFile(blocked, "a file, not a folder");
        const auto copies =
            copyCompanions(companionFiles(loaded, (blocked / "horse.ExportJson").string()));
        QCOMPARE(copies.size(), size_t(2));
        for (const CompanionCopy& copy : copies) {
            QCOMPARE(copy.outcome, CompanionCopy::Outcome::Failed);
            QVERIFY(!copy.error.empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestExportCompanions)
#include "test_export_companions.moc"
