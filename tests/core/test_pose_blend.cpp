#include "FakeMovementSource.h"
#include "base/FrameRate.h"
#include "runtime/Blender.h"
#include "runtime/Hierarchy.h"
#include "runtime/PoseBlend.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace bonescope::core;

namespace {

constexpr float pi = std::numbers::pi_v<float>;

BonePose boneAt(float x)
{
    BonePose bone;
    bone.local.x = x;
    return bone;
}

Pose poseOf(std::initializer_list<float> xs)
{
    Pose pose;
    for (float x : xs)
        pose.push_back(boneAt(x));
    return pose;
}

QList<float> xsOf(const Pose& pose)
{
    QList<float> xs;
    for (const auto& bone : pose)
        xs.append(bone.local.x);
    return xs;
}

} // namespace

class TestPoseBlend : public QObject {
    Q_OBJECT
private slots:
    // Shortest arc, result = from + wrap(to − from) × ratio with wrap into (−π, π]:
    //   3 → −3: the difference −6 wraps to 2π − 6 = 0.2832; halfway 3 + 0.1416 = π
    //   0 → π and 0 → −π both take +π (the interval is half-open): halfway π/2
    //   0 → 4π + 0.2: full turns vanish, halfway 0.1
    void lerpAngleTakesShortestArc_data()
    {
        QTest::addColumn<float>("from");
        QTest::addColumn<float>("to");
        QTest::addColumn<float>("ratio");
        QTest::addColumn<float>("expected");
        QTest::newRow("plain") << 0.1f << 0.3f << 0.5f << 0.2f;
        QTest::newRow("across +pi") << 3.f << -3.f << 0.5f << pi;
        QTest::newRow("across -pi") << -3.f << 3.f << 0.5f << -pi;
        QTest::newRow("half turn +") << 0.f << pi << 0.5f << pi / 2;
        QTest::newRow("half turn -") << 0.f << -pi << 0.5f << pi / 2;
        QTest::newRow("full turns") << 0.f << 4 * pi + 0.2f << 0.5f << 0.1f;
        QTest::newRow("ratio 0") << 1.f << 2.f << 0.f << 1.f;
        QTest::newRow("ratio 1") << 1.f << 2.f << 1.f << 2.f;
    }
    void lerpAngleTakesShortestArc()
    {
        QFETCH(float, from);
        QFETCH(float, to);
        QFETCH(float, ratio);
        QFETCH(float, expected);
        QVERIFY2(qAbs(lerpAngle(from, to, ratio) - expected) < 1e-5f,
                 qPrintable(QString::number(lerpAngle(from, to, ratio))));
    }

    // from: x 10, y 0, scaleX 1, skewX 0, z 1, display 0, alpha 255
    // to:   x 20, y −4, scaleX 3, skewX .5, z 5, display 2, alpha 0
    //   ratio .25: x 12.5, y −1, scaleX 1.5, skewX .125, z/display from `from`, alpha 191.25 → 191
    //   ratio .5 : x 15, y −2, scaleX 2, skewX .25, z 5 / display 2 (tie goes to `to`), 127.5 → 128
    //   ratio .75: x 17.5, y −3, scaleX 2.5, skewX .375, z 5, display 2, 63.75 → 64
    void blendBonePoseMixesEveryChannel_data()
    {
        QTest::addColumn<float>("ratio");
        QTest::addColumn<float>("x");
        QTest::addColumn<float>("y");
        QTest::addColumn<float>("scaleX");
        QTest::addColumn<float>("skewX");
        QTest::addColumn<int>("z");
        QTest::addColumn<int>("display");
        QTest::addColumn<int>("alpha");
        QTest::newRow(".25") << .25f << 12.5f << -1.f << 1.5f << .125f << 1 << 0 << 191;
        QTest::newRow(".5") << .5f << 15.f << -2.f << 2.f << .25f << 5 << 2 << 128;
        QTest::newRow(".75") << .75f << 17.5f << -3.f << 2.5f << .375f << 5 << 2 << 64;
    }
    void blendBonePoseMixesEveryChannel()
    {
        QFETCH(float, ratio);
        BonePose from;
        from.local.x = 10;
        from.zOrder = 1;
        BonePose to;
        to.local = {20.f, -4.f, 0.5f, 0.f, 3.f, 1.f};
        to.zOrder = 5;
        to.displayIndex = 2;
        to.color.alpha = 0;
        const BonePose out = blendBonePose(from, to, ratio);
        QTEST(out.local.x, "x");
        QTEST(out.local.y, "y");
        QTEST(out.local.scaleX, "scaleX");
        QTEST(out.local.skewX, "skewX");
        QCOMPARE(out.local.scaleY, 1.f);
        QTEST(out.zOrder, "z");
        QTEST(out.displayIndex, "display");
        QTEST(out.color.alpha, "alpha");
        QCOMPARE(out.color.red, 255);
    }

    // A bone's skews blend the short way round, as lerpAngle, whichever skew needs it.
    void blendBonePoseTurnsTheShortestWay_data()
    {
        QTest::addColumn<float>("fromSkewX");
        QTest::addColumn<float>("toSkewX");
        QTest::addColumn<float>("fromSkewY");
        QTest::addColumn<float>("toSkewY");
        QTest::addColumn<float>("ratio");
        QTest::newRow("both across pi") << 3.f << -3.f << -3.f << 3.f << .5f;
        QTest::newRow("skewY only") << .1f << .2f << 3.1f << -3.1f << .25f;
        QTest::newRow("several turns apart") << 20.f << -1.f << 0.f << 0.f << .75f;
        QTest::newRow("within a half turn") << -1.f << 2.f << 1.f << -2.f << .5f;
    }
    void blendBonePoseTurnsTheShortestWay()
    {
        QFETCH(float, fromSkewX);
        QFETCH(float, toSkewX);
        QFETCH(float, fromSkewY);
        QFETCH(float, toSkewY);
        QFETCH(float, ratio);
        BonePose from, to;
        from.local.skewX = fromSkewX;
        from.local.skewY = fromSkewY;
        to.local.skewX = toSkewX;
        to.local.skewY = toSkewY;
        const BonePose out = blendBonePose(from, to, ratio);
        QCOMPARE(out.local.skewX, lerpAngle(fromSkewX, toSkewX, ratio));
        QCOMPARE(out.local.skewY, lerpAngle(fromSkewY, toSkewY, ratio));
        QVERIFY(std::abs(out.local.skewX - fromSkewX) <= pi * ratio + 1e-5f);
    }

    // Invariant: ratio 0 is the source, ratio 1 the target; `out` may alias an input.
    // The hierarchy pass keeps world's linear part while composed's skews and scales do not
    // change, so a blend must hand it world and composed as a matching pair: here a rotated
    // bone blended to no rotation must end with the identity matrix, not the rotated one.
    void blendedPoseKeepsWorldAndComposedMatching()
    {
        const std::vector<BoneData> bones(1);
        Pose rotated(1);
        rotated[0].local.skewX = -pi / 2;
        rotated[0].local.skewY = pi / 2;
        updateWorldTransforms(bones, rotated); // world and composed now describe the turn
        Pose straight(1);                      // skews 0, scales 1
        Pose blended;
        blendPoses(rotated, straight, 1.f, blended);
        QCOMPARE(blended[0].composed.skewY, rotated[0].composed.skewY);
        updateWorldTransforms(bones, blended);
        QCOMPARE(blended[0].world.a, 1.f);
        QCOMPARE(blended[0].world.b, 0.f);
        QCOMPARE(blended[0].world.c, 0.f);
        QCOMPARE(blended[0].world.d, 1.f);
    }

    void blendPosesEndsAreTheInputs()
    {
        const Pose a = poseOf({1, 2, 3});
        const Pose b = poseOf({7, 8, 9});
        Pose out;
        blendPoses(a, b, 0.f, out);
        QCOMPARE(xsOf(out), xsOf(a));
        blendPoses(a, b, 1.f, out);
        QCOMPARE(xsOf(out), xsOf(b));
        Pose aliased = a;
        blendPoses(aliased, b, 0.5f, aliased);
        QCOMPARE(xsOf(aliased), (QList<float>{4, 5, 6}));
    }

    // Three bones over a base pose of x = 100 each.
    //   L1 weight .3, animates {0,1} at x 10: first to set both → [10, 10, 100]; the weight is
    //      ignored by the first layer to set a bone (seed 004), bone 2 passes through.
    //   L2 weight .5, animates {1,2} at x 20: bone 1 lerps 10→20 by .5 = 15; bone 2 is first
    //      set here → 20. Result [10, 15, 20].
    void firstLayerSetsLaterLayersLerp()
    {
        Pose out = poseOf({100, 100, 100});
        BoneMask isSet(3, 0);
        const Pose p10 = poseOf({10, 10, 10});
        const Pose p20 = poseOf({20, 20, 20});
        const BoneMask first2{1, 1, 0};
        const BoneMask last2{0, 1, 1};
        mixLayer({&p10, &first2, nullptr, nullptr, 0.f, nullptr, 0.3f}, out, isSet);
        QCOMPARE(xsOf(out), (QList<float>{10, 10, 100}));
        QCOMPARE(isSet, (BoneMask{1, 1, 0}));
        mixLayer({&p20, &last2, nullptr, nullptr, 0.f, nullptr, 0.5f}, out, isSet);
        QCOMPARE(xsOf(out), (QList<float>{10, 15, 20}));
        QCOMPARE(isSet, (BoneMask{1, 1, 1}));
    }

    // Over [10, 15, 20] (all set): a weight-0 layer changes nothing, a weight-1 layer replaces
    // what it animates, and its mask confines it (bone 0 only → [40, 15, 20]).
    void layerAtWeightZeroAndOne()
    {
        const BoneMask all{1, 1, 1};
        const Pose p40 = poseOf({40, 40, 40});
        Pose out = poseOf({10, 15, 20});
        BoneMask isSet{1, 1, 1};
        mixLayer({&p40, &all, nullptr, nullptr, 0.f, nullptr, 0.f}, out, isSet);
        QCOMPARE(xsOf(out), (QList<float>{10, 15, 20}));
        mixLayer({&p40, &all, nullptr, nullptr, 0.f, nullptr, 1.f}, out, isSet);
        QCOMPARE(xsOf(out), (QList<float>{40, 40, 40}));

        out = poseOf({10, 15, 20});
        const BoneMask onlyFirst{1, 0, 0};
        mixLayer({&p40, &all, nullptr, nullptr, 0.f, &onlyFirst, 1.f}, out, isSet);
        QCOMPARE(xsOf(out), (QList<float>{40, 15, 20}));
    }

    // A layer sets local channels only: out keeps its own world and composed (the pair its last
    // hierarchy pass wrote), whether the layer sets the bone outright or lerps it.
    void layerLeavesWorldAndComposedAsTheyAre()
    {
        Pose out = poseOf({100, 100});
        for (BonePose& bone : out)
            bone.world.tx = bone.composed.x = 7.f;
        Pose layer = poseOf({10, 10});
        for (BonePose& bone : layer) {
            bone.world.tx = bone.composed.x = -1.f;
            bone.zOrder = 3;
        }
        const BoneMask all{1, 1};
        BoneMask isSet{1, 0};
        mixLayer({&layer, &all, nullptr, nullptr, 0.f, nullptr, 0.5f}, out, isSet);
        QCOMPARE(xsOf(out), (QList<float>{55, 10}));
        for (const BonePose& bone : out) {
            QCOMPARE(bone.zOrder, 3);
            QCOMPARE(bone.world.tx, 7.f);
            QCOMPARE(bone.composed.x, 7.f);
        }
    }

    // A layer's transition: current animates bone 0 at x 0, next animates {0,1} at x 8,
    // progress .25 → bone 0 = 0 + 8 × .25 = 2, bone 1 = 8 (only the next movement has it),
    // bone 2 untouched (100).
    void transitionLerpsCurrentTowardNext()
    {
        const Pose current = poseOf({0, 0, 0});
        const Pose next = poseOf({8, 8, 8});
        const BoneMask currentAnimated{1, 0, 0};
        const BoneMask nextAnimated{1, 1, 0};
        Pose out = poseOf({100, 100, 100});
        BoneMask isSet(3, 0);
        mixLayer({&current, &currentAnimated, &next, &nextAnimated, 0.25f, nullptr, 1.f}, out,
                 isSet);
        QCOMPARE(xsOf(out), (QList<float>{2, 8, 100}));
        QCOMPARE(isSet, (BoneMask{1, 1, 0}));
    }
    // Blender over poses. A: x = 10 t, skew 3 rad; B: x = 100, skew −3 rad; two bones, 2 s each.
    // blend(B, WhileAnimating, 1 s), .25 s later: wB = .25, A at .25 s has x 2.5, so
    // x = 2.5 + (100 − 2.5) × .25 = 26.875; skew 3 + (2π − 6) × .25 = 3.0708 (across π, not
    // through 0); display index A's 0 until wB reaches .5, then B's 1.
    void blenderMixesSourceAndTargetPoses()
    {
        const FakeMovementSource source(
            {{2.0, {1, 1}, 0.f, 10.f, 3.f}, {2.0, {1, 1}, 100.f, 0.f, -3.f}});
        Blender blender(source);
        blender.state().init(0, true);
        blender.state().blend(1, BlendTransition::WhileAnimating, 1.0, true);
        blender.state().addTime(0.25);
        Pose out;
        blender.evaluate(out);
        QCOMPARE(out.size(), size_t(2));
        QCOMPARE(out[1].local.x, 26.875f);
        QVERIFY(qAbs(out[1].local.skewX - (3.f + (2 * pi - 6.f) * 0.25f)) < 1e-5f);
        QCOMPARE(out[1].displayIndex, 0);
        blender.state().addTime(0.25);
        blender.evaluate(out);
        QCOMPARE(out[0].displayIndex, 1);
        QCOMPARE(out[0].local.x, 0.5f * 5.f + 0.5f * 100.f); // A at .5 s: x 5, wB .5
    }

    // Invariant: after Switch the blended pose is, update by update, the target played alone.
    void blenderSwitchEqualsTargetAlone()
    {
        const FakeMovementSource source(
            {{2.0, {1, 1}, 0.f, 10.f, 1.f}, {1.5, {1, 0}, 20.f, 30.f, 2.f}});
        Blender switched(source);
        switched.state().init(0, true);
        switched.state().blend(1, BlendTransition::WhileAnimating, 1.0, true);
        switched.state().addTime(0.4);
        switched.state().blend(1, BlendTransition::Switch, 0.0, true);
        Blender alone(source);
        alone.state().init(1, true);
        Pose a, b;
        for (int update = 0; update < 200; ++update) {
            switched.state().addTime(kSecondsPerFrame);
            alone.state().addTime(kSecondsPerFrame);
            switched.evaluate(a);
            alone.evaluate(b);
            QCOMPARE(xsOf(a), xsOf(b));
            QCOMPARE(a[0].local.skewX, b[0].local.skewX);
        }
    }
};

QTEST_GUILESS_MAIN(TestPoseBlend)
#include "test_pose_blend.moc"
