// Soak run (issue 13 item 6): 500 instances of an armature crossfading (cocos2d-x durationTo
// transitions), interrupting (a new play, blend or layer transition before the last one ended)
// and changing layer weights at random, updated on every core, for a given wall-clock time.
// Resident memory is sampled every few seconds and printed as CSV; the run fails when it grew
// by more than the allowed amount after the warm-up (the first fifth of the run).
//
//   soak_crossfade [--seconds 600] [--interval 5] [--instances 500] [--file PATH]
//                  [--armature NAME] [--max-growth-kib 1024]
#include "base/FrameRate.h"
#include "io/ExportLoader.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Blender.h"
#include "runtime/Hierarchy.h"
#include "runtime/LayerStack.h"
#include "runtime/ParallelFor.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace bonescope::core;

namespace {

struct Options {
    double seconds = 600;
    double intervalSeconds = 5;
    int instances = 500;
    std::string file = std::string(BONESCOPE_TEST_DATA) + "/corpus/Dragon.xml";
    std::string armature = "Dragon";
    long maxGrowthKib = 1024;
};

bool parse(int argc, char** argv, Options& options)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        const char* value = argv[i + 1];
        if (key == "--seconds")
            options.seconds = std::atof(value);
        else if (key == "--interval")
            options.intervalSeconds = std::atof(value);
        else if (key == "--instances")
            options.instances = std::atoi(value);
        else if (key == "--file")
            options.file = value;
        else if (key == "--armature")
            options.armature = value;
        else if (key == "--max-growth-kib")
            options.maxGrowthKib = std::atol(value);
        else
            return false;
    }
    return argc % 2 == 1 && options.seconds > 0 && options.intervalSeconds > 0 &&
           options.instances > 0;
}

long residentKib()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// One instance: a cocos2d-x player, a seed-002 crossfade and a seed-004 stack of three layers,
// each driven by its own random stream (so the run does not depend on the thread split).
class Instance {
public:
    Instance(const std::shared_ptr<const ArmatureRig>& rig, const ArmatureMovementSource& source,
             unsigned seed)
        : m_random(seed), m_armature(rig), m_blender(source), m_stack(source),
          m_movements(source.movementCount()), m_bones(rig->bones())
    {
        m_blender.state().init(pick(), true);
        for (int layer = 0; layer < 3; ++layer) {
            BoneMask mask;
            if (layer == 2) { // an upper layer touching every other bone
                mask.assign(m_bones.size(), 0);
                for (size_t b = 0; b < mask.size(); b += 2)
                    mask[b] = 1;
            }
            m_stack.addLayer("layer" + std::to_string(layer), chance(), std::move(mask), pick(),
                             true);
        }
        m_armature.animation().playByIndex(pick());
    }

    void update(const Pose& rest)
    {
        // About one event of each kind per second and instance, often mid-transition.
        constexpr float kOncePerSecond = static_cast<float>(kSecondsPerFrame);
        if (chance() < kOncePerSecond)
            m_armature.animation().playByIndex(pick(), between(0, 20), between(-1, 1));
        if (chance() < kOncePerSecond)
            m_blender.state().blend(pick(), static_cast<BlendTransition>(between(0, 2)),
                                    chance() * 0.8, chance() < 0.7f);
        if (chance() < kOncePerSecond)
            m_stack.transition(between(0, 2), pick(), chance() < 0.7f, chance() * 0.6);
        if (chance() < 2 * kOncePerSecond)
            m_stack.layers()[static_cast<size_t>(between(0, 2))].weight = chance();
        m_armature.update(kFrameSeconds);
        m_blender.state().addTime(kFrameSeconds);
        m_blender.evaluate(m_blendPose);
        updateWorldTransforms(m_bones, m_blendPose);
        m_stack.addTime(kFrameSeconds);
        m_stack.evaluate(rest, m_stackPose);
        updateWorldTransforms(m_bones, m_stackPose);
    }

private:
    float chance() { return std::uniform_real_distribution<float>(0.f, 1.f)(m_random); }
    int between(int low, int high)
    {
        return std::uniform_int_distribution<int>(low, high)(m_random);
    }
    int pick() { return between(0, m_movements - 1); }

    std::minstd_rand m_random;
    Armature m_armature;
    Blender m_blender;
    LayerStack m_stack;
    int m_movements;
    const std::vector<BoneData>& m_bones;
    Pose m_blendPose;
    Pose m_stackPose;
};

} // namespace

int main(int argc, char** argv)
{
    Options options;
    if (!parse(argc, argv, options)) {
        std::fprintf(stderr,
                     "usage: %s [--seconds S] [--interval S] [--instances N] "
                     "[--file PATH] [--armature NAME] [--max-growth-kib K]\n",
                     argv[0]);
        return 2;
    }
    auto data = readSkeletonFile(options.file);
    if (!data) {
        std::fprintf(stderr, "%s\n", data.error().toString().c_str());
        return 2;
    }
    const auto rig = ArmatureRig::create(data.value(), options.armature);
    if (!rig || rig->movements().empty()) {
        std::fprintf(stderr, "%s: no armature %s with movements\n", options.file.c_str(),
                     options.armature.c_str());
        return 2;
    }
    const Armature fresh(rig);
    const ArmatureMovementSource source(rig, fresh.pose());
    std::vector<std::unique_ptr<Instance>> instances;
    for (int i = 0; i < options.instances; ++i)
        instances.push_back(std::make_unique<Instance>(rig, source, 1000u + unsigned(i)));
    ParallelFor loop;

    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    const double warmUpSeconds = options.seconds / 5;
    long warmKib = -1, peakAfterWarmKib = 0;
    long updates = 0;
    std::printf("seconds,updates,rss_kib\n");
    for (double next = 0; elapsed() < options.seconds;) {
        loop.run(instances.size(), [&](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i)
                instances[i]->update(source.restPose());
        });
        ++updates;
        const double now = elapsed();
        if (now < next)
            continue;
        next = now + options.intervalSeconds;
        const long kib = residentKib();
        std::printf("%.1f,%ld,%ld\n", now, updates, kib);
        std::fflush(stdout);
        if (now >= warmUpSeconds) {
            if (warmKib < 0)
                warmKib = kib;
            peakAfterWarmKib = std::max(peakAfterWarmKib, kib);
        }
    }
    const long finalKib = residentKib();
    if (warmKib < 0)
        warmKib = finalKib;
    peakAfterWarmKib = std::max(peakAfterWarmKib, finalKib);
    const long growth = peakAfterWarmKib - warmKib;
    std::printf("# %ld updates of %d instances on %d threads; resident after warm-up %ld KiB, "
                "peak after %ld KiB, final %ld KiB, growth %ld KiB (allowed %ld)\n",
                updates, options.instances, loop.threadCount(), warmKib, peakAfterWarmKib, finalKib,
                growth, options.maxGrowthKib);
    return growth > options.maxGrowthKib ? 1 : 0;
}
