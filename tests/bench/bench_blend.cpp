// Cost per bone of blending, beside the plain player: one update of 1/60 s plus the hierarchy
// pass, on the corpus Dragon armature. Compare ns/bone: items_per_second counts bone updates,
// per_bone is the time per bone update; `allocs` counts heap allocations per update (target 0).
#include "HeapCounter.h"
#include "base/FrameRate.h"
#include "io/DragonBonesReader.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Blender.h"
#include "runtime/Hierarchy.h"
#include "runtime/LayerStack.h"
#include "runtime/MovementSampler.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>

using namespace bonescope::core;

namespace {

constexpr double kStep = bonescope::core::kSecondsPerFrame;

struct Fixture {
    SkeletonData skeleton;
    std::shared_ptr<const ArmatureRig> rig;
    std::unique_ptr<ArmatureMovementSource> source;

    Fixture()
    {
        const std::string path = BONESCOPE_TEST_DATA "/corpus/Dragon.xml";
        std::ifstream file(path, std::ios::binary);
        std::stringstream bytes;
        bytes << file.rdbuf();
        auto data = readDragonBonesXml(bytes.str(), path);
        if (!data) {
            std::fprintf(stderr, "%s\n", data.error().toString().c_str());
            std::exit(1);
        }
        skeleton = std::move(data.value());
        rig = ArmatureRig::create(skeleton, "Dragon");
        const Armature fresh(rig);
        source = std::make_unique<ArmatureMovementSource>(rig, fresh.pose());
    }
    int bones() const { return int(rig->bones().size()); }
};

const Fixture& fixture()
{
    static const Fixture instance;
    return instance;
}

// Call after the timed loop with the allocation count taken just before it.
void countBones(benchmark::State& state, int bones, long allocationsBefore)
{
    state.SetItemsProcessed(state.iterations() * bones);
    state.counters["bones"] = bones;
    state.counters["per_bone"] = benchmark::Counter(
        bones, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["allocs"] =
        static_cast<double>(bonescope::bench::allocationCount() - allocationsBefore) /
        static_cast<double>(state.iterations());
}

// The stateful cocos2d-x player (tweens, events, hierarchy): the baseline.
void BM_PlayerUpdate(benchmark::State& state)
{
    const Fixture& f = fixture();
    Armature armature(f.rig);
    armature.animation().play("walk");
    const long allocations = bonescope::bench::allocationCount();
    for (auto _ : state) {
        armature.update(float(kStep));
        benchmark::DoNotOptimize(armature.pose().data());
    }
    countBones(state, f.bones(), allocations);
}

// One movement sampled at random access, then the hierarchy: what a blend does per clip.
void BM_SampleOneMovement(benchmark::State& state)
{
    const Fixture& f = fixture();
    BlendClip clip;
    clip.start(1, true);
    const MovementTiming timing = f.source->timing(1);
    Pose pose;
    const long allocations = bonescope::bench::allocationCount();
    for (auto _ : state) {
        clip.advance(timing, kStep);
        f.source->sample(clip, pose);
        updateWorldTransforms(*f.rig, pose);
        benchmark::DoNotOptimize(pose.data());
    }
    countBones(state, f.bones(), allocations);
}

// A two-way cross-fade held mid-way: two samples, one blend, the hierarchy. The blend is
// retriggered back and forth so it never completes.
void BM_TwoWayBlend(benchmark::State& state)
{
    const Fixture& f = fixture();
    Blender blender(*f.source);
    blender.state().init(0, true);
    blender.state().blend(1, BlendTransition::WhileAnimating, 1e9, true);
    Pose pose;
    const long allocations = bonescope::bench::allocationCount();
    for (auto _ : state) {
        blender.state().addTime(kStep);
        blender.evaluate(pose);
        updateWorldTransforms(*f.rig, pose);
        benchmark::DoNotOptimize(pose.data());
    }
    countBones(state, f.bones(), allocations);
}

// Four layers (the third masked to half the bones, the last mid-transition): five samples,
// the layer rule, the hierarchy.
void BM_FourLayerStack(benchmark::State& state)
{
    const Fixture& f = fixture();
    LayerStack stack(*f.source);
    BoneMask half(size_t(f.bones()), 0);
    for (size_t b = 0; b < half.size(); b += 2)
        half[b] = 1;
    stack.addLayer("base", 1.f, {}, 0, true);
    stack.addLayer("walk", 0.5f, {}, 1, true);
    stack.addLayer("upper", 0.75f, half, 2, true);
    stack.addLayer("fall", 0.25f, {}, 3, true);
    stack.transition(3, 1, true, 1e9);
    Pose pose;
    const long allocations = bonescope::bench::allocationCount();
    for (auto _ : state) {
        stack.addTime(kStep);
        stack.evaluate(f.source->restPose(), pose);
        updateWorldTransforms(*f.rig, pose);
        benchmark::DoNotOptimize(pose.data());
    }
    countBones(state, f.bones(), allocations);
}

// The blending arithmetic alone, on poses sampled once: what blending adds to sampling.
void BM_BlendPosesOnly(benchmark::State& state)
{
    const Fixture& f = fixture();
    Pose a, b, out;
    BlendClip clip;
    clip.start(0, true);
    f.source->sample(clip, a);
    clip.start(1, true);
    f.source->sample(clip, b);
    float ratio = 0.f;
    const long allocations = bonescope::bench::allocationCount();
    for (auto _ : state) {
        ratio = ratio >= 1.f ? 0.f : ratio + 1.f / 64;
        blendPoses(a, b, ratio, out);
        benchmark::DoNotOptimize(out.data());
    }
    countBones(state, f.bones(), allocations);
}

// The layer rule alone: four layers (one masked, one in transition) over pre-sampled poses.
void BM_MixFourLayersOnly(benchmark::State& state)
{
    const Fixture& f = fixture();
    std::vector<Pose> poses(4);
    for (int m = 0; m < 4; ++m) {
        BlendClip clip;
        clip.start(m, true);
        f.source->sample(clip, poses[size_t(m)]);
    }
    BoneMask half(size_t(f.bones()), 0);
    for (size_t b = 0; b < half.size(); b += 2)
        half[b] = 1;
    auto animated = [&](int m) { return &f.source->animatedBones(m); };
    const LayerContribution layers[] = {
        {&poses[0], animated(0), nullptr, nullptr, 0.f, nullptr, 1.f},
        {&poses[1], animated(1), nullptr, nullptr, 0.f, nullptr, 0.5f},
        {&poses[2], animated(2), nullptr, nullptr, 0.f, &half, 0.75f},
        {&poses[3], animated(3), &poses[1], animated(1), 0.3f, nullptr, 0.25f}};
    Pose out;
    BoneMask isSet(half.size(), 0);
    const long allocations = bonescope::bench::allocationCount();
    for (auto _ : state) {
        out = f.source->restPose();
        std::fill(isSet.begin(), isSet.end(), std::uint8_t(0));
        for (const auto& layer : layers)
            mixLayer(layer, out, isSet);
        benchmark::DoNotOptimize(out.data());
    }
    countBones(state, f.bones(), allocations);
}

} // namespace

BENCHMARK(BM_PlayerUpdate);
BENCHMARK(BM_SampleOneMovement);
BENCHMARK(BM_TwoWayBlend);
BENCHMARK(BM_FourLayerStack);
BENCHMARK(BM_BlendPosesOnly);
BENCHMARK(BM_MixFourLayersOnly);
BENCHMARK_MAIN();
