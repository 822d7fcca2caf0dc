// FrameEventTracker: frame events judged on time, late, twice or missed against their
// keyframes, from scripted playhead moves and fires (table-driven) and from the real playback
// of Cowboy's FireWithoutBullet at speed 1, at a speed that jumps over its keyframe, and
// across a seek.

#include "base/FrameRate.h"
#include "io/ExportLoader.h"
#include "runtime/ArmaturePlayback.h"
#include "runtime/FrameEventTracker.h"

#include <QtTest>

using namespace bonescope::core;

namespace {
const std::string kCorpus = BONESCOPE_TEST_DATA "/corpus/";

FrameData key(int start, const char* event)
{
    FrameData frame;
    frame.startFrame = start;
    frame.event = event;
    return frame;
}

/// dr 21 over drTW 20 updates: timeline frame N shows at pass frame N. Keys: start@0 and
/// hit@5 on bone a, step@10 on bones a and b, end@15 on bone b.
MovementData movement()
{
    MovementData data;
    data.name = "m";
    data.duration = 21;
    data.durationTween = 20;
    MovementBoneData a;
    a.name = "a";
    a.frames = {key(0, "start"), key(5, "hit"), key(10, "step"), key(20, "")};
    MovementBoneData b;
    b.name = "b";
    b.frames = {key(0, ""), key(10, "step"), key(15, "end")};
    data.bones = {a, b};
    return data;
}

char letter(FrameEventVerdict verdict)
{
    switch (verdict) {
    case FrameEventVerdict::Pending:
        return 'P';
    case FrameEventVerdict::OnTime:
        return 'O';
    case FrameEventVerdict::Late:
        return 'L';
    case FrameEventVerdict::Twice:
        return 'T';
    case FrameEventVerdict::Missed:
        return 'M';
    }
    return '?';
}

QString verdictLetters(const FrameEventTracker& tracker)
{
    QString out;
    for (size_t i = 0; i < tracker.keys().size(); ++i)
        out += QLatin1Char(letter(tracker.verdict(i)));
    return out;
}

/// Runs `script` on `tracker`: `mF` moves the playhead to pass frame F, `fNAME@K/P` fires NAME
/// of keyframe K shown at timeline frame P, `L` completes a loop.
void run(FrameEventTracker& tracker, const QString& script)
{
    for (const QString& op : script.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (op == QLatin1String("L")) {
            tracker.loopCompleted();
        } else if (op.startsWith(QLatin1Char('m'))) {
            tracker.moveTo(op.mid(1).toDouble());
        } else if (op.startsWith(QLatin1Char('f'))) {
            const QStringList parts = op.mid(1).split(QRegularExpression(QStringLiteral("[@/]")));
            QCOMPARE(parts.size(), 3);
            tracker.fired(parts[0].toStdString(), parts[1].toInt(), parts[2].toInt());
        } else {
            QFAIL(qPrintable(QStringLiteral("bad op ") + op));
        }
    }
}
} // namespace

class TestFrameEventTracker : public QObject {
    Q_OBJECT
private slots:
    void keysMergeBonesAndSortByFrame()
    {
        const MovementData data = movement();
        FrameEventTracker tracker;
        tracker.reset(&data);
        QCOMPARE(tracker.keys().size(), size_t(4));
        const std::vector<double> frames = {0, 5, 10, 15};
        for (size_t i = 0; i < frames.size(); ++i)
            QCOMPARE(tracker.keys()[i].passFrame, frames[i]);
        QCOMPARE(tracker.keys()[2].name, std::string("step"));
        QCOMPARE(tracker.keys()[2].bones, 2);
        QCOMPARE(verdictLetters(tracker), QStringLiteral("PPPP"));
        // Started mid-movement: keys before the start were not passed.
        tracker.reset(&data, 7.0);
        tracker.moveTo(12.0);
        QCOMPARE(verdictLetters(tracker), QStringLiteral("PPMP"));
        tracker.reset(nullptr);
        QVERIFY(tracker.keys().empty());
        QCOMPARE(tracker.verdict(0), FrameEventVerdict::Pending);
    }

    void verdicts_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("expected"); // per key: start hit step end
        QTest::newRow("nothing moved") << ""
                                       << "PPPP";
        QTest::newRow("speed 1, on time") << "fstart@0/0 m1 m2 m3 m4 fhit@5/5 m5 m6"
                                          << "OOPP";
        QTest::newRow("keyframe not passed yet is pending") << "fstart@0/0 m1 m4.6"
                                                            << "OPPP";
        QTest::newRow("between updates: not judged before the update reaching it")
            << "fstart@0/0 m5"
            << "OPPP";
        QTest::newRow("two bones fire one event once each")
            << "fstart@0/0 fhit@5/5 m5 fstep@10/10 fstep@10/10 m10 m11"
            << "OOOP";
        QTest::newRow("speed 3 jumps over hit: fired late") << "fstart@0/0 m3 fhit@5/6 m6"
                                                            << "OLPP";
        QTest::newRow("whole-frame updates over an unraised event: missed") << "fstart@0/0 m4 m5 m6"
                                                                            << "OMPP";
        QTest::newRow("seek past hit and step: missed") << "fstart@0/0 m1 m12"
                                                        << "OMMP";
        QTest::newRow("fired again in the same pass: twice") << "fstart@0/0 fhit@5/5 m5 fhit@5/5 m6"
                                                             << "OTPP";
        QTest::newRow("one of two bones fires twice") << "fstep@10/10 fstep@10/10 fstep@10/10 m11"
                                                      << "MMTP";
        QTest::newRow("unknown event or keyframe ignored") << "fstart@0/0 fhit@4/4 fnope@5/5 m6"
                                                           << "OMPP";
        // The wrap's update raises the new pass's start (before or after LOOP_COMPLETE) and
        // end, which the old pass had not reached: each lands in its own pass.
        QTest::newRow("loop wrap sorts events into passes")
            << "fstart@0/0 fhit@5/5 m5 fstep@10/10 fstep@10/10 m10 m14 fend@15/15 fstart@0/0 L m1"
            << "OOOO";
        QTest::newRow("loop wrap: tail missed, new pass on time")
            << "fstart@0/0 fhit@5/5 m5 fstep@10/10 fstep@10/10 m10 m14 L fstart@0/0 m1"
            << "OOOM";
        QTest::newRow("second pass keeps the first's verdicts until it reaches them")
            << "fstart@0/0 m1 m12 m19 L fstart@0/0 m1 fhit@5/5 m6"
            << "OOMM";
        QTest::newRow("seek back starts a pass at the seek") << "fstart@0/0 fhit@5/5 m6 m3 m7"
                                                             << "OMPP";
        QTest::newRow("seek back then fired again: a new pass, not twice")
            << "fstart@0/0 fhit@5/5 m6 m3 fhit@5/5 m6"
            << "OOPP";
    }

    void verdicts()
    {
        QFETCH(QString, script);
        QFETCH(QString, expected);
        const MovementData data = movement();
        FrameEventTracker tracker;
        tracker.reset(&data);
        run(tracker, script);
        QCOMPARE(verdictLetters(tracker), expected);
    }

    void cowboyPlayback_data()
    {
        QTest::addColumn<double>("speed");
        QTest::addColumn<double>("seekFrame"); // pass frames, before playing; < 0: none
        QTest::addColumn<int>("updates");
        QTest::addColumn<QString>("expected");
        // FireWithoutBullet's one event, "Fire", is keyed at timeline frame 10.
        QTest::newRow("speed 1: on time") << 1.0 << -1.0 << 20 << "O";
        QTest::newRow("speed 1: before it, pending") << 1.0 << -1.0 << 5 << "P";
        QTest::newRow("speed 1, three passes: on time every pass") << 1.0 << -1.0 << 110 << "O";
        QTest::newRow("speed 3 steps over timeline frame 10: fired late")
            << 3.0 << -1.0 << 6 << "L";
        QTest::newRow("seek over it, paused: missed") << 1.0 << 20.0 << 0 << "M";
        QTest::newRow("seek over it, then play on: still missed (the jump raises nothing)")
            << 1.0 << 20.0 << 5 << "M";
    }

    void cowboyPlayback()
    {
        QFETCH(double, speed);
        QFETCH(double, seekFrame);
        QFETCH(int, updates);
        QFETCH(QString, expected);
        const auto skeleton = readSkeletonFile(kCorpus + "Cowboy.ExportJson");
        QVERIFY(skeleton.ok());
        const ArmatureData& armature = skeleton->armatures.front();
        const AnimationData* animation = skeleton->findAnimation(armature.name);
        const MovementData* data = animation->findMovement("FireWithoutBullet");
        QVERIFY(data);
        FrameEventTracker tracker;
        tracker.reset(data);
        QCOMPARE(tracker.keys().size(), size_t(1));
        QCOMPARE(tracker.keys()[0].timelineFrame, 10);

        ArmaturePlayback playback(skeleton.value(), armature);
        playback.play(int(data - animation->movements.data()), true);
        playback.setSpeed(speed);
        if (seekFrame >= 0.0) {
            playback.seek(seekFrame);
            tracker.moveTo(playback.frame());
        }
        std::vector<PlaybackEvent> events;
        for (int i = 0; i < updates; ++i) {
            playback.update(kSecondsPerFrame, events);
            for (const PlaybackEvent& event : events)
                if (event.kind == ArmatureEventKind::Frame)
                    tracker.fired(event.name, event.keyFrame, event.playedFrame);
                else if (event.kind == ArmatureEventKind::LoopComplete)
                    tracker.loopCompleted();
            events.clear();
            tracker.moveTo(playback.frame());
        }
        QCOMPARE(verdictLetters(tracker), expected);
    }

    // A bone keeping its own time has other keys in later passes; a seek or step replays the
    // first pass's time, so its keys are the first pass's again from there.
    void seekReturnsToTheFirstPassKeys()
    {
        auto skeleton = readSkeletonFile(kCorpus + std::string("Dragon.xml"));
        QVERIFY(skeleton.ok());
        MovementData& stand =
            *std::find_if(skeleton->animations.front().movements.begin(),
                          skeleton->animations.front().movements.end(),
                          [](const MovementData& movement) { return movement.name == "stand"; });
        std::find_if(stand.bones.begin(), stand.bones.end(),
                     [](const MovementBoneData& bone) { return bone.name == "beardL"; })
            ->frames[2]
            .event = "swish";
        FrameEventTracker tracker;
        tracker.reset(&stand);
        QCOMPARE(int(tracker.keys().size()), 1); // keyframe 2 at 8
        tracker.fired("swish", 5, 5);
        tracker.moveTo(10);
        QCOMPARE(verdictLetters(tracker), QStringLiteral("O"));
        tracker.moveTo(29);
        tracker.loopCompleted();
        tracker.moveTo(1); // the second pass: the beard plays the other half of its timeline
        QCOMPARE(int(tracker.keys().size()), 0);
        tracker.restartPhase(); // a step forward, in the first pass's time again
        tracker.moveTo(2);
        QCOMPARE(int(tracker.keys().size()), 1);
        QVERIFY(std::abs(tracker.keys()[0].passFrame - 8.0) < 1e-5);
        QCOMPARE(verdictLetters(tracker), QStringLiteral("O")); // the first pass's verdict
        tracker.moveTo(12);                                     // passed without a fire
        QCOMPARE(verdictLetters(tracker), QStringLiteral("M"));
    }

    void ownTimingPlayback_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("movement");
        QTest::addColumn<QString>("bone");
        QTest::addColumn<int>("keyFrame"); // given the event
        QTest::addColumn<QList<double>>("reaches"); // in the first pass
        QTest::addColumn<int>("passes");
        QTest::addColumn<int>("fires"); // in all of them
        // Of those, the fires no key of their pass matches, where they show (pass frames).
        QTest::addColumn<QList<double>>("strays");
        // beardL: sc 2, dl 0.3; its keyframe 2 (timeline 5) is reached 8 frames into the first
        // pass and, its own 60-frame cycle being two of stand's passes, in every other pass.
        QTest::newRow("Dragon stand, delayed beard, first half")
            << "Dragon.xml"
            << "stand"
            << "beardL" << 2 << QList<double>{8.0} << 4 << 2 << QList<double>{};
        // Its keyframe 1 (timeline 2): in the second pass and every other one after; and
        // twice as the movement starts (the player's first update and the blend-in's end,
        // cocos2d-x's delayed tween passing it), where no pass has a key to judge: the lane shows
        // those two as stray fires, the first where the blend-in's first update ends, the second at
        // the start of the pass the blend-in's end begins.
        QTest::newRow("Dragon stand, delayed beard, second half")
            << "Dragon.xml"
            << "stand"
            << "beardL" << 1 << QList<double>{} << 4 << 4 << QList<double>{1.0, 0.0};
        // bady-h: sc 0.5; its keyframe 1 (timeline 10 of 0..19) twice in every pass of 44.
        QTest::newRow("robot run, head at sc 0.5")
            << "robot.xml"
            << "run"
            << "bady-h" << 1 << QList<double>{10.0 / 19 * 22, 22 + 10.0 / 19 * 22} << 2 << 4
            << QList<double>{};
    }

    // An event on a bone of its own `sc` or `dl`: the keys are where the bone reaches it, in
    // the pass played, and real playback fires each on time, pass after pass: no key is ever
    // judged missed, late or twice. A fire no key of its pass matches is a stray fire.
    void ownTimingPlayback()
    {
        QFETCH(QString, file);
        QFETCH(QString, movement);
        QFETCH(QString, bone);
        QFETCH(int, keyFrame);
        QFETCH(QList<double>, reaches);
        QFETCH(int, passes);
        QFETCH(int, fires);
        QFETCH(QList<double>, strays);
        auto skeleton = readSkeletonFile(kCorpus + file.toStdString());
        QVERIFY(skeleton.ok());
        const ArmatureData& armature = skeleton->armatures.front();
        const auto found = [](auto& list, const std::string& name) -> auto&
        {
            return *std::find_if(list.begin(), list.end(),
                                 [&](const auto& item) { return item.name == name; });
        };
        AnimationData& animation = found(skeleton->animations, armature.name);
        MovementData& data = found(animation.movements, movement.toStdString());
        found(data.bones, bone.toStdString()).frames[size_t(keyFrame)].event = "swish";
        FrameEventTracker tracker;
        tracker.reset(&data);
        QCOMPARE(int(tracker.keys().size()), int(reaches.size()));
        for (size_t i = 0; i < tracker.keys().size(); ++i)
            QVERIFY(std::abs(tracker.keys()[i].passFrame - reaches[int(i)]) < 1e-5);

        ArmaturePlayback playback(skeleton.value(), armature);
        playback.play(int(&data - animation.movements.data()), true);
        std::vector<PlaybackEvent> events;
        int fired = 0;
        QList<double> strayed; // each stray fire's pass frame, as it appears
        std::vector<double> shown;
        const int updates = data.durationTo + passes * passFrames(data) + 1;
        for (int i = 0; i < updates; ++i) {
            playback.update(kSecondsPerFrame, events);
            for (const PlaybackEvent& event : events)
                if (event.kind == ArmatureEventKind::Frame) {
                    tracker.fired(event.name, event.keyFrame, event.playedFrame);
                    ++fired;
                } else if (event.kind == ArmatureEventKind::LoopComplete) {
                    tracker.loopCompleted();
                }
            events.clear();
            tracker.moveTo(playback.frame());
            std::vector<double> now;
            for (const FrameEventTracker::StrayFire& stray : tracker.strayFires()) {
                QCOMPARE(stray.name, std::string("swish"));
                now.push_back(stray.passFrame);
            }
            if (now != shown && !now.empty())
                strayed.append(now.back());
            shown = now;
            const QString letters = verdictLetters(tracker);
            QVERIFY2(!letters.contains(QLatin1Char('M')) && !letters.contains(QLatin1Char('L')) &&
                         !letters.contains(QLatin1Char('T')),
                     qPrintable(QStringLiteral("update %1: %2").arg(i).arg(letters)));
        }
        QCOMPARE(fired, fires);
        QCOMPARE(strayed, strays);
    }
};

QTEST_GUILESS_MAIN(TestFrameEventTracker)
#include "test_frame_event_tracker.moc"
