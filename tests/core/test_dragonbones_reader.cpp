#include "io/DragonBonesEasing.h"
#include "io/DragonBonesReader.h"
#include "io/TinyxmlNumbers.h"

#include <QDir>
#include <QFileInfo>
#include <QtTest>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

using namespace bonescope::core;

namespace {

std::string readData(const QString& relative)
{
    const std::string path = QStringLiteral(BONESCOPE_TEST_DATA "/%1").arg(relative).toStdString();
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

SkeletonData loadCorpus(const char* file)
{
    const std::string name = std::string("corpus/") + file;
    auto result = readDragonBonesXml(readData(QString::fromStdString(name)), name);
    if (!result)
        qFatal("%s", result.error().toString().c_str());
    return std::move(result.value());
}

Result<SkeletonData> loadText(const std::string& text)
{
    return readDragonBonesXml(text, "inline.xml");
}

/// A small valid 2.x skeleton: root ← child, one movement; `frames` replaces the root's frames.
std::string skeleton(const std::string& version, const std::string& rootFrames,
                     const std::string& childTimeline = {}, int duration = 2)
{
    return R"(<skeleton name="t" frameRate="24" version=")" + version + R"(">
 <armatures>
  <armature name="a">
   <b name="child" parent="root" x="1" y="2" kX="90" kY="90" cX="1" cY="1" z="1"/>
   <b name="root" x="10" y="20" kX="30" kY="30" cX="1" cY="1" z="0">
    <d name="img.png" pX="3" pY="4"/>
    <d name="nested" isArmature="1"/>
   </b>
  </armature>
 </armatures>
 <animations>
  <animation name="a">
   <mov name="idle" dr=")" +
           std::to_string(duration) + R"(" lp="0">
    <b name="root">)" +
           rootFrames + R"(</b>)" + childTimeline + R"(
   </mov>
  </animation>
 </animations>
</skeleton>
)";
}

void compareFloat(double actual, double expected, double tolerance, const char* what)
{
    QVERIFY2(std::abs(actual - expected) <= tolerance,
             qPrintable(QStringLiteral("%1: %2, expected %3")
                            .arg(what)
                            .arg(actual, 0, 'f', 7)
                            .arg(expected, 0, 'f', 7)));
}

void compareTransform(const Transform& t, double x, double y, double skewX, double skewY,
                      double tolerance = 1e-4)
{
    compareFloat(t.x, x, tolerance, "x");
    compareFloat(t.y, y, tolerance, "y");
    compareFloat(t.skewX, skewX, tolerance, "skewX");
    compareFloat(t.skewY, skewY, tolerance, "skewY");
}

constexpr double kDegree = std::numbers::pi / 180;

/// A skeleton of one bone whose <TextureAtlas> holds `subTextures`, from line 4 on.
std::string skeletonWithAtlas(std::string_view subTextures)
{
    return R"(<skeleton version="2.0"><armatures><armature name="a">
<b name="r"/></armature></armatures>
<TextureAtlas name="sheet">)" +
           std::string(subTextures) + "\n</TextureAtlas></skeleton>";
}

/// `warnings` are those of `expected`: each on its line, its message starting so.
void compareWarnings(const std::vector<LoadError>& warnings,
                     const std::vector<std::pair<int, std::string>>& expected)
{
    QCOMPARE(warnings.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(warnings[i].line, expected[i].first);
        QVERIFY2(warnings[i].message.starts_with(expected[i].second), warnings[i].message.c_str());
    }
}

} // namespace

class TestDragonBonesReader : public QObject {
    Q_OBJECT
private slots:
    void loadsEveryCorpusFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("armatures");
        QTest::addColumn<int>("firstArmatureBones");
        QTest::addColumn<int>("animations");
        QTest::addColumn<int>("firstAnimationMovements");
        QTest::addColumn<int>("textures");
        QTest::newRow("Dragon 2.2") << "Dragon.xml"
                                    << "2.2" << 1 << 17 << 1 << 4 << 17;
        QTest::newRow("knight 2.0") << "knight.xml"
                                    << "2.0" << 1 << 13 << 1 << 2 << 9;
        QTest::newRow("weapon 1.4") << "weapon.xml"
                                    << "1.4" << 1 << 7 << 0 << 0 << 7;
        QTest::newRow("cyborg 2.0") << "cyborg.xml"
                                    << "2.0" << 3 << 10 << 3 << 4 << 17;
        QTest::newRow("robot 2.0") << "robot.xml"
                                   << "2.0" << 1 << 15 << 1 << 8 << 9;
    }
    void loadsEveryCorpusFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, version);
        QFETCH(int, armatures);
        QFETCH(int, firstArmatureBones);
        QFETCH(int, animations);
        QFETCH(int, firstAnimationMovements);
        QFETCH(int, textures);
        const SkeletonData data = loadCorpus(file.toUtf8().constData());
        QCOMPARE(data.format, SourceFormat::DragonBonesXml);
        QCOMPARE(QString::fromStdString(data.version), version);
        QCOMPARE(int(data.armatures.size()), armatures);
        QCOMPARE(int(data.armatures[0].bones.size()), firstArmatureBones);
        QCOMPARE(int(data.animations.size()), animations);
        if (animations > 0)
            QCOMPARE(int(data.animations[0].movements.size()), firstAnimationMovements);
        QCOMPARE(int(data.textures.size()), textures);
        QCOMPARE(int(data.atlases.size()), 1);
        QCOMPARE(int(data.atlases[0].frames.size()), textures);
        QCOMPARE(QString::fromStdString(data.atlases[0].imagePath),
                 QFileInfo(file).completeBaseName() + ".png");

        for (const ArmatureData& armature : data.armatures) {
            QCOMPARE(armature.dataVersion, 0.1f); // cocos2d-x's default, not the file version
            for (size_t i = 0; i < armature.bones.size(); ++i) {
                const BoneData& bone = armature.bones[i];
                QVERIFY(bone.parentIndex < int(i)); // parent before child
                if (bone.parentIndex >= 0)
                    QCOMPARE(armature.bones[bone.parentIndex].name, bone.parentName);
                else
                    QVERIFY(bone.parentName.empty());
            }
        }
        for (const AnimationData& animation : data.animations) {
            QVERIFY(data.findArmature(animation.name));
            for (const MovementData& movement : animation.movements)
                for (const MovementBoneData& timeline : movement.bones) {
                    QCOMPARE(timeline.duration, movement.duration);
                    QCOMPARE(timeline.frames.back().startFrame, movement.duration);
                    for (size_t k = 1; k < timeline.frames.size(); ++k) {
                        const FrameData& previous = timeline.frames[k - 1];
                        QCOMPARE(timeline.frames[k].startFrame,
                                 previous.startFrame + previous.duration);
                        // the unwrapped skews step by at most half a turn
                        QVERIFY(std::abs(timeline.frames[k].transform.skewX -
                                         previous.transform.skewX) <= std::numbers::pi + 1e-6);
                    }
                }
        }
    }

    void dragonValuesMatchHandAndCocos2dx()
    {
        const SkeletonData data = loadCorpus("Dragon.xml");
        QCOMPARE(QString::fromStdString(data.name), QString("Dragon"));
        QCOMPARE(data.frameRate, 24.f);
        const ArmatureData& armature = data.armatures[0];
        // File order starts with tailTip (parent tail, whose parent is body): body comes first.
        QCOMPARE(QString::fromStdString(armature.bones[0].name), QString("body"));
        QCOMPARE(armature.bones[0].parentIndex, -1);

        // <b name="armUpperL" parent="body" x="-43.95" y="-159.15" kX="-60"> relative to body
        // (x="5.9" y="-126.1" kX="0"): (−43.95 − 5.9, 159.15 − 126.1), skewX −60°, skewY +60°.
        const BoneData& upperArm = armature.bones[armature.findBone("armUpperL")];
        compareTransform(upperArm.transform, -49.85, 33.05, -60 * kDegree, 60 * kDegree);
        QCOMPARE(upperArm.zOrder, 1);
        QCOMPARE(upperArm.displays[0].pivotX, 41.f);
        QCOMPARE(QString::fromStdString(upperArm.displays[0].name), QString("parts-armUpperL"));
        const BoneData& body = armature.bones[armature.findBone("body")];
        compareTransform(body.transform, 5.9, 126.1, 0, 0, 1e-5); // a root: y flipped only
        QCOMPARE(body.pivotX, 58.65f);

        const AnimationData& animation = data.animations[0];
        QCOMPARE(QString::fromStdString(animation.name), QString("Dragon"));
        const MovementData& stand = *animation.findMovement("stand");
        QCOMPARE(stand.duration, 7);
        QCOMPARE(stand.durationTo, 6);
        QCOMPARE(stand.durationTween, 30);
        QVERIFY(stand.loop);
        QCOMPARE(stand.easing, Easing::Linear);
        // twE="NaN": cocos2d-x 4.0 stores Linear.
        QCOMPARE(animation.findMovement("jump")->easing, Easing::Linear);
        QCOMPARE(animation.findMovement("fall")->easing, Easing::Linear);

        // armL frame 1 is absolute (cocos2d_x −51.85, cocos2d_y −90.2, kX −142.73); its parent
        // armUpperL (−43.95, −159.15, kX −60) turns it: R(−60°)·(−7.9, −68.95) = (−63.66,
        // −27.63), skew −82.73°. cocos2d-x's golden play:stand frame 1 shows the same numbers.
        const MovementBoneData& arm = *stand.findBone("armL");
        QCOMPARE(int(arm.frames.size()), 2);
        compareTransform(arm.frames[0].transform, -63.662445, -27.633392, -1.443911, 1.443911);
        compareFloat(arm.frames[0].transform.scaleX, 1, 1e-6, "scaleX");

        // tailTip: dr 2, 3, 2 plus the closing copy at frame 7.
        const MovementBoneData& tailTip = *stand.findBone("tailTip");
        QCOMPARE(int(tailTip.frames.size()), 4);
        QCOMPARE(tailTip.frames[1].startFrame, 2);
        QCOMPARE(tailTip.frames[2].startFrame, 5);
        QCOMPARE(tailTip.frames[3].startFrame, 7);
        QCOMPARE(tailTip.frames[3].duration, 2);
        QCOMPARE(tailTip.frames[3].transform.skewX, tailTip.frames[2].transform.skewX);

        // beardL sc="2" dl="0.3": cocos2d-x keeps a positive delay minus one.
        const MovementBoneData& beard = *stand.findBone("beardL");
        QCOMPARE(beard.scale, 2.f);
        compareFloat(beard.delay, -0.7, 1e-6, "delay");

        // walk armL: frame 2 is at −0.771 rad and frame 3 at 4.162 rad; the step is more than
        // half a turn, so frame 2 is moved up by 2π to 5.512.
        const MovementBoneData& walkArm = *animation.findMovement("walk")->findBone("armL");
        compareFloat(walkArm.frames[1].transform.skewX, 5.512099, 1e-5, "unwrapped skewX");
        compareFloat(walkArm.frames[2].transform.skewX, 4.162087, 1e-5, "next skewX");

        // <SubTexture name="parts-beardL" width="60" height="18" cocos2d_pX="54" cocos2d_pY="4">
        const TextureData& texture = *data.findTexture("parts-beardL");
        QCOMPARE(texture.pivotX, 54.f / 60.f);
        QCOMPARE(texture.pivotY, (18.f - 4.f) / 18.f);
        const SpriteFrame& frame = *data.atlases[0].findFrame("parts-beardL");
        QCOMPARE(frame.rect.x, 229.f);
        QCOMPARE(frame.rect.y, 221.f);
        QCOMPARE(frame.rect.width, 60.f);
        QCOMPARE(frame.sourceHeight, 18.f);
    }

    void weaponIsVersionOnePointFour()
    {
        const SkeletonData data = loadCorpus("weapon.xml");
        const ArmatureData& armature = data.armatures[0];
        // No parents: file order is kept, and the bones are only flipped and converted.
        QCOMPARE(QString::fromStdString(armature.bones[1].name), QString("图层 2"));
        compareTransform(armature.bones[1].transform, -3.65, 74.55, 0, 0, 1e-5);
        QCOMPARE(armature.bones[1].zOrder, 1);
        // 1.x reads the pivot from pX/pY: weapon_f-sword pX="10" pY="15" width="90" height="30".
        const TextureData& sword = *data.findTexture("weapon_f-sword");
        QCOMPARE(sword.pivotX, 10.f / 90.f);
        QCOMPARE(sword.pivotY, 0.5f);
        const TextureData& sword5 = *data.findTexture("weapon_f-sword5");
        QCOMPARE(sword5.pivotX, 30.65f / 250.f);
        QCOMPARE(sword5.pivotY, (56.f - 11.65f) / 56.f);
        QCOMPARE(data.atlases[0].width, 512);
        QCOMPARE(data.atlases[0].height, 256);
        QVERIFY(data.animations.empty());
    }

    void robotEasesWithSineInOut()
    {
        const SkeletonData data = loadCorpus("robot.xml");
        for (const MovementData& movement : data.animations[0].movements)
            QCOMPARE(movement.easing, Easing::SineEaseInOut); // twE="2", cocos2d-x's special case
        // cyborg's crusL in "run" has dl="-0.15": a negative delay is kept.
        const SkeletonData cyborg = loadCorpus("cyborg.xml");
        compareFloat(cyborg.findAnimation("cyborg")->findMovement("run")->findBone("crusL")->delay,
                     -0.15, 1e-6, "negative delay");
    }

    void cyborgNestsArmatures()
    {
        const SkeletonData data = loadCorpus("cyborg.xml");
        const ArmatureData& cyborg = *data.findArmature("cyborg");
        for (const char* name : {"armInside", "armOutside"}) {
            const BoneData& bone = cyborg.bones[cyborg.findBone(name)];
            QCOMPARE(int(bone.displays.size()), 1);
            QCOMPARE(bone.displays[0].type, DisplayType::Armature);
            QCOMPARE(QString::fromStdString(bone.displays[0].name), QString(name));
            QVERIFY(data.findArmature(name)); // the nested armature is in the same file
            QCOMPARE(bone.parentName, std::string("chest"));
        }
        const ArmatureData& outside = *data.findArmature("armOutside");
        const BoneData& weapon = outside.bones[outside.findBone("weapon")];
        QCOMPARE(int(weapon.displays.size()), 4);
        QCOMPARE(weapon.displays[3].type, DisplayType::Image);
        QCOMPARE(QString::fromStdString(weapon.displays[3].name), QString("CyborgFolder-weapon4"));
        // weapon is first in the file but its parent chain upperarmR → forearmR → handR is not.
        QVERIFY(outside.findBone("weapon") > outside.findBone("handR"));
        const AnimationData& animation = *data.findAnimation("armOutside");
        QCOMPARE(animation.findMovement("weapon2")->findBone("weapon")->frames[0].displayIndex, 1);
        QCOMPARE(animation.findMovement("weapon4")->findBone("weapon")->frames[0].displayIndex, 3);
        QCOMPARE(animation.findMovement("weapon1")->loop, true); // lp absent
        QCOMPARE(animation.findMovement("weapon1")->durationTween, 0);
    }

    void knightKeepsSlashInArmatureName()
    {
        const SkeletonData data = loadCorpus("knight.xml");
        QCOMPARE(QString::fromStdString(data.armatures[0].name), QString("Knight_f/Knight"));
        QVERIFY(data.findAnimation("Knight_f/Knight"));
        QCOMPARE(data.findAnimation("Knight_f/Knight")->findMovement("run")->duration, 21);
    }

    void boneOrderInFileDoesNotMatter()
    {
        const std::string frames = R"(<f cocos2d_x="10" cocos2d_y="20" kX="30" kY="30" dr="2"/>)";
        const std::string childFirst = skeleton("2.0", frames);
        std::string rootFirst = childFirst;
        const std::string childLine =
            R"(   <b name="child" parent="root" x="1" y="2" kX="90" kY="90" cX="1" cY="1" z="1"/>
)";
        rootFirst.erase(rootFirst.find(childLine), childLine.size());
        rootFirst.insert(rootFirst.find("  </armature>"), childLine);
        const auto a = loadText(childFirst);
        const auto b = loadText(rootFirst);
        QVERIFY(a.ok() && b.ok());
        for (const auto* data : {&a.value(), &b.value()}) {
            const ArmatureData& armature = data->armatures[0];
            QCOMPARE(QString::fromStdString(armature.bones[0].name), QString("root"));
            QCOMPARE(armature.bones[1].parentIndex, 0);
            // child x="1" y="2" kX="90" under root x="10" y="20" kX="30": in y-up terms the
            // offset (−9, 18) turned back by the parent's −30° (clockwise), and 90° − 30°.
            compareTransform(armature.bones[1].transform,
                             std::cos(30 * kDegree) * -9 - std::sin(30 * kDegree) * 18,
                             std::sin(30 * kDegree) * -9 + std::cos(30 * kDegree) * 18,
                             60 * kDegree, -60 * kDegree);
        }
    }

    void framesFollowCocos2dxRules()
    {
        const std::string frames = R"(
     <f cocos2d_x="10" cocos2d_y="20" x="99" y="99" kX="170" kY="170" cX="0.5" dr="1" dI="2"
        z="3" twE="0.5" twR="1" tweenFrame="false" bd="8" evt="hit" sd="s.mp3" sdE="e"
        mov="m"><colorTransform a="0" r="10" g="0" b="0" aM="100" rM="50" gM="0" bM="100"/></f>
     <f cocos2d_x="0" cocos2d_y="0" kX="-170" kY="-170" dr="1" twE="1" dI="-1"/>
    )";
        const auto result = loadText(skeleton("2.0", frames));
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        const MovementData& movement = result->animations[0].movements[0];
        QVERIFY(!movement.loop);
        QCOMPARE(movement.durationTo, 0);
        const MovementBoneData& root = movement.bones[0];
        QCOMPARE(int(root.frames.size()), 3);
        const FrameData& first = root.frames[0];
        QCOMPARE(first.transform.x, 10.f);  // 2.x: cocos2d_x, not x
        QCOMPARE(first.transform.y, -20.f); // y flipped
        QCOMPARE(first.transform.scaleX, 0.5f);
        QCOMPARE(first.transform.scaleY, 1.f);
        // kX 170° then −170°: the difference is beyond −π, so frame 1 moves down by 2π.
        QCOMPARE(first.transform.skewX,
                 float(double(170.f * 0.01745329252f) - 2 * std::numbers::pi));
        QCOMPARE(root.frames[1].transform.skewX, -170.f * 0.01745329252f);
        // skewY = −kY: −170° then +170°, so frame 1 moves up by 2π.
        QCOMPARE(first.transform.skewY,
                 float(double(-170.f * 0.01745329252f) + 2 * std::numbers::pi));
        QCOMPARE(first.displayIndex, 2);
        QCOMPARE(first.zOrder, 3);
        QCOMPARE(first.easing, Easing::Linear); // 0.5 truncates to 0
        QCOMPARE(root.frames[1].easing, Easing::SineEaseIn);
        QCOMPARE(first.tweenRotate, 1.f);
        QVERIFY(!first.tween);
        QCOMPARE(first.blend, (BlendFunc{0x0302, 1})); // BLEND_ADD
        QCOMPARE(QString::fromStdString(first.event), QString("hit"));
        QCOMPARE(QString::fromStdString(first.sound), QString("s.mp3"));
        QCOMPARE(QString::fromStdString(first.soundEffect), QString("e"));
        QCOMPARE(QString::fromStdString(first.movement), QString("m"));
        QVERIFY(first.useColor);
        // channel = int(2.55 × multiplier + offset) in double: 2.55 × 100 is 254.999…
        QCOMPARE(first.color, (ColorTransform{254, 137, 0, 254}));
        QCOMPARE(root.frames[1].displayIndex, -1);
        QVERIFY(!root.frames[1].useColor);

        // The closing frame copies the last keyframe but not its strings.
        const FrameData& closing = root.frames[2];
        QCOMPARE(closing.startFrame, 2);
        QCOMPARE(closing.displayIndex, -1);
        QCOMPARE(closing.transform.skewX, root.frames[1].transform.skewX);
        QCOMPARE(closing.easing, Easing::SineEaseIn);

        const BoneData& bone = result->armatures[0].bones[0];
        QCOMPARE(bone.displays[0].type, DisplayType::Image);
        QCOMPARE(QString::fromStdString(bone.displays[0].name), QString("img")); // ".png" dropped
        QCOMPARE(bone.displays[0].pivotY, 4.f);
        QCOMPARE(bone.displays[1].type, DisplayType::Armature);
    }

    void skewYUnwrapsToo()
    {
        const std::string frames = R"(
     <f kX="-170" kY="-170" dr="1"/><f kX="170" kY="170" dr="1"/>)";
        const auto result = loadText(skeleton("2.0", frames));
        QVERIFY(result.ok());
        const auto& root = result->animations[0].movements[0].bones[0].frames;
        // skewY = −kY: 170° then −170°, so the first moves down; skewX goes up.
        QCOMPARE(root[0].transform.skewY,
                 float(double(170.f * 0.01745329252f) - 2 * std::numbers::pi));
        QCOMPARE(root[0].transform.skewX,
                 float(double(-170.f * 0.01745329252f) + 2 * std::numbers::pi));
    }

    void versionOneReadsXAndY()
    {
        const std::string frames = R"(<f x="7" y="8" cocos2d_x="1" cocos2d_y="1" dr="2"/>)";
        const auto result = loadText(skeleton("1.5", frames));
        QVERIFY(result.ok());
        const Transform& t = result->animations[0].movements[0].bones[0].frames[0].transform;
        QCOMPARE(t.x, 7.f);
        QCOMPARE(t.y, -8.f);
    }

    void missingVersionReadsAsOlderThan2()
    {
        // cocos2d-x never sets its flashToolVersion here (the oracle reads no-version.xml
        // either way from run to run): positions from x and y, as a zeroed value reads, and a
        // warning that says so.
        const std::string frames = R"(<f x="7" y="8" cocos2d_x="1" cocos2d_y="1" dr="2"/>)";
        std::string text = skeleton("2.0", frames);
        text.erase(text.find(R"( version="2.0")"), 14);
        const auto result = loadText(text);
        QVERIFY(result.ok());
        const Transform& t = result->animations[0].movements[0].bones[0].frames[0].transform;
        QCOMPARE(t.x, 7.f);
        QCOMPARE(t.y, -8.f);
        QCOMPARE(result->warnings.size(), size_t(1));
        QCOMPARE(result->warnings[0].line, 1);
        const std::string& message = result->warnings[0].message;
        QVERIFY2(message.find("one way or the other from run to run") != std::string::npos &&
                     message.find("Bonescope reads it as older than DragonBones 2.0") !=
                         std::string::npos,
                 message.c_str());
    }

    void numbersRoundLikeFromChars_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical"); // what from_chars reads (no space, no '+')
        for (const char* text :
             {"0.1", "-106.15", "9999999", "0.0000001", "1234.567", "-0.0", ".5", "5.", "16777217",
              "12345678", "99.99999", "1e2", "3.4028235e38", "-1.17549435e-38"})
            QTest::newRow(text) << text << text;
        QTest::newRow("space") << " 2.5 "
                               << "2.5";
        QTest::newRow("plus") << "+7.25"
                              << "7.25";
    }
    void numbersRoundLikeFromChars()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        const std::string xml = "<skeleton version=\"2.0\"><armatures><armature name=\"a\">"
                                "<b name=\"r\" pX=\"" +
                                text.toStdString() + "\"/></armature></armatures></skeleton>";
        const auto result = loadText(xml);
        QVERIFY(result.ok());
        const std::string expectedText = canonical.toStdString();
        float expected = 0.f;
        std::from_chars(expectedText.data(), expectedText.data() + expectedText.size(), expected);
        const float actual = result->armatures[0].bones[0].pivotX;
        QVERIFY2(std::memcmp(&actual, &expected, sizeof actual) == 0,
                 qPrintable(QStringLiteral("%1 read as %2, from_chars gives %3")
                                .arg(text)
                                .arg(actual, 0, 'g', 9)
                                .arg(expected, 0, 'g', 9)));
    }

    void childFramesPairWithCoveringParentFrame()
    {
        // Parent frames span [0,1) at x 10 and [1,4) at x 20; the child's frames start at 0 and
        // 2, so they pair with parent frames 1 and 2: relative x 20 and 10.
        const std::string parentFrames =
            R"(<f cocos2d_x="10" cocos2d_y="0" dr="1"/><f cocos2d_x="20" cocos2d_y="0" dr="3"/>)";
        const std::string child = R"(
    <b name="child"><f cocos2d_x="30" cocos2d_y="5" dr="2"/><f cocos2d_x="30" cocos2d_y="5" dr="2"/></b>)";
        const auto result = loadText(skeleton("2.0", parentFrames, child, 4));
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        const MovementBoneData& timeline = *result->animations[0].movements[0].findBone("child");
        compareTransform(timeline.frames[0].transform, 20, -5, 0, 0, 1e-5);
        compareTransform(timeline.frames[1].transform, 10, -5, 0, 0, 1e-5);
    }

    void atlasImageFallsBackToAtlasName()
    {
        const std::string text = R"(<skeleton version="2.0"><armatures><armature name="a">
<b name="r"/></armature></armatures>
<TextureAtlas name="sheet"><SubTexture name="s" width="2" height="4" x="1" y="1"
 cocos2d_pX="1" cocos2d_pY="1"/></TextureAtlas></skeleton>)";
        const auto result = readDragonBonesXml(text, "");
        QVERIFY(result.ok());
        QCOMPARE(QString::fromStdString(result->atlases[0].imagePath), QString("sheet.png"));
        QCOMPARE(result->textures[0].pivotY, 0.75f);
    }

    // cocos2d-x never reads a SubTexture's x and y (its frames come from the plist beside the
    // XML; the oracle plays Dragon.xml with an empty x, a missing y, x="abc" and y="-40" exactly
    // as the original): such a file reads, with a warning, and the atlas Bonescope falls back to
    // without that plist has no frame for those images.
    void subTexturePositionsAreOnlyWarnedOf()
    {
        const auto result = readDragonBonesXml(skeletonWithAtlas(R"(
<SubTexture name="empty" width="2" height="4" x="" y="1" cocos2d_pX="1" cocos2d_pY="1"/>
<SubTexture name="noY" width="2" height="4" x="3" cocos2d_pX="1" cocos2d_pY="1"/>
<SubTexture name="word" width="2" height="4" x="abc" y="1" cocos2d_pX="1" cocos2d_pY="1"/>
<SubTexture name="far" width="2" height="4" x="1" y="16385" cocos2d_pX="1" cocos2d_pY="1"/>
<SubTexture name="placed" width="2" height="4" x="5" y="6" cocos2d_pX="1" cocos2d_pY="1"/>)"),
                                               "sheet.xml");
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        QCOMPARE(result->textures.size(), size_t(5));
        QCOMPARE(result->atlases.size(), size_t(1));
        QCOMPARE(result->atlases[0].frames.size(), size_t(1));
        QCOMPARE(QString::fromStdString(result->atlases[0].frames[0].name), QString("placed"));
        QCOMPARE(result->atlases[0].frames[0].rect.x, 5.f);
        compareWarnings(
            result->warnings,
            {{4, "SubTexture \"empty\": x=\"\" is not a position within 0..16384 pixels"},
             {5, "SubTexture \"noY\": the y attribute is missing"},
             {6, "SubTexture \"word\": x=\"abc\" is not a position"},
             {7, "SubTexture \"far\": y=\"16385\" is not a position"}});
        QVERIFY(
            result->warnings[0].message.ends_with("has no place in the atlas and is not shown"));
    }

    // cocos2d-x never reads <skeleton frameRate> (the oracle plays realworld/zero-length.xml
    // with frameRate="0" and "-24" as with 24): such a rate is a warning, and none is shown.
    void frameRatesOfZeroOrLessAreWarnedOf()
    {
        for (const char* rate : {"0", "-24"}) {
            const std::string text = "<skeleton name=\"t\" frameRate=\"" + std::string(rate) +
                                     "\" version=\"2.0\"><armatures><armature name=\"a\">"
                                     "<b name=\"r\"/></armature></armatures></skeleton>";
            const auto result = readDragonBonesXml(text, "rate.xml");
            QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
            QCOMPARE(result->frameRate, 0.f);
            compareWarnings(result->warnings, {{1, std::string("<skeleton>: frameRate=\"") + rate +
                                                       "\" is not a rate"}});
        }
    }

    // cocos2d-x divides a SubTexture's pivot by its size for the image's anchor, whatever the
    // size (realworld/subtexture-sizes.xml plays as zero-length.xml): a size of 0 leaves no
    // anchor (the image is not drawn), a negative one an anchor on the pivot's other side.
    void subTextureSizesOfZeroOrLessAreWarnedOf()
    {
        const auto result = readDragonBonesXml(skeletonWithAtlas(R"(
<SubTexture name="empty" width="0" height="0" x="0" y="0" cocos2d_pX="10" cocos2d_pY="10"/>
<SubTexture name="flipped" width="-10" height="10" x="0" y="0" cocos2d_pX="5" cocos2d_pY="5"/>
<SubTexture name="placed" width="10" height="10" x="0" y="0" cocos2d_pX="5" cocos2d_pY="5"/>)"),
                                               "sheet.xml");
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        const TextureData* empty = result->findTexture("empty");
        const TextureData* flipped = result->findTexture("flipped");
        QVERIFY(empty && flipped);
        QVERIFY(!empty->hasAnchor);
        QCOMPARE(empty->pivotX, 0.5f); // no NaN kept
        QVERIFY(flipped->hasAnchor);
        QCOMPARE(flipped->pivotX, -0.5f);
        QCOMPARE(flipped->pivotY, 0.5f);
        QVERIFY(result->findTexture("placed")->hasAnchor);
        // The atlas Bonescope falls back to without a plist has no region for them.
        QCOMPARE(result->atlases.at(0).frames.size(), size_t(1));
        compareWarnings(
            result->warnings,
            {{4, "SubTexture \"empty\": width=\"0\" is no size: cocos2d-x divides the pivot"},
             {4, "SubTexture \"empty\": height=\"0\" is no size"},
             {5, "SubTexture \"flipped\": width=\"-10\" is negative"}});
    }

    // cocos2d-x's texture map keeps the later of two SubTextures of one name (Map::insert
    // replaces; realworld/duplicate-texture.xml plays as zero-length.xml): the later one places
    // the image, in the earlier one's place, and its region (or none) replaces the earlier's.
    void aRedefinedSubTextureReplacesTheEarlier()
    {
        const auto result = readDragonBonesXml(skeletonWithAtlas(R"(
<SubTexture name="open" width="10" height="10" x="0" y="0" cocos2d_pX="5" cocos2d_pY="5"/>
<SubTexture name="shut" width="10" height="10" x="10" y="0" cocos2d_pX="5" cocos2d_pY="5"/>
<SubTexture name="open" width="20" height="10" x="30" y="2" cocos2d_pX="0" cocos2d_pY="0"/>
<SubTexture name="shut" width="10" height="10" x="" y="0" cocos2d_pX="5" cocos2d_pY="5"/>)"),
                                               "sheet.xml");
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        QCOMPARE(result->textures.size(), size_t(2));
        QCOMPARE(QString::fromStdString(result->textures[0].name), QString("open"));
        QCOMPARE(result->textures[0].width, 20.f);
        QCOMPARE(result->textures[0].pivotX, 0.f);
        QCOMPARE(result->textures[0].pivotY, 1.f);
        QCOMPARE(result->findTexture("open"), &result->textures[0]);
        // The later shut has no region: the earlier one's is not kept either.
        QCOMPARE(result->atlases.at(0).frames.size(), size_t(1));
        QCOMPARE(result->atlases[0].frames[0].rect.x, 30.f);
        QCOMPARE(result->atlases[0].frames[0].rect.width, 20.f);
        compareWarnings(
            result->warnings,
            {{6, "SubTexture \"open\": this SubTexture name is already used on line 4; "
                 "as in cocos2d-x, this later definition is the one played"},
             {7, "SubTexture \"shut\": x=\"\" is not a position"},
             {7, "SubTexture \"shut\": this SubTexture name is already used on line 5"}});
    }

    // cocos2d-x never reads the TextureAtlas's own width and height: one out of range is a
    // warning, and the atlas's size is unknown (0).
    void atlasSizesOutOfRangeAreWarnedOf()
    {
        const std::string text = R"(<skeleton version="2.0"><armatures><armature name="a">
<b name="r"/></armature></armatures>
<TextureAtlas name="sheet" width="-64" height="99999">
<SubTexture name="s" width="2" height="4" x="1" y="1" cocos2d_pX="1" cocos2d_pY="1"/>
</TextureAtlas></skeleton>)";
        const auto result = readDragonBonesXml(text, "sheet.xml");
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        QCOMPARE(result->atlases.at(0).width, 0);
        QCOMPARE(result->atlases[0].height, 0);
        QCOMPARE(result->atlases[0].frames.size(), size_t(1));
        compareWarnings(result->warnings,
                        {{3, "<TextureAtlas>: width=\"-64\" is outside 0..16384 pixels; cocos2d-x "
                             "does not read it"},
                         {3, "<TextureAtlas>: height=\"99999\" is outside 0..16384 pixels"}});
    }

    void rejectsBrokenFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* file, int line, const char* message) {
            QTest::newRow(file) << QString(file) << line << QString(message);
        };
        row("empty.xml", 0, "empty");
        row("not-xml.xml", 1, "not an XML document");
        row("truncated.xml", 14, "is it truncated?");
        row("wrong-root.xml", 2, "root element is <plist>");
        row("non-utf8.xml", 3, "not valid UTF-8 (byte 0xE9)");
        row("missing-armature-name.xml", 3, "name attribute is missing");
        row("missing-bone-name.xml", 7, "bone of armature \"a\": the name attribute is missing");
        row("missing-movement-name.xml", 12, "movement of animation \"a\": the name attribute");
        // A later bone of a used name replaces the earlier one; this one names itself its
        // parent (cocos2d-x crashes on it).
        row("duplicate-bone.xml", 7, "the parent chain is a cycle: \"root\" → \"root\"");
        row("unknown-parent.xml", 7, "parent \"rooot\" is not a bone");
        row("parent-cycle.xml", 4, "cycle: \"root\" → \"child\" → \"root\"");
        // cocos2d-x ignores a value without a number (realworld/sloppy-numbers.xml), but a pivot
        // ignored is one it never set, as when the attribute is missing (below).
        row("non-numeric.xml", 20, "cocos2d_pX=\"abc\" is not a number");
        row("nan-number.xml", 14, "cocos2d_x=\"NaN\" is not a finite number");
        row("infinite-number.xml", 7, "x=\"1e999\" is out of range");
        row("negative-movement-dr.xml", 12, "dr=\"-2\" must not be negative");
        row("huge-movement-dr.xml", 12, "dr=\"1000000000\" is more than 1000000 frames");
        row("frame-dr-overflow.xml", 14, "dr=\"2147483648\" is out of range");
        // The bone's pass, drTW × sc, would not fit an int (cocos2d-x converts it to one).
        row("huge-bone-scale.xml", 13,
            "sc=\"1e9\" makes the bone's pass 40000000000 frames long, more than 1000000");
        // 2.55 × aM + a would not fit an int (cocos2d-x converts it to one).
        row("huge-color-percent.xml", 14,
            "aM=\"2000000000\" and a=\"0\" make a colour channel of 5100000000, beyond "
            "±1000000");
        // An absent aM is named by the 100 it stands for.
        row("huge-color-offset.xml", 14,
            "aM=\"100\" and a=\"2000000000\" make a colour channel of 2000000255, beyond "
            "±1000000");
        row("timeline-without-frames.xml", 13, "no <f> frames");
        row("unknown-timeline-bone.xml", 13, "has no bone of this name");
        row("animation-without-armature.xml", 11, "no armature called \"b\"");
        // Beyond any tween type (one cocos2d-x does not know plays: realworld/unknown-easing.xml).
        row("huge-easing.xml", 12, "twE=\"99999999999\" is out of range");
        row("subtexture-huge-size.xml", 20, "height=\"20000\" is outside -16384..16384 pixels");
        row("missing-texture-pivot.xml", 20,
            "cocos2d_pX attribute is missing: cocos2d-x would place the image by an "
            "uninitialized pivot");
    }
    void rejectsBrokenFiles()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, message);
        const std::string name = "broken/xml/" + file.toStdString();
        const auto result = readDragonBonesXml(readData(QString::fromStdString(name)), name);
        QVERIFY(!result.ok());
        const LoadError& error = result.error();
        QCOMPARE(QString::fromStdString(error.file), QString::fromStdString(name));
        QCOMPARE(error.line, line);
        QVERIFY2(QString::fromStdString(error.message).contains(message), error.toString().c_str());
    }

    void laterMovementOfAUsedNameReplacesTheEarlier()
    {
        // cocos2d-x's movement map keeps the later of two equal names.
        const auto result = loadText(readData("realworld/duplicate-movement.xml"));
        QVERIFY(result.ok());
        const auto& movements = result->animations[0].movements;
        QCOMPARE(movements.size(), size_t(2));
        QCOMPARE(movements[0].name, std::string("idle"));
        QCOMPARE(movements[0].duration, 6);
        QCOMPARE(movements[0].durationTo, 3);
        QCOMPARE(movements[1].name, std::string("jump"));
        // Of the later idle's two timelines of root, decodeMovement reads the first.
        QCOMPARE(movements[0].bones.size(), size_t(1));
        compareTransform(movements[0].bones[0].frames[1].transform, 0, 0, 45 * kDegree,
                         -45 * kDegree);
        QCOMPARE(result->warnings.size(), size_t(2));
        QCOMPARE(result->warnings[0].line, 26);
        QVERIFY2(result->warnings[0].message.find("already used on line 15; as in cocos2d-x, "
                                                  "this later definition is the one played") !=
                     std::string::npos,
                 result->warnings[0].message.c_str());
        QCOMPARE(result->warnings[1].line, 31);
        QVERIFY(result->warnings[1].message.find(
                    "already has a timeline in the movement, on line 27; as in cocos2d-x, that "
                    "one plays and this one is ignored") != std::string::npos);
    }

    void numbersTooSmallForAFloatReadAsZero()
    {
        // sscanf (strtof) reads them as a signed 0; only numbers too large are refused
        // (broken/xml/infinite-number.xml).
        const std::string text = R"(<skeleton name="t" frameRate="24" version="2.0"><armatures>
<armature name="a"><b name="r" x="1e-50" y="-1e-50" kX="1e-40"/>
<b name="s" x="1e-400" y="-0.0001e-320" kX="0x1p-200"/></armature></armatures>
</skeleton>)";
        const auto result = readDragonBonesXml(text, "tiny.xml");
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        const Transform& setup = result->armatures[0].bones[0].transform;
        QCOMPARE(setup.x, 0.f);
        QVERIFY(!std::signbit(setup.x));
        QCOMPARE(setup.y, 0.f); // y is negated: −(−0)
        QVERIFY(!std::signbit(setup.y));
        QVERIFY(setup.skewX != 0.f); // 1e-40 degrees is a subnormal float, not 0
        // Too small for a double as well, and in hexadecimal.
        const Transform& tiny = result->armatures[0].bones[1].transform;
        QCOMPARE(tiny.x, 0.f);
        QVERIFY(!std::signbit(tiny.x));
        QCOMPARE(tiny.y, 0.f);
        QVERIFY(!std::signbit(tiny.y));
        QCOMPARE(tiny.skewX, 0.f);
        QVERIFY(result->warnings.empty());
    }

    void hexadecimalFloatsAndDoubleSignsAreReadAsSscanfReadsThem()
    {
        // sscanf's "%f" (strtof) reads hexadecimal floats (realworld/sloppy-numbers.xml has
        // "0xEp0", whose goldens cocos2d-x made), and tinyxml2 9 an integer after "0x" as
        // hexadecimal ("%x"; features/intreading.xml); a sign after the '+' makes no number.
        const std::string text = R"(<skeleton name="t" frameRate="24" version="2.0"><armatures>
<armature name="a"><b name="r" x="0x1.8p3" y="-0X10" kX="+-5" cX="0xg" cY="0x2P-1" z="0x10"/>
</armature></armatures></skeleton>)";
        const auto result = readDragonBonesXml(text, "hex.xml");
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        const BoneData& bone = result->armatures[0].bones[0];
        QCOMPARE(bone.transform.x, 12.f);
        QCOMPARE(bone.transform.y, 16.f);     // y is negated
        QCOMPARE(bone.transform.skewX, 0.f);  // "+-5": the default
        QCOMPARE(bone.transform.scaleX, 0.f); // "0xg": the leading 0
        QCOMPARE(bone.transform.scaleY, 1.f);
        QCOMPARE(bone.zOrder, 16);
        const auto warned = [&](const char* text) {
            return std::any_of(
                result->warnings.begin(), result->warnings.end(),
                [&](const LoadError& w) { return w.message.find(text) != std::string::npos; });
        };
        QVERIFY(warned("cX=\"0xg\" is read as 0, its leading number"));
        QVERIFY(!warned("z=\"0x10\""));
        QVERIFY(warned("kX=\"+-5\" is not a number; cocos2d-x ignores it"));
        QVERIFY(!warned("x=\"0x1.8p3\""));
    }

    // QueryIntAttribute as tinyxml2 9 answers it (glibc's sscanf, checked beside cocos2d-x's
    // oracle): "%x" after a leading "0x" (no sign before it), "%d" otherwise. A twE is such an
    // integer: "1e9" is type 1, where a float reading made it a type past any.
    void integersAreReadAsQueryIntAttributeReadsThem()
    {
        using Read = TinyxmlInteger::Read;
        const auto check = [](const char* text, Read read, int value) {
            const TinyxmlInteger number = readTinyxmlNumber<int>(text);
            QVERIFY2(number.read == read, text);
            if (read != Read::None && read != Read::OutOfRange)
                QVERIFY2(number.value == value, text);
        };
        check("0x8", Read::Whole, 8);
        check(" 0X1a ", Read::Whole, 26);
        check("0x8.5", Read::Leading, 8);
        check("0xg", Read::Leading, 0);
        check("0xFFFFFFFF", Read::Whole, -1);
        check("0x80000000", Read::Whole, -2147483647 - 1);
        check("0x1FFFFFFFF", Read::OutOfRange, 0);
        check("+0x8", Read::Leading, 0); // the sign hides the prefix: "%d" reads "+0"
        check("-0x8", Read::Leading, 0);
        check("1e9", Read::Leading, 1);
        check("3000000000", Read::OutOfRange, 0);

        const auto easing = [](const char* twE) {
            return dragonBonesEasingType(twE, [](std::string_view text) -> std::optional<int> {
                const TinyxmlInteger number = readTinyxmlNumber<int>(text);
                if (number.read == Read::Whole || number.read == Read::Leading)
                    return number.value;
                return std::nullopt;
            });
        };
        QCOMPARE(easing("1e9"), std::optional<int>(1));
        QCOMPARE(easing("3e9"), std::optional<int>(3));
        QCOMPARE(easing("2e5"), std::optional<int>(int(Easing::SineEaseInOut)));
        QCOMPARE(easing("0x3"), std::optional<int>(3));
        QCOMPARE(easing("150000"), std::optional<int>(150000)); // no type: played SineEaseInOut
        QCOMPARE(easing("NaN"), std::optional<int>(int(Easing::Linear)));
        QCOMPARE(easing("abc"), std::optional<int>());
    }

    void laterArmatureAndAnimationOfAUsedNameReplaceTheEarlier()
    {
        // cocos2d-x's armature and animation maps keep the later of two equal names
        // (realworld/duplicate-armature.xml, whose goldens cocos2d-x made).
        const auto result = loadText(readData("realworld/duplicate-armature.xml"));
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        QCOMPARE(result->armatures.size(), size_t(1));
        const ArmatureData& armature = result->armatures[0];
        const auto arm = std::find_if(armature.bones.begin(), armature.bones.end(),
                                      [](const BoneData& bone) { return bone.name == "arm"; });
        QVERIFY(arm != armature.bones.end());
        QCOMPARE(arm->parentIndex, -1); // the later definition's: no parent
        QCOMPARE(arm->zOrder, 5);
        QCOMPARE(result->animations.size(), size_t(1));
        const auto& movements = result->animations[0].movements;
        QCOMPARE(movements.size(), size_t(2));
        QCOMPARE(movements[0].name, std::string("walk2"));
        QCOMPARE(movements[1].name, std::string("pose"));
        QCOMPARE(result->warnings.size(), size_t(2));
        QCOMPARE(result->warnings[0].line, 15);
        QVERIFY(result->warnings[0].message.find(
                    "armature \"duplicate-armature\": this armature name is already used on line "
                    "7; as in cocos2d-x, this later definition is the one played") !=
                std::string::npos);
        QCOMPARE(result->warnings[1].line, 47);
        QVERIFY(result->warnings[1].message.find(
                    "this animation name is already used on line 25") != std::string::npos);
    }

    void laterBoneOfAUsedNameReplacesTheEarlier()
    {
        // cocos2d-x's bone map keeps the later of two bones of one name, in the earlier one's
        // place; a child's setup is made relative to the first <b> of its parent's name
        // (realworld/duplicate-bone.xml, whose goldens cocos2d-x made).
        const auto result = loadText(readData("realworld/duplicate-bone.xml"));
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        const auto& bones = result->armatures[0].bones;
        QCOMPARE(bones.size(), size_t(4));
        const auto bone = [&](const char* name) {
            return std::find_if(bones.begin(), bones.end(),
                                [&](const BoneData& b) { return b.name == name; });
        };
        QCOMPARE(bone("root")->zOrder, 4);      // the later root's
        QCOMPARE(bone("arm")->parentIndex, -1); // the later arm has no parent
        QCOMPARE(bone("hand")->parentIndex, int(bone("arm") - bones.begin()));
        // tail (x 30) under the first root (x 0), not the later one (x 5, turned 20°).
        QCOMPARE(bone("tail")->transform.x, 30.f);
        QCOMPARE(bone("tail")->transform.skewX, 0.f);
        QCOMPARE(result->warnings.size(), size_t(2));
        QCOMPARE(result->warnings[0].line, 15);
        QVERIFY(result->warnings[0].message.find(
                    "bone \"root\" of armature \"duplicate-bone\": this bone name is already used "
                    "on line 9; as in cocos2d-x, this later definition is the one played") !=
                std::string::npos);
        QCOMPARE(result->warnings[1].line, 24);
    }

    void missingDurationsTakeCocos2dxDefaults()
    {
        // A keyframe without dr lasts FrameData's 1 frame; a movement without one, 0 frames.
        const auto result = loadText(readData("realworld/missing-dr.xml"));
        QVERIFY(result.ok());
        const MovementData& walk = result->animations[0].movements[0];
        const auto& root = walk.findBone("root")->frames;
        QCOMPARE(root[1].duration, 1);
        QCOMPARE(root[2].startFrame, 4);
        QCOMPARE(result->animations[0].movements[1].duration, 0);
        const auto warnedOn = [&](int line, const char* text) {
            return std::any_of(
                result->warnings.begin(), result->warnings.end(), [&](const LoadError& w) {
                    return w.line == line && w.message.find(text) != std::string::npos;
                });
        };
        QVERIFY(warnedOn(20, "no dr attribute (duration in frames); as in cocos2d-x, the "
                             "keyframe lasts 1 frame"));
        QVERIFY(warnedOn(28, "no dr attribute: the movement lasts no frame"));
    }

    void sloppyNumbersAreReadAsCocos2dxReadsThem()
    {
        // tinyxml2's sscanf: the number a value starts with, or the default when none
        // (realworld/sloppy-numbers.xml, whose goldens cocos2d-x made).
        const auto result = loadText(readData("realworld/sloppy-numbers.xml"));
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        const ArmatureData& armature = result->armatures[0];
        QCOMPARE(armature.bones[1].transform.x, 10.f); // x="10,5"
        const MovementData& walk = result->animations[0].movements[0];
        QCOMPARE(walk.duration, 8);      // dr="8.9"
        QCOMPARE(walk.durationTween, 8); // drTW="8px"
        const auto& root = walk.findBone("root")->frames;
        QCOMPARE(root[0].duration, 3);       // dr="3.5"
        QVERIFY(!root[0].tween);             // tweenFrame="False", a word tinyxml2 reads
        QCOMPARE(root[1].transform.x, 12.f); // cocos2d_x="12,5"
        QCOMPARE(root[1].transform.y, -3.f); // cocos2d_y="3px"
        QCOMPARE(root[1].transform.skewX, float(30 * kDegree));    // kX="30,5"
        QCOMPARE(root[1].transform.skewY, float(-30.5 * kDegree)); // kY="30.5deg"
        QCOMPARE(root[1].transform.scaleY, 1.f);                   // cY="abc": the default
        QCOMPARE(root[2].easing, Easing::Linear);                  // twE="abc": the default
        // arm's frames are made relative to root's (whose scale is 1): its scales stay as read.
        const auto& arm = walk.findBone("arm")->frames;
        QCOMPARE(arm[0].zOrder, 1);                     // z="1z"
        QCOMPARE(arm[0].easing, Easing::SineEaseInOut); // twE="2x"
        QCOMPARE(arm[1].transform.scaleX, 1.5f);        // cX="1.5.2"
        QCOMPARE(arm[1].transform.scaleY, 1.f);         // cY="-"
        const auto warnedOn = [&](int line, const char* text) {
            return std::any_of(
                result->warnings.begin(), result->warnings.end(), [&](const LoadError& w) {
                    return w.line == line && w.message.find(text) != std::string::npos;
                });
        };
        QVERIFY(warnedOn(23, "frame 2 of bone \"root\" of movement \"walk\" of animation "
                             "\"sloppy-numbers\": cocos2d_x=\"12,5\" is read as 12, its leading "
                             "number, as cocos2d-x does"));
        QVERIFY(warnedOn(23, "cY=\"abc\" is not a number; cocos2d-x ignores it"));
        QVERIFY(warnedOn(28, "kX=\"\" is not a number; cocos2d-x ignores it"));
        QVERIFY(warnedOn(20, "dr=\"8.9\" is read as 8, its leading number"));
        // In the file's order, although a timeline's dr total is read after its frames.
        QVERIFY(
            std::is_sorted(result->warnings.begin(), result->warnings.end(),
                           [](const LoadError& a, const LoadError& b) { return a.line < b.line; }));
    }

    void warningsPastTheLimitAreCounted()
    {
        // 150 keyframes of an unknown tween type: kMaxWarningsPerFile (100) in detail, then one
        // warning counting the other 50.
        std::string frames;
        for (int f = 0; f < 150; ++f)
            frames += R"(<f x="0" y="0" dr="1" twE="77"/>)";
        const std::string text = R"(<skeleton name="t" frameRate="24" version="2.0"><armatures>
<armature name="a"><b name="r"/></armature></armatures><animations><animation name="a">
<mov name="m" dr="150" lp="1"><b name="r">)" +
                                 frames + "</b></mov></animation></animations></skeleton>";
        const auto result = readDragonBonesXml(text, "many.xml");
        QVERIFY(result.ok());
        const auto& warnings = result->warnings;
        QCOMPARE(warnings.size(), size_t(101));
        QVERIFY(warnings[99].message.find("twE=\"77\" is no cocos2d-x easing type") !=
                std::string::npos);
        QCOMPARE(warnings.back().file, std::string("many.xml"));
        QCOMPARE(warnings.back().message, std::string("and 50 more warnings like those above"));
    }

    void everyBrokenFileIsInTheTable()
    {
        const QDir folder(QStringLiteral(BONESCOPE_TEST_DATA "/broken/xml"));
        QVERIFY(folder.entryList(QDir::Files).size() >= 15);
        for (const QString& file : folder.entryList(QDir::Files)) {
            const std::string path = folder.filePath(file).toStdString();
            QVERIFY2(!readDragonBonesXml(readData("broken/xml/" + file), path).ok(),
                     qPrintable(file + " loads"));
        }
    }

    void survivesDamagedCopiesOfDragon()
    {
        // Every prefix length and byte change must give a value or an error, never a crash.
        const std::string original = readData("corpus/Dragon.xml");
        for (size_t cut = 0; cut < original.size(); cut += 97) {
            const auto result = readDragonBonesXml(original.substr(0, cut), "cut.xml");
            QVERIFY(result.ok() || !result.error().message.empty());
        }
        const char replacements[] = {'"', '<', '-', 'x', '\0', '9', '>'};
        for (size_t at = 0; at < original.size(); at += 61) {
            std::string damaged = original;
            damaged[at] = replacements[at % sizeof replacements];
            const auto result = readDragonBonesXml(damaged, "damaged.xml");
            QVERIFY(result.ok() || !result.error().message.empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestDragonBonesReader)
#include "test_dragonbones_reader.moc"
