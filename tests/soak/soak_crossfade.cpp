// Soak run (issue 13 item 6): 500 instances of an armature crossfading (cocos2d-x durationTo
// transitions), interrupting (a new play, blend or layer transition before the last one ended)
// and changing layer weights at random, updated on every core, for a given wall-clock time.
// Resident memory is sampled every few seconds and printed as CSV; the run fails when it grew
// by more than the allowed amount after the warm-up (the first fifth of the run).
//
//   soak_crossfade [--seconds 600] [--interval 5] [--instances 500] [--file PATH]
//                  [--armature NAME] [--max-growth-kib 1024]
#include "io/ExportLoader.h"
#include "runtime/ParallelFor.h"
#include "runtime/ProcessClock.h"
#include "stress/ProcessMemory.h"
#include "stress/StressCrowd.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

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
    return long(residentBytes() / 1024);
}

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
    StressCrowd crowd(rig, options.instances, 1000u, StressActivity::Soak);
    ParallelFor loop;

    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    const double warmUpSeconds = options.seconds / 5;
    long warmKib = -1, peakAfterWarmKib = 0;
    long updates = 0;
    std::printf("seconds,updates,rss_kib\n");
    for (double next = 0; elapsed() < options.seconds;) {
        crowd.update(kFrameSeconds, loop);
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
