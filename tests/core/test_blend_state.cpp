#include "base/FrameRate.h"
#include "runtime/AnimationBlender.h"

#include <QtTest>

#include <random>

using namespace bonescope::core;

namespace {

// Movements: A loops over 1 s, B over 2 s, C is 0.5 s long, D 4 s. Steps of 0.125 s and
// durations of 1 s keep every expected number exact in binary floating point.
enum { A = 0, B = 1, C = 2, D = 3 };

AnimationBlender makeBlender()
{
    return AnimationBlender({{1.0, 1.0}, {2.0, 1.0}, {0.5, 1.0}, {4.0, 1.0}});
}

constexpr auto While = BlendTransition::WhileAnimating;
constexpr auto Then = BlendTransition::ThenAnimate;
constexpr auto Switch = BlendTransition::Switch;

} // namespace

class TestBlendState : public QObject {
    Q_OBJECT
private slots:
    void initPlaysOneMovementAlone()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        QCOMPARE(blender.source().movement, int(A));
        QVERIFY(!blender.blending());
        QCOMPARE(blender.target().movement, -1);
        QCOMPARE(blender.sourceWeight(), 1.0);
        QCOMPARE(blender.targetWeight(), 0.0);
        blender.addTime(0.25);
        QCOMPARE(blender.source().timeSeconds, 0.25);
    }

    // WhileAnimating, duration 1 s, started with A at 0.25 s:
    //   step  timeLeft  wA    wB    tA            tB
    //   call  1         1     0     0.25          0
    //   +.25  .75       .75   .25   .5            .25
    //   +.5   .25       .25   .75   1.0 → wraps 0 .75
    //   +.25  0 → done: B is the source, advanced once more as the source: 1.0
    // A loops over 1 s: after 1.25 s its position is .25 s but 1.25 s have elapsed since it
    // started; C (0.5 s, not looping) stops at .5 s on both counts.
    void elapsedTimeIsNotWrapped()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        for (int i = 0; i < 10; ++i)
            blender.addTime(0.125);
        QCOMPARE(blender.source().timeSeconds, 0.25);
        QCOMPARE(blender.source().elapsedSeconds, 1.25);
        blender.init(C, false);
        for (int i = 0; i < 10; ++i)
            blender.addTime(0.125);
        QCOMPARE(blender.source().timeSeconds, 0.5);
        QCOMPARE(blender.source().elapsedSeconds, 0.5);
    }

    void whileAnimatingAdvancesBothAndHandsOver()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.addTime(0.25);
        blender.blend(B, While, 1.0, true);
        QCOMPARE(blender.timeLeftSeconds(), 1.0);
        QCOMPARE(blender.targetWeight(), 0.0);
        QCOMPARE(blender.target().timeSeconds, 0.0);

        blender.addTime(0.25);
        QCOMPARE(blender.timeLeftSeconds(), 0.75);
        QCOMPARE(blender.sourceWeight(), 0.75);
        QCOMPARE(blender.targetWeight(), 0.25);
        QCOMPARE(blender.progress(), 0.25);
        QCOMPARE(blender.source().timeSeconds, 0.5);
        QCOMPARE(blender.target().timeSeconds, 0.25);

        blender.addTime(0.5);
        QCOMPARE(blender.sourceWeight(), 0.25);
        QCOMPARE(blender.source().timeSeconds, 0.0); // A looped
        QCOMPARE(blender.target().timeSeconds, 0.75);

        blender.addTime(0.25);
        QVERIFY(!blender.blending());
        QCOMPARE(blender.source().movement, int(B));
        QCOMPARE(blender.source().timeSeconds, 1.0);
        QCOMPARE(blender.sourceWeight(), 1.0);
        QCOMPARE(blender.target().movement, -1);
    }

    // ThenAnimate, 0.5 s: B waits on its first frame (time 0) while A fades out; on the update
    // that ends the transition B starts and advances by that update's 0.25 s.
    void thenAnimateHoldsTargetOnFirstFrame()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.blend(B, Then, 0.5, true);
        blender.addTime(0.25);
        QCOMPARE(blender.targetWeight(), 0.5);
        QCOMPARE(blender.target().timeSeconds, 0.0);
        QCOMPARE(blender.source().timeSeconds, 0.25);
        blender.addTime(0.25);
        QVERIFY(!blender.blending());
        QCOMPARE(blender.source().movement, int(B));
        QCOMPARE(blender.source().timeSeconds, 0.25);
    }

    void sameTargetDoesNothing()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.blend(B, While, 1.0, true);
        blender.addTime(0.25);
        blender.blend(B, Then, 5.0, false);
        QCOMPARE(blender.timeLeftSeconds(), 0.75);
        QCOMPARE(blender.durationSeconds(), 1.0);
        QCOMPARE(blender.transition(), While);
        QCOMPARE(blender.target().timeSeconds, 0.25);
        QCOMPARE(blender.target().loop, true);
    }

    // A→B, 1 s, 0.25 s in (timeLeft .75, wA .75); blend(A) swaps: source B, target A,
    // timeLeft = 1 − .75 = .25, so A keeps its weight (now as target: 1 − .25 = .75). Both keep
    // their times (.25 each); the new duration 9 s is ignored.
    void backToSourceSwaps()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.blend(B, While, 1.0, true);
        blender.addTime(0.25);
        blender.blend(A, While, 9.0, true);
        QCOMPARE(blender.source().movement, int(B));
        QCOMPARE(blender.target().movement, int(A));
        QCOMPARE(blender.timeLeftSeconds(), 0.25);
        QCOMPARE(blender.durationSeconds(), 1.0);
        QCOMPARE(blender.targetWeight(), 0.75);
        QCOMPARE(blender.source().timeSeconds, 0.25);
        QCOMPARE(blender.target().timeSeconds, 0.25);
        // 0.125 s later: timeLeft .125, wA = .875; A is home after .25 s.
        blender.addTime(0.125);
        QCOMPARE(blender.targetWeight(), 0.875);
        blender.addTime(0.125);
        QVERIFY(!blender.blending());
        QCOMPARE(blender.source().movement, int(A));
        QCOMPARE(blender.source().timeSeconds, 0.5);
    }

    // A→B, 1 s; at `elapsed` a third movement C arrives. timeLeft = 1 − elapsed.
    //   elapsed .75: timeLeft .25 < .5  → C replaces B: source A, target C (t 0), wC = .75
    //   elapsed .5 : timeLeft .5 (not < .5) → B becomes the source: source B, target C, wC = .5
    //   elapsed .25: timeLeft .75 → B becomes the source, wC = .25
    void thirdMovementReplacesOrPromotes_data()
    {
        QTest::addColumn<double>("elapsed");
        QTest::addColumn<int>("source");
        QTest::addColumn<double>("sourceTime");
        QTest::addColumn<double>("targetWeight");
        QTest::newRow("timeLeft below half") << 0.75 << int(A) << 0.75 << 0.75;
        QTest::newRow("timeLeft at half") << 0.5 << int(B) << 0.5 << 0.5;
        QTest::newRow("timeLeft above half") << 0.25 << int(B) << 0.25 << 0.25;
    }
    void thirdMovementReplacesOrPromotes()
    {
        QFETCH(double, elapsed);
        QFETCH(int, source);
        QFETCH(double, sourceTime);
        QFETCH(double, targetWeight);
        auto blender = makeBlender();
        blender.init(A, true);
        blender.blend(B, While, 1.0, true);
        blender.addTime(elapsed);
        blender.blend(C, Then, 3.0, false);
        QCOMPARE(blender.source().movement, source);
        QCOMPARE(blender.source().timeSeconds, sourceTime);
        QCOMPARE(blender.target().movement, int(C));
        QCOMPARE(blender.target().timeSeconds, 0.0);
        QCOMPARE(blender.target().loop, false);
        QCOMPARE(blender.timeLeftSeconds(), 1.0 - elapsed);
        QCOMPARE(blender.durationSeconds(), 1.0);
        QCOMPARE(blender.transition(), While);
        QCOMPARE(blender.targetWeight(), targetWeight);
    }

    // C is 0.5 s, not looping: complete once its time reaches 0.5 s, and it stays there.
    void completeWhenNonLoopingSourceEnds()
    {
        auto blender = makeBlender();
        blender.init(C, false);
        blender.addTime(0.25);
        QVERIFY(!blender.complete());
        blender.addTime(0.25);
        QVERIFY(blender.complete());
        QCOMPARE(blender.source().timeSeconds, 0.5);
        blender.addTime(0.25);
        QVERIFY(blender.complete());
        QCOMPARE(blender.source().timeSeconds, 0.5);

        blender.init(A, true); // looping: never complete
        for (int i = 0; i < 20; ++i) {
            blender.addTime(0.125);
            QVERIFY(!blender.complete());
        }
    }

    // Blending into non-looping C: complete only once C is the source and at its end:
    // 0.25 s blend (C held at 0 by ThenAnimate), then C plays 0.5 s.
    void completeFollowsTheNewSource()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.blend(C, Then, 0.25, false);
        blender.addTime(0.125);
        QVERIFY(!blender.complete());
        blender.addTime(0.125); // hand-over: C at 0.125
        QCOMPARE(blender.source().movement, int(C));
        QCOMPARE(blender.source().timeSeconds, 0.125);
        blender.addTime(0.25);
        QVERIFY(!blender.complete());
        blender.addTime(0.125);
        QVERIFY(blender.complete());
    }

    void switchStartsTargetAtOnce()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.blend(B, While, 1.0, true);
        blender.addTime(0.25);
        blender.blend(D, Switch, 1.0, true); // drops both A and B
        QVERIFY(!blender.blending());
        QCOMPARE(blender.source().movement, int(D));
        QCOMPARE(blender.source().timeSeconds, 0.0);
        QCOMPARE(blender.sourceWeight(), 1.0);
    }

    // Invariant: after a Switch the blender is exactly a fresh player of the target.
    void switchEqualsPlayingTargetAlone()
    {
        auto switched = makeBlender();
        switched.init(A, true);
        switched.addTime(0.3);
        switched.blend(B, Switch, 0.7, true);
        auto alone = makeBlender();
        alone.init(B, true);
        for (int i = 0; i < 300; ++i) {
            switched.addTime(kSecondsPerFrame);
            alone.addTime(kSecondsPerFrame);
            QCOMPARE(switched.source().movement, alone.source().movement);
            QCOMPARE(switched.source().timeSeconds, alone.source().timeSeconds);
            QCOMPARE(switched.blending(), alone.blending());
        }
    }

    void zeroDurationActsAsSwitch()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.addTime(0.25);
        blender.blend(B, While, 0.0, true);
        QVERIFY(!blender.blending());
        QCOMPARE(blender.source().movement, int(B));
        QCOMPARE(blender.source().timeSeconds, 0.0);
    }

    // In steps of 1/60 s a 0.5 s cross-fade has wB = 12/30 = 0.4 after 12 updates and ends on
    // update 30 exactly, not 31 (accumulated rounding must not leave a sliver of timeLeft).
    void sixtiethStepsEndOnTime()
    {
        auto blender = makeBlender();
        blender.init(A, true);
        blender.blend(B, While, 0.5, true);
        for (int i = 0; i < 12; ++i)
            blender.addTime(kSecondsPerFrame);
        QVERIFY(qAbs(blender.targetWeight() - 0.4) < 1e-12);
        QVERIFY(qAbs(blender.sourceWeight() - 0.6) < 1e-12);
        for (int i = 12; i < 29; ++i)
            blender.addTime(kSecondsPerFrame);
        QVERIFY(blender.blending());
        blender.addTime(kSecondsPerFrame);
        QVERIFY(!blender.blending());
        QCOMPARE(blender.source().movement, int(B));
        QVERIFY(qAbs(blender.source().timeSeconds - 0.5) < 1e-12);
        // A 1 s loop wraps to 0, not 0.99999...: 60 steps of A alone.
        blender.init(A, true);
        for (int i = 0; i < 60; ++i)
            blender.addTime(kSecondsPerFrame);
        QCOMPARE(blender.source().timeSeconds, 0.0);
    }

    // Invariants under any sequence of calls: weights in 0..1 summing to 1, times in range.
    void weightsAlwaysSumToOne()
    {
        std::mt19937 random(42);
        std::uniform_int_distribution<int> pick(0, 3);
        std::uniform_real_distribution<double> seconds(0.0, 0.6);
        auto blender = makeBlender();
        blender.init(A, true);
        const BlendTransition transitions[] = {Switch, While, Then, While};
        for (int i = 0; i < 2000; ++i) {
            if (pick(random) == 0)
                blender.blend(pick(random), transitions[pick(random)], seconds(random),
                              pick(random) != 0);
            blender.addTime(seconds(random) / 4);
            const double sum = blender.sourceWeight() + blender.targetWeight();
            QVERIFY(qAbs(sum - 1.0) < 1e-12);
            QVERIFY(blender.sourceWeight() >= 0.0 && blender.sourceWeight() <= 1.0);
            QVERIFY(blender.timeLeftSeconds() <= blender.durationSeconds());
            const double length = blender.timing(blender.source().movement).lengthSeconds;
            QVERIFY(blender.source().timeSeconds >= 0.0);
            QVERIFY(blender.source().timeSeconds <= length);
            QCOMPARE(blender.blending(), blender.timeLeftSeconds() > 0.0);
        }
    }
};

QTEST_GUILESS_MAIN(TestBlendState)
#include "test_blend_state.moc"
