// LayerSetupPlayback, the layer stack as the viewer plays it: ticked 1/60 s it shows the layers
// bake's poses, a seek shows what ticking to the same time shows, setups that do not fit the
// armature are errors with a JSON pointer, and the per-bone weight sums follow masks and weights.

#include "bake/BlendBakeRunner.h"
#include "base/FrameRate.h"
#include "io/ExportLoader.h"
#include "io/LayerSetupReader.h"
#include "runtime/LayerSetupPlayback.h"

#include <QtTest>

#include <cmath>

using namespace bonescope::core;

namespace {

const std::string kData = BONESCOPE_TEST_DATA;
const std::string kSetup = kData + "/blend/dragon_layers.json";
constexpr float kTolerance = 1e-4f; // the goldens' tolerance

const SkeletonData& dragon()
{
    static const SkeletonData skeleton = readSkeletonFile(kData + "/corpus/Dragon.xml").value();
    return skeleton;
}

const ArmatureData& dragonArmature()
{
    return *dragon().findArmature("Dragon");
}

std::unique_ptr<LayerSetupPlayback> play(const LayerSetup& setup)
{
    auto playback = LayerSetupPlayback::create(dragon(), dragonArmature(), setup, "setup.json");
    if (!playback)
        qFatal("%s", playback.error().toString().c_str());
    return std::move(playback.value());
}

/// The first bone whose local or world values differ beyond kTolerance; −1 when none.
int firstDifference(const BonePose* a, const BonePose* b, size_t bones)
{
    for (size_t i = 0; i < bones; ++i) {
        const Transform& x = a[i].local;
        const Transform& y = b[i].local;
        const float d =
            std::max({std::abs(x.x - y.x), std::abs(x.y - y.y), std::abs(x.skewX - y.skewX),
                      std::abs(x.skewY - y.skewY), std::abs(x.scaleX - y.scaleX),
                      std::abs(x.scaleY - y.scaleY), std::abs(a[i].world.tx - b[i].world.tx),
                      std::abs(a[i].world.ty - b[i].world.ty)});
        if (d > kTolerance)
            return int(i);
    }
    return -1;
}

} // namespace

class TestLayerSetupPlayback : public QObject {
    Q_OBJECT
private slots:
    // dragon_layers.json: body plays walk; upper (weight .5, 12 bones) plays stand and moves to
    // jump from 1 s over 0.5 s.
    void tickedShowsTheLayersBake()
    {
        const LayerSetup setup = readLayerSetup(kSetup).value();
        const auto scenario = BlendScenario::parse("layers:" + kSetup);
        const auto bake = runBlendBake(dragon(), "Dragon", *scenario, &setup);
        QVERIFY(bake.ok());
        auto playback = play(setup);
        const size_t bones = dragonArmature().bones.size();
        for (int frame = 1; frame <= bake->poses.frameCount; ++frame) {
            playback->update(kSecondsPerFrame);
            const int bone =
                firstDifference(playback->pose().data(), &bake->poses.pose(frame, 0), bones);
            QVERIFY2(bone < 0, qPrintable(QStringLiteral("frame %1 bone %2").arg(frame).arg(bone)));
        }
    }

    void seekShowsWhatTickingShows_data()
    {
        QTest::addColumn<int>("frames");
        QTest::newRow("start") << 0;
        QTest::newRow("before the transition") << 30;
        QTest::newRow("at its start") << 60;
        QTest::newRow("mid-transition") << 75;
        QTest::newRow("after it") << 150;
    }
    void seekShowsWhatTickingShows()
    {
        QFETCH(int, frames);
        const LayerSetup setup = readLayerSetup(kSetup).value();
        auto ticked = play(setup);
        for (int i = 0; i < frames; ++i)
            ticked->update(kSecondsPerFrame);
        auto sought = play(setup);
        sought->update(framesToSeconds(200)); // somewhere else first
        sought->seek(framesToSeconds(frames));
        QVERIFY(std::abs(sought->timeSeconds() - framesToSeconds(frames)) < 1e-9);
        QCOMPARE(firstDifference(sought->pose().data(), ticked->pose().data(),
                                 dragonArmature().bones.size()),
                 -1);
    }

    void setupsThatDoNotFitAreErrors_data()
    {
        QTest::addColumn<QString>("layer");
        QTest::addColumn<QString>("pointer");
        QTest::newRow("movement") << "movement"
                                  << "/layers/1/movement";
        QTest::newRow("mask bone") << "mask"
                                   << "/layers/1/mask/0";
        QTest::newRow("transition movement") << "transition"
                                             << "/layers/1/transition/movement";
    }
    void setupsThatDoNotFitAreErrors()
    {
        QFETCH(QString, layer);
        QFETCH(QString, pointer);
        LayerSetup setup = readLayerSetup(kSetup).value();
        LayerSetupLayer& upper = setup.layers[1];
        if (layer == "movement")
            upper.movement = "fly";
        else if (layer == "mask")
            upper.mask = std::vector<std::string>{"wing"};
        else
            upper.transition->movement = "fly";
        const auto playback =
            LayerSetupPlayback::create(dragon(), dragonArmature(), setup, "setup.json");
        QVERIFY(!playback.ok());
        QCOMPARE(QString::fromStdString(playback.error().jsonPointer), pointer);
        QCOMPARE(QString::fromStdString(playback.error().file), QStringLiteral("setup.json"));
    }

    void weightSumsFollowMasksAndWeights()
    {
        const ArmatureData& armature = dragonArmature();
        auto playback = play(readLayerSetup(kSetup).value());
        const std::vector<float> sums = playback->weightSums();
        QCOMPARE(sums.size(), armature.bones.size());
        QCOMPARE(sums[size_t(armature.findBone("legL"))], 1.f);  // body alone
        QCOMPARE(sums[size_t(armature.findBone("head"))], 1.5f); // body + upper's .5

        LayerSetup single;
        single.layers.push_back({"only", 0.25f, "walk", {}, 1.0, std::nullopt, std::nullopt});
        int moved = 0;
        for (float sum : play(single)->weightSums()) {
            QVERIFY(sum == 0.f || sum == 0.25f); // 0: a bone walk does not animate
            moved += sum > 0.f;
        }
        QVERIFY(moved > 0);
    }
};

QTEST_GUILESS_MAIN(TestLayerSetupPlayback)
#include "test_layer_setup_playback.moc"
