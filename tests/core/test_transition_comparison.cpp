// The A/B comparator's core: each transition choice is a blend script baked as the CLI bakes
// it, the choices agree before the first call and once every blend is over, and the per-bone
// divergence is zero for identical choices, symmetric, and the hand-computed figure.

#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/Hierarchy.h"
#include "script/ScriptBake.h"
#include "script/TransitionComparison.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace bonescope::core;

Q_DECLARE_METATYPE(bonescope::core::TransitionSpec)

namespace {

const std::string kData = BONESCOPE_TEST_DATA;

const SkeletonData& dragon()
{
    static const SkeletonData skeleton = readSkeletonFile(kData + "/corpus/Dragon.xml").value();
    return skeleton;
}

TransitionSpec seconds(TransitionKind kind, double duration)
{
    TransitionSpec spec;
    spec.kind = kind;
    spec.unit = TransitionSpec::Unit::Seconds;
    spec.duration = duration;
    return spec;
}

/// Dragon stand → walk with `choices`, the source alone for 30 updates.
TransitionComparison standToWalk(std::vector<TransitionSpec> choices)
{
    ComparisonRequest request;
    request.source = "stand";
    request.target = "walk";
    request.choices = std::move(choices);
    auto comparison = TransitionComparison::create(dragon(), request);
    if (!comparison)
        qFatal("%s", comparison.error().toString().c_str());
    return std::move(comparison.value());
}

const std::vector<TransitionSpec> kThree = {seconds(TransitionKind::Switch, 0.1),
                                            seconds(TransitionKind::WhileAnimating, 0.5),
                                            seconds(TransitionKind::ThenAnimate, 0.5)};

/// The largest divergence of any bone between choice `a` and `b` at `update`.
double largestDistance(const TransitionComparison& comparison, int a, int b, int update)
{
    double largest = 0.0;
    const auto left = comparison.pose(a, update);
    const auto right = comparison.pose(b, update);
    for (size_t bone = 0; bone < left.size(); ++bone)
        largest = std::max(largest, boneDivergence(left[bone], right[bone]).distance +
                                        boneDivergence(left[bone], right[bone]).rotationDegrees);
    return largest;
}

int boneIndex(const TransitionComparison& comparison, const std::string& name)
{
    const auto& names = comparison.boneNames();
    return int(std::find(names.begin(), names.end(), name) - names.begin());
}

} // namespace

class TestTransitionComparison : public QObject {
    Q_OBJECT
private slots:
    void choicesAreAlignedOnTheTarget();
    void choicesAgreeOnceEveryBlendIsOver_data();
    void choicesAgreeOnceEveryBlendIsOver();
    void durationToIntoASlowTargetLeadsByItsClock();
    void posesAreTheScriptBakes();
    void divergenceIsZeroForIdenticalChoices();
    void divergenceIsSymmetric();
    void divergenceEqualsHandComputedValue();
    void divergencePeakIsTheFirstLargest();
    void badRequestsAreErrors();
    void nestedArmaturesFollowEachChoice();
};

void TestTransitionComparison::choicesAreAlignedOnTheTarget()
{
    const TransitionComparison comparison = standToWalk(kThree);
    // then 0.5 s holds the target at its first frame for 30 updates and starts it in the last:
    // its call comes 29 updates before the others', after 30 updates of the source alone.
    QCOMPARE(comparison.targetStartUpdate(), 59);
    QCOMPARE(comparison.callUpdate(0), 59);
    QCOMPARE(comparison.callUpdate(1), 59);
    QCOMPARE(comparison.callUpdate(2), 30);
    QCOMPARE(comparison.settledUpdate(0), 60);
    QCOMPARE(comparison.settledUpdate(1), 89);
    QCOMPARE(comparison.settledUpdate(2), 60);
    QCOMPARE(comparison.updates(), 89 + 60);
    const ScriptCall& call = comparison.script(2).calls.back();
    QCOMPARE(call.kind, ScriptCall::Kind::Crossfade);
    QCOMPARE(call.mode, TransitionKind::ThenAnimate);
    QCOMPARE(call.movement, std::string("walk"));
    QCOMPARE(call.seconds, 0.5);
}

void TestTransitionComparison::choicesAgreeOnceEveryBlendIsOver_data()
{
    QTest::addColumn<TransitionSpec>("other");
    QTest::addColumn<double>("tolerance"); // points + degrees
    QTest::newRow("while 0.5 s") << seconds(TransitionKind::WhileAnimating, 0.5) << 0.0;
    QTest::newRow("then 0.5 s") << seconds(TransitionKind::ThenAnimate, 0.5) << 0.0;
    QTest::newRow("then 0.11 s") << seconds(TransitionKind::ThenAnimate, 0.11) << 0.0;
    // cocos2d-x's player computes the target in its own float steps, the blender in others.
    QTest::newRow("to 20 frames") << TransitionSpec{TransitionKind::DurationTo,
                                                    TransitionSpec::Unit::Frames, 20.0, false}
                                  << 1e-3;
    QTest::newRow("to walk's own")
        << TransitionSpec{TransitionKind::DurationTo, TransitionSpec::Unit::Frames, 0.0, true}
        << 1e-3;
}

void TestTransitionComparison::choicesAgreeOnceEveryBlendIsOver()
{
    QFETCH(TransitionSpec, other);
    QFETCH(double, tolerance);
    const TransitionComparison comparison =
        standToWalk({seconds(TransitionKind::Switch, 0.1), other});
    const int firstCall = std::min(comparison.callUpdate(0), comparison.callUpdate(1));
    for (int update = 1; update <= firstCall; ++update)
        QCOMPARE(largestDistance(comparison, 0, 1, update), 0.0);
    double during = 0.0;
    for (int update = firstCall + 1; update < comparison.settledUpdate(1); ++update)
        during = std::max(during, largestDistance(comparison, 0, 1, update));
    QCOMPARE_GT(during, 1.0);
    const int settled = std::max(comparison.settledUpdate(0), comparison.settledUpdate(1));
    for (int update = settled; update <= comparison.updates(); ++update)
        QCOMPARE_LE(largestDistance(comparison, 0, 1, update), tolerance);
}

// horse's run has sc 0.5: a durationTo of 10 frames runs on its clock, 20 updates, so its call
// comes 20 updates before the target starts, and the choices then agree.
void TestTransitionComparison::durationToIntoASlowTargetLeadsByItsClock()
{
    const SkeletonData horse = readSkeletonFile(kData + "/corpus/horse.ExportJson").value();
    ComparisonRequest request;
    request.source = "stand";
    request.target = "run";
    request.choices = {seconds(TransitionKind::Switch, 0.1),
                       {TransitionKind::DurationTo, TransitionSpec::Unit::Frames, 10.0, false}};
    auto created = TransitionComparison::create(horse, request);
    QVERIFY(created.ok());
    const TransitionComparison& comparison = created.value();
    QCOMPARE(comparison.callUpdate(0), comparison.targetStartUpdate());
    QCOMPARE(comparison.callUpdate(1), comparison.targetStartUpdate() - 20);
    QCOMPARE(comparison.script(1).calls.back().frames, 10);
    const int settled = std::max(comparison.settledUpdate(0), comparison.settledUpdate(1));
    for (int update = settled; update <= comparison.updates(); ++update)
        QCOMPARE_LE(largestDistance(comparison, 0, 1, update), 1e-3);
}

void TestTransitionComparison::posesAreTheScriptBakes()
{
    const TransitionComparison comparison = standToWalk(kThree);
    for (int choice = 0; choice < comparison.choiceCount(); ++choice)
        for (const int update : {1, 45, 70, comparison.updates()}) {
            // Random access, as `bonescope-cli bake --script` with one frame asked.
            const auto baked = bakeScript(dragon(), comparison.script(choice), {update});
            QVERIFY(baked);
            const auto pose = comparison.pose(choice, update);
            QCOMPARE(baked->poses.poses.size(), pose.size());
            for (size_t bone = 0; bone < pose.size(); ++bone) {
                const BonePose& expected = baked->poses.poses[bone];
                QCOMPARE(pose[bone].world.tx, expected.world.tx);
                QCOMPARE(pose[bone].world.ty, expected.world.ty);
                QCOMPARE(pose[bone].world.a, expected.world.a);
                QCOMPARE(pose[bone].local.skewX, expected.local.skewX);
                QCOMPARE(pose[bone].displayIndex, expected.displayIndex);
            }
        }
}

void TestTransitionComparison::divergenceIsZeroForIdenticalChoices()
{
    const TransitionSpec same = seconds(TransitionKind::WhileAnimating, 0.3);
    const TransitionComparison comparison = standToWalk({same, same});
    for (int bone = 0; bone < int(comparison.boneNames().size()); ++bone)
        for (const BoneDivergence& d : comparison.divergence(1, bone)) {
            QCOMPARE(d.distance, 0.0);
            QCOMPARE(d.rotationDegrees, 0.0);
        }
}

void TestTransitionComparison::divergenceIsSymmetric()
{
    const TransitionComparison forward = standToWalk({kThree[1], kThree[2]});
    const TransitionComparison backward = standToWalk({kThree[2], kThree[1]});
    QCOMPARE(forward.updates(), backward.updates());
    for (int bone = 0; bone < int(forward.boneNames().size()); ++bone) {
        const auto there = forward.divergence(1, bone);
        const auto back = backward.divergence(1, bone);
        QCOMPARE(there.size(), size_t(forward.updates()));
        for (size_t i = 0; i < there.size(); ++i) {
            QCOMPARE(there[i].distance, back[i].distance);
            QCOMPARE(there[i].rotationDegrees, back[i].rotationDegrees);
        }
    }
}

void TestTransitionComparison::divergenceEqualsHandComputedValue()
{
    // Two bones a quarter turn apart, 3 and 4 points apart; and angles either side of ±180°.
    BonePose a, b;
    b.world = {0.f, 1.f, -1.f, 0.f, 3.f, 4.f};
    QCOMPARE(boneDivergence(a, b).distance, 5.0);
    QCOMPARE(boneDivergence(a, b).rotationDegrees, 90.0);
    a.world = {-0.9848078f, 0.17364818f, 0, 0, 0, 0};  // 170°
    b.world = {-0.9848078f, -0.17364818f, 0, 0, 0, 0}; // −170°
    QVERIFY(std::abs(boneDivergence(a, b).rotationDegrees - 20.0) < 1e-4);

    // Dragon's tail at update 75, switch against while 0.5 s, both called at update 59; the
    // world values are `bonescope-cli bake --script` rows of the two scripts:
    //   switch: wa 0.908520 wb −0.417840 wtx 103.726089 wty 238.717285
    //   while:  wa 0.877042 wb −0.480413 wtx 116.780579 wty 232.028107
    // distance √(13.054490² + 6.689178²) = 14.6685; rotation
    // atan2(−0.417840, 0.908520) − atan2(−0.480413, 0.877042) = −24.6964° + 28.7105° = 4.0141°.
    const TransitionComparison comparison = standToWalk(kThree);
    const int tail = boneIndex(comparison, "tail");
    const BoneDivergence d = comparison.divergence(1, tail)[75 - 1];
    QVERIFY2(std::abs(d.distance - 14.6685) < 1e-3, std::to_string(d.distance).c_str());
    QVERIFY2(std::abs(d.rotationDegrees - 4.0141) < 1e-3,
             std::to_string(d.rotationDegrees).c_str());
}

void TestTransitionComparison::divergencePeakIsTheFirstLargest()
{
    const std::vector<BoneDivergence> curve = {{1, 5}, {3, 2}, {3, 7}, {0, 7}, {9, 9, false}};
    QCOMPARE(distancePeak(curve).update, 2);
    QCOMPARE(distancePeak(curve).value, 3.0);
    QCOMPARE(rotationPeak(curve).update, 3);
    QCOMPARE(rotationPeak({}).update, 0);
    QCOMPARE(distancePeak({{{4, 4, false}}}).update, 0); // never seen: no peak

    const TransitionComparison comparison = standToWalk(kThree);
    const auto curve2 = comparison.divergence(2, boneIndex(comparison, "tail"));
    const DivergencePeak peak = distancePeak(curve2);
    QVERIFY(peak.update > comparison.callUpdate(2) && peak.update < comparison.settledUpdate(1));
    for (const BoneDivergence& d : curve2)
        QVERIFY(d.distance <= peak.value);

    // Over every bone and choice, the largest peak is the most divergent bone's.
    const int most = comparison.mostDivergentBone();
    QVERIFY(most >= 0);
    double largest = 0.0;
    for (int choice = 1; choice < comparison.choiceCount(); ++choice)
        for (int bone = 0; bone < int(comparison.boneNames().size()); ++bone)
            largest = std::max(largest, distancePeak(comparison.divergence(choice, bone)).value);
    double mostPeak = 0.0;
    for (int choice = 1; choice < comparison.choiceCount(); ++choice)
        mostPeak = std::max(mostPeak, distancePeak(comparison.divergence(choice, most)).value);
    QCOMPARE(mostPeak, largest);
    QCOMPARE(standToWalk({kThree[0]}).mostDivergentBone(), -1);

    // Cowboy Walk → FireMax: the bullets are hidden in Walk and until FireMax fires them, and
    // where one choice switches at once and another fades in, a hidden bullet lies 428 px
    // from the other; nobody sees that divergence, so it is not the bullet's peak (the label
    // the plot shows) and does not make the bullet the most divergent bone (the one chosen
    // diverges where both choices show it).
    static const SkeletonData cowboy =
        readSkeletonFile(kData + "/corpus/Cowboy.ExportJson").value();
    ComparisonRequest request;
    request.source = "Walk";
    request.target = "FireMax";
    request.choices = kThree;
    const auto created = TransitionComparison::create(cowboy, request);
    QVERIFY(created.ok());
    const TransitionComparison& fire = created.value();
    const int bullet = boneIndex(fire, "Layer142_clone1");
    const std::vector<BoneDivergence> bulletCurve = fire.divergence(1, bullet);
    const auto hidden = std::find_if(bulletCurve.begin(), bulletCurve.end(),
                                     [](const BoneDivergence& d) { return d.distance > 400.0; });
    QVERIFY(hidden != bulletCurve.end() && !hidden->seen);
    const DivergencePeak bulletPeak = distancePeak(bulletCurve);
    QVERIFY(bulletPeak.value < 400.0);
    QVERIFY(bulletPeak.update == 0 || bulletCurve[size_t(bulletPeak.update - 1)].seen);
    const int shown = fire.mostDivergentBone();
    QVERIFY(shown >= 0 && shown != bullet);
    bool seen = false;
    for (int choice = 1; choice < fire.choiceCount() && !seen; ++choice)
        for (int update = 1; update <= fire.updates() && !seen; ++update) {
            const BonePose& a = fire.pose(choice, update)[size_t(shown)];
            const BonePose& b = fire.pose(0, update)[size_t(shown)];
            seen = a.displayIndex >= 0 && b.displayIndex >= 0 && boneDivergence(a, b).distance > 1;
        }
    QVERIFY(seen);
}

void TestTransitionComparison::badRequestsAreErrors()
{
    ComparisonRequest request;
    request.source = "stand";
    request.target = "walk";
    QVERIFY(!TransitionComparison::create(dragon(), request));
    request.choices = kThree;
    request.target = "fly";
    const auto unknown = TransitionComparison::create(dragon(), request);
    QVERIFY(!unknown);
    QVERIFY2(unknown.error().message.find("fly") != std::string::npos,
             unknown.error().message.c_str());
    request.target = "walk";
    request.armature = "Wyvern";
    QVERIFY(!TransitionComparison::create(dragon(), request));
    request.armature.clear();
    for (const double duration : {-0.5, std::nan(""), 3601.0}) {
        request.choices = {kThree[0], seconds(TransitionKind::WhileAnimating, duration)};
        QVERIFY(!TransitionComparison::create(dragon(), request));
    }
    // 55 minutes of lead-in, three times 17 bones, holds too many rows: refused before any work.
    request.choices = kThree;
    request.leadInUpdates = 200'000;
    const auto huge = TransitionComparison::create(dragon(), request);
    QVERIFY(!huge);
    QVERIFY2(huge.error().message.find("pose rows") != std::string::npos,
             huge.error().message.c_str());
    request.leadInUpdates = 30;
    QVERIFY(TransitionComparison::create(dragon(), request));
}

// cyborg's arms are nested armatures (weapons). The baked rows hold the top armature's bones
// only, so the comparator's views drew an armless cyborg; each choice now gives its nested
// armatures at any update, placed on its own pose, as the script's sequential run has them.
void TestTransitionComparison::nestedArmaturesFollowEachChoice()
{
    const SkeletonData cyborg = readSkeletonFile(kData + "/corpus/cyborg.xml").value();
    ComparisonRequest request;
    request.source = "stand";
    request.target = "run";
    request.choices = kThree;
    auto created = TransitionComparison::create(cyborg, request);
    QVERIFY2(created, created ? "" : created.error().toString().c_str());
    const TransitionComparison& comparison = created.value();
    QCOMPARE(comparison.armature().name, std::string("cyborg"));
    const int outside = boneIndex(comparison, "armOutside");
    NestedPoses nested;
    for (int choice = 0; choice < comparison.choiceCount(); ++choice) {
        // Out of order, as scrubbing goes: each update as the sequential run shows it.
        for (const int update : {70, 12, comparison.updates(), 1, 71}) {
            auto created = ScriptRunner::create(cyborg, comparison.script(choice));
            QVERIFY(created);
            ScriptRunner& runner = *created.value();
            while (runner.update() < update)
                runner.step();
            comparison.composeNested(choice, update, nested);
            NestedPoses expected;
            runner.armature().composeNested(runner.pose(), expected);
            QCOMPARE(nested.size(), size_t(2)); // the two arms
            QCOMPARE(nested.size(), expected.size());
            for (size_t k = 0; k < nested.size(); ++k) {
                QCOMPARE(nested[k].bone, expected[k].bone);
                QVERIFY(std::memcmp(nested[k].pose.data(), expected[k].pose.data(),
                                    nested[k].pose.size() * sizeof(BonePose)) == 0);
            }
            // Placed on the choice's baked pose: the arm's root sits on its bone there.
            const Pose& arm = nested[1].pose;
            QCOMPARE(nested[1].bone, outside);
            Pose placed = arm;
            const auto shown = comparison.pose(choice, update);
            updateWorldTransforms(nested[1].armature->rig(), placed, &shown[size_t(outside)]);
            QCOMPARE(placed[0].world.tx, arm[0].world.tx);
        }
    }
    // A rig that nests none has none to give.
    const TransitionComparison plain = standToWalk(kThree);
    plain.composeNested(1, 40, nested);
    QVERIFY(nested.empty());
}

QTEST_GUILESS_MAIN(TestTransitionComparison)
#include "test_transition_comparison.moc"
