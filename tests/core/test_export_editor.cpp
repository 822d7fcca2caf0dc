// ExportEditor: byte-preserving save-back of movement and keyframe values on every corpus
// export of both formats, and the values it refuses.
#include "ChangedBytes.h"

#include "edit/ExportEditor.h"
#include "edit/JsonSpans.h"
#include "edit/XmlSpans.h"
#include "io/ExportLoader.h"
#include "io/FileBytes.h"

#include <QtTest>

#include <filesystem>

using namespace bonescope::core;
using bonescope::test::changedBytes;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(EditKey)
Q_DECLARE_METATYPE(Easing)

namespace {

const std::string kCorpus = BONESCOPE_TEST_DATA "/corpus/";

std::vector<std::string> corpusExports()
{
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(kCorpus)) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".xml" || ext == ".ExportJson")
            files.push_back(entry.path().filename().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

ExportEditor openData(const std::string& path) // relative to tests/data
{
    const std::string file = BONESCOPE_TEST_DATA "/" + path;
    auto bytes = readFileBytes(file);
    if (!bytes)
        qFatal("%s", bytes.error().toString().c_str());
    auto editor = ExportEditor::open(std::move(bytes.value()), file);
    if (!editor)
        qFatal("%s", editor.error().toString().c_str());
    return std::move(editor.value());
}

ExportEditor openCorpus(const std::string& file)
{
    return openData("corpus/" + file);
}

// What the readers make of the editor's bytes, read again (the editor's model() is read alike
// when an edit is set; this checks the bytes themselves).
Result<SkeletonData> reread(const ExportEditor& editor)
{
    return readSkeleton(editor.bytes(), editor.fileName());
}

// A value different from `current` for `key`.
EditValue otherValue(EditKey key, const EditValue& current)
{
    switch (key) {
    case EditKey::DurationTo:
    case EditKey::DurationTween:
        return std::get<int>(current) + 7;
    case EditKey::Loop:
        return !std::get<bool>(current);
    case EditKey::TweenEasing:
    case EditKey::FrameTweenEasing:
        return std::get<Easing>(current) == Easing::QuadEaseIn ? Easing::CubicEaseOut
                                                               : Easing::QuadEaseIn;
    case EditKey::Scale:
        return std::get<double>(current) + 0.5;
    case EditKey::FrameTweenRotate:
        return std::get<double>(current) + 1.0;
    case EditKey::FrameEvent:
        return std::get<std::string>(current) + "edited&<\"";
    }
    return 0;
}

// The value the readers' model holds for `key` at `target`.
std::optional<EditValue> modelValue(const SkeletonData& skeleton, const EditTarget& target,
                                    EditKey key)
{
    const AnimationData* animation = skeleton.findAnimation(target.armature);
    const MovementData* movement = animation ? animation->findMovement(target.movement) : nullptr;
    if (!movement)
        return std::nullopt;
    switch (key) {
    case EditKey::DurationTo:
        return movement->durationTo;
    case EditKey::DurationTween:
        return movement->durationTween;
    case EditKey::Loop:
        return movement->loop;
    case EditKey::TweenEasing:
        return movement->easing;
    case EditKey::Scale:
        return static_cast<double>(movement->scale);
    default:
        break;
    }
    const MovementBoneData* bone = movement->findBone(target.bone);
    if (!bone || static_cast<size_t>(target.keyframe) >= bone->frames.size())
        return std::nullopt;
    const FrameData& frame = bone->frames[static_cast<size_t>(target.keyframe)];
    if (key == EditKey::FrameTweenEasing)
        return frame.easing;
    if (key == EditKey::FrameTweenRotate)
        return static_cast<double>(frame.tweenRotate);
    return frame.event;
}

// `value` as the model stores it: numbers as float.
EditValue asStored(const EditValue& value)
{
    if (const double* number = std::get_if<double>(&value))
        return static_cast<double>(static_cast<float>(*number));
    return value;
}

} // namespace

class TestExportEditor : public QObject {
    Q_OBJECT
private slots:
    void noEditWritesTheSameBytes_data()
    {
        QTest::addColumn<std::string>("file");
        for (const auto& file : corpusExports())
            QTest::newRow(file.c_str()) << file;
    }
    void noEditWritesTheSameBytes()
    {
        QFETCH(std::string, file);
        const ExportEditor editor = openCorpus(file);
        QVERIFY(!editor.modified());
        QVERIFY(editor.bytes() == editor.originalBytes());
    }

    // Every key on every movement (keyframe keys: keyframe 0 of each movement's first
    // timeline): setting it changes only its bytes, the model reads the new value, and setting
    // it back restores the original file.
    void eachKeyChangesOnlyItsBytes_data() { noEditWritesTheSameBytes_data(); }
    void eachKeyChangesOnlyItsBytes()
    {
        QFETCH(std::string, file);
        ExportEditor editor = openCorpus(file);
        const auto original = reread(editor);
        QVERIFY(original.ok());
        int checked = 0;
        for (const auto& animation : original->animations) {
            for (const auto& movement : animation.movements) {
                EditTarget target{animation.name, movement.name, {}, -1};
                if (!movement.bones.empty()) {
                    target.bone = movement.bones.front().name;
                    target.keyframe = 0;
                }
                for (int k = 0; k <= static_cast<int>(EditKey::FrameEvent); ++k) {
                    const auto key = static_cast<EditKey>(k);
                    const auto current = editor.value(target, key);
                    if (!current) { // keys the format lacks are refused with a reason
                        QVERIFY(!current.error().message.empty());
                        continue;
                    }
                    const EditValue changed = otherValue(key, current.value());
                    const auto refused = editor.set(target, key, changed);
                    QVERIFY2(!refused, refused ? refused->toString().c_str() : "");
                    QVERIFY(editor.modified());
                    const std::string edited = editor.bytes();
                    const auto [removed, added] = changedBytes(editor.originalBytes(), edited);
                    const std::string context = file + " " + movement.name + " " +
                                                std::string(editKeyName(key)) + ": '" + removed +
                                                "' -> '" + added + "'";
                    QVERIFY2(removed.size() <= 16 && added.size() <= 40 + removed.size(),
                             context.c_str());
                    const auto model = reread(editor);
                    QVERIFY2(model.ok(),
                             model ? context.c_str() : model.error().toString().c_str());
                    QVERIFY2(modelValue(model.value(), target, key) == asStored(changed),
                             context.c_str());
                    QCOMPARE(editor.value(target, key).value(), changed);

                    QVERIFY(!editor.set(target, key, current.value()));
                    QVERIFY2(editor.bytes() == editor.originalBytes(), context.c_str());
                    QVERIFY(!editor.modified());
                    ++checked;
                }
            }
        }
        // weapon.xml holds no animation: nothing to edit there.
        QCOMPARE(checked > 0, !original->animations.empty());
    }

    void severalEditsTogether()
    {
        ExportEditor editor = openCorpus("Dragon.xml");
        const EditTarget stand{"Dragon", "stand", {}, -1};
        const EditTarget walk{"Dragon", "walk", {}, -1};
        QVERIFY(!editor.set(stand, EditKey::DurationTo, 12));
        QVERIFY(!editor.set(walk, EditKey::Loop, false));
        QVERIFY(!editor.set(stand, EditKey::TweenEasing, Easing::None));
        const std::string edited = editor.bytes();
        QVERIFY(edited.find(R"(<mov name="stand" dr="7" to="12" drTW="30" lp="1" twE="10000">)") !=
                std::string::npos);
        QVERIFY(edited.find(R"(<mov name="walk" dr="9" to="5" drTW="21" lp="0" twE="0">)") !=
                std::string::npos);
        QCOMPARE(edited.size(), editor.originalBytes().size() + 5);
    }

    // twE="NaN" (Dragon's jump and fall) is Linear to cocos2d-x and to the reader, so to the
    // editor too: one rule (io/DragonBonesEasing.h). None is written as its number, which
    // reads back as None; a typed "NaN" means Linear.
    void easingsFollowTheReadersRule()
    {
        ExportEditor editor = openCorpus("Dragon.xml");
        const EditTarget jump{"Dragon", "jump", {}, -1};
        const EditValue linear = Easing::Linear, none = Easing::None;
        QVERIFY(modelValue(reread(editor).value(), jump, EditKey::TweenEasing) == linear);
        QVERIFY(editor.value(jump, EditKey::TweenEasing).value() == linear);
        QVERIFY(!editor.set(jump, EditKey::TweenEasing, Easing::Linear)); // what the file says
        QVERIFY(!editor.modified());

        QVERIFY(!editor.set(jump, EditKey::TweenEasing, Easing::None));
        QVERIFY(
            editor.bytes().find(R"(<mov name="jump" dr="5" to="3" drTW="5" lp="1" twE="10000">)") !=
            std::string::npos);
        QVERIFY(modelValue(reread(editor).value(), jump, EditKey::TweenEasing) == none);
        QVERIFY(editor.value(jump, EditKey::TweenEasing).value() == none);

        const auto xml = SourceFormat::DragonBonesXml, json = SourceFormat::CocoStudioJson;
        QVERIFY(parseEditValue(EditKey::TweenEasing, "NaN", xml).value() == linear);
        QVERIFY(parseEditValue(EditKey::TweenEasing, "nan", json).value() == linear);
        QVERIFY(parseEditValue(EditKey::FrameTweenEasing, "None", xml).value() == none);
        QVERIFY(readEditValue(EditKey::FrameTweenEasing, "NaN", xml) == linear);
        QVERIFY(readEditValue(EditKey::FrameTweenEasing, "10000", xml) == none);
        // cocos2d-x's DragonBones reader alone turns 2 into SineEaseInOut.
        QVERIFY(readEditValue(EditKey::FrameTweenEasing, "2", xml) ==
                EditValue(Easing::SineEaseInOut));
        QVERIFY(readEditValue(EditKey::FrameTweenEasing, "2", json) ==
                EditValue(Easing::SineEaseOut));
    }

    // Of two movements of one name cocos2d-x plays the later, so that is the one edited.
    void editsTheRepeatedMovementCocos2dxPlays_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::string>("laterDefinition"); // where the later definition starts
        QTest::newRow("xml") << std::string("realworld/duplicate-movement.xml")
                             << std::string(R"(<mov name="idle" dr="6")");
        QTest::newRow("json") << std::string("realworld/duplicate-movement.ExportJson")
                              << std::string("\"name\": \"idle\",\n     \"dr\": 8");
    }
    void editsTheRepeatedMovementCocos2dxPlays()
    {
        QFETCH(std::string, file);
        QFETCH(std::string, laterDefinition);
        ExportEditor editor = openData(file);
        const EditTarget idle{{}, "idle", {}, -1};
        QVERIFY(editor.value(idle, EditKey::DurationTo).value() == EditValue(3));
        QVERIFY(!editor.set(idle, EditKey::DurationTo, 9));
        const size_t later = editor.originalBytes().find(laterDefinition);
        QVERIFY(later != std::string::npos);
        const std::string edited = editor.bytes();
        QCOMPARE(edited.substr(0, later), editor.originalBytes().substr(0, later));
        QCOMPARE(reread(editor)->animations[0].findMovement("idle")->durationTo, 9);
    }

    // Of two animations of one name cocos2d-x plays the later, so that one's movements are
    // edited.
    void editsTheRepeatedAnimationCocos2dxPlays_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::string>("movement");
        QTest::addColumn<std::string>("laterDefinition"); // where the later animation starts
        QTest::newRow("xml") << std::string("realworld/duplicate-armature.xml")
                             << std::string("pose") << std::string(R"(<mov name="walk2")");
        QTest::newRow("json") << std::string("realworld/duplicate-armature.ExportJson")
                              << std::string("jump2") << std::string("\"name\": \"idle2\"");
    }
    void editsTheRepeatedAnimationCocos2dxPlays()
    {
        QFETCH(std::string, file);
        QFETCH(std::string, movement);
        QFETCH(std::string, laterDefinition);
        ExportEditor editor = openData(file);
        const EditTarget target{{}, movement, {}, -1};
        QVERIFY(!editor.set(target, EditKey::DurationTo, 9));
        const size_t later = editor.originalBytes().find(laterDefinition);
        QVERIFY(later != std::string::npos);
        QCOMPARE(editor.bytes().substr(0, later), editor.originalBytes().substr(0, later));
        QVERIFY(editor.bytes() != editor.originalBytes());
        QCOMPARE(reread(editor)->animations[0].findMovement(movement)->durationTo, 9);
    }

    // A bone's repeated timeline: cocos2d-x plays the first in XML, the later in ExportJson.
    void editsTheRepeatedTimelineCocos2dxPlays_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::string>("playedTimeline"); // where the played one starts
        QTest::newRow("xml") << std::string("realworld/duplicate-movement.xml")
                             << std::string(R"(kX="45")");
        QTest::newRow("json") << std::string("realworld/duplicate-movement.ExportJson")
                              << std::string("\"x\": -10.0");
    }
    void editsTheRepeatedTimelineCocos2dxPlays()
    {
        QFETCH(std::string, file);
        QFETCH(std::string, playedTimeline);
        ExportEditor editor = openData(file);
        const EditTarget keyframe{{}, "idle", "root", 1};
        QVERIFY(!editor.set(keyframe, EditKey::FrameEvent, std::string("hit")));
        const size_t played = editor.originalBytes().find(playedTimeline);
        QVERIFY(played != std::string::npos);
        const auto [removed, added] = changedBytes(editor.originalBytes(), editor.bytes());
        QVERIFY(added.find("hit") != std::string::npos);
        const size_t at = editor.bytes().find("hit");
        QVERIFY2(at > played && at < played + playedTimeline.size() + 120,
                 "the event went to another keyframe than the one cocos2d-x plays");
        QCOMPARE(
            reread(editor)->animations[0].findMovement("idle")->findBone("root")->frames[1].event,
            std::string("hit"));
    }

    // The editor reads `lp` as the readers do, odd spellings included: rapidjson's GetBool (an
    // ExportJson's 1, 0 and "true" are false) and tinyxml2's leading integer (a DragonBones
    // lp="true" loops, and so does lp="false").
    void loopReadsAsTheReaderReadsIt_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::vector<std::string>>("looping"); // the movements that loop
        QTest::newRow("json") << std::string("realworld/loose-types.ExportJson")
                              << std::vector<std::string>{};
        QTest::newRow("xml") << std::string("realworld/trackdr.xml")
                             << std::vector<std::string>{"uneven", "looptrue", "loopfalse"};
    }
    void loopReadsAsTheReaderReadsIt()
    {
        QFETCH(std::string, file);
        QFETCH(std::vector<std::string>, looping);
        ExportEditor editor = openData(file);
        const auto model = reread(editor);
        QVERIFY(model.ok());
        std::vector<std::string> loops;
        for (const MovementData& movement : model->animations[0].movements) {
            const auto read = editor.value({{}, movement.name, {}, -1}, EditKey::Loop);
            QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
            QVERIFY2(read.value() == EditValue(movement.loop), movement.name.c_str());
            if (movement.loop)
                loops.push_back(movement.name);
        }
        QCOMPARE(loops, looping);
        const MovementData& first = model->animations[0].movements[0];
        QVERIFY(!editor.set({{}, first.name, {}, -1}, EditKey::Loop, !first.loop));
        QCOMPARE(reread(editor)->animations[0].movements[0].loop, !first.loop);
    }

    // White space, a '+', leading numbers and values without one, as tinyxml2 reads numbers:
    // the editor reads every value as the DragonBones reader does.
    void oddSpellingsReadAsTheReaderReadsThem_data()
    {
        QTest::addColumn<std::string>("movement");
        QTest::addColumn<std::string>("keyframes");
        QTest::addColumn<int>("durationTo");
        QTest::addColumn<Easing>("easing");
        QTest::newRow("spaces and plus")
            << std::string(R"(to=" +4 " drTW="+6" lp="2px" twE=" +2 ")")
            << std::string(R"(<f dr="2" twE="+3" twR=" +0.5 "/><f dr="2" twE="NaN"/>)") << 4
            << Easing::SineEaseInOut;
        QTest::newRow("leading numbers and none")
            << std::string(R"(to="4.9" drTW="6px" lp="1" twE="abc")")
            << std::string(R"(<f dr="2" twE="2x" twR="0,5"/><f dr="2" twE="" twR="-"/>)") << 4
            << Easing::Linear;
    }
    void oddSpellingsReadAsTheReaderReadsThem()
    {
        QFETCH(std::string, movement);
        QFETCH(std::string, keyframes);
        QFETCH(int, durationTo);
        QFETCH(Easing, easing);
        const std::string xml = R"(<skeleton name="a" version="2.0"><armatures><armature name="a">
<b name="r"/></armature></armatures><animations><animation name="a"><mov name="m" dr="4" )" +
                                movement + R"(><b name="r">)" + keyframes +
                                R"(</b></mov></animation></animations></skeleton>)";
        auto editor = ExportEditor::open(xml, "odd.xml");
        QVERIFY2(editor.ok(), editor.ok() ? "" : editor.error().toString().c_str());
        const auto model = reread(editor.value());
        QVERIFY2(model.ok(), model.ok() ? "" : model.error().toString().c_str());
        const EditTarget target{"a", "m", {}, -1};
        for (const EditKey key :
             {EditKey::DurationTo, EditKey::DurationTween, EditKey::Loop, EditKey::TweenEasing}) {
            const auto read = editor->value(target, key);
            QVERIFY2(read.ok() && read.value() == modelValue(model.value(), target, key),
                     editKeyName(key).data());
        }
        for (const int keyframe : {0, 1})
            for (const EditKey key : {EditKey::FrameTweenEasing, EditKey::FrameTweenRotate}) {
                const EditTarget frame{"a", "m", "r", keyframe};
                const auto read = editor->value(frame, key);
                QVERIFY2(read.ok() && read.value() == modelValue(model.value(), frame, key),
                         editKeyName(key).data());
            }
        QCOMPARE(model->animations[0].movements[0].durationTo, durationTo);
        QCOMPARE(model->animations[0].movements[0].easing, easing);
    }

    // Of equal keys rapidjson (cocos2d-x) and the reader read the first: that one is edited.
    void editsTheFirstOfEqualKeys()
    {
        ExportEditor editor = openData("realworld/duplicate-key.ExportJson");
        const EditTarget idle{{}, "idle", {}, -1};
        QVERIFY(editor.value(idle, EditKey::Loop).value() == EditValue(true));
        QVERIFY(!editor.set(idle, EditKey::Loop, false));
        const auto [removed, added] = changedBytes(editor.originalBytes(), editor.bytes());
        QCOMPARE(removed, std::string("tru"));
        QCOMPARE(added, std::string("fals"));
        const size_t first = editor.originalBytes().find("\"lp\": true");
        const std::string edited = "\"lp\": false,";
        QCOMPARE(editor.bytes().substr(first, edited.size()), edited);
        QVERIFY(!reread(editor)->animations[0].movements[0].loop);
    }

    void absentValuesAreInsertedMinimally()
    {
        ExportEditor xml = openCorpus("Dragon.xml");
        const EditTarget frame{"Dragon", "stand", "tail", 1};
        QVERIFY(!xml.set(frame, EditKey::FrameEvent, std::string("step")));
        const auto [removedXml, addedXml] = changedBytes(xml.originalBytes(), xml.bytes());
        QCOMPARE(removedXml, std::string());
        QCOMPARE(addedXml, std::string(R"( evt="step")"));

        ExportEditor json = openCorpus("Cowboy.ExportJson");
        const EditTarget walk{"Cowboy", "Walk", "Layer120", 0};
        QVERIFY(!json.set(walk, EditKey::FrameEvent, std::string("step")));
        const auto [removedJson, addedJson] = changedBytes(json.originalBytes(), json.bytes());
        QCOMPARE(removedJson, std::string());
        QCOMPARE(addedJson, std::string(",\n                  \"evt\": \"step\""));
        QCOMPARE(reread(json)
                     ->findAnimation("Cowboy")
                     ->findMovement("Walk")
                     ->findBone("Layer120")
                     ->frames[0]
                     .event,
                 std::string("step"));
    }

    void refusedValues_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<EditKey>("key");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("reason");
        const std::string xml = "Dragon.xml";
        const std::string json = "Cowboy.ExportJson";
        QTest::newRow("negative durationTo") << xml << EditKey::DurationTo << "-3"
                                             << "negative";
        QTest::newRow("NaN durationTo") << json << EditKey::DurationTo << "NaN"
                                        << "whole number";
        QTest::newRow("fractional durationTween") << json << EditKey::DurationTween << "2.5"
                                                  << "whole number";
        QTest::newRow("huge durationTo") << xml << EditKey::DurationTo << "2000000"
                                         << "more than";
        QTest::newRow("text durationTo") << xml << EditKey::DurationTo << "ten"
                                         << "not a number";
        QTest::newRow("loop maybe") << xml << EditKey::Loop << "maybe"
                                    << "true or false";
        QTest::newRow("unknown easing") << json << EditKey::TweenEasing << "Wobble"
                                        << "tween type: a name (Linear, SineEaseIn to "
                                           "BounceEaseInOut, CustomEasing), a number from -1 to "
                                           "30, None (the movement's) or NaN";
        QTest::newRow("part of a name") << json << EditKey::TweenEasing << "sine"
                                        << "did you mean SineEaseIn, SineEaseOut, SineEaseInOut?";
        QTest::newRow("easing 31") << json << EditKey::TweenEasing << "31"
                                   << "tween type";
        QTest::newRow("custom movement easing") << json << EditKey::TweenEasing << "CustomEasing"
                                                << "keyframes";
        QTest::newRow("SineEaseOut in XML") << xml << EditKey::TweenEasing << "2"
                                            << "SineEaseInOut";
        QTest::newRow("custom easing in XML") << xml << EditKey::FrameTweenEasing << "-1"
                                              << "Bezier";
        QTest::newRow("scale in XML") << xml << EditKey::Scale << "2"
                                      << "DragonBones XML";
        QTest::newRow("zero scale") << json << EditKey::Scale << "0"
                                    << "positive";
        QTest::newRow("NaN scale") << json << EditKey::Scale << "nan"
                                   << "positive";
        QTest::newRow("tweenRotate in ExportJson") << json << EditKey::FrameTweenRotate << "1"
                                                   << "does not read";
        QTest::newRow("infinite tweenRotate") << xml << EditKey::FrameTweenRotate << "inf"
                                              << "finite";
        QTest::newRow("event with a line break") << xml << EditKey::FrameEvent << "hit\nnow"
                                                 << "control characters";
        QTest::newRow("event with a tab") << json << EditKey::FrameEvent << "hit\tnow"
                                          << "control characters";
    }
    void refusedValues()
    {
        QFETCH(std::string, file);
        QFETCH(EditKey, key);
        QFETCH(QString, typed);
        QFETCH(QString, reason);
        const ExportEditor editor = openCorpus(file);
        const auto parsed = parseEditValue(key, typed.toStdString(), editor.format());
        QVERIFY(!parsed.ok());
        QVERIFY2(QString::fromStdString(parsed.error().message).contains(reason),
                 parsed.error().message.c_str());
    }

    void eventNamesMustBeValidUtf8()
    {
        // The command line passes bytes as typed: a Latin-1 "é" would make a file the readers
        // refuse. Any valid UTF-8 name is written.
        const std::string latin1 = std::string("d\xE9") + "but"; // "début"
        const std::string utf8 = std::string("d\xC3\xA9") + "but \"<&>";
        for (const SourceFormat format :
             {SourceFormat::DragonBonesXml, SourceFormat::CocoStudioJson}) {
            const auto refused = refuseEditValue(EditKey::FrameEvent, latin1, format);
            QVERIFY(refused && refused->find("UTF-8") != std::string::npos);
            QVERIFY(!refuseEditValue(EditKey::FrameEvent, utf8, format));
        }
    }

    void refusedTargets_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::string>("movement");
        QTest::addColumn<std::string>("bone");
        QTest::addColumn<int>("keyframe");
        QTest::addColumn<EditKey>("key");
        QTest::addColumn<QString>("reason");
        QTest::newRow("unknown movement")
            << std::string("Dragon.xml") << std::string("swim") << std::string() << -1
            << EditKey::DurationTo
            << "no movement \"swim\"; the movements are: \"stand\", \"walk\", \"jump\", \"fall\"";
        QTest::newRow("unknown bone")
            << std::string("Cowboy.ExportJson") << std::string("Walk") << std::string("tail") << 0
            << EditKey::FrameEvent
            << "no timeline for bone \"tail\"; its timelines are: \"Layer120\", \"Layer136\"";
        QTest::newRow("unknown movement (ExportJson)")
            << std::string("Cowboy.ExportJson") << std::string("walk") << std::string() << -1
            << EditKey::DurationTo
            << "no movement \"walk\"; the movements are: \"Walk\", \"FireMax\", \"Fire\", "
               "\"FireWithoutBullet\"";
        QTest::newRow("keyframe beyond the timeline")
            << std::string("Dragon.xml") << std::string("stand") << std::string("tail") << 99
            << EditKey::FrameTweenEasing << "keyframes";
        QTest::newRow("keyframe key without a keyframe")
            << std::string("Dragon.xml") << std::string("stand") << std::string() << -1
            << EditKey::FrameEvent << "needs a bone";
        QTest::newRow("custom easing without twEP")
            << std::string("Cowboy.ExportJson") << std::string("Walk") << std::string("Layer120")
            << 0 << EditKey::FrameTweenEasing << "twEP";
    }
    void refusedTargets()
    {
        QFETCH(std::string, file);
        QFETCH(std::string, movement);
        QFETCH(std::string, bone);
        QFETCH(int, keyframe);
        QFETCH(EditKey, key);
        QFETCH(QString, reason);
        ExportEditor editor = openCorpus(file);
        const EditValue value =
            key == EditKey::FrameTweenEasing
                ? EditValue(editor.format() == SourceFormat::CocoStudioJson ? Easing::CustomEasing
                                                                            : Easing::QuadEaseIn)
            : key == EditKey::FrameEvent ? EditValue(std::string("hit"))
                                         : EditValue(3);
        const auto refused = editor.set({{}, movement, bone, keyframe}, key, value);
        QVERIFY(refused.has_value());
        QVERIFY2(QString::fromStdString(refused->message).contains(reason),
                 refused->message.c_str());
        QVERIFY(editor.bytes() == editor.originalBytes());
    }

    // An edit the readers would refuse in the edited export is refused, and changes nothing:
    // Dragon stand's beards play at sc 2, so a 999 999-frame pass would make theirs longer
    // than kMaxFrames. Before the check the editor wrote a file Bonescope then refused to open.
    void editThatWouldNotLoadIsRefused()
    {
        ExportEditor editor = openCorpus("Dragon.xml");
        const EditTarget stand{{}, "stand", {}, -1};
        QVERIFY(!editor.set(stand, EditKey::DurationTween, 45));
        const std::string accepted = editor.bytes();

        const auto refusal = editor.refuse(stand, EditKey::DurationTween, 999999);
        QVERIFY(refusal.has_value());
        const auto refused = editor.set(stand, EditKey::DurationTween, 999999);
        QVERIFY(refused.has_value());
        QCOMPARE(refused->message, refusal->message);
        QVERIFY2(QString::fromStdString(refused->message).contains(QStringLiteral("beardL")),
                 refused->message.c_str());
        QVERIFY(editor.bytes() == accepted);
        QVERIFY(editor.value(stand, EditKey::DurationTween).value() == EditValue(45));
        QCOMPARE(editor.model().animations[0].findMovement("stand")->durationTween, 45);
        // refuse() changes nothing either, also when it accepts.
        QVERIFY(!editor.refuse(stand, EditKey::DurationTween, 60));
        QVERIFY(editor.bytes() == accepted);
    }

    // The file's own value is always taken back, though an edit may not set it: a movement at
    // speed scale 0 (it plays frozen) set to 0.75 and back, as undo does. The second set was
    // refused ("the speed scale must be a positive number"), so undo left the 0.75 in the
    // file while the undo stack said it was undone (found by fuzz_editor).
    void theFilesOwnValueIsAlwaysTakenBack()
    {
        auto bytes = readFileBytes(kCorpus + "/Cowboy.ExportJson");
        QVERIFY(bytes.ok());
        std::string text = bytes.value();
        const size_t scale = text.find("\"sc\": 1.0", text.find("\"mov_data\""));
        QVERIFY(scale != std::string::npos);
        text.replace(scale, 9, "\"sc\": 0.0");
        auto editor = ExportEditor::open(text, "Cowboy.ExportJson");
        QVERIFY2(editor.ok(), editor.ok() ? "" : editor.error().toString().c_str());
        const std::string movement = editor->model().animations[0].movements[0].name;
        const EditTarget target{{}, movement, {}, -1};
        QCOMPARE(editor->value(target, EditKey::Scale).value(), EditValue(0.0));
        QVERIFY(editor->refuse(target, EditKey::Scale, -1.0)); // still refused anew
        QVERIFY(!editor->set(target, EditKey::Scale, 0.75));
        const auto back = editor->set(target, EditKey::Scale, 0.0);
        QVERIFY2(!back, back ? back->toString().c_str() : "");
        QVERIFY(!editor->modified());
        QVERIFY(editor->bytes() == editor->originalBytes());
    }

    // A copy saved under a name of no armature extension (Save As "tuned") is still edited as
    // the format it was read in: the edits used to be re-read as ExportJson and refused.
    void editsKeepTheirFormatUnderAnotherName()
    {
        auto bytes = readFileBytes(kCorpus + "/Dragon.xml");
        QVERIFY(bytes.ok());
        auto model = readSkeleton(bytes.value(), "Dragon.xml");
        QVERIFY(model.ok());
        auto editor = ExportEditor::open(bytes.value(), "tuned", std::move(model.value()));
        QVERIFY(editor.ok());
        const EditTarget stand{"Dragon", "stand", {}, -1};
        const auto refused = editor->set(stand, EditKey::DurationTo, 7);
        QVERIFY2(!refused, refused ? refused->toString().c_str() : "");
        QCOMPARE(editor->model().format, SourceFormat::DragonBonesXml);
        QCOMPARE(editor->value(stand, EditKey::DurationTo).value(), EditValue(7));
    }

    void xmlSpansReadTheMarkupExportsUse()
    {
        // Comments, CDATA, a declaration and processing instructions hide what looks like tags;
        // attributes take either quote, spaces around '=' and entities.
        const std::string text = "<?xml version=\"1.0\"?>\n<!DOCTYPE skeleton>\n"
                                 "<skeleton name='a &amp; b'>\n"
                                 " <!-- <mov name=\"hidden\"/> -->\n"
                                 " <mov name = \"walk\" dr=\"9\"><![CDATA[<b name=\"no\"/>]]>\n"
                                 "  <b name=\"head\"/><b name=\"tail\" sc='0.5'></b>\n"
                                 "  <?pi <b name=\"no\"/> ?><b name=\"head\" dl=\"1\"/>\n"
                                 " </mov>\n"
                                 " <mov name=\"stand\"/>\n"
                                 "</skeleton>\n";
        const auto spans = XmlSpans::scan(text, "odd.xml");
        QVERIFY2(spans.ok(), spans.ok() ? "" : spans.error().toString().c_str());
        const int root = spans->root();
        QCOMPARE(root, 0);
        QCOMPARE(spans->value(*spans->attribute(root, "name")), std::string("a & b"));
        QCOMPARE(spans->children(root, "mov").size(), size_t(2));
        const auto walk = spans->childrenNamed(root, "mov", "walk");
        QCOMPARE(walk.size(), size_t(1));
        QVERIFY(spans->childrenNamed(root, "mov", "hidden").empty());
        const auto heads = spans->childrenNamed(walk.front(), "b", "head");
        QCOMPARE(heads.size(), size_t(2));
        QCOMPARE(spans->children(walk.front(), "b").size(), size_t(3));
        QVERIFY(!spans->attribute(heads.front(), "dl"));
        const auto delay = spans->attribute(heads.back(), "dl");
        QVERIFY(delay);
        QCOMPARE(text.substr(delay->valueBegin, delay->valueEnd - delay->valueBegin),
                 std::string("1"));
        const auto tail = spans->childrenNamed(walk.front(), "b", "tail");
        const auto scale = spans->attribute(tail.front(), "sc");
        QCOMPARE(scale->quote, '\'');
        QCOMPARE(spans->value(*scale), std::string("0.5"));
        // An attribute is added after the last one, before the tag's end.
        QCOMPARE(text.substr(spans->attributesEnd(tail.front()), 1), std::string(">"));
        QCOMPARE(text.substr(spans->attributesEnd(heads.front()), 2), std::string("/>"));
        QCOMPARE(text.substr(spans->attributesEnd(walk.front()) - 6, 7), std::string("dr=\"9\">"));
    }

    void xmlSpansRefuseBrokenMarkup_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::newRow("comment") << "<a>\n<!-- x"
                                 << "unterminated comment" << 2;
        QTest::newRow("no value") << "<a b>"
                                  << "attribute without a value" << 1;
        QTest::newRow("no quotes") << "<a b=1/>"
                                   << "attribute value without quotes" << 1;
        QTest::newRow("open value") << "<a\nb='1/>"
                                    << "unterminated attribute value" << 1;
        QTest::newRow("stray slash") << "<a / >"
                                     << "stray '/' in a start tag" << 1;
        QTest::newRow("two roots") << "<a/>\n<b/>"
                                   << "more than one root element" << 2;
        QTest::newRow("unclosed") << "<a><b>\n</b>"
                                  << "unclosed element at the end of the file" << 2;
        QTest::newRow("stray close") << "<a/></a>"
                                     << "closing tag without an open element" << 1;
    }

    void xmlSpansRefuseBrokenMarkup()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, line);
        const auto spans = XmlSpans::scan(text.toStdString(), "broken.xml");
        QVERIFY(!spans.ok());
        QCOMPARE(QString::fromStdString(spans.error().message), message);
        QCOMPARE(spans.error().line, line);
    }

    void jsonSpansReadWhatExportsWrite()
    {
        // A byte order mark, escaped keys, duplicate keys (the first is read), empty containers.
        const std::string text = "\xEF\xBB\xBF{ \"a\\u0062\" : [ 1 , {\"name\":\"x\"}, {\"name\":"
                                 "\"x\", \"v\": 2} ],\n  \"e\": {}, \"l\": [],\"e\": 3 }";
        const auto spans = JsonSpans::scan(text, "odd.json");
        QVERIFY2(spans.ok(), spans.ok() ? "" : spans.error().toString().c_str());
        const int root = spans->root();
        const int array = spans->member(root, "ab");
        QVERIFY(array >= 0);
        QCOMPARE(spans->node(array).kind, JsonSpans::Node::Kind::Array);
        const std::vector<int> elements = spans->elements(array);
        QCOMPARE(elements.size(), size_t(3));
        QCOMPARE(spans->text(elements[0]), std::string_view("1"));
        // Of equal names the later, as cocos2d-x keeps it.
        QCOMPARE(spans->elementNamed(array, "x"), elements[2]);
        QCOMPARE(spans->text(spans->member(elements[2], "v")), std::string_view("2"));
        const int empty = spans->member(root, "e");
        QCOMPARE(spans->text(empty), std::string_view("{}"));
        QVERIFY(!spans->lastMember(empty));
        QVERIFY(spans->elements(spans->member(root, "l")).empty());
        QVERIFY(spans->elements(root).empty()); // an object has members, not elements
        const auto last = spans->lastMember(root);
        QVERIFY(last);
        QCOMPARE(last->key, std::string("e"));
        QCOMPARE(spans->text(last->value), std::string_view("3"));
        QCOMPARE(text.substr(last->keyBegin, last->keyEnd - last->keyBegin), std::string("\"e\""));
        QCOMPARE(text.substr(last->separator, last->keyBegin - last->separator), std::string(""));
        QCOMPARE(spans->member(elements[1], "v"), -1);
        QCOMPARE(spans->member(array, "name"), -1); // an array has no members
    }

    void unreadableExportIsRefused()
    {
        const auto editor = ExportEditor::open("<skeleton", "broken.xml");
        QVERIFY(!editor.ok());
        QCOMPARE(editor.error().file, std::string("broken.xml"));
    }
};

QTEST_GUILESS_MAIN(TestExportEditor)
#include "test_export_editor.moc"
