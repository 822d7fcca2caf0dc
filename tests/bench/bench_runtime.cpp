// Runtime benchmark: bone updates per second and time per bone update for 200 instances of
// Dragon (stand), Cowboy (Walk) and robot (run), for the stateful player (sample + tween +
// hierarchy) and for random-access sampling of one frame (sampleMovement + hierarchy). The
// `allocs` counter counts heap allocations per update of all instances (target 0).
#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/Hierarchy.h"
#include "runtime/MovementSampler.h"

#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace {
std::atomic<long> g_allocations{0};
} // namespace

// Counting replacements of the global allocation functions (malloc-backed on both sides).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept
{
    std::free(p);
}
#pragma GCC diagnostic pop

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
    const long before = g_allocations.load();
    for (auto _ : state) {
        for (auto& armature : armatures)
            armature->update(kFrameSeconds);
        benchmark::DoNotOptimize(armatures.front()->pose().front().world);
    }
    reportPerBone(state, rig->bones().size(), g_allocations.load() - before);
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
    const long before = g_allocations.load();
    for (auto _ : state) {
        for (int i = 0; i < kInstances; ++i) {
            sampleMovement(*rig, movement, time + static_cast<float>(i) * 7.3f, poses[i]);
            updateWorldTransforms(rig->bones(), poses[i]);
        }
        time += 1;
        benchmark::DoNotOptimize(poses.front().front().world);
    }
    reportPerBone(state, rig->bones().size(), g_allocations.load() - before);
}

} // namespace

BENCHMARK(BM_PlayerUpdate)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RandomAccessSample)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
