#include "io/AnimationCacheReader.h"
#include "io/SpriteSheetReader.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace bonescope::core;

namespace {

std::string flipbookPath(const std::string& file)
{
    return BONESCOPE_TEST_DATA "/corpus/flipbook/" + file;
}

std::string readBytes(const std::string& path)
{
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << stream.rdbuf();
    return bytes.str();
}

Result<FlipbookSet> readCorpus(const std::string& file)
{
    return readAnimationCachePlist(readBytes(flipbookPath(file)), flipbookPath(file));
}

SpriteAtlas readSheet(const std::string& file)
{
    auto atlas = readSpriteSheetPlist(readBytes(flipbookPath(file)), flipbookPath(file));
    if (!atlas.ok())
        qFatal("%s", atlas.error().toString().c_str());
    return atlas.value();
}

/// The first sprite frame named by `set`'s animations that none of its atlases holds, or "".
std::string firstMissingFrame(const FlipbookSet& set)
{
    for (const FlipbookData& animation : set.animations)
        for (const FlipbookFrame& frame : animation.frames) {
            bool found = false;
            for (const SpriteAtlas& atlas : set.atlases)
                found = found || atlas.findFrame(frame.spriteFrame) != nullptr;
            if (!found)
                return frame.spriteFrame;
        }
    return {};
}

std::string notification(const FlipbookFrame& frame, const std::string& key)
{
    for (const auto& [name, value] : frame.notification)
        if (name == key)
            return value;
    return "<absent>";
}

} // namespace

/// AnimationCache plists (cocos2d-x addAnimationsWithDictionary), expected values read off the
/// corpus files by hand.
class TestAnimationCacheReader : public QObject {
    Q_OBJECT
private slots:
    void format1()
    {
        const auto set = readCorpus("animations.plist");
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().toString().c_str());
        QCOMPARE(set->animations.size(), std::size_t(3));
        QVERIFY(set->spriteSheetFiles.empty());
        QVERIFY(set->atlases.empty());
        const int frameCounts[] = {14, 14, 4};
        const char* names[] = {"dance_1", "dance_2", "dance_3"};
        for (int i = 0; i < 3; ++i) {
            const FlipbookData& animation = set->animations[i];
            QCOMPARE(animation.name, std::string(names[i]));
            QCOMPARE(int(animation.frames.size()), frameCounts[i]);
            QCOMPARE(animation.delayPerUnit, 0.2f); // `delay` becomes the delay per unit
            QCOMPARE(animation.loops, 1);
            QVERIFY(!animation.restoreOriginalFrame);
            for (const FlipbookFrame& frame : animation.frames) {
                QCOMPARE(frame.delayUnits, 1.f);
                QVERIFY(frame.notification.empty());
            }
        }
        QCOMPARE(set->animations[1].frames[13].spriteFrame,
                 std::string("grossini_dance_gray_14.png"));
        QCOMPARE(set->animations[2].frames[0].spriteFrame, std::string("grossini_blue_01.png"));
    }

    void format2()
    {
        const auto set = readCorpus("animations-2.plist");
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().toString().c_str());
        QCOMPARE(set->spriteSheetFiles,
                 (std::vector<std::string>{"grossini.plist", "grossini_blue.plist",
                                           "grossini_family.plist"}));
        QCOMPARE(set->animations.size(), std::size_t(1));
        const FlipbookData& dance = set->animations.front();
        QCOMPARE(dance.name, std::string("dance_1"));
        QCOMPARE(dance.frames.size(), std::size_t(14));
        QCOMPARE(dance.delayPerUnit, 0.2f);
        QCOMPARE(dance.loops, 2);
        QVERIFY(dance.restoreOriginalFrame);
        QCOMPARE(dance.frames[0].spriteFrame, std::string("grossini_dance_01.png"));
        QCOMPARE(dance.frames[0].delayUnits, 1.f);
        QCOMPARE(dance.frames[2].delayUnits, 0.5f);
        QCOMPARE(dance.frames[7].delayUnits, 2.f);
        QCOMPARE(dance.frames[8].delayUnits, 0.5f);
        float totalUnits = 0.f;
        for (const FlipbookFrame& frame : dance.frames)
            totalUnits += frame.delayUnits;
        QCOMPARE(totalUnits, 14.f); // 11 × 1 + 2 × 0.5 + 2
        QCOMPARE(notification(dance.frames[0], "firstframe"), std::string("true"));
        QCOMPARE(dance.frames[5].notification.size(), std::size_t(2));
        QCOMPARE(notification(dance.frames[5], "key1"), std::string("1234"));
        QCOMPARE(notification(dance.frames[5], "key2"), std::string("false"));
        QCOMPARE(notification(dance.frames[13], "lastframe"), std::string("true"));
        QVERIFY(dance.frames[1].notification.empty());
    }

    void format2Defaults()
    {
        // cocos2d-x: no `loops` means 1, no `restoreOriginalFrame` means false.
        const std::string text =
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>animations</key><dict>"
            "<key>a</key><dict><key>delayPerUnit</key><real>0.5</real><key>frames</key><array>"
            "<dict><key>spriteframe</key><string>x.png</string><key>delayUnits</key>"
            "<integer>3</integer></dict></array></dict></dict><key>properties</key><dict>"
            "<key>format</key><integer>2</integer><key>spritesheets</key><array/></dict>"
            "</dict></plist>";
        const auto set = readAnimationCachePlist(text, "a.plist");
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().toString().c_str());
        const FlipbookData& animation = set->animations.front();
        QCOMPARE(animation.loops, 1);
        QVERIFY(!animation.restoreOriginalFrame);
        QCOMPARE(animation.delayPerUnit, 0.5f);
        QCOMPARE(animation.frames.front().delayUnits, 3.f);
    }

    void framesResolveAgainstTheirSheets()
    {
        auto set = readCorpus("animations-2.plist");
        QVERIFY(set.ok());
        for (const std::string& sheet : set->spriteSheetFiles)
            set->atlases.push_back(readSheet(sheet));
        QCOMPARE(firstMissingFrame(set.value()), std::string());

        // Format 1 names no sheets: the game loads them first, as cocos2d-x's test does.
        auto format1 = readCorpus("animations.plist");
        QVERIFY(format1.ok());
        format1->atlases.push_back(readSheet("grossini.plist"));
        format1->atlases.push_back(readSheet("grossini_blue.plist"));
        QCOMPARE(firstMissingFrame(format1.value()), std::string("grossini_dance_gray_01.png"));
        format1->atlases.push_back(readSheet("grossini_gray.plist"));
        QCOMPARE(firstMissingFrame(format1.value()), std::string());
    }
};

QTEST_GUILESS_MAIN(TestAnimationCacheReader)
#include "test_animation_cache_reader.moc"
