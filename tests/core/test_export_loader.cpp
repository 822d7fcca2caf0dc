#include "edit/ExportEditor.h"
#include "io/ExportLoader.h"
#include "io/ExportValidator.h"
#include "io/FileBytes.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace bonescope::core;
namespace fs = std::filesystem;

namespace {
const std::string kCorpus = BONESCOPE_TEST_DATA "/corpus/";

std::string fileName(const std::string& path)
{
    return fs::path(path).filename().string();
}
} // namespace

class TestExportLoader : public QObject {
    Q_OBJECT
private slots:
    void armaturesFindTheirAtlas_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("frame");
        QTest::newRow("Dragon") << "Dragon.xml"
                                << "Dragon.png"
                                << "parts-body";
        QTest::newRow("cyborg (plist says Cyborg.png)") << "cyborg.xml"
                                                        << "cyborg.png"
                                                        << "";
        QTest::newRow("knight") << "knight.xml"
                                << "knight.png"
                                << "";
        QTest::newRow("weapon") << "weapon.xml"
                                << "weapon.png"
                                << "";
        QTest::newRow("robot") << "robot.xml"
                               << "robot.png"
                               << "";
        QTest::newRow("Cowboy") << "Cowboy.ExportJson"
                                << "Cowboy0.png"
                                << "testAnimationResource/6.png";
        QTest::newRow("bear") << "bear.ExportJson"
                              << "bear0.png"
                              << "";
        QTest::newRow("HeroAnimation") << "HeroAnimation.ExportJson"
                                       << "HeroAnimation0.png"
                                       << "";
        QTest::newRow("hero") << "hero.ExportJson"
                              << "hero0.png"
                              << "";
        QTest::newRow("horse") << "horse.ExportJson"
                               << "horse0.png"
                               << "";
        QTest::newRow("testEasing") << "testEasing.ExportJson"
                                    << "testEasing0.png"
                                    << "";
    }
    void armaturesFindTheirAtlas()
    {
        QFETCH(QString, file);
        QFETCH(QString, image);
        QFETCH(QString, frame);
        const auto loaded = loadExport(kCorpus + file.toStdString());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        QCOMPARE(loaded->kind, ExportKind::Armature);
        QCOMPARE(loaded->atlases.size(), size_t(1));
        QCOMPARE(QString::fromStdString(fileName(loaded->atlases[0].imagePath)), image);
        QVERIFY(fs::exists(loaded->atlases[0].imagePath));
        QVERIFY(!loaded->atlases[0].frames.empty());
        QVERIFY2(loaded->warnings.empty(),
                 loaded->warnings.empty() ? "" : loaded->warnings[0].toString().c_str());
        if (!frame.isEmpty())
            QVERIFY(loaded->findFrame(frame.toStdString()) != nullptr);
    }

    // The viewer's editor starts from the bytes and model the loader read (one read of the
    // file, which may change on disk in between): the bytes are the file's, and an editor on
    // them with the loader's model reads and edits as one that parses them again.
    void armaturesKeepTheBytesTheirModelIsReadFrom()
    {
        for (const char* file : {"Dragon.xml", "Cowboy.ExportJson"}) {
            const auto loaded = loadExport(kCorpus + file);
            QVERIFY2(loaded.ok(), file);
            QCOMPARE(loaded->bytes, readFileBytes(kCorpus + file).value());
            auto given = ExportEditor::open(loaded->bytes, file, loaded->skeleton);
            auto parsed = ExportEditor::open(loaded->bytes, file);
            QVERIFY(given.ok() && parsed.ok());
            QCOMPARE(given->model().animations.size(), parsed->model().animations.size());
            const AnimationData& animation = given->model().animations[0];
            const EditTarget movement{animation.name, animation.movements[0].name, {}, -1};
            QVERIFY(given->value(movement, EditKey::DurationTo).value() ==
                    parsed->value(movement, EditKey::DurationTo).value());
            QVERIFY(!given->set(movement, EditKey::DurationTo, EditValue{7}));
            QVERIFY(!parsed->set(movement, EditKey::DurationTo, EditValue{7}));
            QCOMPARE(given->bytes(), parsed->bytes());
            QCOMPARE(given->model().animations[0].movements[0].durationTo, 7);
        }
    }

    void everyCorpusArmatureValidatesClean()
    {
        for (const char* file :
             {"Dragon.xml", "cyborg.xml", "knight.xml", "weapon.xml", "robot.xml",
              "Cowboy.ExportJson", "bear.ExportJson", "HeroAnimation.ExportJson", "hero.ExportJson",
              "horse.ExportJson", "testEasing.ExportJson"}) {
            const auto loaded = loadExport(kCorpus + file);
            QVERIFY2(loaded.ok(), file);
            const auto problems = validateExport(loaded.value());
            QVERIFY2(problems.empty(), problems.empty() ? "" : problems[0].toString().c_str());
        }
    }

    void animationCacheFindsItsSpriteSheets()
    {
        const auto loaded = loadExport(kCorpus + "flipbook/animations-2.plist");
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        QCOMPARE(loaded->kind, ExportKind::Flipbook);
        QVERIFY(!loaded->flipbooks.animations.empty());
        for (const auto& animation : loaded->flipbooks.animations)
            for (const auto& frame : animation.frames)
                QVERIFY2(loaded->findFrame(frame.spriteFrame), frame.spriteFrame.c_str());
    }

    void imageOpensItsSequence()
    {
        const auto loaded = loadExport(kCorpus + "flipbook/dance/grossini_dance_01.png");
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        QCOMPARE(loaded->kind, ExportKind::Flipbook);
        QCOMPARE(loaded->flipbooks.animations.size(), size_t(1));
        QCOMPARE(loaded->flipbooks.animations[0].frames.size(), size_t(14));
    }

    void gridCutsTheTexture()
    {
        const auto loaded = loadGrid(kCorpus + "flipbook/grossini_dance_atlas.png", 85, 121, 0.1f);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        QVERIFY(!loaded->flipbooks.animations.empty());
        QVERIFY(loaded->flipbooks.animations[0].frames.size() > 1);
    }

    void missingSpriteSheetIsAWarning()
    {
        QTemporaryDir folder;
        const std::string xml = folder.filePath("Dragon.xml").toStdString();
        fs::copy_file(kCorpus + "Dragon.xml", xml);
        const auto loaded = loadExport(xml);
        QVERIFY(loaded.ok());
        // Dragon.xml holds its own <TextureAtlas>, so only the image is missing.
        QVERIFY(!loaded->warnings.empty());
        QVERIFY(!validateExport(loaded.value()).empty());
    }

    // A sheet frame reaching outside its image (a repacked image, a stale plist) is a warning
    // naming the first such frame; a rotated frame lies height × width in the image.
    void sheetFramesOutsideTheirImageAreAWarning()
    {
        QTemporaryDir folder;
        const std::string xml = folder.filePath("Dragon.xml").toStdString();
        fs::copy_file(kCorpus + "Dragon.xml", xml);
        fs::copy_file(kCorpus + "Dragon.png", folder.filePath("Dragon.png").toStdString());
        fs::copy_file(kCorpus + "Dragon.plist", folder.filePath("Dragon.plist").toStdString());
        const auto fitting = loadExport(xml);
        QVERIFY(fitting.ok());
        for (const LoadError& warning : fitting->warnings)
            QVERIFY2(warning.message.find("reaches outside") == std::string::npos,
                     warning.message.c_str());

        auto plist = readFileBytes(kCorpus + "Dragon.plist").value();
        const auto replace = [&](const std::string& from, const std::string& to) {
            const size_t at = plist.find(from);
            QVERIFY(at != std::string::npos);
            plist.replace(at, from.size(), to);
        };
        // armL rotated: 40 × 24 from x 500. armR rotated: 23 × 39 from y 487 (as 39 × 23 it
        // would fit). The head left of the image: cocos2d-x takes a negative origin too.
        replace("{{173,344},{24,40}}", "{{500,344},{24,40}}");
        replace("{{94,487},{23,39}}", "{{94,487},{39,23}}");
        replace("{{2,2},{169,197}}", "{{-6,2},{169,197}}");
        std::ofstream(folder.filePath("Dragon.plist").toStdString()) << plist;
        const auto past = loadExport(xml);
        QVERIFY(past.ok());
        const auto warning =
            std::find_if(past->warnings.begin(), past->warnings.end(), [](const LoadError& w) {
                return w.message.find("reaches outside") != std::string::npos;
            });
        QVERIFY(warning != past->warnings.end());
        QCOMPARE(fileName(warning->file), std::string("Dragon.plist"));
        // At the first such frame's <dict>, for the Problems panel's place.
        const size_t dict = plist.find("<dict>", plist.find("<key>parts-armL.png</key>"));
        QCOMPARE(warning->line, 1 + int(std::count(plist.begin(), plist.begin() + dict, '\n')));
        QCOMPARE(warning->message,
                 std::string("frame 'parts-armL.png' {{500,344},{24,40}} (rotated) reaches "
                             "outside its 512 × 512 image, and so do 2 more frames: as in "
                             "cocos2d-x, their sprites repeat the image's edge pixels there"));
    }

    void unreadableInputsAreLocatedErrors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown extension") << "x.txt" << QByteArray("hello") << "unknown kind";
        QTest::newRow("empty xml") << "x.xml" << QByteArray() << "";
        QTest::newRow("empty json") << "x.ExportJson" << QByteArray() << "";
        QTest::newRow("empty plist") << "x.plist" << QByteArray() << "";
        QTest::newRow("png that is not") << "x.png" << QByteArray("not a png") << "";
    }
    void unreadableInputsAreLocatedErrors()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir folder;
        const std::string path = folder.filePath(name).toStdString();
        std::ofstream(path, std::ios::binary).write(content.constData(), content.size());
        const auto loaded = loadExport(path);
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.error().file.find(name.toStdString()) != std::string::npos);
        QVERIFY(QString::fromStdString(loaded.error().message).contains(message));
    }

    // An armature is read as the format its name says; any other name is refused, naming the
    // file, rather than read as ExportJson (a plist's '<' used to be "invalid literal").
    void armatureReadsFollowTheName()
    {
        QCOMPARE(armatureFormatOf("a/Dragon.XML"), std::optional(SourceFormat::DragonBonesXml));
        QCOMPARE(armatureFormatOf("Cowboy.ExportJson"),
                 std::optional(SourceFormat::CocoStudioJson));
        QCOMPARE(armatureFormatOf("Cowboy.json"), std::optional(SourceFormat::CocoStudioJson));
        QCOMPARE(armatureFormatOf("Dragon.plist"), std::nullopt);
        QCOMPARE(armatureFormatOf("tuned"), std::nullopt);

        const auto plist = readSkeleton("<plist/>", "animations.plist");
        QVERIFY(!plist.ok());
        QCOMPARE(plist.error().file, std::string("animations.plist"));
        QVERIFY(
            QString::fromStdString(plist.error().message)
                .startsWith("an AnimationCache plist or a sprite sheet, not an armature export"));
        const auto png = readSkeleton("\x89PNG", "Dragon.png");
        QVERIFY(!png.ok());
        QVERIFY(QString::fromStdString(png.error().message).startsWith("not an armature export"));

        QCOMPARE(withArmatureExtension("out/tuned", SourceFormat::DragonBonesXml),
                 std::string("out/tuned.xml"));
        QCOMPARE(withArmatureExtension("tuned.v2", SourceFormat::CocoStudioJson),
                 std::string("tuned.v2.ExportJson"));
        QCOMPARE(withArmatureExtension("tuned.json", SourceFormat::CocoStudioJson),
                 std::string("tuned.json"));
        QCOMPARE(withArmatureExtension("tuned.json", SourceFormat::DragonBonesXml),
                 std::string("tuned.json.xml"));
    }

    // Patterns of real exports that cocos2d-x accepts: they load, and validation reports each
    // with its file and line or JSON pointer (tests/data/realworld/README.md).
    void realWorldPatternsAreWarnings_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("warningFile");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("message");
        const QString still = "/animation_data/0/mov_data/0/dr";
        QTest::newRow("track shorter than movement")
            << "trackdr.xml"
            << "trackdr.xml" << 21 << ""
            << "frames' dr add up to 8, but the movement's dr is 12";
        QTest::newRow("track longer than movement")
            << "trackdr.xml"
            << "trackdr.xml" << 29 << ""
            << "frames' dr add up to 16, but the movement's dr is 12";
        QTest::newRow("lp=true") << "trackdr.xml"
                                 << "trackdr.xml" << 44 << ""
                                 << "lp=\"true\" is not an integer; cocos2d-x ignores it and loops";
        QTest::newRow("lp=false") << "trackdr.xml"
                                  << "trackdr.xml" << 53 << ""
                                  << "lp=\"false\" is not an integer";
        QTest::newRow("one short frame") << "track-shorter.xml"
                                         << "track-shorter.xml" << 13 << ""
                                         << "add up to 1, but the movement's dr is 2";
        QTest::newRow("one long frame") << "track-longer.xml"
                                        << "track-longer.xml" << 13 << ""
                                        << "add up to 3, but the movement's dr is 2";
        QTest::newRow("dr 0") << "still-movement.ExportJson"
                              << "still-movement.ExportJson" << 37 << still << "lasts 0 frames";
        QTest::newRow("dr 0 in a full export")
            << "stillpose.ExportJson"
            << "stillpose.ExportJson" << 78 << still << "still pose";
        QTest::newRow("particle plist") << "stillpose.ExportJson"
                                        << "spark.plist" << 0 << ""
                                        << "is a particle system, not a sprite sheet; skipped";
        QTest::newRow("plist without frames") << "stillpose.ExportJson"
                                              << "notasheet.plist" << 0 << ""
                                              << "has no 'frames' dictionary";
        QTest::newRow("sheet key with doubled extension")
            << "stillpose.ExportJson"
            << "stillpose.ExportJson" << 0 << ""
            << "cocos2d-x looks for sprite frame 'head.png', which no sheet holds, and shows "
               "nothing; Bonescope shows sheet frame 'head.png.png' instead";
        QTest::newRow("frame without sourceSize")
            << "stillpose.ExportJson"
            << "stillpose0.plist" << 23 << ""
            << "frame 'head.png.png' has no 'sourceSize'; cocos2d-x reads it as 0";
        QTest::newRow("animation frame without a name")
            << "anim-empty-spriteframe.plist"
            << "anim-empty-spriteframe.plist" << 0 << ""
            << "animation 'walk' shows sprite frame '', which no sprite sheet holds";
        QTest::newRow("SubTexture x empty")
            << "subtexture-positions.xml"
            << "subtexture-positions.xml" << 43 << ""
            << "x=\"\" is not a position within 0..16384 pixels; cocos2d-x never reads it";
        QTest::newRow("SubTexture of size 0") << "subtexture-sizes.xml"
                                              << "subtexture-sizes.xml" << 43 << ""
                                              << "width=\"0\" is no size";
        QTest::newRow("negative texture size")
            << "negative-texture-size.ExportJson"
            << "negative-texture-size.ExportJson" << 476 << "/texture_data/0/width"
            << "texture width -78 is negative; cocos2d-x does not use it";
        QTest::newRow("SubTexture defined again")
            << "duplicate-texture.xml"
            << "duplicate-texture.xml" << 47 << ""
            << "this SubTexture name is already used on line 45; as in cocos2d-x";
        QTest::newRow("TextureAtlas size out of range")
            << "duplicate-texture.xml"
            << "duplicate-texture.xml" << 43 << ""
            << "height=\"99999\" is outside 0..16384 pixels; cocos2d-x does not read it";
        QTest::newRow("texture defined again")
            << "duplicate-texture.ExportJson"
            << "duplicate-texture.ExportJson" << 483 << "/texture_data/1/name"
            << "texture \"ICON\" is defined again (earlier at /texture_data/0)";
        QTest::newRow("sheet opened alone") << "sheet-without-source-size.plist"
                                            << "sheet-without-source-size.plist" << 8 << ""
                                            << "frame 'a.png' has no 'sourceSize'";
    }
    void realWorldPatternsAreWarnings()
    {
        QFETCH(QString, file);
        QFETCH(QString, warningFile);
        QFETCH(int, line);
        QFETCH(QString, pointer);
        QFETCH(QString, message);
        const auto loaded = loadExport(BONESCOPE_TEST_DATA "/realworld/" + file.toStdString());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        std::string all;
        bool found = false;
        for (const LoadError& warning : validateExport(loaded.value())) {
            all += "\n  " + warning.toString();
            found =
                found || (fileName(warning.file) == warningFile.toStdString() &&
                          warning.line == line && warning.jsonPointer == pointer.toStdString() &&
                          warning.message.find(message.toStdString()) != std::string::npos);
        }
        QVERIFY2(found, ("no such warning among:" + all).c_str());
    }

    // An image of no anchor (a SubTexture of size 0) is drawn by nothing: the validator does
    // not call it a placeholder, as it does the image the fallback atlas has no region for.
    void imagesWithoutAnAnchorAreNotLookedFor()
    {
        const auto loaded = loadExport(BONESCOPE_TEST_DATA "/realworld/subtexture-sizes.xml");
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        std::string all;
        for (const LoadError& warning : validateExport(loaded.value()))
            all += warning.message + "\n";
        QVERIFY2(all.find("shows image 'body'") == std::string::npos, all.c_str());
        QVERIFY2(all.find("shows image 'open', which no sprite sheet holds") != std::string::npos,
                 all.c_str());
    }

    void missingFileAndFolderAreErrors()
    {
        QVERIFY(!loadExport(kCorpus + "nothing-here.xml").ok());
        QTemporaryDir folder;
        const auto asFolder = loadExport(folder.filePath("sub.xml").toStdString());
        QVERIFY(!asFolder.ok());
        QVERIFY(asFolder.error().message.find("not found") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestExportLoader)
#include "test_export_loader.moc"
