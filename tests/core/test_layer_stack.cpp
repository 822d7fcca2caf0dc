#include "FakeMovementSource.h"
#include "io/LayerSetupReader.h"
#include "runtime/LayerStack.h"
#include "runtime/LayerStackBuilder.h"

#include <QtTest>

using namespace bonescope::core;

namespace {

// Three bones. walk animates bones 0 and 1 at x = 10 + 10 t; wave animates bones 1 and 2 at
// x = 100; run animates bones 0 and 1 at x = 50. All last 2 s. The pose under the stack has
// x = 7 everywhere, so a bone no layer animates reads 7.
enum { Walk = 0, Wave = 1, Run = 2 };

FakeMovementSource makeSource()
{
    return FakeMovementSource(
        {{2.0, {1, 1, 0}, 10.f, 10.f}, {2.0, {0, 1, 1}, 100.f}, {2.0, {1, 1, 0}, 50.f}});
}

Pose basePose()
{
    Pose pose(3);
    for (auto& bone : pose)
        bone.local.x = 7.f;
    return pose;
}

QList<float> xsOf(const Pose& pose)
{
    QList<float> xs;
    for (const auto& bone : pose)
        xs.append(bone.local.x);
    return xs;
}

ArmatureData threeBones()
{
    ArmatureData armature;
    armature.name = "rig";
    for (const char* name : {"hip", "arm", "hand"}) {
        BoneData bone;
        bone.name = name;
        armature.bones.push_back(bone);
    }
    return armature;
}

AnimationData threeMovements()
{
    AnimationData animation;
    animation.name = "rig";
    for (const char* name : {"walk", "wave", "run"}) {
        MovementData movement;
        movement.name = name;
        movement.loop = std::string(name) != "wave";
        animation.movements.push_back(movement);
    }
    return animation;
}

} // namespace

class TestLayerStack : public QObject {
    Q_OBJECT
private slots:
    // legs (weight 1, walk) under arms (weight .5, wave):
    //   t 0 : bone 0 = walk 10; bone 1 = lerp(10, 100, .5) = 55; bone 2 = 100 (arms sets it
    //         first, so its weight does not apply)
    //   t .5: walk = 15 → [15, lerp(15, 100, .5) = 57.5, 100]
    void upperLayerLerpsByItsWeight()
    {
        const auto source = makeSource();
        LayerStack stack(source);
        stack.addLayer("legs", 1.f, {}, Walk, true);
        stack.addLayer("arms", 0.5f, {}, Wave, true);
        Pose out;
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{10, 55, 100}));
        stack.addTime(0.5);
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{15, 57.5, 100}));
    }

    // A bone no layer animates, or that the mask keeps out, passes through at the base's 7.
    void unanimatedBonesPassThrough()
    {
        const auto source = makeSource();
        LayerStack stack(source);
        stack.addLayer("legs", 1.f, {}, Walk, true);
        Pose out;
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{10, 10, 7}));
        stack.layers()[0].mask = {1, 0, 0};
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{10, 7, 7}));
    }

    // arms at weight 0 leaves bone 1 to walk (10) yet still sets bone 2, which nothing below
    // set (100); at weight 1 it replaces bone 1 too. Display index (walk 0, wave 1) switches at
    // weight .5: weight .4 keeps walk's.
    void layerAtWeightZeroOneAndDiscreteSwitch_data()
    {
        QTest::addColumn<float>("weight");
        QTest::addColumn<float>("bone1");
        QTest::addColumn<int>("display1");
        QTest::newRow("0") << 0.f << 10.f << 0;
        QTest::newRow("0.4") << 0.4f << 46.f << 0;
        QTest::newRow("0.5") << 0.5f << 55.f << 1;
        QTest::newRow("1") << 1.f << 100.f << 1;
    }
    void layerAtWeightZeroOneAndDiscreteSwitch()
    {
        QFETCH(float, weight);
        QFETCH(float, bone1);
        QFETCH(int, display1);
        const auto source = makeSource();
        LayerStack stack(source);
        stack.addLayer("legs", 1.f, {}, Walk, true);
        stack.addLayer("arms", weight, {}, Wave, true);
        Pose out;
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{10, bone1, 100}));
        QCOMPARE(out[1].displayIndex, display1);
    }

    // legs moves walk → run over 1 s. After .25 s: walk 12.5, run 50, progress .25:
    // 12.5 + (50 − 12.5) × .25 = 21.875 on bones 0 and 1. After 1 s run is current, at
    // time 1 s (it advanced during the move): x = 50.
    void transitionProgressesThenHandsOver()
    {
        const auto source = makeSource();
        LayerStack stack(source);
        stack.addLayer("legs", 1.f, {}, Walk, true);
        stack.transition(0, Run, true, 1.0);
        stack.addTime(0.25);
        QCOMPARE(stack.layers()[0].progress, 0.25);
        Pose out;
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{21.875, 21.875, 7}));
        stack.addTime(0.75);
        QVERIFY(!stack.layers()[0].inTransition());
        QCOMPARE(stack.layers()[0].current.movement, int(Run));
        QCOMPARE(stack.layers()[0].current.timeSeconds, 1.0);
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{50, 50, 7}));
    }

    // walk → wave over 1 s, .5 s in: bone 0 only walk animates (15), bone 1 both
    // (lerp(15, 100, .5) = 57.5), bone 2 only wave: its value outright (100).
    void transitionWhereOnlyOneSideAnimates()
    {
        const auto source = makeSource();
        LayerStack stack(source);
        stack.addLayer("legs", 1.f, {}, Walk, true);
        stack.transition(0, Wave, true, 1.0);
        stack.addTime(0.5);
        Pose out;
        stack.evaluate(basePose(), out);
        QCOMPARE(xsOf(out), (QList<float>{15, 57.5, 100}));
    }

    void setupBuildsStackAndSchedule()
    {
        const auto source = makeSource();
        const auto text = R"({"armature": "rig", "layers": [
            {"name": "legs", "movement": "walk",
             "transition": {"movement": "run", "start": 2, "duration": 0.5}},
            {"name": "arms", "movement": "wave", "weight": 0.25, "mask": ["hand"], "speed": 2,
             "transition": {"movement": "walk", "start": 1, "duration": 0, "loop": false}}]})";
        auto setup = parseLayerSetup(text, "setup.json");
        QVERIFY2(setup.ok(), setup.ok() ? "" : setup.error().toString().c_str());
        QCOMPARE(QString::fromStdString(setup->armature), QString("rig"));
        auto plan =
            buildLayerStack(setup.value(), threeBones(), threeMovements(), source, "setup.json");
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().toString().c_str());
        const auto& layers = plan->stack.layers();
        QCOMPARE(layers.size(), size_t(2));
        QCOMPARE(layers[1].weight, 0.25f);
        QCOMPARE(layers[1].mask, (BoneMask{0, 0, 1}));
        QCOMPARE(layers[1].speed, 2.0);
        QCOMPARE(layers[1].current.loop, false); // wave's own lp
        QVERIFY(layers[0].mask.empty());
        QCOMPARE(plan->transitions.size(), size_t(2));
        QCOMPARE(plan->transitions[0].layer, 1); // start 1 s sorts first
        QCOMPARE(plan->transitions[0].loop, false);
        QCOMPARE(plan->transitions[1].movement, int(Run));
        QCOMPARE(plan->transitions[1].durationSeconds, 0.5);
    }

    void badSetupsPointAtTheValue_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<int>("line");
        QTest::newRow("not json") << "{\n\"layers\": [,]}"
                                  << "" << 2;
        QTest::newRow("no layers") << R"({"armature": "rig"})"
                                   << "/layers" << 0;
        QTest::newRow("empty layers") << R"({"layers": []})"
                                      << "/layers" << 1;
        QTest::newRow("unknown key")
            << "{\"layers\": [\n  {\"name\": \"a\", \"movement\": \"walk\",\n   \"wieght\": 1}]}"
            << "/layers/0/wieght" << 3;
        QTest::newRow("weight range")
            << "{\n\"layers\": [{\"name\": \"a\", \"movement\": \"walk\", \"weight\": 1.5}]}"
            << "/layers/0/weight" << 2;
        QTest::newRow("no movement")
            << R"({"layers": [{"name": "a", "movement": "walk"}, {"name": "b"}]})"
            << "/layers/1/movement" << 1;
        QTest::newRow("duplicate name")
            << R"({"layers": [{"name": "a", "movement": "walk"}, {"name": "a", "movement": "run"}]})"
            << "/layers/1/name" << 1;
        QTest::newRow("mask not names")
            << R"({"layers": [{"name": "a", "movement": "walk", "mask": ["hip", 3]}]})"
            << "/layers/0/mask/1" << 1;
        QTest::newRow("transition start")
            << R"({"layers": [{"name": "a", "movement": "walk", "transition": {"movement": "run", "duration": 1}}]})"
            << "/layers/0/transition/start" << 1;
        QTest::newRow("unknown movement") << R"({"layers": [{"name": "a", "movement": "swim"}]})"
                                          << "/layers/0/movement" << 0;
        QTest::newRow("unknown bone")
            << R"({"layers": [{"name": "a", "movement": "walk", "mask": ["hip", "tail"]}]})"
            << "/layers/0/mask/1" << 0;
        QTest::newRow("unknown next movement")
            << R"({"layers": [{"name": "a", "movement": "walk", "transition": {"movement": "fly", "start": 0, "duration": 1}}]})"
            << "/layers/0/transition/movement" << 0;
    }
    void badSetupsPointAtTheValue()
    {
        QFETCH(QString, text);
        QFETCH(QString, pointer);
        QFETCH(int, line);
        const auto source = makeSource();
        const std::string bytes = text.toStdString();
        auto setup = parseLayerSetup(bytes, "bad.json");
        LoadError error;
        if (setup.ok()) {
            auto plan =
                buildLayerStack(setup.value(), threeBones(), threeMovements(), source, "bad.json");
            QVERIFY(!plan.ok());
            error = plan.error();
        } else
            error = setup.error();
        QCOMPARE(QString::fromStdString(error.file), QString("bad.json"));
        QCOMPARE(QString::fromStdString(error.jsonPointer), pointer);
        QCOMPARE(error.line, line);
        QVERIFY(!error.message.empty());
    }

    void readsSetupFileFromDisk()
    {
        auto setup = readLayerSetup(BONESCOPE_TEST_DATA "/blend/dragon_layers.json");
        QVERIFY2(setup.ok(), setup.ok() ? "" : setup.error().toString().c_str());
        QVERIFY(setup->layers.size() >= 2);
        auto missing = readLayerSetup(BONESCOPE_TEST_DATA "/blend/no_such_file.json");
        QVERIFY(!missing.ok());
    }
};

QTEST_GUILESS_MAIN(TestLayerStack)
#include "test_layer_stack.moc"
