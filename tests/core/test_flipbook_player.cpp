#include "base/FrameRate.h"
#include "runtime/FlipbookPlayer.h"

#include <QtTest>

using namespace bonescope::core;

namespace {

// Four frames of 1, 2, 1 and 4 delay units at 0.125 s a unit: one loop lasts 8 × 0.125 = 1 s
// and frame i starts at Σ(units before i) / 8 of it: 0, 1/8, 3/8, 4/8. Frames 1 and 3 carry a
// notification. All these numbers are exact in binary floating point.
FlipbookData fourFrames(int loops = 1, bool restore = false)
{
    FlipbookData data;
    data.name = "walk";
    data.delayPerUnit = 0.125f;
    data.loops = loops;
    data.restoreOriginalFrame = restore;
    data.frames = {{"f0.png", 1.f, {}},
                   {"f1.png", 2.f, {{"step", "left"}}},
                   {"f2.png", 1.f, {}},
                   {"f3.png", 4.f, {{"step", "right"}, {"loud", "true"}}}};
    return data;
}

QList<int> indicesOf(const std::vector<FlipbookFrameShown>& shown)
{
    QList<int> indices;
    for (const auto& frame : shown)
        indices.append(frame.frameIndex);
    return indices;
}

} // namespace

class TestFlipbookPlayer : public QObject {
    Q_OBJECT
private slots:
    void splitTimesAreUnitsBeforeOverTotal()
    {
        const FlipbookData data = fourFrames();
        FlipbookPlayer player(data);
        QCOMPARE(player.splitTimes(), (std::vector<float>{0.f, 0.125f, 0.375f, 0.5f}));
        QCOMPARE(player.durationSeconds(), 1.f);
        FlipbookPlayer twice(fourFrames(2));
        QCOMPARE(twice.durationSeconds(), 2.f);
    }

    // At each split time exactly the frame starts; a hair before, the previous one still shows.
    void frameAtEachSplitTime_data()
    {
        QTest::addColumn<float>("ratio");
        QTest::addColumn<int>("frame");
        QTest::newRow("0") << 0.f << 0;
        QTest::newRow("1/8 - e") << 0.1249f << 0;
        QTest::newRow("1/8") << 0.125f << 1;
        QTest::newRow("3/8 - e") << 0.3749f << 1;
        QTest::newRow("3/8") << 0.375f << 2;
        QTest::newRow("4/8") << 0.5f << 3;
        QTest::newRow("0.99") << 0.99f << 3;
    }
    void frameAtEachSplitTime()
    {
        QFETCH(float, ratio);
        QFETCH(int, frame);
        const FlipbookData data = fourFrames();
        FlipbookPlayer player(data);
        player.start();
        player.update(ratio);
        QCOMPARE(player.displayedFrame(), frame);
    }

    // Ticks of 0.125 s: the first tick is at elapsed 0 (cocos2d-x ignores its dt), so tick n
    // is at elapsed (n − 1) × 0.125 s, i.e. ratio (n − 1) / 8:
    //   tick: 1  2  3  4  5  6  7  8  9 (ratio 1: done)
    //   shows 0  1  –  2  3  –  –  –  –
    void ticksShowFramesOnTime()
    {
        const FlipbookData data = fourFrames();
        FlipbookPlayer player(data);
        player.start();
        QCOMPARE(player.displayedFrame(), -1);
        const QList<QList<int>> expected = {{0}, {1}, {}, {2}, {3}, {}, {}, {}, {}};
        for (int tick = 0; tick < expected.size(); ++tick) {
            player.step(0.125f);
            QCOMPARE(indicesOf(player.shown()), expected[tick]);
            QCOMPARE(player.done(), tick == 8);
        }
        QCOMPARE(player.displayedFrame(), 3); // no restore: the last frame stays
        player.step(0.125f);
        QVERIFY(player.shown().empty());
    }

    // One tick of 0.6 s after the first shows frames 1, 2 and 3 in order, and so raises the
    // notifications of frames 1 and 3 in that order.
    void largeTickShowsEveryPassedFrameInOrder()
    {
        const FlipbookData data = fourFrames();
        FlipbookPlayer player(data);
        player.start();
        player.step(0.f);
        player.step(0.6f);
        QCOMPARE(indicesOf(player.shown()), (QList<int>{1, 2, 3}));
        QStringList notified;
        for (const auto& shown : player.shown())
            for (const auto& [key, value] : data.frames[shown.frameIndex].notification)
                notified << QString::fromStdString(key + "=" + value);
        QCOMPARE(notified, (QStringList{"step=left", "step=right", "loud=true"}));
    }

    // Two loops, 2 s in all. Elapsed 1 s is ratio .5 × 2 loops = 1.0: loop 1 begins at frame 0.
    // A tick from elapsed .25 (frame 1 of loop 0) to 1.25 (ratio .25 of loop 1) starts loop 1
    // over: frames 0 and 1 of loop 1; frames 2 and 3 of loop 0 are skipped, as in cocos2d-x.
    void loopsRestartAndLargeTickSkipsRestOfLoop()
    {
        const FlipbookData data = fourFrames(2);
        FlipbookPlayer player(data);
        player.start();
        player.step(0.f);
        for (int i = 0; i < 7; ++i)
            player.step(0.125f); // elapsed .875
        QCOMPARE(player.executedLoops(), 0);
        player.step(0.125f); // elapsed 1
        QCOMPARE(player.executedLoops(), 1);
        QCOMPARE(indicesOf(player.shown()), (QList<int>{0}));
        QCOMPARE(player.shown().front().loop, 1);

        player.start();
        player.step(0.f);
        player.step(0.25f);
        QCOMPARE(player.displayedFrame(), 1);
        player.step(1.f);
        QCOMPARE(indicesOf(player.shown()), (QList<int>{0, 1}));
        QCOMPARE(player.executedLoops(), 1);
        QVERIFY(!player.done());
        player.step(0.75f); // elapsed 2: ratio 1 shows the rest of the last loop, then done
        QCOMPARE(indicesOf(player.shown()), (QList<int>{2, 3}));
        QVERIFY(player.done());
    }

    // Reverse plays 3, 2, 1, 0 with units 4, 1, 2, 1: split times 0, 4/8, 5/8, 7/8.
    void reversePlaysBackwards_data()
    {
        QTest::addColumn<float>("ratio");
        QTest::addColumn<int>("frame");
        QTest::newRow("0") << 0.f << 3;
        QTest::newRow(".49") << 0.49f << 3;
        QTest::newRow(".5") << 0.5f << 2;
        QTest::newRow(".625") << 0.625f << 1;
        QTest::newRow(".875") << 0.875f << 0;
    }
    void reversePlaysBackwards()
    {
        QFETCH(float, ratio);
        QFETCH(int, frame);
        const FlipbookData data = fourFrames();
        FlipbookPlayer player(data, true);
        QCOMPARE(player.splitTimes(), (std::vector<float>{0.f, 0.5f, 0.625f, 0.875f}));
        player.start();
        player.update(ratio);
        QCOMPARE(player.displayedFrame(), frame);
    }

    // restoreOriginalFrame: the tick that finishes the action (elapsed 1 s) puts the original
    // frame (−1) back; without it the last frame stays.
    void restoreOriginalFrameAtTheEnd_data()
    {
        QTest::addColumn<bool>("restore");
        QTest::addColumn<int>("finalFrame");
        QTest::newRow("restore") << true << -1;
        QTest::newRow("keep") << false << 3;
    }
    void restoreOriginalFrameAtTheEnd()
    {
        QFETCH(bool, restore);
        QFETCH(int, finalFrame);
        const FlipbookData data = fourFrames(1, restore);
        FlipbookPlayer player(data);
        player.start();
        player.step(0.f);
        player.step(0.875f);
        QCOMPARE(player.displayedFrame(), 3);
        QVERIFY(!player.done());
        player.step(0.125f);
        QVERIFY(player.done());
        QCOMPARE(player.displayedFrame(), finalFrame);
    }

    void emptyAnimationDoesNothing()
    {
        FlipbookData data;
        FlipbookPlayer player(data);
        player.start();
        player.step(kFrameSeconds);
        QVERIFY(player.shown().empty());
        QCOMPARE(player.displayedFrame(), -1);
        QVERIFY(player.done());
    }
};

QTEST_GUILESS_MAIN(TestFlipbookPlayer)
#include "test_flipbook_player.moc"
