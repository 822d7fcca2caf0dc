// Load speed of the readers on the corpus, against DESIGN.md's targets: DragonBones XML
// ≥ 110 MB/s (3× cocos2d-x's reader), ExportJson ≥ 270 MB/s (cocos2d-x's rapidjson reader).
// Bytes are read once up front so only parsing and normalisation are timed.
#include "io/AnimationCacheReader.h"
#include "io/CocoStudioReader.h"
#include "io/DragonBonesReader.h"
#include "io/FileBytes.h"
#include "io/SpriteSheetReader.h"

#include <benchmark/benchmark.h>

#include <string>

using namespace bonescope::core;

namespace {

std::string corpusBytes(const char* name)
{
    auto bytes = readFileBytes(std::string(BONESCOPE_TEST_DATA "/corpus/") + name);
    return bytes ? bytes.value() : std::string();
}

template <typename Reader> void benchRead(benchmark::State& state, const char* name, Reader read)
{
    const std::string bytes = corpusBytes(name);
    for (auto _ : state) {
        auto result = read(bytes, name);
        if (!result)
            state.SkipWithError(result.error().toString().c_str());
        benchmark::DoNotOptimize(result);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                            static_cast<int64_t>(bytes.size()));
}

void BM_DragonBonesXml(benchmark::State& state, const char* name)
{
    benchRead(state, name, readDragonBonesXml);
}
void BM_CocoStudioJson(benchmark::State& state, const char* name)
{
    benchRead(state, name, readCocoStudioJson);
}
void BM_SpriteSheetPlist(benchmark::State& state, const char* name)
{
    benchRead(state, name, readSpriteSheetPlist);
}
void BM_AnimationCachePlist(benchmark::State& state, const char* name)
{
    benchRead(state, name, readAnimationCachePlist);
}

} // namespace

BENCHMARK_CAPTURE(BM_DragonBonesXml, Dragon, "Dragon.xml");
BENCHMARK_CAPTURE(BM_DragonBonesXml, cyborg, "cyborg.xml");
BENCHMARK_CAPTURE(BM_DragonBonesXml, robot, "robot.xml");
BENCHMARK_CAPTURE(BM_CocoStudioJson, Cowboy, "Cowboy.ExportJson");
BENCHMARK_CAPTURE(BM_CocoStudioJson, HeroAnimation, "HeroAnimation.ExportJson");
BENCHMARK_CAPTURE(BM_CocoStudioJson, testEasing, "testEasing.ExportJson");
BENCHMARK_CAPTURE(BM_SpriteSheetPlist, Dragon, "Dragon.plist");
BENCHMARK_CAPTURE(BM_AnimationCachePlist, animations2, "flipbook/animations-2.plist");

BENCHMARK_MAIN();
