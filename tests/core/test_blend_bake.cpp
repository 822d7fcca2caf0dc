#include "bake/BakeWriter.h"
#include "bake/BlendBakeRunner.h"
#include "bake/BlendBakeWriter.h"
#include "base/FrameRate.h"
#include "io/AnimationCacheReader.h"
#include "io/DragonBonesReader.h"
#include "io/LayerSetupReader.h"

#include <QtTest>

#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

using namespace bonescope::core;

namespace {

const std::string kData = BONESCOPE_TEST_DATA;

std::string fileText(const std::string& path)
{
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

const SkeletonData& dragon()
{
    static const SkeletonData skeleton =
        readDragonBonesXml(fileText(kData + "/corpus/Dragon.xml"), "Dragon.xml").value();
    return skeleton;
}

BlendBakeResult bake(const std::string& text)
{
    std::string error;
    const auto scenario = BlendScenario::parse(text, &error);
    if (!scenario)
        qFatal("%s: %s", text.c_str(), error.c_str());
    std::optional<LayerSetup> layers;
    if (scenario->kind == BlendScenario::Kind::Layers)
        layers = readLayerSetup(scenario->setupPath).value();
    auto result = runBlendBake(dragon(), "Dragon", *scenario, layers ? &*layers : nullptr);
    if (!result)
        qFatal("%s: %s", text.c_str(), result.error().toString().c_str());
    return std::move(result.value());
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

std::vector<std::string> poseCsv(const BakeResult& poses)
{
    std::ostringstream out;
    writeBakeCsv(poses, out);
    return lines(out.str());
}

/// The numbers of one CSV row after its first two fields (frame, bone).
std::vector<double> values(const std::string& row)
{
    std::vector<double> out;
    std::istringstream in(row);
    std::string field;
    for (int i = 0; std::getline(in, field, ','); ++i)
        if (i >= 2)
            out.push_back(std::stod(field));
    return out;
}

const BlendStateRow& state(const BlendBakeResult& result, int frame)
{
    return result.blendStates.at(size_t(frame - 1));
}

} // namespace

class TestBlendBake : public QObject {
    Q_OBJECT
private slots:
    void parsesScenarios_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("blend") << "blend:stand:walk:while:0.5:1" << true;
        QTest::newRow("chain") << "chain:stand:walk:then:0.5:1:jump:1.2" << true;
        QTest::newRow("layers") << "layers:C:/setups/a.json" << true;
        QTest::newRow("flipbook") << "flipbook:dance_1" << true;
        QTest::newRow("flipbook reverse") << "flipbook:dance_1:reverse" << true;
        QTest::newRow("bad mode") << "blend:stand:walk:fade:0.5:1" << false;
        QTest::newRow("negative") << "blend:stand:walk:to:-1:1" << false;
        QTest::newRow("missing at") << "blend:stand:walk:to:1" << false;
        QTest::newRow("chain backwards") << "chain:stand:walk:to:1:2:jump:1" << false;
        QTest::newRow("empty movement") << "blend::walk:to:1:1" << false;
        QTest::newRow("flipbook extra") << "flipbook:dance_1:sideways" << false;
    }
    void parsesScenarios()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        std::string error;
        const auto scenario = BlendScenario::parse(text.toStdString(), &error);
        QCOMPARE(scenario.has_value(), valid);
        QCOMPARE(error.empty(), valid);
        QVERIFY(BlendScenario::handles(text.toStdString()));
    }

    // Mode `to` is cocos2d-x's own play(B, durationTo): blend:stand:walk:to:SECONDS:AT with
    // AT = 17/60 s and SECONDS = 10/60 s is the golden scenario cross:stand:walk:17:10, so its
    // first 17 + 90 frames must be cocos2d-x's numbers (then 30 more updates follow).
    void durationToModeMatchesGoldenCross()
    {
        const auto result = bake("blend:stand:walk:to:" + std::to_string(framesToSeconds(10)) +
                                 ":" + std::to_string(framesToSeconds(17)));
        QCOMPARE(result.poses.frameCount, 17 + 120);
        const auto mine = poseCsv(result.poses);
        const auto expected =
            lines(fileText(kData + "/golden/Dragon/Dragon__cross_stand_walk_17_10.csv"));
        QCOMPARE(expected.size(), size_t(1 + 107 * 17));
        QCOMPARE(mine[0], expected[0]);
        for (size_t i = 1; i < expected.size(); ++i) {
            const auto a = values(mine[i]);
            const auto b = values(expected[i]);
            for (size_t c = 0; c < a.size(); ++c)
                QVERIFY2(qAbs(a[c] - b[c]) <= 1e-3, (mine[i] + " vs " + expected[i]).c_str());
        }
        // The nominal fade: frame 18 is the first update of the 10-frame fade.
        QCOMPARE(state(result, 18).source, std::string("stand"));
        QCOMPARE(state(result, 18).target, std::string("walk"));
        QVERIFY(qAbs(state(result, 18).targetWeight - 0.1) < 1e-12);
        QCOMPARE(state(result, 28).target, std::string());
        QCOMPARE(state(result, 28).source, std::string("walk"));
    }

    // WhileAnimating over 0.5 s, called after 30 updates. Dragon's stand passes in drTW 30
    // frames (0.5 s, so it is back at 0 on frame 30), walk in 21 (0.35 s). The update after
    // the call (frame 31) leaves timeLeft = 0.5 − 1/60 = 0.483333, source weight 0.966667;
    // frame 45: 0.25 left, weights 0.5 / 0.5, walk 15/60 s in; frame 60 ends it: walk is the
    // source, 30/60 s in, i.e. 0.5 − 0.35 = 0.15 s into its second pass.
    void whileModeStateRows()
    {
        const auto result = bake("blend:stand:walk:while:0.5:0.5");
        QCOMPARE(int(result.blendStates.size()), 30 + 120);
        QCOMPARE(state(result, 30).target, std::string());
        QVERIFY(qAbs(state(result, 30).sourceTime) < 1e-9);
        const auto& first = state(result, 31);
        QCOMPARE(first.source, std::string("stand"));
        QCOMPARE(first.target, std::string("walk"));
        QVERIFY(qAbs(first.timeLeft - (0.5 - kSecondsPerFrame)) < 1e-9);
        QVERIFY(qAbs(first.sourceWeight - (1 - 1 / 30.0)) < 1e-9);
        QVERIFY(qAbs(first.targetTime - kSecondsPerFrame) < 1e-9);
        const auto& half = state(result, 45);
        QVERIFY(qAbs(half.sourceWeight - 0.5) < 1e-9);
        QVERIFY(qAbs(half.targetTime - 0.25) < 1e-9);
        QCOMPARE(state(result, 59).target, std::string("walk"));
        const auto& done = state(result, 60);
        QCOMPARE(done.source, std::string("walk"));
        QCOMPARE(done.target, std::string());
        QVERIFY(qAbs(done.sourceTime - 0.15) < 1e-9);
        for (const auto& row : result.blendStates)
            QVERIFY(qAbs(row.sourceWeight + row.targetWeight - 1) < 1e-12);
    }

    // A Switch at 0.5 s then plays walk from its start: frames 31.. equal frames 1.. of walk
    // switched in at time 0 (blend:walk:walk:switch:0:2 plays walk alone for 120 updates).
    void switchModeEqualsPlayingTargetAlone()
    {
        const auto switched = poseCsv(bake("blend:stand:walk:switch:0.5:0.5").poses);
        const auto alone = poseCsv(bake("blend:walk:walk:switch:0:2").poses);
        for (int frame = 1; frame <= 120; ++frame)
            for (int bone = 0; bone < 17; ++bone) {
                const std::string a = switched[size_t((frame + 30 - 1) * 17 + bone + 1)];
                const std::string b = alone[size_t((frame - 1) * 17 + bone + 1)];
                QCOMPARE(a.substr(a.find(',')), b.substr(b.find(',')));
            }
    }

    // chain: stand → walk (while, 1 s) at 0.5 s, then C at 0.75 s, i.e. 15 updates in
    // (timeLeft 0.75). Rows are after the update following the second call (frame 46):
    //   C = walk  (same target): nothing changes, timeLeft 0.75 − 1/60
    //   C = stand (the source): swap, timeLeft 1 − 0.75 = 0.25, then − 1/60
    //   C = jump, 0.75 ≥ 0.5: walk becomes the source, jump the target at weight 0.25 + 1/60
    // and with C = jump at 1.25 s (timeLeft 0.25 < 0.5): jump replaces walk, stand stays.
    void chainRetargetRules_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("frame");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("target");
        QTest::addColumn<double>("timeLeft");
        QTest::newRow("C = B") << "chain:stand:walk:while:1:0.5:walk:0.75" << 46 << "stand"
                               << "walk" << 0.75 - kSecondsPerFrame;
        QTest::newRow("C = A") << "chain:stand:walk:while:1:0.5:stand:0.75" << 46 << "walk"
                               << "stand" << 0.25 - kSecondsPerFrame;
        QTest::newRow("third, early") << "chain:stand:walk:while:1:0.5:jump:0.75" << 46 << "walk"
                                      << "jump" << 0.75 - kSecondsPerFrame;
        QTest::newRow("third, late") << "chain:stand:walk:while:1:0.5:jump:1.25" << 76 << "stand"
                                     << "jump" << 0.25 - kSecondsPerFrame;
    }
    void chainRetargetRules()
    {
        QFETCH(QString, scenario);
        QFETCH(int, frame);
        QFETCH(QString, source);
        QFETCH(QString, target);
        QFETCH(double, timeLeft);
        const auto result = bake(scenario.toStdString());
        const auto& row = state(result, frame);
        QCOMPARE(QString::fromStdString(row.source), source);
        QCOMPARE(QString::fromStdString(row.target), target);
        QVERIFY2(qAbs(row.timeLeft - timeLeft) < 1e-9, qPrintable(QString::number(row.timeLeft)));
        QVERIFY(qAbs(row.duration - 1.0) < 1e-12);
        QCOMPARE(result.poses.frameCount, frame - 1 + 120);
    }

    // dragon_layers.json: body plays walk; upper (weight .5, 12 bones) plays stand and moves to
    // jump from 1 s (60 updates) over 0.5 s. The update after the call (61) has progress 1/30;
    // on update 90 jump takes over; the bake ends 120 updates after the call.
    void layersBakeFollowsTheSetup()
    {
        const auto result = bake("layers:" + kData + "/blend/dragon_layers.json");
        QCOMPARE(result.poses.frameCount, 60 + 120);
        QCOMPARE(result.layerStates.size(), size_t(2 * 180));
        const auto& upper61 = result.layerStates[size_t(2 * 60 + 1)];
        QCOMPARE(upper61.layer, std::string("upper"));
        QCOMPARE(upper61.next, std::string("jump"));
        QVERIFY(qAbs(upper61.progress - 1 / 30.0) < 1e-9);
        QCOMPARE(upper61.weight, 0.5);
        const auto& upper90 = result.layerStates[size_t(2 * 89 + 1)];
        QCOMPARE(upper90.current, std::string("jump"));
        QCOMPARE(upper90.next, std::string());
        // Bones outside the upper mask (e.g. legL) are body's walk alone: the same as a
        // one-layer plain walk, i.e. blend:walk:walk:switch:0:5 at the same frames.
        const auto alone = bake("blend:walk:walk:switch:0:5");
        const int legL = 13; // legL's row in by-name order
        QCOMPARE(result.poses.boneNames[size_t(result.poses.boneOrder[legL])], std::string("legL"));
        const auto layered = poseCsv(result.poses);
        const auto walked = poseCsv(alone.poses);
        for (int frame = 1; frame <= 180; ++frame) {
            const size_t row = size_t((frame - 1) * 17 + legL + 1);
            QCOMPARE(layered[row], walked[row]);
        }
    }

    void layersBakeNeedsItsSetup()
    {
        const auto scenario = BlendScenario::parse("layers:" + kData + "/blend/dragon_layers.json");
        const auto result = runBlendBake(dragon(), "Dragon", *scenario);
        QVERIFY(!result.ok());
        QVERIFY(result.error().message.find("layer setup") != std::string::npos);
    }

    // dance_1 (animations-2.plist): 14 frames, 14 delay units of 0.2 s, 2 loops, restore.
    // Frame 1 starts after 1 unit = 0.2 s = 12 updates: update 12 still shows frame 0, update
    // 14 frame 1 (update 13 sits on the boundary, where float rounding decides). The second
    // loop starts at 2.8 s (update 169): update 170 shows frame 0 of loop 1. Notifications
    // come once per loop. After 5.6 s the original frame (the first) is back.
    void flipbookBake()
    {
        const auto loaded = readAnimationCachePlist(
            fileText(kData + "/corpus/flipbook/animations-2.plist"), "animations-2.plist");
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const auto rows =
            runFlipbookBake(loaded.value(), *BlendScenario::parse("flipbook:dance_1"));
        QVERIFY(rows.ok());
        const auto& r = rows.value();
        QCOMPARE(r[0].frameIndex, 0);
        QCOMPARE(r[0].spriteFrame, std::string("grossini_dance_01.png"));
        QCOMPARE(r[0].notification, std::string("firstframe=true"));
        QCOMPARE(r[11].frameIndex, 0);
        QCOMPARE(r[13].frameIndex, 1);
        QCOMPARE(r[167].loop, 0);
        QCOMPARE(r[167].frameIndex, 13);
        QCOMPARE(r[169].loop, 1);
        QCOMPARE(r[169].frameIndex, 0);
        int first = 0, last = 0, keys = 0;
        for (const auto& row : r) {
            first += row.notification.find("firstframe=true") != std::string::npos;
            last += row.notification.find("lastframe=true") != std::string::npos;
            keys += row.notification.find("key1=1234;key2=false") != std::string::npos;
        }
        QCOMPARE(first, 2);
        QCOMPARE(last, 2);
        QCOMPARE(keys, 2);
        QVERIFY(r.size() >= 336 + 120 && r.size() <= 338 + 120);
        QCOMPARE(r.back().frameIndex, -1);
        QCOMPARE(r.back().spriteFrame, std::string("grossini_dance_01.png"));

        const auto reversed =
            runFlipbookBake(loaded.value(), *BlendScenario::parse("flipbook:dance_1:reverse"));
        QCOMPARE(reversed.value()[0].frameIndex, 13);
        QCOMPARE(reversed.value()[0].notification, std::string("lastframe=true"));
    }

    // trigger:A:B:AT takes its transition from a table; the length it gets there obeys the
    // rule parse keeps for SECONDS (0 to kMaxBakeSeconds), checked in core for every caller.
    void triggerTransitionLengthIsChecked_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("unit");
        QTest::addColumn<double>("duration");
        QTest::addColumn<bool>("targetDurationTo");
        QTest::addColumn<int>("targetToFrames");
        QTest::addColumn<QString>("problem"); // empty: accepted
        using Unit = TransitionSpec::Unit;
        const int frames = int(Unit::Frames), seconds = int(Unit::Seconds);
        const int blend = int(TransitionKind::WhileAnimating), to = int(TransitionKind::DurationTo);
        QTest::newRow("ten frames") << blend << frames << 10.0 << false << 0 << "";
        QTest::newRow("an hour") << blend << seconds << 3600.0 << false << 0 << "";
        QTest::newRow("past an hour")
            << blend << seconds << 3600.5 << false << 0
            << "trigger:stand:walk:1: the transition lasts 3600.5 seconds; it must be from 0 to "
               "3600";
        QTest::newRow("1e308 frames") << blend << frames << 1e308 << false << 0
                                      << "the transition lasts 1.66667e+306 seconds";
        QTest::newRow("infinite seconds")
            << blend << seconds << std::numeric_limits<double>::infinity() << false << 0
            << "the transition lasts inf seconds";
        QTest::newRow("target's own to") << to << frames << 0.0 << true << 12 << "";
        QTest::newRow("target's to past an hour")
            << to << frames << 0.0 << true << 1000000 << "the transition lasts 16666.7 seconds";
    }
    void triggerTransitionLengthIsChecked()
    {
        QFETCH(int, kind);
        QFETCH(int, unit);
        QFETCH(double, duration);
        QFETCH(bool, targetDurationTo);
        QFETCH(int, targetToFrames);
        QFETCH(QString, problem);
        auto scenario = BlendScenario::parse("trigger:stand:walk:1").value();
        TransitionSpec spec;
        spec.kind = TransitionKind(kind);
        spec.unit = TransitionSpec::Unit(unit);
        spec.duration = duration;
        spec.targetDurationTo = targetDurationTo;
        const QString said = QString::fromStdString(scenario.useTransition(spec, targetToFrames));
        QVERIFY2(problem.isEmpty() ? said.isEmpty() : said.contains(problem), qPrintable(said));
        QVERIFY(!scenario.fromTransitionTable);
    }

    void stateFilesBesidePoses()
    {
        QCOMPARE(statePathFor("out/a.csv"), std::string("out/a.state.csv"));
        QCOMPARE(statePathFor("a"), std::string("a.state.csv"));
        std::vector<FlipbookStateRow> rows{{1, 0, 2, "x,y.png", "k=\"v\""}};
        std::ostringstream out;
        writeFlipbookStateCsv(rows, out);
        QCOMPARE(out.str(), std::string("frame,loop,frameIndex,spriteFrame,notification\n"
                                        "1,0,2,\"x,y.png\",\"k=\"\"v\"\"\"\n"));
    }
};

QTEST_GUILESS_MAIN(TestBlendBake)
#include "test_blend_bake.moc"
