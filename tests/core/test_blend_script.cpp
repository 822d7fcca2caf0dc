#include "bake/BakeWriter.h"
#include "bake/BlendBakeWriter.h"
#include "io/ExportLoader.h"
#include "io/FileBytes.h"
#include "script/BlendScriptReader.h"
#include "script/BlendScriptWriter.h"
#include "script/ScriptBake.h"
#include "script/ScriptRunner.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <sstream>

using namespace bonescope::core;

namespace {

const std::string kData = BONESCOPE_TEST_DATA;

std::string fileText(const std::string& path)
{
    return readFileBytes(path).value();
}

const SkeletonData& dragon()
{
    static const SkeletonData skeleton = readSkeletonFile(kData + "/corpus/Dragon.xml").value();
    return skeleton;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

BlendScript script(const std::string& json)
{
    auto parsed = parseBlendScript(json, "test.json");
    if (!parsed)
        qFatal("%s", parsed.error().toString().c_str());
    return parsed.value();
}

ScriptBakeResult bake(const BlendScript& s, const std::vector<int>& frames = {},
                      const std::vector<std::string>& traced = {})
{
    auto result = bakeScript(dragon(), s, frames, traced);
    if (!result)
        qFatal("%s", result.error().toString().c_str());
    return std::move(result.value());
}

/// Pose CSV rows (header dropped) grouped by their frame number.
std::map<int, std::vector<std::string>> rowsByFrame(const BakeResult& poses)
{
    std::ostringstream out;
    writeBakeCsv(poses, out);
    std::map<int, std::vector<std::string>> rows;
    const auto all = lines(out.str());
    for (size_t i = 1; i < all.size(); ++i)
        rows[std::stoi(all[i])].push_back(all[i]);
    return rows;
}

std::string stateLine(const BlendStateRow& row)
{
    std::ostringstream out;
    writeBlendStateCsv({row}, out);
    return lines(out.str()).at(1);
}

/// Play, a while crossfade interrupted by a third movement (re-target), a then crossfade, the
/// player taking the pose back with durationTo, a speed change, a pause and a goto: 200 updates.
const char* kMixed = R"({ "armature": "Dragon", "updates": 200, "calls": [
    { "at": 0,   "play": "stand" },
    { "at": 30,  "crossfade": "walk", "mode": "while", "seconds": 0.5 },
    { "at": 38,  "crossfade": "jump", "mode": "while", "seconds": 0.5 },
    { "at": 70,  "crossfade": "fall", "mode": "then",  "seconds": 0.25 },
    { "at": 100, "crossfade": "walk", "mode": "to",    "frames": 12 },
    { "at": 110, "speed": 0.5 },
    { "at": 130, "pause": true },
    { "at": 140, "resume": true },
    { "at": 150, "speed": 1.5 },
    { "at": 160, "crossfade": "stand", "mode": "while", "seconds": 0.3 },
    { "at": 175, "goto": 3 } ] })";

/// Two layers over walk: arms fade in from weight 0 while the body moves to stand, then the
/// stack runs at double speed with a pause.
const char* kLayered = R"({ "armature": "Dragon", "updates": 120,
    "layers": [ { "name": "body", "movement": "walk" },
                { "name": "arms", "movement": "jump", "weight": 0,
                  "mask": ["armUpperL", "armL", "handL", "head"] } ],
    "calls": [ { "at": 10, "layer": "arms", "weight": 0.8, "seconds": 0.5 },
               { "at": 40, "layer": "body", "crossfade": "stand", "seconds": 0.25 },
               { "at": 60, "speed": 2 },
               { "at": 80, "pause": true }, { "at": 90, "resume": true } ] })";

} // namespace

class TestBlendScript : public QObject {
    Q_OBJECT

private slots:
    void readsTheIssueExample()
    {
        const auto s = script(R"({ "armature": "Dragon", "updates": 150,
            "calls": [ { "at": 0,  "play": "stand" },
                       { "at": 30, "crossfade": "walk", "mode": "while", "seconds": 0.5 },
                       { "at": 45, "crossfade": "jump", "mode": "then",  "seconds": 0.25 },
                       { "at": 90, "speed": 0.5 } ] })");
        QCOMPARE(s.updates, 150);
        QCOMPARE(s.calls.size(), size_t(4));
        QCOMPARE(int(s.calls[1].kind), int(ScriptCall::Kind::Crossfade));
        QCOMPARE(int(s.calls[2].mode), int(TransitionKind::ThenAnimate));
        QCOMPARE(s.calls[2].seconds, 0.25);
        QCOMPARE(s.calls[3].speed, 0.5);
    }

    void refusesBadScripts_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("message"); // a part of the message

        const QString head = R"({ "updates": 100, "calls": [ { "at": 0, "play": "stand" }, )";
        QTest::newRow("out of order")
            << head + R"({ "at": 20, "speed": 2 }, { "at": 10, "pause": true } ] })"
            << "/calls/2/at"
            << "call 2: out of order";
        QTest::newRow("unknown mode")
            << head + R"({ "at": 5, "crossfade": "walk", "mode": "fade", "seconds": 1 } ] })"
            << "/calls/1/mode"
            << "call 1: unknown mode";
        QTest::newRow("no mode") << head + R"({ "at": 5, "crossfade": "walk", "seconds": 1 } ] })"
                                 << "/calls/1/mode"
                                 << "call 1:";
        QTest::newRow("to with seconds")
            << head + R"({ "at": 5, "crossfade": "walk", "mode": "to", "seconds": 1 } ] })"
            << "/calls/1/seconds"
            << "frames";
        QTest::newRow("while with frames")
            << head + R"({ "at": 5, "crossfade": "walk", "mode": "while", "frames": 3 } ] })"
            << "/calls/1/frames"
            << "seconds";
        QTest::newRow("negative seconds")
            << head + R"({ "at": 5, "crossfade": "walk", "mode": "while", "seconds": -1 } ] })"
            << "/calls/1/seconds"
            << "finite";
        QTest::newRow("seconds past a bake's length")
            << head + R"({ "at": 5, "crossfade": "walk", "mode": "while", "seconds": 3601 } ] })"
            << "/calls/1/seconds"
            << "from 0 to 3600";
        QTest::newRow("speed past the limit") << head + R"({ "at": 3, "speed": 101 } ] })"
                                              << "/calls/1/speed"
                                              << "from 0 to 100";
        QTest::newRow("infinite seconds")
            << head + R"({ "at": 5, "crossfade": "walk", "mode": "while", "seconds": 1e999 } ] })"
            << ""
            << "number overflow parsing '1e999'";
        QTest::newRow("overflowing frames")
            << head + R"({ "at": 5, "crossfade": "walk", "mode": "to", "frames": 99999999999 } ] })"
            << "/calls/1/frames"
            << "out of range";
        QTest::newRow("huge at") << head + R"({ "at": 1e20, "pause": true } ] })"
                                 << "/calls/1/at"
                                 << "integer";
        QTest::newRow("at past the end") << head + R"({ "at": 100, "pause": true } ] })"
                                         << "/calls/1/at"
                                         << "out of range";
        QTest::newRow("fractional at") << head + R"({ "at": 1.5, "pause": true } ] })"
                                       << "/calls/1/at"
                                       << "integer";
        QTest::newRow("no at") << head + R"({ "pause": true } ] })"
                               << "/calls/1/at"
                               << "call 1:";
        QTest::newRow("no action") << head + R"({ "at": 3 } ] })"
                                   << "/calls/1"
                                   << "call 1: expected one of";
        QTest::newRow("unknown key") << head + R"({ "at": 3, "play": "walk", "blend": 1 } ] })"
                                     << "/calls/1/blend"
                                     << "unknown key";
        QTest::newRow("pause false") << head + R"({ "at": 3, "pause": false } ] })"
                                     << "/calls/1/pause"
                                     << "true";
        QTest::newRow("negative speed") << head + R"({ "at": 3, "speed": -2 } ] })"
                                        << "/calls/1/speed"
                                        << "call 1:";
        QTest::newRow("empty movement") << head + R"({ "at": 3, "play": "" } ] })"
                                        << "/calls/1/play"
                                        << "call 1:";
        QTest::newRow("call not an object") << head + R"(7 ] })"
                                            << "/calls/1"
                                            << "call 1: expected an object";
        QTest::newRow("no updates") << R"({ "calls": [] })"
                                    << "/updates"
                                    << "missing";
        QTest::newRow("zero updates") << R"({ "updates": 0, "calls": [] })"
                                      << "/updates"
                                      << "out of range";
        QTest::newRow("no calls") << R"({ "updates": 3 })"
                                  << "/calls"
                                  << "array";
        QTest::newRow("unknown top key") << R"({ "updates": 3, "calls": [], "fps": 30 })"
                                         << "/fps"
                                         << "unknown key";
        QTest::newRow("syntax") << R"({ "updates": 3, )"
                                << ""
                                << "parse error at line 1, column 17: syntax error";
    }

    void refusesBadScripts()
    {
        QFETCH(QString, json);
        QFETCH(QString, pointer);
        QFETCH(QString, message);
        const auto parsed = parseBlendScript(json.toStdString(), "bad.json");
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().file, std::string("bad.json"));
        QCOMPARE(QString::fromStdString(parsed.error().jsonPointer), pointer);
        QVERIFY2(QString::fromStdString(parsed.error().message).contains(message),
                 parsed.error().message.c_str());
        // The JSON library's tag ("[json.exception.parse_error.101]") tells a reader nothing.
        QVERIFY2(!QString::fromStdString(parsed.error().message).contains("json.exception"),
                 parsed.error().message.c_str());
    }

    void jsonErrorsSayTheLine()
    {
        const auto syntax = parseBlendScript("{\n  \"updates\": 3,\n  \"calls\": [,]\n}", "s.json");
        QVERIFY(!syntax);
        QCOMPARE(syntax.error().line, 3);
        // A number past double's range has no offset from the parser: its first occurrence's.
        const auto overflow = parseBlendScript(
            "{\n  \"updates\": 3,\n  \"calls\": [{\"at\": 0, \"speed\": 1e999}]\n}", "s.json");
        QVERIFY(!overflow);
        QCOMPARE(overflow.error().line, 3);
        QCOMPARE(overflow.error().message, std::string("number overflow parsing '1e999'"));
    }

    void refusesUnknownNamesWithTheCallIndex_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("pointer");
        QTest::newRow("movement") << R"({ "updates": 9, "calls": [ { "at": 0, "play": "stand" },
            { "at": 2, "speed": 2 }, { "at": 4, "crossfade": "jmp", "mode": "to", "frames": 3 } ] })"
                                  << "/calls/2/crossfade";
        QTest::newRow("played") << R"({ "updates": 9, "calls": [ { "at": 0, "play": "Stand" } ] })"
                                << "/calls/0/play";
        QTest::newRow("armature") << R"({ "armature": "Dragoon", "updates": 9, "calls": [] })"
                                  << "/armature";
        QTest::newRow("layer call without layers")
            << R"({ "updates": 9, "calls": [ { "at": 1, "layer": "arms", "weight": 1, "seconds": 0 } ] })"
            << "/calls/0/layer";
        const QString layers = R"("layers": [ { "name": "body", "movement": "walk" } ], )";
        QTest::newRow("unknown layer")
            << R"({ "updates": 9, )" + layers +
                   R"("calls": [ { "at": 1, "layer": "arms", "weight": 1, "seconds": 0 } ] })"
            << "/calls/0/layer";
        QTest::newRow("layer movement")
            << R"({ "updates": 9, )" + layers +
                   R"("calls": [ { "at": 0, "speed": 2 }, { "at": 1, "layer": "body", "crossfade": "run", "seconds": 1 } ] })"
            << "/calls/1/crossfade";
        QTest::newRow("play with layers")
            << R"({ "updates": 9, )" + layers + R"("calls": [ { "at": 1, "play": "walk" } ] })"
            << "/calls/0/play";
        QTest::newRow("layer setup movement")
            << R"({ "updates": 9, "layers": [ { "name": "body", "movement": "run" } ], "calls": [] })"
            << "/layers/0/movement";
    }

    void refusesUnknownNamesWithTheCallIndex()
    {
        QFETCH(QString, json);
        QFETCH(QString, pointer);
        const auto runner = ScriptRunner::create(dragon(), script(json.toStdString()));
        QVERIFY(!runner);
        QCOMPARE(QString::fromStdString(runner.error().jsonPointer), pointer);
        QCOMPARE(runner.error().file, std::string("test.json"));
        if (pointer.startsWith("/calls/"))
            QVERIFY(runner.error().message.starts_with("call " +
                                                       pointer.split('/')[2].toStdString() + ": "));
    }

    // cross:stand:walk:17:10 is play(stand), 17 updates, play(walk, 10), 90 updates: the
    // script's rows and events must be cocos2d-x's.
    void reproducesGoldenCross()
    {
        const auto result = bake(script(R"({ "armature": "Dragon", "updates": 107, "calls": [
            { "at": 0, "play": "stand" },
            { "at": 17, "crossfade": "walk", "mode": "to", "frames": 10 } ] })"));
        std::ostringstream csv;
        writeBakeCsv(result.poses, csv);
        const auto mine = lines(csv.str());
        const std::string golden = kData + "/golden/Dragon/Dragon__cross_stand_walk_17_10";
        const auto expected = lines(fileText(golden + ".csv"));
        QCOMPARE(mine.size(), expected.size());
        QCOMPARE(mine[0], expected[0]);
        for (size_t i = 1; i < expected.size(); ++i) {
            std::istringstream a(mine[i]), b(expected[i]);
            std::string x, y;
            for (int column = 0; std::getline(a, x, ',') && std::getline(b, y, ','); ++column) {
                if (column < 2)
                    QCOMPARE(x, y);
                else
                    QVERIFY2(std::abs(std::stod(x) - std::stod(y)) <= 1e-3,
                             (mine[i] + " vs " + expected[i]).c_str());
            }
        }
        std::ostringstream events;
        writeBakeEventsCsv(result.poses, events);
        QCOMPARE(lines(events.str()), lines(fileText(golden + ".events.csv")));
    }

    // Random access: the listed updates, shuffled, have exactly the sequential run's rows.
    void shuffledFramesEqualTheSequentialRun()
    {
        const auto s = script(kMixed);
        const auto sequential = bake(s, {}, {"head", "armUpperL"});
        QCOMPARE(sequential.poses.frameCount, 200);
        std::vector<int> frames(200);
        std::iota(frames.begin(), frames.end(), 1);
        std::shuffle(frames.begin(), frames.end(), std::mt19937(7));
        frames.resize(120);
        const auto shuffled = bake(s, frames, {"head", "armUpperL"});
        QCOMPARE(shuffled.poses.frameCount, 120);

        const auto all = rowsByFrame(sequential.poses);
        const auto some = rowsByFrame(shuffled.poses);
        QCOMPARE(some.size(), size_t(120));
        for (const auto& [frame, rows] : some)
            QCOMPARE(rows, all.at(frame));
        std::ostringstream order;
        writeBakeCsv(shuffled.poses, order);
        QCOMPARE(std::stoi(lines(order.str()).at(1)), frames[0]); // rows in the order asked
        for (size_t i = 0; i < frames.size(); ++i) {
            QCOMPARE(stateLine(shuffled.states[i]),
                     stateLine(sequential.states[size_t(frames[i] - 1)]));
            const auto& want = sequential.poses.events;
            std::vector<BakeEvent> expected;
            std::copy_if(want.begin(), want.end(), std::back_inserter(expected),
                         [&](const BakeEvent& e) { return e.frame == frames[i]; });
            std::vector<BakeEvent> got;
            std::copy_if(shuffled.poses.events.begin(), shuffled.poses.events.end(),
                         std::back_inserter(got),
                         [&](const BakeEvent& e) { return e.frame == frames[i]; });
            QCOMPARE(got, expected);
        }
        // The trace rows too: same count per frame and the same values.
        for (const int frame : {frames[0], frames[1], frames[2]}) {
            auto pick = [&](const std::vector<BoneContribution>& trace) {
                std::vector<std::tuple<int, std::string, double, float, float, float>> out;
                for (const auto& c : trace)
                    if (c.frame == frame)
                        out.emplace_back(c.bone, c.contributor, c.weight, c.local.x, c.local.y,
                                         c.local.skewX);
                return out;
            };
            QVERIFY(!pick(shuffled.trace).empty());
            QCOMPARE(pick(shuffled.trace), pick(sequential.trace));
        }
    }

    // Stepping backwards one update at a time with a short checkpoint interval, and jumping
    // forwards past unvisited checkpoints, gives the sequential poses bit for bit.
    void seeksBackwardsAndForwards()
    {
        const auto s = script(kMixed);
        auto sequential = ScriptRunner::create(dragon(), s, 7);
        QVERIFY(sequential);
        std::vector<Pose> poses;
        for (int update = 1; update <= s.updates; ++update) {
            sequential.value()->step();
            poses.push_back(sequential.value()->pose());
        }
        auto runner = ScriptRunner::create(dragon(), s, 7);
        QVERIFY(runner);
        ScriptRunner& r = *runner.value();
        auto same = [&](int update) {
            const Pose& a = r.pose();
            const Pose& b = poses[size_t(update - 1)];
            for (size_t i = 0; i < a.size(); ++i)
                if (std::memcmp(&a[i].local, &b[i].local, sizeof(Transform)) != 0 ||
                    std::memcmp(&a[i].world, &b[i].world, sizeof(Affine)) != 0 ||
                    a[i].displayIndex != b[i].displayIndex || a[i].zOrder != b[i].zOrder)
                    return false;
            return true;
        };
        r.seek(150);
        QCOMPARE(r.update(), 150);
        QVERIFY(same(150));
        for (int update = 149; update >= 1; --update) {
            r.seek(update);
            QVERIFY2(same(update), std::to_string(update).c_str());
        }
        for (const int update : {200, 3, 64, 64, 199, 1}) {
            r.seek(update);
            QVERIFY2(same(update), std::to_string(update).c_str());
        }
    }

    // The trace: per bone and update the contributors' weights add up to 1, the result row is
    // the pose row, and mid-crossfade both movements contribute by the blender's weights.
    void traceResultIsThePoseAndWeightsSumToOne()
    {
        const auto s = script(kMixed);
        const auto result = bake(s, {}, {"head", "tail"});
        const int head =
            int(std::find(result.poses.boneNames.begin(), result.poses.boneNames.end(), "head") -
                result.poses.boneNames.begin());
        std::map<std::pair<int, int>, double> sums;
        int results = 0;
        for (const auto& c : result.trace) {
            if (c.contributor != "result") {
                sums[{c.frame, c.bone}] += c.weight;
                QVERIFY(c.weight >= 0 && c.weight <= 1);
                continue;
            }
            ++results;
            const Transform& pose = result.poses.pose(c.frame, c.bone).local;
            QCOMPARE(std::memcmp(&pose, &c.local, sizeof(Transform)), 0);
        }
        QCOMPARE(results, 2 * 200);
        QCOMPARE(sums.size(), size_t(2 * 200));
        for (const auto& [key, sum] : sums)
            QVERIFY2(std::abs(sum - 1) < 1e-9, std::to_string(key.first).c_str());
        // Frame 35: 5 updates into stand→walk over 0.5 s, weights 25/30 and 5/30.
        std::vector<BoneContribution> at35;
        std::copy_if(result.trace.begin(), result.trace.end(), std::back_inserter(at35),
                     [&](const BoneContribution& c) { return c.frame == 35 && c.bone == head; });
        QCOMPARE(at35.size(), size_t(3));
        QCOMPARE(at35[0].contributor, std::string("stand"));
        QCOMPARE(at35[1].contributor, std::string("walk"));
        QCOMPARE(at35[2].contributor, std::string("result"));
        QVERIFY(std::abs(at35[1].weight - 5 / 30.0) < 1e-9);
        // Frame 1 is inside stand's 6-frame durationTo blend-in from the armature's first pose.
        std::vector<BoneContribution> at1;
        std::copy_if(result.trace.begin(), result.trace.end(), std::back_inserter(at1),
                     [&](const BoneContribution& c) { return c.frame == 1 && c.bone == head; });
        QCOMPARE(at1.size(), size_t(3));
        QCOMPARE(at1[0].contributor, std::string("pose"));
        QCOMPARE(at1[1].contributor, std::string("stand"));
        QVERIFY(at1[1].weight > 0 && at1[1].weight < 1);
    }

    // Each contributing movement's frame is where the state rows put it: the blender's source
    // and target, the player's movement, a durationTo target's first frame, each layer's
    // current movement; a fade's starting pose and the result have none (−1).
    void traceNamesEachMovementsFrame()
    {
        const auto mixed = bake(script(kMixed), {}, {"head"});
        auto state = [&](int frame) {
            return *std::find_if(mixed.states.begin(), mixed.states.end(),
                                 [&](const BlendStateRow& row) { return row.frame == frame; });
        };
        auto contributions = [](const std::vector<BoneContribution>& trace, int frame) {
            std::vector<BoneContribution> at;
            std::copy_if(trace.begin(), trace.end(), std::back_inserter(at),
                         [&](const BoneContribution& c) { return c.frame == frame; });
            return at;
        };
        const auto at35 = contributions(mixed.trace, 35); // stand → walk, 5 updates in
        QCOMPARE(at35.size(), size_t(3));
        QVERIFY(std::abs(at35[0].movementFrame - secondsToFrames(state(35).sourceTime)) < 1e-9);
        QVERIFY(std::abs(at35[1].movementFrame - 5.0) < 1e-9);
        QVERIFY(std::abs(at35[1].movementFrame - secondsToFrames(state(35).targetTime)) < 1e-9);
        QCOMPARE(at35[2].movementFrame, -1.0);          // result
        const auto at1 = contributions(mixed.trace, 1); // stand's durationTo blend-in
        QCOMPARE(at1[0].contributor, std::string("pose"));
        QCOMPARE(at1[0].movementFrame, -1.0);
        QCOMPARE(at1[1].movementFrame, 0.0);
        const auto at125 = contributions(mixed.trace, 125); // the player plays walk alone
        QCOMPARE(at125.size(), size_t(2));
        QCOMPARE(at125[0].contributor, std::string("walk"));
        QVERIFY(std::abs(at125[0].movementFrame - secondsToFrames(state(125).sourceTime)) < 1e-6);
        QVERIFY(at125[0].movementFrame > 0.0);

        const auto layered = bake(script(kLayered), {}, {"head"});
        const auto at50 = contributions(layered.trace, 50);
        QCOMPARE(at50.size(), size_t(3));
        for (size_t i = 0; i < 2; ++i) {
            const auto row = std::find_if(
                layered.layerStates.begin(), layered.layerStates.end(),
                [&](const auto& r) { return r.frame == 50 && r.layer == at50[i].contributor; });
            QVERIFY(row != layered.layerStates.end());
            QVERIFY(std::abs(at50[i].movementFrame - secondsToFrames(row->currentTime)) < 1e-9);
        }
    }

    // Seed 002's re-target rule through a script: jump, called 8 updates into a 0.5 s
    // stand→walk fade (timeLeft 22/60 s > duration / 2), makes walk the source and starts jump
    // with weight 1 − 22/30; the state rows show it on the next update.
    void interruptRetargetsByTheSeedRule()
    {
        const auto result = bake(script(kMixed));
        const BlendStateRow& before = result.states[37];
        QCOMPARE(before.source, std::string("stand"));
        QCOMPARE(before.target, std::string("walk"));
        QVERIFY(std::abs(before.timeLeft - 22 / 60.0) < 1e-9);
        const BlendStateRow& after = result.states[38];
        QCOMPARE(after.source, std::string("walk"));
        QCOMPARE(after.target, std::string("jump"));
        QVERIFY(std::abs(after.timeLeft - 21 / 60.0) < 1e-9);
        // Frame 101: the player has the pose back and fades into walk over 12 frames.
        const BlendStateRow& fade = result.states[100];
        QCOMPARE(fade.source, std::string("fall"));
        QCOMPARE(fade.target, std::string("walk"));
        QVERIFY(std::abs(fade.targetWeight - 1 / 12.0) < 1e-9);
        // The pause holds the pose: frames 131..140 are identical.
        const auto rows = rowsByFrame(result.poses);
        for (int frame = 132; frame <= 140; ++frame) {
            auto a = rows.at(frame), b = rows.at(131);
            for (size_t i = 0; i < a.size(); ++i)
                QCOMPARE(a[i].substr(a[i].find(',')), b[i].substr(b[i].find(',')));
        }
    }

    // A layered script: the weight fade is linear over its seconds, random access equals the
    // sequential run, and the trace splits each bone between the layers (the upper one by its
    // weight, the lower one by the rest) with weights adding up to 1 and `result` = the pose.
    void layeredScript()
    {
        const auto s = script(kLayered);
        QVERIFY(s.layers);
        const auto all = bake(s, {}, {"head", "tail"});
        QCOMPARE(all.layerStates.size(), size_t(2 * 120));
        // Rows of frame F: body at 2 (F − 1), arms after it.
        QCOMPARE(all.layerStates[2 * 9 + 1].weight, 0.0); // frame 10: the call comes after it
        QVERIFY(std::abs(all.layerStates[2 * 24 + 1].weight - 0.8 * 15 / 30) < 1e-6);
        QVERIFY(std::abs(all.layerStates[2 * 39 + 1].weight - 0.8) < 1e-6);
        QCOMPARE(all.layerStates[2 * 45].next, std::string("stand")); // frame 46
        const auto rows = rowsByFrame(all.poses);
        std::vector<int> frames = {120, 1, 64, 33, 85, 90, 12, 100};
        const auto some = bake(s, frames, {"head"});
        for (const auto& [frame, picked] : rowsByFrame(some.poses))
            QCOMPARE(picked, rows.at(frame));
        QCOMPARE(some.layerStates.size(), 2 * frames.size());
        QCOMPARE(some.layerStates[2].frame, 1);

        const int head =
            int(std::find(all.poses.boneNames.begin(), all.poses.boneNames.end(), "head") -
                all.poses.boneNames.begin());
        std::map<std::pair<int, int>, double> sums;
        for (const auto& c : all.trace) {
            if (c.contributor == "result") {
                const Transform& pose = all.poses.pose(c.frame, c.bone).local;
                QCOMPARE(std::memcmp(&pose, &c.local, sizeof(Transform)), 0);
            } else {
                sums[{c.frame, c.bone}] += c.weight;
            }
        }
        QCOMPARE(sums.size(), size_t(2 * 120));
        for (const auto& [key, sum] : sums)
            QVERIFY2(std::abs(sum - 1) < 1e-6, std::to_string(key.first).c_str());
        std::vector<BoneContribution> at50;
        std::copy_if(all.trace.begin(), all.trace.end(), std::back_inserter(at50),
                     [&](const BoneContribution& c) { return c.frame == 50 && c.bone == head; });
        QCOMPARE(at50.size(), size_t(3));
        QCOMPARE(at50[0].contributor, std::string("body"));
        QCOMPARE(at50[1].contributor, std::string("arms"));
        QVERIFY(std::abs(at50[1].weight - 0.8) < 1e-6);
        QVERIFY(std::abs(at50[0].weight - 0.2) < 1e-6);
        // The tail is not in the arms' mask: the body alone.
        QVERIFY(std::any_of(all.trace.begin(), all.trace.end(), [&](const BoneContribution& c) {
            return c.frame == 50 && c.bone != head && c.contributor == "body" && c.weight == 1.0;
        }));
    }

    // Written and read back, a script is the same script: its JSON is byte for byte the same
    // and so are its bakes.
    void writtenScriptsReadBack_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("mixed") << QString(kMixed);
        QTest::newRow("layered") << QString(kLayered);
        QTest::newRow("loops and pauses") << R"({ "updates": 50, "calls": [
            { "at": 0, "play": "walk", "loop": false }, { "at": 3, "goto": 2, "pause": true },
            { "at": 9, "crossfade": "jump", "mode": "switch", "seconds": 0, "loop": true } ] })";
    }

    void writtenScriptsReadBack()
    {
        QFETCH(QString, json);
        const auto original = script(json.toStdString());
        const std::string written = blendScriptJson(original);
        const auto again = script(written);
        QCOMPARE(blendScriptJson(again), written);
        const auto a = rowsByFrame(bake(original).poses);
        const auto b = rowsByFrame(bake(again).poses);
        QCOMPARE(a, b);
    }

    void refusesFramesOutOfRangeAndUnknownBones()
    {
        const auto s = script(kMixed);
        QVERIFY(!bakeScript(dragon(), s, {0}));
        QVERIFY(!bakeScript(dragon(), s, {201}));
        const auto bone = bakeScript(dragon(), s, {}, {"nose"});
        QVERIFY(!bone);
        QVERIFY(bone.error().message.find("nose") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestBlendScript)
#include "test_blend_script.moc"
