// ParallelFor: every index once whatever the thread and index counts, and armatures updated in
// parallel end bit-identical to the same armatures updated one after the other (issue 13 item 3).
#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/ParallelFor.h"

#include <QtTest>

#include <atomic>
#include <cstring>
#include <memory>
#include <vector>

using namespace bonescope::core;

namespace {

std::vector<std::unique_ptr<Armature>>
spreadInstances(const std::shared_ptr<const ArmatureRig>& rig, const char* movement, int count)
{
    std::vector<std::unique_ptr<Armature>> instances;
    for (int i = 0; i < count; ++i) {
        instances.push_back(std::make_unique<Armature>(rig));
        instances.back()->animation().setSpeedScale(0.5f + 0.25f * static_cast<float>(i % 5));
        instances.back()->animation().play(movement);
        for (int k = 0; k < i % 23; ++k) // different phases
            instances.back()->update(kFrameSeconds);
    }
    return instances;
}

// Byte comparison: NaN-safe and strict about −0, as a bake would see it.
bool samePose(const Pose& a, const Pose& b)
{
    return a.size() == b.size() &&
           std::memcmp(a.data(), b.data(), a.size() * sizeof(BonePose)) == 0;
}

} // namespace

class TestParallelFor : public QObject {
    Q_OBJECT

private slots:
    void coversEveryIndexOnce_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("count");
        QTest::newRow("one thread") << 1 << 37;
        QTest::newRow("nothing to do") << 2 << 0;
        QTest::newRow("fewer indices than threads") << 4 << 3;
        QTest::newRow("as many as threads") << 2 << 2;
        QTest::newRow("uneven split") << 3 << 1001;
        QTest::newRow("more threads than cores") << 8 << 5000;
    }

    void coversEveryIndexOnce()
    {
        QFETCH(int, threads);
        QFETCH(int, count);
        ParallelFor loop(threads);
        QCOMPARE(loop.threadCount(), threads);
        std::vector<int> hits(static_cast<size_t>(count), 0);
        std::atomic<bool> badChunk = false; // QtTest's checks are not for worker threads
        for (int run = 0; run < 3; ++run)   // the workers are reused run after run
            loop.run(hits.size(), [&](size_t begin, size_t end) {
                if (!(begin < end && end <= hits.size()))
                    badChunk = true;
                for (size_t i = begin; i < end && i < hits.size(); ++i)
                    ++hits[i];
            });
        QVERIFY(!badChunk);
        for (int i = 0; i < count; ++i)
            QCOMPARE(hits[static_cast<size_t>(i)], 3);
    }

    void parallelUpdateMatchesSerial_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("armature");
        QTest::addColumn<QString>("movement");
        QTest::newRow("Dragon stand") << "Dragon.xml"
                                      << "Dragon"
                                      << "stand";
        QTest::newRow("Cowboy Walk") << "Cowboy.ExportJson"
                                     << "Cowboy"
                                     << "Walk";
        QTest::newRow("cyborg run (nested armatures)") << "cyborg.xml"
                                                       << "cyborg"
                                                       << "run";
    }

    void parallelUpdateMatchesSerial()
    {
        QFETCH(QString, file);
        QFETCH(QString, armature);
        QFETCH(QString, movement);
        auto data =
            readSkeletonFile(std::string(BONESCOPE_TEST_DATA) + "/corpus/" + file.toStdString());
        QVERIFY(data);
        const auto rig = ArmatureRig::create(data.value(), armature.toStdString());
        QVERIFY(rig);
        constexpr int kInstances = 61;
        const std::string name = movement.toStdString();
        auto serial = spreadInstances(rig, name.c_str(), kInstances);
        auto parallel = spreadInstances(rig, name.c_str(), kInstances);
        ParallelFor loop(3);
        for (int update = 0; update < 150; ++update) {
            for (auto& instance : serial)
                instance->update(kFrameSeconds);
            loop.run(parallel.size(), [&](size_t begin, size_t end) {
                for (size_t i = begin; i < end; ++i)
                    parallel[i]->update(kFrameSeconds);
            });
            for (int i = 0; i < kInstances; ++i)
                QVERIFY2(samePose(serial[i]->pose(), parallel[i]->pose()),
                         qPrintable(QString("instance %1, update %2").arg(i).arg(update)));
        }
        // The instances really differ from each other (the check above is not vacuous).
        QVERIFY(!samePose(serial[0]->pose(), serial[1]->pose()));
    }
};

QTEST_GUILESS_MAIN(TestParallelFor)
#include "test_parallel_for.moc"
