#include "io/CocoStudioReader.h"

#include <QFile>
#include <QRandomGenerator>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <numbers>

using namespace bonescope::core;

namespace {

QByteArray readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return file.readAll();
}

Result<SkeletonData> readCorpus(const char* name)
{
    const QByteArray bytes = readFile(QStringLiteral(BONESCOPE_TEST_DATA "/corpus/") + name);
    return readCocoStudioJson(std::string_view(bytes.constData(), size_t(bytes.size())), name);
}

Result<SkeletonData> readText(std::string_view json)
{
    return readCocoStudioJson(json, "inline.ExportJson");
}

const MovementBoneData& timeline(const SkeletonData& skeleton, std::string_view movement,
                                 std::string_view bone)
{
    const MovementData* found = skeleton.animations.at(0).findMovement(movement);
    if (!found || !found->findBone(bone))
        qFatal("no timeline %s/%s", movement.data(), bone.data());
    return *found->findBone(bone);
}

const BoneData& boneNamed(const ArmatureData& armature, std::string_view name)
{
    const int index = armature.findBone(name);
    if (index < 0)
        qFatal("no bone %s", name.data());
    return armature.bones[size_t(index)];
}

QString describe(const LoadError& error)
{
    return QString::fromStdString(error.toString());
}

} // namespace

// Floats must match bit for bit: the runtime replays cocos2d-x's float arithmetic on them.
#define COMPARE_EXACT(actual, expected)                                                            \
    QVERIFY2(float(actual) == float(expected), qPrintable(QString("%1 is %2, expected %3")         \
                                                              .arg(#actual)                        \
                                                              .arg(double(actual), 0, 'g', 9)      \
                                                              .arg(double(expected), 0, 'g', 9)))

#define REQUIRE_OK(result)                                                                         \
    do {                                                                                           \
        if (!(result).ok())                                                                        \
            QFAIL(qPrintable(describe((result).error())));                                         \
    } while (false)

class TestCocoStudioReader : public QObject {
    Q_OBJECT
private slots:
    void corpusLoads_data();
    void corpusLoads();
    void cowboySpotValues();
    void cowboyKeepsFramesAsWritten();
    void testEasingSpotValues();
    void heroAnimationSpotValues();
    void oldVersionAccumulatesDurationsAndClosesTimelines();
    void rotationRangeFixBeforeVersion1();
    void colourFromVersion1_1();
    void warningsPastTheLimitAreCounted();
    void looseTypesReadAsCocos2dx();
    void firstOfEqualKeysIsRead();
    void laterMovementOfAUsedNameReplacesTheEarlier();
    void laterArmatureAndAnimationOfAUsedNameReplaceTheEarlier();
    void laterBoneOfAUsedNameReplacesTheEarlier();
    void laterTextureOfAUsedNameReplacesTheEarlier();
    void contentScaleMultipliesPositions();
    void bonesReorderedParentsFirst();
    void displaysAndDefaults();
    void animationsUseTheLastArmaturesVersion();
    void whitespaceIsOnlyDroppedBetweenTokens();
    void syntaxErrorsMatchAPlainParse();
    void brokenInputs_data();
    void brokenInputs();
};

void TestCocoStudioReader::corpusLoads_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("bones");
    QTest::addColumn<int>("movements");
    QTest::addColumn<int>("timelines");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("textures");
    QTest::addColumn<float>("dataVersion");
    // Counted in the files: bone_data, mov_data, mov_bone_data, frame_data, texture_data.
    QTest::newRow("bear") << "bear.ExportJson" << 11 << 2 << 22 << 86 << 11 << 1.0f;
    QTest::newRow("Cowboy") << "Cowboy.ExportJson" << 12 << 4 << 46 << 257 << 10 << 0.3f;
    QTest::newRow("HeroAnimation")
        << "HeroAnimation.ExportJson" << 15 << 5 << 59 << 295 << 15 << 1.0f;
    QTest::newRow("hero") << "hero.ExportJson" << 8 << 2 << 15 << 62 << 10 << 1.0f;
    QTest::newRow("horse") << "horse.ExportJson" << 8 << 2 << 15 << 43 << 9 << 1.0f;
    QTest::newRow("testEasing") << "testEasing.ExportJson" << 3 << 10 << 30 << 90 << 1 << 1.1f;
}

void TestCocoStudioReader::corpusLoads()
{
    QFETCH(QString, file);
    QFETCH(int, bones);
    QFETCH(int, movements);
    QFETCH(int, timelines);
    QFETCH(int, frames);
    QFETCH(int, textures);
    QFETCH(float, dataVersion);

    const auto result = readCorpus(qPrintable(file));
    REQUIRE_OK(result);
    const SkeletonData& skeleton = result.value();
    QCOMPARE(skeleton.format, SourceFormat::CocoStudioJson);
    QCOMPARE(skeleton.name, file.chopped(int(strlen(".ExportJson"))).toStdString());
    QCOMPARE(skeleton.armatures.size(), size_t(1));
    QCOMPARE(skeleton.animations.size(), size_t(1));
    const ArmatureData& armature = skeleton.armatures[0];
    QCOMPARE(armature.name, skeleton.name);
    QCOMPARE(skeleton.animations[0].name, armature.name);
    COMPARE_EXACT(armature.dataVersion, dataVersion);
    QCOMPARE(int(armature.bones.size()), bones);
    QCOMPARE(int(skeleton.textures.size()), textures);
    QCOMPARE(skeleton.atlasFiles, std::vector<std::string>{skeleton.name + "0.plist"});
    QVERIFY(skeleton.atlasImages.empty());

    for (size_t b = 0; b < armature.bones.size(); ++b) {
        const BoneData& bone = armature.bones[b];
        QVERIFY(bone.parentIndex < int(b));
        QCOMPARE(bone.parentIndex < 0 ? std::string()
                                      : armature.bones[size_t(bone.parentIndex)].name,
                 bone.parentName);
    }

    int timelineCount = 0;
    int frameCount = 0;
    const AnimationData& animation = skeleton.animations[0];
    QCOMPARE(int(animation.movements.size()), movements);
    for (const MovementData& movement : animation.movements) {
        QVERIFY(movement.duration > 0);
        for (const MovementBoneData& bone : movement.bones) {
            ++timelineCount;
            frameCount += int(bone.frames.size());
            QCOMPARE(bone.duration, 0); // version ≥ 0.3: ArmatureAnimation::play fills it in
            for (size_t f = 1; f < bone.frames.size(); ++f)
                QVERIFY(bone.frames[f - 1].startFrame <= bone.frames[f].startFrame);
            for (const FrameData& frame : bone.frames) {
                QCOMPARE(frame.duration, 1);
                QVERIFY(!frame.useColor); // all corpus files predate VERSION_COLOR_READING's
                                          // colour format or have no colour
            }
        }
    }
    QCOMPARE(timelineCount, timelines);
    QCOMPARE(frameCount, frames);
}

void TestCocoStudioReader::cowboySpotValues()
{
    const auto result = readCorpus("Cowboy.ExportJson");
    REQUIRE_OK(result);
    const SkeletonData& skeleton = result.value();
    QCOMPARE(skeleton.version, std::string("0.3.0.0"));
    COMPARE_EXACT(skeleton.contentScale, 1.0f);
    const ArmatureData& armature = skeleton.armatures[0];

    // Already parents first in the file: the order is kept.
    QCOMPARE(armature.bones[0].name, std::string("Layer122"));
    QCOMPARE(armature.bones[4].name, std::string("Layer134"));
    const BoneData& layer120 = boneNamed(armature, "Layer120");
    QCOMPARE(layer120.parentName, std::string("Layer122"));
    QCOMPARE(layer120.parentIndex, 0);
    QCOMPARE(layer120.zOrder, 12);
    COMPARE_EXACT(layer120.transform.x, 0.0f);
    COMPARE_EXACT(layer120.transform.scaleX, 1.0f);
    COMPARE_EXACT(layer120.pivotX, 129.76908874511719f);

    const BoneData& layer122 = boneNamed(armature, "Layer122");
    QCOMPARE(layer122.displays.size(), size_t(1));
    const DisplayData& display = layer122.displays[0];
    QCOMPARE(display.type, DisplayType::Image);
    QCOMPARE(display.name, std::string("testAnimationResource/6.png"));
    COMPARE_EXACT(display.skin.x, 153.758179f);
    COMPARE_EXACT(display.skin.y, -136.24736f);
    COMPARE_EXACT(display.skin.skewX, 1.77311766f);
    COMPARE_EXACT(display.skin.skewY, -1.77311766f);
    COMPARE_EXACT(display.skin.scaleX, 1.0f);

    const AnimationData& animation = skeleton.animations[0];
    QCOMPARE(animation.movements[0].name, std::string("Walk"));
    QCOMPARE(animation.movements[3].name, std::string("FireWithoutBullet"));
    const MovementData& walk = animation.movements[0];
    QCOMPARE(walk.duration, 41);
    QCOMPARE(walk.durationTo, 0);
    QCOMPARE(walk.durationTween, 0);
    QVERIFY(walk.loop);
    QCOMPARE(walk.easing, Easing::Linear);
    COMPARE_EXACT(walk.scale, 1.0f);

    const FrameData& frame = timeline(skeleton, "Walk", "Layer120").frames.at(1);
    QCOMPARE(frame.startFrame, 11);
    COMPARE_EXACT(frame.transform.x, 93.74072f);
    COMPARE_EXACT(frame.transform.y, -160.102158f);
    COMPARE_EXACT(frame.transform.skewX, 3.445764f);
    COMPARE_EXACT(frame.transform.skewY, -3.445764f);
    COMPARE_EXACT(frame.transform.scaleX, 0.99999994f);
    QCOMPARE(frame.displayIndex, 0);
    QVERIFY(frame.tween);
    QCOMPARE(frame.blend, BlendFunc{});
    QVERIFY(frame.event.empty());

    const FrameData& fire = timeline(skeleton, "FireWithoutBullet", "Layer126").frames.at(1);
    QCOMPARE(fire.startFrame, 10);
    QCOMPARE(fire.event, std::string("Fire"));

    // A mov_bone_data without frame_data is an empty timeline (cocos2d-x skips it at play).
    QVERIFY(timeline(skeleton, "Walk", "Layer142").frames.empty());

    const TextureData& texture = skeleton.textures[0];
    QCOMPARE(texture.name, std::string("testAnimationResource/1"));
    COMPARE_EXACT(texture.width, 201.0f);
    COMPARE_EXACT(texture.height, 320.0f);
    COMPARE_EXACT(texture.pivotX, 0.5f);
    COMPARE_EXACT(texture.pivotY, 0.5f);
    const TextureData* withContour = skeleton.findTexture("testAnimationResource/6");
    QVERIFY(withContour);
    QCOMPARE(withContour->contours.size(), size_t(1));
    const auto& contour = withContour->contours[0];
    QCOMPARE(contour.size(), size_t(4));
    COMPARE_EXACT(contour.front().x, 237.0f); // the file's last vertex comes first
    COMPARE_EXACT(contour.front().y, -200.76f);
    COMPARE_EXACT(contour.back().x, -237.0f);
    COMPARE_EXACT(contour.back().y, -200.76f);
}

void TestCocoStudioReader::cowboyKeepsFramesAsWritten()
{
    const auto result = readCorpus("Cowboy.ExportJson");
    REQUIRE_OK(result);
    // Version 0.3 ≥ VERSION_COMBINED: frames stay deltas from the setup pose, no closing frame,
    // and the colour list (an old format) is ignored below VERSION_COLOR_READING.
    const MovementBoneData& walk = timeline(result.value(), "Walk", "Layer120");
    QCOMPARE(walk.frames.front().startFrame, 0);
    COMPARE_EXACT(walk.frames.front().transform.skewX, 3.11565661f);
    const MovementBoneData& fire = timeline(result.value(), "Fire", "Layer142");
    QVERIFY(!fire.frames.at(1).useColor);
    QCOMPARE(fire.frames.at(1).color, ColorTransform{});
}

void TestCocoStudioReader::testEasingSpotValues()
{
    const auto result = readCorpus("testEasing.ExportJson");
    REQUIRE_OK(result);
    const SkeletonData& skeleton = result.value();
    QCOMPARE(skeleton.version, std::string("1.1.0.0"));
    COMPARE_EXACT(skeleton.contentScale, 1.0f);
    COMPARE_EXACT(boneNamed(skeleton.armatures[0], "EasingIn").transform.y, 80.0f);

    const MovementData* quad = skeleton.animations[0].findMovement("Quad");
    QVERIFY(quad);
    QCOMPARE(quad->duration, 120);
    COMPARE_EXACT(quad->scale, 0.5f);
    QCOMPARE(skeleton.animations[0].findMovement("Sine")->duration, 121);
    const struct {
        const char* bone;
        Easing easing;
    } expected[] = {{"EasingIn", Easing::QuadEaseIn},
                    {"EasingOut", Easing::QuadEaseOut},
                    {"EasingInOut", Easing::QuadEaseInOut}};
    for (const auto& row : expected) {
        const MovementBoneData& bone = timeline(skeleton, "Quad", row.bone);
        QCOMPARE(bone.frames.size(), size_t(3));
        QCOMPARE(bone.frames[1].startFrame, 60);
        QCOMPARE(bone.frames[2].startFrame, 120);
        COMPARE_EXACT(bone.frames[0].transform.x, -200.0f);
        COMPARE_EXACT(bone.frames[1].transform.x, 200.0f);
        for (const FrameData& frame : bone.frames)
            QCOMPARE(frame.easing, row.easing);
    }
    QCOMPARE(timeline(skeleton, "Bounce", "EasingInOut").frames[0].easing, Easing::BounceEaseInOut);
    // The file writes no `twEP`: no frame carries Bezier parameters.
    for (const MovementData& movement : skeleton.animations[0].movements)
        for (const MovementBoneData& bone : movement.bones)
            for (const FrameData& frame : bone.frames)
                QVERIFY(frame.easingParams.empty());

    QCOMPARE(skeleton.textures.size(), size_t(1));
    QCOMPARE(skeleton.textures[0].name, std::string("ICON"));
    COMPARE_EXACT(skeleton.textures[0].width, 78.0f);
    COMPARE_EXACT(skeleton.textures[0].pivotY, 0.5f);
}

void TestCocoStudioReader::heroAnimationSpotValues()
{
    const auto result = readCorpus("HeroAnimation.ExportJson");
    REQUIRE_OK(result);
    const SkeletonData& skeleton = result.value();
    const ArmatureData& armature = skeleton.armatures[0];

    const BoneData& layer4 = boneNamed(armature, "Layer4");
    QCOMPARE(layer4.displays.size(), size_t(1));
    QCOMPARE(layer4.displays[0].type, DisplayType::Particle);
    QCOMPARE(layer4.displays[0].name, std::string("blood.plist"));

    const BoneData& layer14 = boneNamed(armature, "Layer14");
    COMPARE_EXACT(layer14.transform.x, 37.57562255859375f);
    COMPARE_EXACT(layer14.transform.y, -1.0336041450500488f);
    COMPARE_EXACT(layer14.transform.skewX, -1.64683986f);
    COMPARE_EXACT(layer14.transform.skewY, 1.64683986f);
    QCOMPARE(layer14.zOrder, 11);
    COMPARE_EXACT(layer14.displays.at(0).skin.x, 20.6592579f);
    COMPARE_EXACT(layer14.displays.at(0).skin.scaleX, 1.00000012f);

    QCOMPARE(timeline(skeleton, "attack", "Layer4").frames.at(0).displayIndex, -2);
    const MovementData* smitten = skeleton.animations[0].findMovement("smitten");
    QVERIFY(smitten);
    QVERIFY(!smitten->loop);
    COMPARE_EXACT(smitten->scale, 0.4f);

    const auto bear = readCorpus("bear.ExportJson");
    REQUIRE_OK(bear);
    COMPARE_EXACT(bear->animations[0].findMovement("Animation1")->scale, 0.166666672f);
}

void TestCocoStudioReader::oldVersionAccumulatesDurationsAndClosesTimelines()
{
    const auto result = readText(R"({
        "armature_data": [{"name": "a", "version": 0.2, "bone_data": [{"name": "b", "display_data": [{"name": "i.png"}]}]}],
        "animation_data": [{"name": "a", "mov_data": [{"name": "m", "dr": 9, "mov_bone_data": [
            {"name": "b", "frame_data": [
                {"dr": 4, "fi": 99, "x": 1.0, "evt": "hit", "twE": 3},
                {"dr": 5, "x": 2.0, "evt": "end", "z": 7}]}]}]}]})");
    REQUIRE_OK(result);
    const MovementBoneData& bone = result->animations[0].movements[0].bones[0];
    QCOMPARE(bone.duration, 9);
    QCOMPARE(bone.frames.size(), size_t(3));
    QCOMPARE(bone.frames[0].startFrame, 0); // `fi` is not read before VERSION_COMBINED
    QCOMPARE(bone.frames[0].duration, 4);
    QCOMPARE(bone.frames[1].startFrame, 4);
    QCOMPARE(bone.frames[1].duration, 5);
    // The closing copy of the last frame: at the total duration, without the event.
    const FrameData& closing = bone.frames[2];
    QCOMPARE(closing.startFrame, 9);
    QCOMPARE(closing.duration, 5);
    COMPARE_EXACT(closing.transform.x, 2.0f);
    QCOMPARE(closing.zOrder, 7);
    QVERIFY(closing.event.empty());
    QCOMPARE(bone.frames[1].event, std::string("end"));
}

void TestCocoStudioReader::rotationRangeFixBeforeVersion1()
{
    const char* json = R"({
        "armature_data": [{"name": "a", "version": %1, "bone_data": [{"name": "b", "display_data": [{"name": "i.png"}]}]}],
        "animation_data": [{"name": "a", "mov_data": [{"name": "m", "dr": 20, "mov_bone_data": [
            {"name": "b", "frame_data": [{"fi": 0, "kX": 3.0, "kY": -3.0},
                                         {"fi": 10, "kX": -3.0, "kY": 3.0},
                                         {"fi": 20, "kX": 3.0, "kY": 1.0}]}]}]}]})";
    const auto read = [json](const char* version) {
        return readText(QString::fromLatin1(json).arg(version).toStdString());
    };
    const auto old = read("0.5");
    REQUIRE_OK(old);
    const auto& frames = old->animations[0].movements[0].bones[0].frames;
    // From the back: frame 1 (−3) moves up to −3 + 2π to meet frame 2 (3); frame 0 (3) then
    // already lies within π of it. kY: 3 → 1 is fine; −3 → 3 moves frame 0 to −3 + 2π.
    constexpr double twoPi = 2 * std::numbers::pi;
    COMPARE_EXACT(frames[2].transform.skewX, 3.0f);
    COMPARE_EXACT(frames[1].transform.skewX, float(-3.0f + twoPi));
    COMPARE_EXACT(frames[0].transform.skewX, 3.0f);
    COMPARE_EXACT(frames[1].transform.skewY, 3.0f);
    COMPARE_EXACT(frames[0].transform.skewY, float(-3.0f + twoPi));

    const auto current = read("1.0");
    REQUIRE_OK(current);
    COMPARE_EXACT(current->animations[0].movements[0].bones[0].frames[1].transform.skewX, -3.0f);
}

void TestCocoStudioReader::colourFromVersion1_1()
{
    const char* json = R"({
        "armature_data": [{"name": "a", "version": %1, "bone_data": [
            {"name": "b", "color": {"a": 100, "r": 1, "g": 2, "b": 3},
             "display_data": [{"name": "i.png"}]}]}],
        "animation_data": [{"name": "a", "mov_data": [{"name": "m", "dr": 2, "mov_bone_data": [
            {"name": "b", "frame_data": [{"fi": 0, "color": {"a": 128, "r": 10}},
                                         {"fi": 1, "color": null},
                                         {"fi": 2}]}]}]}]})";
    const auto read = [json](const char* version) {
        return readText(QString::fromLatin1(json).arg(version).toStdString());
    };
    const auto result = read("1.1");
    REQUIRE_OK(result);
    const BoneData& bone = result->armatures[0].bones[0];
    QVERIFY(bone.useColor);
    QCOMPARE(bone.color, (ColorTransform{100, 1, 2, 3}));
    const auto& frames = result->animations[0].movements[0].bones[0].frames;
    QVERIFY(frames[0].useColor);
    QCOMPARE(frames[0].color, (ColorTransform{128, 10, 255, 255}));
    QVERIFY(frames[1].useColor); // cocos2d-x's HasMember sees a null colour: all 255
    QCOMPARE(frames[1].color, ColorTransform{});
    QVERIFY(!frames[2].useColor);

    const auto old = read("1.0");
    REQUIRE_OK(old);
    QVERIFY(!old->armatures[0].bones[0].useColor);
    QVERIFY(!old->animations[0].movements[0].bones[0].frames[0].useColor);
}

void TestCocoStudioReader::looseTypesReadAsCocos2dx()
{
    // realworld/loose-types.ExportJson: what cocos2d-x plays without complaint, read its way.
    const QString path = QStringLiteral(BONESCOPE_TEST_DATA "/realworld/loose-types.ExportJson");
    const QByteArray bytes = readFile(path);
    const auto result = readText(std::string_view(bytes.constData(), size_t(bytes.size())));
    REQUIRE_OK(result);
    // `lp` of 1, 0 and "true", `tweenFrame` of 0: anything but true reads as false.
    for (const MovementData& movement : result->animations[0].movements)
        QVERIFY2(!movement.loop, movement.name.c_str());
    QVERIFY(!timeline(result.value(), "count", "arm").frames[0].tween);
    // Colours given as arrays read as white; a displayType cocos2d-x lacks keeps its place.
    const ArmatureData& armature = result->armatures[0];
    const BoneData& root = boneNamed(armature, "root");
    QVERIFY(root.useColor);
    QCOMPARE(root.color, ColorTransform{});
    const FrameData& tinted = timeline(result.value(), "zero", "root").frames[1];
    QVERIFY(tinted.useColor);
    QCOMPARE(tinted.color, ColorTransform{});
    QCOMPARE(root.displays.size(), size_t(2));
    QCOMPARE(root.displays[1].type, DisplayType::Unknown);
    QCOMPARE(boneNamed(armature, "arm").displays[1].type, DisplayType::Unknown);

    std::vector<std::string> pointers;
    for (const LoadError& warning : result->warnings)
        pointers.push_back(warning.jsonPointer);
    std::sort(pointers.begin(), pointers.end());
    const std::string movements = "/animation_data/0/mov_data/";
    QCOMPARE(pointers, (std::vector<std::string>{
                           movements + "0/lp",
                           movements + "0/mov_bone_data/1/frame_data/0/tweenFrame",
                           movements + "1/lp",
                           movements + "1/mov_bone_data/0/frame_data/0/color",
                           movements + "1/mov_bone_data/0/frame_data/1/color",
                           movements + "2/lp",
                           "/armature_data/0/bone_data/0/color",
                           "/armature_data/0/bone_data/0/display_data/1/displayType",
                           "/armature_data/0/bone_data/1/display_data/1/displayType",
                       }));
}

void TestCocoStudioReader::firstOfEqualKeysIsRead()
{
    // rapidjson's FindMember, which every cocos2d-x lookup goes through, finds the first.
    const auto result = readText(R"({"armature_data": [{"name": "a", "version": 1.1,
        "bone_data": [{"name": "b", "display_data": [{"name": "i.png"}]}]}],
        "animation_data": [{"name": "a", "mov_data": [{"name": "m", "dr": 4, "lp": false,
            "lp": true, "mov_bone_data": [{"name": "b", "frame_data": [{"fi": 0, "x": 1,
            "x": {"ignored": [2]}}], "frame_data": [{"fi": 0}, {"fi": 1}]}]}]}]})");
    REQUIRE_OK(result);
    const MovementData& movement = result->animations[0].movements[0];
    QVERIFY(!movement.loop);
    QCOMPARE(movement.bones[0].frames.size(), size_t(1));
    COMPARE_EXACT(movement.bones[0].frames[0].transform.x, 1.f);
    std::vector<std::string> pointers;
    std::vector<int> lines;
    for (const LoadError& warning : result->warnings) {
        pointers.push_back(warning.jsonPointer);
        lines.push_back(warning.line);
        QVERIFY(warning.message.ends_with("as in cocos2d-x, the first one is read and this one "
                                          "ignored"));
    }
    const std::string at = "/animation_data/0/mov_data/0/";
    QCOMPARE(pointers, (std::vector<std::string>{at + "lp", at + "mov_bone_data/0/frame_data/0/x",
                                                 at + "mov_bone_data/0/frame_data"}));
    // The pointers name the first keys; the lines, the ignored ones (the second frame_data is
    // on line 5, the first on line 4).
    QCOMPARE(lines, (std::vector<int>{4, 5, 5}));
}

void TestCocoStudioReader::laterMovementOfAUsedNameReplacesTheEarlier()
{
    // So do a movement's timelines of one bone (MovementData's map, unlike the XML reader).
    const auto result = readText(R"({"armature_data": [{"name": "a", "version": 1.1,
        "bone_data": [{"name": "b", "display_data": [{"name": "i.png"}]},
                      {"name": "c", "display_data": [{"name": "i.png"}]}]}],
        "animation_data": [{"name": "a", "mov_data": [
            {"name": "idle", "dr": 4, "mov_bone_data": []},
            {"name": "jump", "dr": 5, "mov_bone_data": [
                {"name": "b", "frame_data": [{"fi": 0, "x": 1}]},
                {"name": "c", "frame_data": [{"fi": 0}]},
                {"name": "b", "frame_data": [{"fi": 0, "x": 2}]}]},
            {"name": "idle", "dr": 6, "mov_bone_data": []},
            {"name": "idle", "dr": 7, "to": 2, "mov_bone_data": []}]}]})");
    REQUIRE_OK(result);
    const auto& movements = result->animations[0].movements;
    QCOMPARE(movements.size(), size_t(2));
    QCOMPARE(movements[0].name, std::string("idle"));
    QCOMPARE(movements[0].duration, 7);
    QCOMPARE(movements[0].durationTo, 2);
    QCOMPARE(movements[1].duration, 5);
    const auto& timelines = movements[1].bones;
    QCOMPARE(timelines.size(), size_t(2));
    QCOMPARE(timelines[0].name, std::string("b"));
    COMPARE_EXACT(timelines[0].frames[0].transform.x, 2.f);
    QCOMPARE(result->warnings.size(), size_t(3));
    QCOMPARE(result->warnings[0].message,
             std::string("bone \"b\" has a timeline again (earlier at "
                         "/animation_data/0/mov_data/1/mov_bone_data/0); as in cocos2d-x, this "
                         "later one plays"));
    QCOMPARE(result->warnings[2].jsonPointer, std::string("/animation_data/0/mov_data/3/name"));
    QCOMPARE(result->warnings[2].message,
             std::string("movement \"idle\" is defined again (earlier at "
                         "/animation_data/0/mov_data/2); as in cocos2d-x, this later definition "
                         "is the one played"));
}

void TestCocoStudioReader::laterArmatureAndAnimationOfAUsedNameReplaceTheEarlier()
{
    // ArmatureDataManager's maps keep the later of two armatures or animations of one name, in
    // the earlier one's place.
    const auto result = readText(R"({"armature_data": [
            {"name": "a", "version": 1.1, "bone_data": [{"name": "b", "x": 1}]},
            {"name": "z", "version": 1.1, "bone_data": [{"name": "b"}]},
            {"name": "a", "version": 1.1, "bone_data": [{"name": "b", "x": 2}, {"name": "c"}]}],
        "animation_data": [
            {"name": "a", "mov_data": [{"name": "idle", "dr": 4, "mov_bone_data": []}]},
            {"name": "a", "mov_data": [{"name": "run", "dr": 5, "mov_bone_data": []}]}]})");
    REQUIRE_OK(result);
    QCOMPARE(result->armatures.size(), size_t(2));
    QCOMPARE(result->armatures[0].name, std::string("a"));
    QCOMPARE(result->armatures[0].bones.size(), size_t(2));
    COMPARE_EXACT(result->armatures[0].bones[0].transform.x, 2.f);
    QCOMPARE(result->armatures[1].name, std::string("z"));
    QCOMPARE(result->animations.size(), size_t(1));
    QCOMPARE(result->animations[0].movements.size(), size_t(1));
    QCOMPARE(result->animations[0].movements[0].name, std::string("run"));
    QCOMPARE(result->warnings.size(), size_t(2));
    QCOMPARE(result->warnings[0].jsonPointer, std::string("/armature_data/2/name"));
    QCOMPARE(result->warnings[0].message,
             std::string("armature \"a\" is defined again (earlier at /armature_data/0); as in "
                         "cocos2d-x, this later definition is the one played"));
    QCOMPARE(result->warnings[1].jsonPointer, std::string("/animation_data/1/name"));
}

void TestCocoStudioReader::laterBoneOfAUsedNameReplacesTheEarlier()
{
    // ArmatureData's bone map keeps the later of two bones of one name, in the earlier one's
    // place; the bones that name it as their parent hang from that one (the goldens of
    // realworld/duplicate-bone.ExportJson come from cocos2d-x).
    const auto result = readText(R"({"armature_data": [{"name": "a", "version": 1.1,
        "bone_data": [{"name": "root", "x": 1}, {"name": "arm", "parent": "root"},
                      {"name": "root", "x": 2, "z": 4}, {"name": "hand", "parent": "arm"},
                      {"name": "arm", "x": 3}]}],
        "animation_data": []})");
    REQUIRE_OK(result);
    const auto& bones = result->armatures[0].bones;
    QCOMPARE(bones.size(), size_t(3));
    QCOMPARE(bones[0].name, std::string("root"));
    COMPARE_EXACT(bones[0].transform.x, 2.f);
    QCOMPARE(bones[0].zOrder, 4);
    QCOMPARE(bones[1].name, std::string("arm"));
    COMPARE_EXACT(bones[1].transform.x, 3.f);
    QCOMPARE(bones[1].parentIndex, -1); // the later "arm" has no parent
    QCOMPARE(bones[2].name, std::string("hand"));
    QCOMPARE(bones[2].parentIndex, 1);
    QCOMPARE(result->warnings.size(), size_t(2));
    QCOMPARE(result->warnings[0].jsonPointer, std::string("/armature_data/0/bone_data/2/name"));
    QCOMPARE(result->warnings[0].message,
             std::string("bone \"root\" is defined again (earlier at "
                         "/armature_data/0/bone_data/0); as in cocos2d-x, this later definition "
                         "is the one played"));
    QCOMPARE(result->warnings[1].jsonPointer, std::string("/armature_data/0/bone_data/4/name"));
}

void TestCocoStudioReader::laterTextureOfAUsedNameReplacesTheEarlier()
{
    // cocos2d-x's texture map keeps the later of two textures of one name (Map::insert replaces;
    // realworld/duplicate-texture.ExportJson plays as zero-length.ExportJson): the image is placed
    // by the later pivot.
    const auto result = readText(R"({"armature_data": [{"name": "a", "version": 1.1,
        "bone_data": [{"name": "b"}]}], "animation_data": [],
        "texture_data": [{"name": "t", "width": 8, "pX": 0.5, "pY": 0.5}, {"name": "u"},
                         {"name": "t", "width": 9, "pX": 0.0, "pY": 1.0}]})");
    REQUIRE_OK(result);
    QCOMPARE(result->textures.size(), size_t(2));
    QCOMPARE(result->findTexture("t"), &result->textures[0]);
    COMPARE_EXACT(result->textures[0].width, 9.f);
    COMPARE_EXACT(result->textures[0].pivotX, 0.f);
    COMPARE_EXACT(result->textures[0].pivotY, 1.f);
    QCOMPARE(result->warnings.size(), size_t(1));
    QCOMPARE(result->warnings[0].jsonPointer, std::string("/texture_data/2/name"));
    QCOMPARE(result->warnings[0].message,
             std::string("texture \"t\" is defined again (earlier at /texture_data/0); as in "
                         "cocos2d-x, this later definition is the one played"));
}

void TestCocoStudioReader::warningsPastTheLimitAreCounted()
{
    // 150 keyframes of an unknown tween type: kMaxWarningsPerFile (100) in detail, then one
    // warning counting the other 50.
    nlohmann::json frames = nlohmann::json::array();
    for (int f = 0; f < 150; ++f)
        frames.push_back({{"fi", f}, {"twE", 77}});
    const nlohmann::json document = {
        {"armature_data",
         {{{"name", "a"},
           {"version", 1.1},
           {"bone_data", {{{"name", "b"}, {"display_data", {{{"name", "i.png"}}}}}}}}}},
        {"animation_data",
         {{{"name", "a"},
           {"mov_data",
            {{{"name", "m"},
              {"dr", 150},
              {"mov_bone_data", {{{"name", "b"}, {"frame_data", frames}}}}}}}}}}};
    const auto result = readText(document.dump());
    REQUIRE_OK(result);
    const auto& warnings = result->warnings;
    QCOMPARE(warnings.size(), size_t(101));
    QCOMPARE(warnings[99].jsonPointer,
             std::string("/animation_data/0/mov_data/0/mov_bone_data/0/frame_data/99/twE"));
    QCOMPARE(warnings.back().file, std::string("inline.ExportJson"));
    QCOMPARE(warnings.back().message, std::string("and 50 more warnings like those above"));
}

void TestCocoStudioReader::contentScaleMultipliesPositions()
{
    const auto result = readText(R"({"content_scale": 2.0,
        "armature_data": [{"name": "a", "version": 1.1, "bone_data": [{"name": "b",
            "x": 1.5, "y": -0.25, "cX": 3.0,
            "display_data": [{"name": "i.png", "skin_data": [{"x": 4.0, "y": 5.0}]}]}]}],
        "animation_data": [{"name": "a", "mov_data": [{"name": "m", "dr": 1, "mov_bone_data": [
            {"name": "b", "frame_data": [{"fi": 0, "x": 0.1, "y": 7.0, "cY": 0.5}]}]}]}]})");
    REQUIRE_OK(result);
    COMPARE_EXACT(result->contentScale, 2.0f);
    const BoneData& bone = result->armatures[0].bones[0];
    COMPARE_EXACT(bone.transform.x, 3.0f);
    COMPARE_EXACT(bone.transform.y, -0.5f);
    COMPARE_EXACT(bone.transform.scaleX, 3.0f); // scales are not positions
    COMPARE_EXACT(bone.displays[0].skin.x, 8.0f);
    COMPARE_EXACT(bone.displays[0].skin.y, 10.0f);
    const FrameData& frame = result->animations[0].movements[0].bones[0].frames[0];
    COMPARE_EXACT(frame.transform.x, 0.1f * 2.0f);
    COMPARE_EXACT(frame.transform.y, 14.0f);
    COMPARE_EXACT(frame.transform.scaleY, 0.5f);
}

void TestCocoStudioReader::bonesReorderedParentsFirst()
{
    const auto result = readText(R"({"armature_data": [{"name": "a", "version": 1.0,
        "bone_data": [{"name": "c", "parent": "b"}, {"name": "d"}, {"name": "b", "parent": "a"},
                      {"name": "a"}, {"name": "e", "parent": "d"}]}]})");
    REQUIRE_OK(result);
    const ArmatureData& armature = result->armatures[0];
    QStringList order;
    for (const BoneData& bone : armature.bones)
        order << QString::fromStdString(bone.name);
    // Lowest file index first among the bones whose parent is already placed.
    QCOMPARE(order, (QStringList{"d", "a", "b", "c", "e"}));
    QCOMPARE(boneNamed(armature, "d").parentIndex, -1);
    QCOMPARE(boneNamed(armature, "b").parentIndex, 1);
    QCOMPARE(boneNamed(armature, "c").parentIndex, 2);
    QCOMPARE(boneNamed(armature, "e").parentIndex, 0);
    QVERIFY(result->animations.empty());
}

void TestCocoStudioReader::displaysAndDefaults()
{
    const auto result = readText("\xEF\xBB\xBF"
                                 R"({
        "armature_data": [{"name": "a", "version": 1.1, "unknown": {"x": [1, {"y": null}]},
            "bone_data": [{"name": "b", "display_data": [
                {"name": "skinless.png"},
                {"name": "s.png", "displayType": 0, "skin_data": [{"x": 1.0}, "unused"]},
                {"name": "nested", "displayType": 1, "plist": "ignored"},
                {"name": "ignored", "displayType": 2, "plist": "fx.plist"}]}]}],
        "animation_data": [{"name": "a", "mov_data": [{"name": "m", "dr": 3, "sc": 2.0,
            "mov_bone_data": [{"name": "b", "dl": 0.25, "sc": 9.0, "frame_data": [
                {"fi": 1, "twE": -1, "twEP": [0, 0.1, 0, 0.2, 0, 0.3, null, 1],
                 "bd_src": 770, "bd_dst": 1, "tweenFrame": false, "dI": -1,
                 "tweenRotate": 2.0, "mov": "x", "sd": "s", "sdE": "e"}]}]}]}],
        "texture_data": [{"name": "t"}]})");
    REQUIRE_OK(result);
    const auto& displays = result->armatures[0].bones[0].displays;
    QCOMPARE(displays.size(), size_t(4));
    COMPARE_EXACT(displays[0].skin.skewX, 0.0f); // no skin_data: identity
    COMPARE_EXACT(displays[1].skin.x, 1.0f);
    COMPARE_EXACT(displays[1].skin.skewX, 1.0f); // cocos2d-x's default for a skin's kX / kY
    COMPARE_EXACT(displays[1].skin.skewY, 1.0f);
    COMPARE_EXACT(displays[1].skin.scaleY, 1.0f);
    QCOMPARE(displays[2].type, DisplayType::Armature);
    QCOMPARE(displays[2].name, std::string("nested"));
    QCOMPARE(displays[3].type, DisplayType::Particle);
    QCOMPARE(displays[3].name, std::string("fx.plist"));

    const MovementData& movement = result->animations[0].movements[0];
    COMPARE_EXACT(movement.scale, 2.0f);
    QVERIFY(movement.loop);
    const MovementBoneData& bone = movement.bones[0];
    COMPARE_EXACT(bone.delay, 0.25f);
    COMPARE_EXACT(bone.scale, 1.0f); // a movement bone's `sc` is not read from JSON
    const FrameData& frame = bone.frames[0];
    QCOMPARE(frame.startFrame, 1);
    QCOMPARE(frame.easing, Easing::CustomEasing);
    QCOMPARE(frame.easingParams, (std::vector<float>{0.f, 0.1f, 0.f, 0.2f, 0.f, 0.3f, 0.f, 1.f}));
    QCOMPARE(frame.blend, (BlendFunc{770, 1}));
    QVERIFY(!frame.tween);
    QCOMPARE(frame.displayIndex, -1);
    COMPARE_EXACT(frame.tweenRotate, 0.0f);
    QVERIFY(frame.movement.empty());
    QVERIFY(frame.sound.empty());
    QVERIFY(frame.soundEffect.empty());

    const TextureData& texture = result->textures[0];
    COMPARE_EXACT(texture.pivotX, 0.0f); // getFloatValue_json's default, not TextureData's 0.5
    COMPARE_EXACT(texture.width, 0.0f);
}

void TestCocoStudioReader::animationsUseTheLastArmaturesVersion()
{
    // cocos2d-x decodes all armatures first; the animations then see the last one's version.
    const auto result = readText(R"({
        "armature_data": [{"name": "a", "version": 0.2, "bone_data": [{"name": "b", "display_data": [{"name": "i.png"}]}]},
                          {"name": "z", "version": 1.0, "strVersion": "1.0.0.0"}],
        "animation_data": [{"name": "a", "mov_data": [{"name": "m", "dr": 9, "mov_bone_data": [
            {"name": "b", "frame_data": [{"fi": 3, "dr": 4}]}]}]}]})");
    REQUIRE_OK(result);
    COMPARE_EXACT(result->armatures[0].dataVersion, 0.2f);
    QCOMPARE(result->version, std::string("1.0.0.0"));
    const MovementBoneData& bone = result->animations[0].movements[0].bones[0];
    QCOMPARE(bone.frames.size(), size_t(1));
    QCOMPARE(bone.frames[0].startFrame, 3);
}

void TestCocoStudioReader::whitespaceIsOnlyDroppedBetweenTokens()
{
    // Whitespace only separates tokens: strings keep their spaces, literals are never joined,
    // and syntax errors report the line they are on (CRLF files too).
    const auto spaced = readText(R"({"armature_data": [{"name": "a  b",
        "bone_data": [{"name": " c d ", "parent": ""}]}]})");
    REQUIRE_OK(spaced);
    QCOMPARE(spaced->armatures[0].name, std::string("a  b"));
    QCOMPARE(spaced->armatures[0].bones[0].name, std::string(" c d "));

    const auto joined = readText("{\"armature_data\": [{\"name\": \"a\", \"version\": 1 2}]}");
    QVERIFY(!joined.ok());
    QVERIFY2(QString::fromStdString(joined.error().message).contains("syntax error"),
             qPrintable(describe(joined.error())));

    const auto crlf = readText("{\r\n  \"armature_data\": [\r\n\r\n    tru\r\n  ]\r\n}");
    QVERIFY(!crlf.ok());
    QCOMPARE(crlf.error().line, 4);
    QCOMPARE(crlf.error().jsonPointer, std::string("/armature_data/0"));
}

void TestCocoStudioReader::syntaxErrorsMatchAPlainParse()
{
    // Damage Cowboy (truncate it, or drop a byte into it) at many places: the reader fails
    // exactly when nlohmann's own DOM parse of the original text fails, on the same line.
    const QByteArray original =
        readFile(QStringLiteral(BONESCOPE_TEST_DATA "/corpus/Cowboy.ExportJson"));
    QRandomGenerator random(20261130);
    const char damage[] = {'x', '1', ' ', '\n', ',', '"', '}', '-', '.', 'e'};
    int typeErrorsFirst = 0;
    for (int round = 0; round < 300; ++round) {
        std::string text(original.constData(), size_t(original.size()));
        const size_t at = random.bounded(quint32(text.size()));
        if (round % 3 == 0)
            text.resize(at);
        else
            text.insert(at, 1, damage[random.bounded(quint32(sizeof damage))]);
        int expectedLine = 0;
        try {
            const nlohmann::json parsed = nlohmann::json::parse(text);
            Q_UNUSED(parsed);
        } catch (const nlohmann::json::parse_error& error) {
            const size_t end = std::min(error.byte > 0 ? error.byte - 1 : 0, text.size());
            expectedLine = int(std::count(text.begin(), text.begin() + long(end), '\n')) + 1;
        }
        const auto result = readText(text);
        if (expectedLine == 0) {
            // Valid JSON: it loads, or fails a check of the ExportJson itself.
            if (!result.ok())
                QVERIFY2(!result.error().message.starts_with("syntax error"),
                         qPrintable(describe(result.error())));
            continue;
        }
        QVERIFY2(!result.ok(), qPrintable(QString("damage at %1 not reported").arg(at)));
        // A damaged string boundary can make a value of the wrong type appear first: that
        // error is reported instead, at its value's line, which the reader met before the
        // damage; a syntax error must be on the damage's line.
        const int line = result.error().line;
        QVERIFY2(line > 0 && line <= expectedLine, qPrintable(describe(result.error())));
        if (result.error().message.starts_with("syntax error"))
            QCOMPARE(line, expectedLine);
        else if (line < expectedLine)
            ++typeErrorsFirst;
    }
    QVERIFY(typeErrorsFirst < 30);
}

void TestCocoStudioReader::brokenInputs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("message");
    const QString frame0 = "/animation_data/0/mov_data/0/mov_bone_data/0/frame_data/0";
    const QString frame1 = "/animation_data/0/mov_data/0/mov_bone_data/0/frame_data/1";
    const QString bone0 = "/armature_data/0/bone_data/0";
    const QString bone1 = "/armature_data/0/bone_data/1";
    const QString movement = "/animation_data/0/mov_data/0";
    QTest::newRow("empty") << "empty" << 0 << ""
                           << "empty file";
    QTest::newRow("not JSON") << "not_json" << 1 << ""
                              << "invalid literal";
    QTest::newRow("truncated") << "truncated" << 23 << bone1 << "unexpected end of input";
    QTest::newRow("string for number") << "string_for_number" << 10 << bone0 + "/x"
                                       << "expected a number, found the string \"12\"";
    QTest::newRow("object for array") << "object_for_array" << 6 << "/armature_data/0/bone_data"
                                      << "expected an array, found an object";
    QTest::newRow("missing bone name") << "missing_bone_name" << 20 << bone1 << "no \"name\"";
    QTest::newRow("NaN") << "nan_literal" << 51 << frame0 + "/x"
                         << "invalid literal";
    QTest::newRow("Infinity") << "infinity_literal" << 57 << frame1 + "/x"
                              << "invalid number";
    QTest::newRow("float overflow") << "float_overflow" << 59 << frame1 + "/y"
                                    << "does not fit a float";
    QTest::newRow("double overflow") << "double_overflow" << 23 << bone1 + "/x"
                                     << "number overflow";
    // A later bone of a used name replaces the earlier one; this one names itself its parent
    // (cocos2d-x crashes on it).
    QTest::newRow("duplicate bone") << "duplicate_bone_name" << 22 << bone1 + "/parent"
                                    << "parent cycle: \"root\" → \"root\"";
    QTest::newRow("unknown parent") << "unknown_parent" << 22 << bone1 + "/parent"
                                    << "unknown parent \"nobody\"";
    QTest::newRow("parent cycle") << "parent_cycle" << 9 << bone0 + "/parent"
                                  << "parent cycle: \"root\" → \"child\" → \"root\"";
    QTest::newRow("negative frame dr") << "negative_frame_duration" << 53 << frame0 + "/dr"
                                       << "frame duration -3";
    QTest::newRow("frames out of order") << "frames_out_of_order" << 55 << frame1 + "/fi"
                                         << "comes before the previous keyframe's 7";
    QTest::newRow("huge duration") << "huge_duration" << 37 << movement + "/dr"
                                   << "movement duration 1000000000 is outside";
    QTest::newRow("invalid UTF-8") << "invalid_utf8" << 21 << bone1 + "/name"
                                   << "ill-formed UTF-8";
    QTest::newRow("absurd texture") << "absurd_texture_size" << 70 << "/texture_data/0/width"
                                    << "outside -65536..65536";
    QTest::newRow("fraction for integer") << "fraction_for_integer" << 56 << frame1 + "/dI"
                                          << "expected an integer, found 1.5";
    QTest::newRow("top-level array") << "top_level_array" << 0 << ""
                                     << "the top level must be an object";
    QTest::newRow("no armature_data") << "no_armature_data" << 0 << ""
                                      << "no \"armature_data\"";
    QTest::newRow("display index") << "display_index_out_of_range" << 56 << frame1 + "/dI"
                                   << "display index 3 but bone \"root\" has 1";
    QTest::newRow("colour string at 1.1") << "color_string_v1_1" << 53 << frame0 + "/color"
                                          << "expected an object, found the string \"red\"";
    QTest::newRow("short custom easing") << "short_custom_easing" << 53 << frame0 + "/twEP"
                                         << "needs 8 Bezier values, found 3";
    QTest::newRow("huge colour channel") << "huge_color_channel" << 53 << frame0 + "/color/a"
                                         << "a colour channel of 2000000 is beyond ±1000000";
    QTest::newRow("deep nesting") << "deep_nesting" << 79 << "/extra" + QString("/0").repeated(63)
                                  << "nesting deeper than 64";
    QTest::newRow("zero content_scale") << "zero_content_scale" << 79 << "/content_scale"
                                        << "must be positive";
    QTest::newRow("integer out of range") << "integer_out_of_range" << 25 << bone1 + "/z"
                                          << "integer 3000000000 is out of range";
}

void TestCocoStudioReader::brokenInputs()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, pointer);
    QFETCH(QString, message);
    const QString path = QStringLiteral(BONESCOPE_TEST_DATA "/broken/json/") + file + ".ExportJson";
    const QByteArray bytes = readFile(path);
    const auto result = readCocoStudioJson(
        std::string_view(bytes.constData(), size_t(bytes.size())), path.toStdString());
    QVERIFY2(!result.ok(), "the broken file loaded");
    const LoadError& error = result.error();
    QCOMPARE(QString::fromStdString(error.file), path);
    QCOMPARE(QString::fromStdString(error.jsonPointer), pointer);
    QCOMPARE(error.line, line);
    QVERIFY2(QString::fromStdString(error.message).contains(message), qPrintable(describe(error)));
}

QTEST_GUILESS_MAIN(TestCocoStudioReader)
#include "test_cocostudio_reader.moc"
