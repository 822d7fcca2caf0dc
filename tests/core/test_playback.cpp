// The viewer's playback (core/runtime ArmaturePlayback, FlipbookPlayback) against `bake`:
// ticked 1/60 s at a time it must show bake's poses and raise bake's events with the same
// frame numbers, so the viewer and bonescope-cli cannot disagree.

#include "bake/BakeRunner.h"
#include "bake/BakeTable.h"
#include "bake/BlendBakeRunner.h"
#include "base/FrameRate.h"
#include "io/ExportLoader.h"
#include "model/FlipbookTiming.h"
#include "runtime/ArmaturePlayback.h"
#include "runtime/Crossfade.h"
#include "runtime/FlipbookPlayback.h"

#include <QtTest>

using namespace bonescope::core;

namespace {

const std::string kCorpus = BONESCOPE_TEST_DATA "/corpus/";

// Four frames of 1, 2, 1 and 4 delay units at 0.125 s a unit (7.5 frames): one loop lasts
// 1 s = 60 frames; frames 1 and 3 carry notifications.
FlipbookData fourFrames(int loops)
{
    FlipbookData data;
    data.name = "walk";
    data.delayPerUnit = 0.125f;
    data.loops = loops;
    data.frames = {{"f0.png", 1.f, {}},
                   {"f1.png", 2.f, {{"step", "left"}}},
                   {"f2.png", 1.f, {}},
                   {"f3.png", 4.f, {{"step", "right"}}}};
    return data;
}

} // namespace

class TestPlayback : public QObject {
    Q_OBJECT
private slots:
    void armaturePlaybackIsBake_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("movement");
        QTest::newRow("Dragon stand (durationTo 6)") << "Dragon.xml"
                                                     << "stand";
        QTest::newRow("Dragon jump (durationTo 3)") << "Dragon.xml"
                                                    << "jump";
        QTest::newRow("Cowboy Walk") << "Cowboy.ExportJson"
                                     << "Walk";
        QTest::newRow("Cowboy FireWithoutBullet (frame events)") << "Cowboy.ExportJson"
                                                                 << "FireWithoutBullet";
    }

    void armaturePlaybackIsBake()
    {
        QFETCH(QString, file);
        QFETCH(QString, movement);
        const auto skeleton = readSkeletonFile(kCorpus + file.toStdString());
        QVERIFY(skeleton.ok());
        const ArmatureData& armature = skeleton->armatures.front();
        const auto scenario = Scenario::parse("play:" + movement.toStdString());
        const auto bake = runBake(skeleton.value(), armature.name, *scenario);
        QVERIFY(bake.ok());

        const AnimationData* animation = skeleton->findAnimation(armature.name);
        const MovementData* data = animation->findMovement(movement.toStdString());
        ArmaturePlayback playback(skeleton.value(), armature);
        playback.play(int(data - animation->movements.data()), data->loop);
        std::vector<PlaybackEvent> events;
        for (int frame = 1; frame <= bake->frameCount; ++frame) {
            playback.update(kSecondsPerFrame, events);
            const Pose& pose = playback.pose();
            for (size_t bone = 0; bone < pose.size(); ++bone) {
                const BonePose& expected = bake->pose(frame, int(bone));
                QCOMPARE(pose[bone].local.x, expected.local.x);
                QCOMPARE(pose[bone].local.skewX, expected.local.skewX);
                QCOMPARE(pose[bone].world.tx, expected.world.tx);
                QCOMPARE(pose[bone].world.ty, expected.world.ty);
                QCOMPARE(pose[bone].displayIndex, expected.displayIndex);
            }
            // The viewer's timeline shows the frame the bake records for the update.
            if (!std::isnan(bake->passFrame(frame)))
                QCOMPARE(playback.frame(), double(bake->passFrame(frame)));
        }
        QCOMPARE(events.size(), bake->events.size());
        for (size_t i = 0; i < events.size(); ++i) {
            const BakeEvent& expected = bake->events[i];
            QCOMPARE(events[i].frame, expected.frame);
            QCOMPARE(events[i].kind, expected.kind);
            QCOMPARE(events[i].movement, expected.movement);
            QCOMPARE(events[i].name, expected.name);
        }
    }

    void firstPassBakeCoversASlowPass()
    {
        // bear's Animation1: `sc` 1/6, so its pass of 20 frames takes 120 updates, past the 70 of
        // the golden `play:` layout (two timelines and 30).
        const auto skeleton = readSkeletonFile(kCorpus + "bear.ExportJson");
        QVERIFY(skeleton.ok());
        const ArmatureData& armature = skeleton->armatures.front();
        const MovementData* slow =
            skeleton->findAnimation(armature.name)->findMovement("Animation1");
        QVERIFY(slow && slow->durationTo == 0 && passFrames(*slow) == 20);
        const auto bake = runBake(skeleton.value(), armature.name, Scenario::playFirstPass(*slow));
        QVERIFY(bake.ok());
        QCOMPARE(bake->scenario, std::string("play:Animation1"));
        QCOMPARE(bake->frameCount, 121);
        const BakeTable table = toBakeTable(bake.value());
        const auto [begin, end] = firstPassRows(table.rows);
        QVERIFY(begin < end);
        QCOMPARE(table.rows[begin].frame, 1);
        QVERIFY(table.rows[begin].passFrame < 0.2);
        QVERIFY(table.rows[end - 1].passFrame > 19.8);
        // 120 steps of 1/6 in float stay just short of 20: the pass wraps on the next one.
        QCOMPARE(table.rows[end - 1].frame, 120);
        QVERIFY(end < table.rows.size());
        QVERIFY(table.rows[end].passFrame < 0.2);

        // Where two timelines and 30 updates cover the pass, the viewer's bake is the golden one.
        const auto dragon = readSkeletonFile(kCorpus + "Dragon.xml");
        QVERIFY(dragon.ok());
        const MovementData& stand = dragon->animations.front().movements.front();
        const auto viewer = runBake(dragon.value(), "Dragon", Scenario::playFirstPass(stand));
        const auto golden = runBake(dragon.value(), "Dragon", *Scenario::parse("play:stand"));
        QVERIFY(viewer.ok() && golden.ok());
        QCOMPARE(viewer->frameCount, golden->frameCount);
        QCOMPARE(viewer->scenario, golden->scenario);
    }

    void armaturePlaybackSeeksAndResumes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("movement");
        QTest::addColumn<double>("seek");
        QTest::newRow("Dragon stand, between frames") << "Dragon.xml"
                                                      << "stand" << 12.5;
        QTest::newRow("robot run: bones of sc 0.5 and delays") << "robot.xml"
                                                               << "run" << 10.0;
        QTest::newRow("horse run: sc 0.5") << "horse.ExportJson"
                                           << "run" << 7.5;
        QTest::newRow("cyborg run: nested armatures, sc and dl") << "cyborg.xml"
                                                                 << "run" << 11.0;
    }

    // A seek shows the sampled pass; playing on from there goes on from that very pose, every
    // bone in its own phase, without an event for the jump.
    void armaturePlaybackSeeksAndResumes()
    {
        QFETCH(QString, file);
        QFETCH(QString, movement);
        QFETCH(double, seek);
        const auto skeleton = readSkeletonFile(kCorpus + file.toStdString());
        QVERIFY(skeleton.ok());
        const ArmatureData& armature = skeleton->armatures.front();
        const AnimationData& animation = *skeleton->findAnimation(armature.name);
        const MovementData& data = *animation.findMovement(movement.toStdString());
        const int index = int(&data - animation.movements.data());
        ArmaturePlayback playback(skeleton.value(), armature);
        playback.play(index, true);
        playback.seek(seek);
        QCOMPARE(playback.frame(), seek);
        const auto samePose = [&](double frame) {
            const Pose sampled = playback.sample(index, frame);
            if (sampled.size() != playback.pose().size())
                return false;
            for (size_t bone = 0; bone < sampled.size(); ++bone)
                if (std::abs(playback.pose()[bone].world.tx - sampled[bone].world.tx) > 1e-3f ||
                    std::abs(playback.pose()[bone].world.ty - sampled[bone].world.ty) > 1e-3f)
                    return false;
            return true;
        };
        QVERIFY(samePose(seek));
        std::vector<PlaybackEvent> events;
        for (int update = 1; update <= 3; ++update) {
            playback.update(kSecondsPerFrame, events);
            QCOMPARE(playback.frame(), seek + update * data.scale);
            QVERIFY2(samePose(playback.frame()),
                     qPrintable(QStringLiteral("update %1").arg(update)));
        }
        for (const PlaybackEvent& event : events)
            QVERIFY(event.kind != ArmatureEventKind::Start);
        // An unknown movement stops playback instead of reading past the data.
        playback.play(99, true);
        QCOMPARE(playback.movement(), -1);
        playback.update(kSecondsPerFrame, events);
        QVERIFY(events.empty());
    }

    void crossfadeWeightsComeFromTheBlender_data()
    {
        QTest::addColumn<TransitionKind>("type");
        QTest::addColumn<double>("elapsedFrames");
        QTest::addColumn<double>("source");
        QTest::addColumn<double>("target");
        QTest::newRow("before the trigger") << TransitionKind::WhileAnimating << -1.0 << 1.0 << 0.0;
        QTest::newRow("start") << TransitionKind::WhileAnimating << 0.0 << 1.0 << 0.0;
        QTest::newRow("half way") << TransitionKind::WhileAnimating << 5.0 << 0.5 << 0.5;
        QTest::newRow("then-animate") << TransitionKind::ThenAnimate << 2.5 << 0.75 << 0.25;
        QTest::newRow("durationTo fades linearly")
            << TransitionKind::DurationTo << 5.0 << 0.5 << 0.5;
        QTest::newRow("done") << TransitionKind::WhileAnimating << 10.0 << 0.0 << 1.0;
        QTest::newRow("switch hands over at once") << TransitionKind::Switch << 0.0 << 0.0 << 1.0;
    }

    void crossfadeWeightsComeFromTheBlender()
    {
        QFETCH(TransitionKind, type);
        QFETCH(double, elapsedFrames);
        QFETCH(double, source);
        QFETCH(double, target);
        const CrossfadeWeights weights = crossfadeWeightsAt(type, 10, elapsedFrames);
        QVERIFY2(qAbs(weights.source - source) < 1e-9, qPrintable(QString::number(weights.source)));
        QVERIFY2(qAbs(weights.target - target) < 1e-9, qPrintable(QString::number(weights.target)));
    }

    // cocos2d-x runs a durationTo blend-in on the target's clock: horse's movements have sc 0.5,
    // so 10 frames of it take 20 updates. The inspector's time, weights and seconds keep to the
    // player's blend-in, which ends (its frame drops back to the pass's start) on update 20.
    void durationToRunsOnTheTargetsClock()
    {
        const auto skeleton = readSkeletonFile(kCorpus + "horse.ExportJson");
        QVERIFY(skeleton.ok());
        const ArmatureData& armature = skeleton->armatures.front();
        const AnimationData& animation = *skeleton->findAnimation(armature.name);
        const MovementData& run = *animation.findMovement("run");
        QCOMPARE(run.scale, 0.5f);
        QCOMPARE(crossfadeSeconds(TransitionKind::DurationTo, 10, run), 20.0 / 60);
        QCOMPARE(crossfadeSeconds(TransitionKind::WhileAnimating, 10, run), 10.0 / 60);

        ArmaturePlayback playback(skeleton.value(), armature);
        playback.play(0, true);
        playback.crossfade({0, 1, TransitionKind::DurationTo, 10}, true);
        std::vector<PlaybackEvent> events;
        double previousFrame = playback.frame();
        int blendInEnded = -1, weightsDone = -1;
        for (int update = 1; update <= 25; ++update) {
            playback.update(kSecondsPerFrame, events);
            QVERIFY(qAbs(playback.crossfadeElapsedFrames() - 0.5 * update) < 1e-9);
            if (blendInEnded < 0 && playback.frame() < previousFrame)
                blendInEnded = update;
            if (weightsDone < 0 && playback.crossfadeWeights().target == 1.0)
                weightsDone = update;
            previousFrame = playback.frame();
        }
        QCOMPARE(blendInEnded, 20);
        QCOMPARE(weightsDone, 20);
    }

    void flipbookTimingIsInFrames()
    {
        QCOMPARE(flipbookLengthFrames(fourFrames(1)), 60);
        QCOMPARE(flipbookLengthFrames(fourFrames(2)), 120);
        // Starts at 0, 7.5, 22.5 and 30 frames, rounded; the second loop 60 frames later.
        QCOMPARE(flipbookFrameStarts(fourFrames(2)),
                 (std::vector<int>{0, 8, 23, 30, 60, 68, 83, 90}));
        FlipbookData empty;
        QCOMPARE(flipbookLengthFrames(empty), 0);
        QVERIFY(flipbookFrameStarts(empty).empty());
    }

    void flipbookPlaybackRaisesNumberedEvents()
    {
        const FlipbookData data = fourFrames(1);
        FlipbookPlayback playback(data);
        playback.play(false);
        QCOMPARE(playback.displayedFrame(), 0);
        std::vector<PlaybackEvent> events;
        for (int i = 0; i < 70 && !playback.finished(); ++i)
            playback.update(kSecondsPerFrame, events);
        QVERIFY(playback.finished());
        QCOMPARE(playback.frame(), 60.0);
        QCOMPARE(events.size(), size_t(4));
        QCOMPARE(events[0].kind, ArmatureEventKind::Start);
        QCOMPARE(events[0].frame, 0);
        QCOMPARE(events[1].kind, ArmatureEventKind::Frame);
        QCOMPARE(events[1].name, std::string("step=left"));
        // Frame 1 shows from 7.5 frames: the tick after 8 updates, the bake's update 9 (its
        // first update shows elapsed 0).
        QCOMPARE(events[1].frame, 9);
        QCOMPARE(events[2].name, std::string("step=right"));
        QCOMPARE(events[3].kind, ArmatureEventKind::Complete);
    }

    // Played 1/60 s at a time, a flipbook raises the notifications bake --scenario flipbook:
    // lists, at the same updates, the first frame's included, and completes on the update after
    // which the bake shows the original frame again (the viewer numbered them one early and
    // dropped the first frame's).
    void flipbookPlaybackIsBake()
    {
        const auto loaded = loadExport(kCorpus + "flipbook/animations-2.plist");
        QVERIFY(loaded.ok());
        const FlipbookData* data = loaded->flipbooks.findAnimation("dance_1");
        QVERIFY(data && data->restoreOriginalFrame);
        const auto rows = runFlipbookBake(loaded->flipbooks, BlendScenario::flipbookOf(data->name));
        QVERIFY(rows.ok());
        std::vector<std::pair<int, std::string>> baked;
        int restored = 0;
        for (const FlipbookStateRow& row : rows.value()) {
            if (!row.notification.empty())
                baked.emplace_back(row.frame, row.notification);
            if (row.frameIndex < 0 && restored == 0)
                restored = row.frame;
        }
        QVERIFY(baked.size() >= 3 && restored > 0);

        FlipbookPlayback playback(*data);
        playback.play(false);
        std::vector<PlaybackEvent> events;
        for (int i = 0; i < 1000 && !playback.finished(); ++i)
            playback.update(kSecondsPerFrame, events);
        std::vector<std::pair<int, std::string>> raised;
        int completed = 0;
        for (const PlaybackEvent& event : events) {
            if (event.kind == ArmatureEventKind::Complete)
                completed = event.frame;
            if (event.kind != ArmatureEventKind::Frame)
                continue;
            // The bake joins one update's pairs with ';'.
            if (!raised.empty() && raised.back().first == event.frame)
                raised.back().second += ";" + event.name;
            else
                raised.emplace_back(event.frame, event.name);
        }
        QCOMPARE(raised, baked);
        QCOMPARE(completed, restored);
    }

    void flipbookPlaybackLoopsAndSeeks()
    {
        const FlipbookData data = fourFrames(1);
        FlipbookPlayback playback(data);
        playback.play(true);
        std::vector<PlaybackEvent> events;
        for (int i = 0; i < 70; ++i)
            playback.update(kSecondsPerFrame, events);
        QVERIFY(!playback.finished());
        QVERIFY(playback.frame() < 15.0);
        playback.seek(45.0);
        QCOMPARE(playback.frame(), 45.0);
        QCOMPARE(playback.displayedFrame(), 3);
        playback.seek(10.0);
        QCOMPARE(playback.displayedFrame(), 1);
        playback.seek(-5.0); // clamped to the start
        QCOMPARE(playback.frame(), 0.0);
    }

    // Scrubbed, then played on (as the timeline does): the sprite goes on from where the seek
    // put it, in step with the frame count, and a non-looping animation completes at its end
    // (the sprite used to start over while the count ran on past the end).
    void flipbookPlaysOnFromASeek()
    {
        const FlipbookData data = fourFrames(2);
        const std::vector<int> starts = flipbookFrameStarts(data);
        for (const bool loop : {false, true}) {
            FlipbookPlayback playback(data);
            playback.play(loop);
            playback.seek(65.0); // the second loop's first frame, 5 frames in
            QCOMPARE(playback.displayedFrame(), 0);
            std::vector<PlaybackEvent> events;
            int update = 65;
            while (update < 119) {
                playback.update(kSecondsPerFrame, events);
                ++update;
                QCOMPARE(playback.frame(), double(update));
                // The frame whose start the count reached (or, at a boundary, the one before:
                // the starts are rounded to whole updates).
                const auto reached = [&starts](int at) {
                    return int(std::upper_bound(starts.begin(), starts.end(), at) - starts.begin() -
                               1) %
                           4;
                };
                QVERIFY2(playback.displayedFrame() == reached(update) ||
                             playback.displayedFrame() == reached(update - 1),
                         qPrintable(QStringLiteral("update %1 shows frame %2")
                                        .arg(update)
                                        .arg(playback.displayedFrame())));
            }
            for (int i = 0; i < 3; ++i)
                playback.update(kSecondsPerFrame, events);
            if (loop) {
                QVERIFY(!playback.finished());
                QVERIFY2(playback.frame() < 5.0, qPrintable(QString::number(playback.frame())));
            } else {
                QVERIFY(playback.finished());
                QCOMPARE(playback.frame(), 120.0);
            }
            QVERIFY(std::any_of(events.begin(), events.end(), [](const PlaybackEvent& event) {
                return event.kind == ArmatureEventKind::Complete;
            }));
        }
    }
};

QTEST_GUILESS_MAIN(TestPlayback)
#include "test_playback.moc"
