// Runtime benchmark: bone updates per second and time per bone update for 200 instances of
// Dragon (stand), Cowboy (Walk) and robot (run), for the stateful player (sample + tween +
// hierarchy) and for random-access sampling of one frame (sampleMovement + hierarchy). The
// `allocs` counter counts heap allocations per update of all instances (target 0). Also: many
// instances updated on 1 or 2 threads (ParallelFor), and the heap bytes an instance and a
// loaded bone take.
#include "HeapCounter.h"
#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/Hierarchy.h"
#include "runtime/MovementSampler.h"
#include "runtime/ParallelFor.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace bonescope;
using namespace bonescope::core;

namespace {

constexpr int kInstances = 200;

struct Subject {
    const char* file;
    const char* armature;
    const char* movement;
};
constexpr Subject kSubjects[] = {
    {"Dragon.xml", "Dragon", "stand"},
    {"Cowboy.ExportJson", "Cowboy", "Walk"},
    {"robot.xml", "robot", "run"},
};

const SkeletonData& skeleton(const std::string& file)
{
    static std::vector<std::pair<std::string, std::unique_ptr<SkeletonData>>> cache;
    for (const auto& [name, data] : cache)
        if (name == file)
            return *data;
    auto result = readSkeletonFile(std::string(BONESCOPE_TEST_DATA) + "/corpus/" + file);
    if (!result)
        std::abort();
    cache.emplace_back(file, std::make_unique<SkeletonData>(std::move(result.value())));
    return *cache.back().second;
}

void reportPerBone(benchmark::State& state, size_t bones, long allocations)
{
    const double boneUpdates = static_cast<double>(bones) * kInstances;
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * boneUpdates));
    state.counters["per_bone"] = benchmark::Counter(
        boneUpdates, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["allocs"] =
        static_cast<double>(allocations) / static_cast<double>(state.iterations());
    state.counters["bones"] = static_cast<double>(bones);
}

// Stateful player: Armature::update = player + tweens + hierarchy, 200 armatures per iteration.
void BM_PlayerUpdate(benchmark::State& state)
{
    const Subject& subject = kSubjects[state.range(0)];
    const auto rig = ArmatureRig::create(skeleton(subject.file), subject.armature);
    std::vector<std::unique_ptr<Armature>> armatures;
    for (int i = 0; i < kInstances; ++i) {
        armatures.push_back(std::make_unique<Armature>(rig));
        armatures.back()->animation().play(subject.movement);
        for (int k = 0; k < i % 37; ++k) // spread the instances over the movement
            armatures.back()->update(kFrameSeconds);
    }
    state.SetLabel(std::string(subject.armature) + " " + subject.movement);
    const long before = bench::allocationCount();
    for (auto _ : state) {
        for (auto& armature : armatures)
            armature->update(kFrameSeconds);
        benchmark::DoNotOptimize(armatures.front()->pose().front().world);
    }
    reportPerBone(state, rig->bones().size(), bench::allocationCount() - before);
}

// Random access: the pose of one frame computed directly (binary search over keyframes), then
// the hierarchy, for 200 poses at different frames.
void BM_RandomAccessSample(benchmark::State& state)
{
    const Subject& subject = kSubjects[state.range(0)];
    const auto rig = ArmatureRig::create(skeleton(subject.file), subject.armature);
    const int movement = rig->movementIndex(subject.movement);
    std::vector<Pose> poses(kInstances, Pose(rig->bones().size()));
    state.SetLabel(std::string(subject.armature) + " " + subject.movement);
    float time = 0;
    const long before = bench::allocationCount();
    for (auto _ : state) {
        for (int i = 0; i < kInstances; ++i) {
            sampleMovement(*rig, movement, time + static_cast<float>(i) * 7.3f, poses[i]);
            updateWorldTransforms(*rig, poses[i]);
        }
        time += 1;
        benchmark::DoNotOptimize(poses.front().front().world);
    }
    reportPerBone(state, rig->bones().size(), bench::allocationCount() - before);
}

// Many instances of Dragon stand updated per iteration on range(0) threads (ParallelFor): the
// speed-up of using both cores. Wall time, since the workers' time is not the caller's.
void BM_ParallelUpdate(benchmark::State& state)
{
    constexpr int kCrowd = 1000;
    const Subject& subject = kSubjects[0];
    const auto rig = ArmatureRig::create(skeleton(subject.file), subject.armature);
    std::vector<std::unique_ptr<Armature>> armatures;
    for (int i = 0; i < kCrowd; ++i) {
        armatures.push_back(std::make_unique<Armature>(rig));
        armatures.back()->animation().play(subject.movement);
        for (int k = 0; k < i % 37; ++k)
            armatures.back()->update(kFrameSeconds);
    }
    ParallelFor loop(static_cast<int>(state.range(0)));
    state.SetLabel(std::string(subject.armature) + " " + subject.movement + ", " +
                   std::to_string(kCrowd) + " instances");
    const long before = bench::allocationCount();
    for (auto _ : state) {
        loop.run(armatures.size(), [&](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i)
                armatures[i]->update(kFrameSeconds);
        });
        benchmark::DoNotOptimize(armatures.front()->pose().front().world);
    }
    const double boneUpdates = static_cast<double>(rig->bones().size()) * kCrowd;
    state.counters["per_bone_wall"] = benchmark::Counter(
        boneUpdates, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["allocs"] = static_cast<double>(bench::allocationCount() - before) /
                               static_cast<double>(state.iterations());
    state.counters["threads"] = static_cast<double>(loop.threadCount());
}

// Memory: heap bytes one playing instance holds (sizeof included) and heap bytes the loaded
// data (SkeletonData + ArmatureRig) holds per bone of the file's armatures.
void BM_Footprint(benchmark::State& state)
{
    const Subject& subject = kSubjects[state.range(0)];
    const std::string path = std::string(BONESCOPE_TEST_DATA) + "/corpus/" + subject.file;
    double perInstance = 0, perLoadedBone = 0;
    for (auto _ : state) {
        const long empty = bench::liveHeapBytes();
        auto data = std::make_unique<SkeletonData>(std::move(readSkeletonFile(path).value()));
        const auto rig = ArmatureRig::create(*data, subject.armature);
        const long loaded = bench::liveHeapBytes();
        size_t bones = 0;
        for (const ArmatureData& armature : data->armatures)
            bones += armature.bones.size();
        constexpr int kCount = 100;
        std::vector<std::unique_ptr<Armature>> armatures;
        armatures.reserve(kCount);
        const long beforeInstances = bench::liveHeapBytes();
        for (int i = 0; i < kCount; ++i) {
            armatures.push_back(std::make_unique<Armature>(rig));
            armatures.back()->animation().play(subject.movement);
        }
        perInstance = static_cast<double>(bench::liveHeapBytes() - beforeInstances) / kCount;
        perLoadedBone = static_cast<double>(loaded - empty) / static_cast<double>(bones);
    }
    state.SetLabel(std::string(subject.armature) + " " + subject.movement);
    state.counters["bytes_per_instance"] = perInstance;
    state.counters["bytes_per_loaded_bone"] = perLoadedBone;
}

} // namespace

BENCHMARK(BM_PlayerUpdate)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RandomAccessSample)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ParallelUpdate)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Footprint)->DenseRange(0, 2)->Iterations(1);

BENCHMARK_MAIN();
