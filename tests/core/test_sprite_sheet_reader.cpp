#include "io/SpriteLookup.h"
#include "io/SpriteSheetReader.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace bonescope::core;

namespace {

std::string corpusPath(const QString& file)
{
    return (QStringLiteral(BONESCOPE_TEST_DATA "/corpus/") + file).toStdString();
}

Result<SpriteAtlas> readCorpus(const QString& file)
{
    std::ifstream stream(corpusPath(file), std::ios::binary);
    std::ostringstream bytes;
    bytes << stream.rdbuf();
    return readSpriteSheetPlist(bytes.str(), corpusPath(file));
}

Result<SpriteAtlas> readText(const std::string& frames, int format)
{
    const std::string text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
                             "<dict><key>frames</key><dict>" +
                             frames + "</dict><key>metadata</key><dict><key>format</key><integer>" +
                             std::to_string(format) + "</integer></dict></dict></plist>\n";
    return readSpriteSheetPlist(text, "sheet.plist");
}

void compareRect(const RectF& rect, float x, float y, float width, float height)
{
    QCOMPARE(rect.x, x);
    QCOMPARE(rect.y, y);
    QCOMPARE(rect.width, width);
    QCOMPARE(rect.height, height);
}

} // namespace

/// Every sprite-sheet plist of the corpus, and the format rules of cocos2d-x's
/// SpriteFrameCache; expected values were read off the files by hand.
class TestSpriteSheetReader : public QObject {
    Q_OBJECT
private slots:
    void loadsCorpus_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("frames");
        QTest::addColumn<int>("rotated");
        QTest::addColumn<QString>("image");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        // format 2 (TexturePacker) sheets of the DragonBones exports
        QTest::newRow("Dragon") << "Dragon.plist" << 17 << 8 << "Dragon.png" << 512 << 512;
        QTest::newRow("knight") << "knight.plist" << 9 << 2 << "knight.png" << 128 << 128;
        QTest::newRow("robot") << "robot.plist" << 9 << 7 << "robot.png" << 128 << 256;
        QTest::newRow("weapon") << "weapon.plist" << 7 << 1 << "weapon.png" << 256 << 512;
        QTest::newRow("cyborg") << "cyborg.plist" << 17 << 7 << "Cyborg.png" << 128 << 128;
        // format 0 sheets written by CocoStudio beside the ExportJson files
        QTest::newRow("Cowboy0") << "Cowboy0.plist" << 10 << 0 << "Cowboy0.png" << 2048 << 1024;
        QTest::newRow("HeroAnimation0")
            << "HeroAnimation0.plist" << 14 << 0 << "HeroAnimation0.png" << 1024 << 1024;
        QTest::newRow("bear0") << "bear0.plist" << 10 << 0 << "bear0.png" << 1024 << 1024;
        QTest::newRow("hero0") << "hero0.plist" << 5 << 0 << "hero0.png" << 1024 << 1024;
        QTest::newRow("horse0") << "horse0.plist" << 4 << 0 << "horse0.png" << 1024 << 1024;
        QTest::newRow("testEasing0")
            << "testEasing0.plist" << 1 << 0 << "testEasing0.png" << 1024 << 1024;
        // legacy Zwoptex sheets without metadata (format 0, image named after the plist)
        QTest::newRow("grossini") << "flipbook/grossini.plist" << 14 << 0 << "grossini.png" << 512
                                  << 256;
        QTest::newRow("grossini_gray")
            << "flipbook/grossini_gray.plist" << 14 << 0 << "grossini_gray.png" << 512 << 256;
        QTest::newRow("grossini_blue")
            << "flipbook/grossini_blue.plist" << 4 << 0 << "grossini_blue.png" << 256 << 128;
        QTest::newRow("grossini_family")
            << "flipbook/grossini_family.plist" << 3 << 0 << "grossini_family.png" << 256 << 128;
        QTest::newRow("ghosts") << "flipbook/ghosts.plist" << 4 << 0 << "ghosts.png" << 256 << 256;
    }
    void loadsCorpus()
    {
        QFETCH(QString, file);
        QFETCH(int, frames);
        QFETCH(int, rotated);
        QFETCH(QString, image);
        QFETCH(int, width);
        QFETCH(int, height);
        const auto atlas = readCorpus(file);
        QVERIFY2(atlas.ok(), atlas.ok() ? "" : atlas.error().toString().c_str());
        QCOMPARE(int(atlas->frames.size()), frames);
        int rotatedCount = 0;
        for (const SpriteFrame& frame : atlas->frames)
            rotatedCount += frame.rotated ? 1 : 0;
        QCOMPARE(rotatedCount, rotated);
        QCOMPARE(QString::fromStdString(atlas->imagePath), image);
        QCOMPARE(atlas->width, width);
        QCOMPARE(atlas->height, height);
    }

    void format2RotatedFrame()
    {
        const auto atlas = readCorpus("Dragon.plist");
        QVERIFY(atlas.ok());
        QCOMPARE(atlas->frames.front().name, std::string("parts-armL.png")); // file order
        const SpriteFrame* arm = atlas->findFrame("parts-armL.png");
        QVERIFY(arm);
        compareRect(arm->rect, 173, 344, 24, 40);
        QVERIFY(arm->rotated);
        QCOMPARE(arm->offsetX, 0.f);
        QCOMPARE(arm->sourceWidth, 24.f);
        QCOMPARE(arm->sourceHeight, 40.f);
    }

    void format2UnrotatedFrame()
    {
        const auto atlas = readCorpus("weapon.plist");
        QVERIFY(atlas.ok());
        const SpriteFrame* hammer = atlas->findFrame("weapon_f-hammer.png");
        QVERIFY(hammer);
        compareRect(hammer->rect, 2, 313, 173, 69);
        QVERIFY(hammer->rotated);
        const SpriteFrame* knife = atlas->findFrame("weapon_f-knife.png");
        QVERIFY(knife);
        compareRect(knife->rect, 2, 157, 250, 59);
        QVERIFY(!knife->rotated);
    }

    void format0OffsetsAndNegativeOriginalHeight()
    {
        const auto atlas = readCorpus("flipbook/grossini.plist");
        QVERIFY(atlas.ok());
        const SpriteFrame* frame = atlas->findFrame("grossini_dance_05.png");
        QVERIFY(frame);
        compareRect(frame->rect, 76, 111, 74, 109);
        QVERIFY(!frame->rotated);
        QCOMPARE(frame->offsetX, -0.5f);
        QCOMPARE(frame->offsetY, -1.f);
        // originalHeight is written as -121; cocos2d-x takes the absolute value.
        QCOMPARE(frame->sourceWidth, 85.f);
        QCOMPARE(frame->sourceHeight, 121.f);
        QCOMPARE(atlas->frames.back().name, std::string("grossini_dance_14.png"));
        QCOMPARE(atlas->frames.back().offsetY, -2.5f);

        const auto ghosts = readCorpus("flipbook/ghosts.plist");
        QVERIFY(ghosts.ok());
        const SpriteFrame* child = ghosts->findFrame("child1.gif");
        QVERIFY(child);
        compareRect(child->rect, 1, 0, 54, 130);
        QCOMPARE(child->offsetX, 7.5f);
        QCOMPARE(child->offsetY, -0.5f);
        QCOMPARE(child->sourceWidth, 91.f);
        QCOMPARE(child->sourceHeight, 139.f);
    }

    void format0WithByteOrderMarkAndUnicodeNames()
    {
        const auto cowboy = readCorpus("Cowboy0.plist");
        QVERIFY(cowboy.ok());
        const SpriteFrame* first = cowboy->findFrame("testAnimationResource/1.png");
        QVERIFY(first);
        compareRect(first->rect, 0, 0, 201, 320);
        QCOMPARE(first->sourceHeight, 320.f);

        const auto hero = readCorpus("hero0.plist");
        QVERIFY(hero.ok());
        QVERIFY(hero->findFrame("位图 1.png"));
    }

    void format1IgnoresRotation()
    {
        const auto atlas = readText("<key>a</key><dict><key>frame</key><string>{ {1, 2}, {3, 4} }"
                                    "</string><key>offset</key><string>{0.5,-1}</string>"
                                    "<key>rotated</key><true/><key>sourceSize</key>"
                                    "<string>{5,6}</string></dict>",
                                    1);
        QVERIFY2(atlas.ok(), atlas.ok() ? "" : atlas.error().toString().c_str());
        const SpriteFrame& frame = atlas->frames.front();
        compareRect(frame.rect, 1, 2, 3, 4);
        QVERIFY(!frame.rotated);
        QCOMPARE(frame.offsetX, 0.5f);
        QCOMPARE(frame.offsetY, -1.f);
        QCOMPARE(frame.sourceWidth, 5.f);
        QCOMPARE(atlas->imagePath, std::string("sheet.png"));
    }

    void format3UsesSpriteSizeAndAliases()
    {
        const std::string frameA =
            "<key>a.png</key><dict><key>spriteSize</key><string>{10,20}</string>"
            "<key>spriteOffset</key><string>{1,-2}</string><key>spriteSourceSize</key>"
            "<string>{12,24}</string><key>textureRect</key><string>{{3,4},{99,99}}</string>"
            "<key>textureRotated</key><true/><key>aliases</key><array><string>alias.png</string>"
            "<string>b.png</string></array></dict>";
        const std::string frameB =
            "<key>b.png</key><dict><key>spriteSize</key><string>{5,5}</string>"
            "<key>spriteSourceSize</key><string>{5,5}</string><key>textureRect</key>"
            "<string>{{0,0},{5,5}}</string></dict>";
        const auto atlas = readText(frameA + frameB, 3);
        QVERIFY2(atlas.ok(), atlas.ok() ? "" : atlas.error().toString().c_str());
        QCOMPARE(atlas->frames.size(), std::size_t(3));
        const SpriteFrame* a = atlas->findFrame("a.png");
        compareRect(a->rect, 3, 4, 10, 20); // textureRect's size is not used
        QVERIFY(a->rotated);
        QCOMPARE(a->offsetY, -2.f);
        QCOMPARE(a->sourceHeight, 24.f);
        const SpriteFrame* alias = atlas->findFrame("alias.png");
        QVERIFY(alias);
        compareRect(alias->rect, 3, 4, 10, 20);
        // A real frame wins over an alias of the same name.
        compareRect(atlas->findFrame("b.png")->rect, 0, 0, 5, 5);
        QVERIFY(!atlas->findFrame("b.png")->rotated);
    }

    // A display finds its sprite frame the way cocos2d-x does (name without extension +
    // ".png"), else by a fallback spelling that the caller reports; else it is a placeholder.
    void displaysFindTheirSpriteFrame_data()
    {
        QTest::addColumn<QString>("display");
        QTest::addColumn<QStringList>("keys");
        QTest::addColumn<QString>("found");
        QTest::addColumn<int>("match");
        const int exact = int(SpriteMatch::Exact), fallback = int(SpriteMatch::Fallback),
                  none = int(SpriteMatch::None);
        QTest::newRow("ExportJson name")
            << "arm.png" << QStringList{"arm.png"} << "arm.png" << exact;
        QTest::newRow("DragonBones name") << "arm" << QStringList{"arm.png"} << "arm.png" << exact;
        QTest::newRow("other extension asks for .png")
            << "arm.jpg" << QStringList{"arm.jpg", "arm.png"} << "arm.png" << exact;
        QTest::newRow("cocos2d-x's rule wins over the name as written")
            << "arm.jpg" << QStringList{"arm.jpg"} << "arm.jpg" << fallback;
        QTest::newRow("doubled extension")
            << "arm.png" << QStringList{"arm.png.png"} << "arm.png.png" << fallback;
        QTest::newRow("key without extension")
            << "arm.png" << QStringList{"arm"} << "arm" << fallback;
        QTest::newRow("other case") << "Arm.png" << QStringList{"ARM.PNG"} << "ARM.PNG" << fallback;
        QTest::newRow("folder in the name")
            << "parts/arm.png" << QStringList{"parts/arm.png"} << "parts/arm.png" << exact;
        QTest::newRow("dot in a folder name")
            << "v1.2/arm" << QStringList{"v1.2/arm.png"} << "v1.2/arm.png" << exact;
        QTest::newRow("missing") << "leg.png" << QStringList{"arm.png"} << "" << none;
        QTest::newRow("empty name") << "" << QStringList{"arm.png"} << "" << none;
    }
    void displaysFindTheirSpriteFrame()
    {
        QFETCH(QString, display);
        QFETCH(QStringList, keys);
        QFETCH(QString, found);
        QFETCH(int, match);
        SpriteAtlas atlas;
        for (const QString& key : keys)
            atlas.frames.push_back({key.toStdString(), {}, false, 0.f, 0.f, 0.f, 0.f});
        const SpriteAtlas atlases[] = {atlas};
        const SpriteLookup lookup = SpriteIndex(atlases).find(display.toStdString());
        QCOMPARE(int(lookup.match), match);
        QCOMPARE(QString::fromStdString(lookup.frame ? lookup.frame->name : ""), found);
        QCOMPARE(lookup.atlas != nullptr, !found.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSpriteSheetReader)
#include "test_sprite_sheet_reader.moc"
