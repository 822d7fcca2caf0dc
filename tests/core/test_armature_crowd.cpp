// updateArmatures (runtime/ArmatureCrowd.h): armatures updated together end every update with
// the poses (bytes, −0 and NaN included), nested armatures and events they have when each is
// updated alone, for every armature of the corpus, through crossfades, and in a span mixing rigs
// and nested armatures.
#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureCrowd.h"
#include "runtime/ProcessClock.h"

#include <QtTest>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace bonescope::core;

namespace {

bool samePose(const Pose& a, const Pose& b)
{
    return a.size() == b.size() &&
           std::memcmp(a.data(), b.data(), a.size() * sizeof(BonePose)) == 0;
}

/// An armature and the events it raised, as text.
struct Instance {
    std::unique_ptr<Armature> armature;
    std::vector<std::string> events;
};

std::unique_ptr<Instance> makeInstance(const std::shared_ptr<const ArmatureRig>& rig)
{
    auto instance = std::make_unique<Instance>();
    instance->armature = std::make_unique<Armature>(rig);
    instance->armature->animation().setListener([log = &instance->events](const ArmatureEvent& e) {
        log->push_back(std::string(eventKindName(e.kind)) + " " + std::string(e.movement) + " " +
                       std::string(e.name) + " " + std::to_string(e.bone) + " " +
                       std::to_string(e.keyFrame) + " " + std::to_string(e.playedFrame));
    });
    return instance;
}

/// Whether `a` and `b` are in the same state: their poses and those of the nested armatures
/// their bones show, and their events so far.
bool sameState(const Instance& a, const Instance& b)
{
    if (!samePose(a.armature->pose(), b.armature->pose()) || a.events != b.events)
        return false;
    for (int bone = 0; bone < int(a.armature->pose().size()); ++bone) {
        const Armature* nestedA = a.armature->childArmature(bone);
        const Armature* nestedB = b.armature->childArmature(bone);
        if ((nestedA == nullptr) != (nestedB == nullptr) ||
            (nestedA && !samePose(nestedA->pose(), nestedB->pose())))
            return false;
    }
    return true;
}

/// Two identical sets of instances: one updated with updateArmatures, one armature by armature.
struct Twins {
    std::vector<std::unique_ptr<Instance>> together, alone;
    std::vector<Armature*> span; ///< together's armatures, in order

    void add(const std::shared_ptr<const ArmatureRig>& rig)
    {
        together.push_back(makeInstance(rig));
        alone.push_back(makeInstance(rig));
        span.push_back(together.back()->armature.get());
    }
    /// `action` applied to both instances `i`.
    template <typename Action> void apply(size_t i, Action action)
    {
        action(*together[i]->armature);
        action(*alone[i]->armature);
    }
    void update()
    {
        updateArmatures(span, kFrameSeconds);
        for (const auto& instance : alone)
            instance->armature->update(kFrameSeconds);
    }
    /// The first instance whose twins differ, or −1.
    int firstDifference() const
    {
        for (size_t i = 0; i < together.size(); ++i)
            if (!sameState(*together[i], *alone[i]))
                return int(i);
        return -1;
    }
};

std::unique_ptr<SkeletonData> load(const QString& file)
{
    auto data =
        readSkeletonFile(std::string(BONESCOPE_TEST_DATA) + "/corpus/" + file.toStdString());
    return data ? std::make_unique<SkeletonData>(std::move(data.value())) : nullptr;
}

} // namespace

class TestArmatureCrowd : public QObject {
    Q_OBJECT

private slots:
    void togetherEqualsAlone_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* file :
             {"Dragon.xml", "robot.xml", "cyborg.xml", "knight.xml", "Cowboy.ExportJson",
              "bear.ExportJson", "horse.ExportJson", "hero.ExportJson", "HeroAnimation.ExportJson",
              "testEasing.ExportJson"})
            QTest::newRow(file) << file;
    }

    void togetherEqualsAlone()
    {
        QFETCH(QString, file);
        const auto data = load(file);
        QVERIFY(data);
        int armaturesPlayed = 0;
        for (const ArmatureData& armatureData : data->armatures) {
            const auto rig = ArmatureRig::create(*data, armatureData.name);
            QVERIFY(rig);
            const int movements = int(rig->movements().size());
            if (movements == 0)
                continue;
            ++armaturesPlayed;
            // 19 instances: two passes of eight and one of three, at different movements and
            // phases.
            Twins twins;
            for (size_t i = 0; i < 19; ++i) {
                twins.add(rig);
                twins.apply(i, [&](Armature& a) {
                    a.animation().playByIndex(int(i) % movements);
                    for (size_t frame = 0; frame < i % 23; ++frame)
                        a.update(kFrameSeconds);
                });
            }
            for (int update = 0; update < 150; ++update) {
                // Crossfades into another movement, mid-movement, for every third instance.
                if (update == 60)
                    for (size_t i = 0; i < 19; i += 3)
                        twins.apply(i, [&](Armature& a) {
                            a.animation().playByIndex((int(i) + 1) % movements, 12);
                        });
                twins.update();
                const int differing = twins.firstDifference();
                QVERIFY2(differing < 0,
                         qPrintable(QStringLiteral("%1, instance %2, update %3")
                                        .arg(QString::fromStdString(armatureData.name))
                                        .arg(differing)
                                        .arg(update)));
            }
        }
        QVERIFY(armaturesPlayed > 0);
    }

    void mixedSpanEqualsAlone()
    {
        // Runs of one rig broken by another, a lone instance, and a nested armature (cyborg's
        // weapon, which composes onto its parent bone and is updated alone).
        const auto dragonData = load("Dragon.xml");
        const auto robotData = load("robot.xml");
        const auto cyborgData = load("cyborg.xml");
        QVERIFY(dragonData && robotData && cyborgData);
        const auto dragon = ArmatureRig::create(*dragonData, "Dragon");
        const auto robot = ArmatureRig::create(*robotData, "robot");
        const auto cyborg = ArmatureRig::create(*cyborgData, "cyborg");
        QVERIFY(dragon && robot && cyborg);
        Twins twins;
        const std::shared_ptr<const ArmatureRig> order[] = {dragon, dragon, robot,  dragon, robot,
                                                            robot,  robot,  robot,  robot,  robot,
                                                            robot,  robot,  cyborg, dragon, cyborg};
        for (size_t i = 0; i < std::size(order); ++i) {
            twins.add(order[i]);
            twins.apply(i, [&](Armature& a) {
                a.animation().playByIndex(int(i % a.rig().movements().size()));
                for (size_t frame = 0; frame < 3 * i; ++frame)
                    a.update(kFrameSeconds);
            });
        }
        // The first cyborg's weapon, in the span after its parent (which also updates it).
        Armature* weapon = nullptr;
        for (int bone = 0; bone < int(cyborg->bones().size()) && !weapon; ++bone)
            weapon = twins.together[12]->armature->childArmature(bone);
        QVERIFY(weapon);
        twins.span.push_back(weapon);
        Armature* weaponAlone = nullptr;
        for (int bone = 0; bone < int(cyborg->bones().size()) && !weaponAlone; ++bone)
            weaponAlone = twins.alone[12]->armature->childArmature(bone);
        for (int update = 0; update < 120; ++update) {
            twins.update();
            weaponAlone->update(kFrameSeconds);
            QCOMPARE(twins.firstDifference(), -1);
            QVERIFY(samePose(weapon->pose(), weaponAlone->pose()));
        }
    }
};

QTEST_GUILESS_MAIN(TestArmatureCrowd)
#include "test_armature_crowd.moc"
