// One loop of a movement (core::movementLoop), as Export Frames and `render --loop` draw it:
// its length follows the bones' own passes, and the frames it spans repeat.

#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/MovementLoop.h"
#include "runtime/ProcessClock.h"

#include <QtTest>

#include <algorithm>
#include <functional>

using namespace bonescope::core;

namespace {

const std::string kCorpus = BONESCOPE_TEST_DATA "/corpus/";

/// The rig of `armature` in corpus file `file`, every movement changed by `edit` first.
std::shared_ptr<const ArmatureRig> rigOf(const std::string& file, const std::string& armature,
                                         const std::function<void(MovementData&)>& edit = {})
{
    static std::vector<std::unique_ptr<SkeletonData>> kept; // rigs borrow their skeleton
    auto read = readSkeletonFile(kCorpus + file);
    if (!read)
        return nullptr;
    kept.push_back(std::make_unique<SkeletonData>(std::move(read.value())));
    for (auto& animation : kept.back()->animations)
        for (auto& movement : animation.movements)
            if (edit)
                edit(movement);
    return ArmatureRig::create(*kept.back(), armature);
}

/// Whether every bone's local values after `after` updates equal those after `before` updates
/// of `movement` played without a blend-in, within the golden tolerance.
bool samePose(const std::shared_ptr<const ArmatureRig>& rig, int movement, int before, int after,
              const std::vector<int>& skipped = {})
{
    Armature live(rig);
    live.animation().playByIndex(movement, 0);
    Pose first;
    for (int update = 1; update <= after; ++update) {
        live.update(kFrameSeconds);
        if (update == before)
            first = live.pose();
    }
    for (size_t b = 0; b < first.size(); ++b) {
        if (std::find(skipped.begin(), skipped.end(), int(b)) != skipped.end())
            continue;
        const Transform& a = first[b].local;
        const Transform& z = live.pose()[b].local;
        for (const auto& [u, v] : {std::pair{a.x, z.x},
                                   {a.y, z.y},
                                   {a.skewX, z.skewX},
                                   {a.skewY, z.skewY},
                                   {a.scaleX, z.scaleX},
                                   {a.scaleY, z.scaleY}})
            if (std::abs(u - v) > 1e-3f)
                return false;
    }
    return true;
}

} // namespace

class TestMovementLoop : public QObject {
    Q_OBJECT

private slots:
    void loopsSpanTheBonesOwnPasses()
    {
        const auto dragon = rigOf("Dragon.xml", "Dragon");
        QVERIFY(dragon);
        // stand: a 30-frame pass, the beards' passes 60 (sc 2): the pose repeats after 60.
        const int stand = dragon->movementIndex("stand");
        const MovementLoop standLoop = movementLoop(*dragon, stand);
        QCOMPARE(standLoop.updates, 60);
        QVERIFY(standLoop.offBeat.empty());
        // After a first loop, which settles the delayed bones, the frames repeat; half a loop
        // later the beards are elsewhere.
        QVERIFY(samePose(dragon, stand, 60, 120));
        QVERIFY(samePose(dragon, stand, 61, 121));
        QVERIFY(!samePose(dragon, stand, 60, 90));

        // walk: 21 frames, the tail's 23 and its tip's 31: 14 973 frames to repeat, so one pass
        // of the movement, the two named.
        const int walk = dragon->movementIndex("walk");
        const MovementLoop walkLoop = movementLoop(*dragon, walk);
        QCOMPARE(walkLoop.updates, 21);
        QStringList offBeat;
        for (const int bone : walkLoop.offBeat)
            offBeat << QString::fromStdString(dragon->bones()[size_t(bone)].name);
        QCOMPARE(offBeat, (QStringList{"tail", "tailTip"}));
        QVERIFY(samePose(dragon, walk, 21, 42, walkLoop.offBeat));
        QVERIFY(!samePose(dragon, walk, 21, 42));

        // robot run: a 44-frame pass, some bones 22: 44.
        const auto robot = rigOf("robot.xml", "robot");
        QVERIFY(robot);
        QCOMPARE(movementLoop(*robot, robot->movementIndex("run")).updates, 44);
    }

    void aMovementPlayedOnceRunsToItsLongestPass()
    {
        // Dragon stand not looping: to the end of the beards' 60-frame pass.
        const auto once =
            rigOf("Dragon.xml", "Dragon", [](MovementData& movement) { movement.loop = false; });
        QVERIFY(once);
        const MovementLoop loop = movementLoop(*once, once->movementIndex("stand"));
        QCOMPARE(loop.updates, 60);
        QVERIFY(loop.offBeat.empty());
    }

    void aStillClockIsOneFrame()
    {
        const auto still =
            rigOf("Dragon.xml", "Dragon", [](MovementData& movement) { movement.scale = 0.f; });
        QVERIFY(still);
        QCOMPARE(movementLoop(*still, still->movementIndex("stand")).updates, 1);
    }
};

QTEST_APPLESS_MAIN(TestMovementLoop)
#include "test_movement_loop.moc"
