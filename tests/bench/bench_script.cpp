// Blend scripts: the cost of one sequential update of a script (player / blender hand-overs,
// state row) and of reaching any update by random access from the checkpoints, on the corpus
// Dragon armature. A seek costs at most one checkpoint interval of updates, wherever it lands.
#include "io/ExportLoader.h"
#include "script/BlendScriptReader.h"
#include "script/ScriptRunner.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

using namespace bonescope::core;

namespace {

/// 6 000 updates: a crossfade every 100 updates, cycling through the modes and movements.
BlendScript longScript()
{
    const char* modes[] = {"while", "then", "switch", "to"};
    const char* movements[] = {"walk", "jump", "fall", "stand"};
    std::string json = R"({ "armature": "Dragon", "updates": 6000, "calls": [ )"
                       R"({ "at": 0, "play": "stand" })";
    for (int i = 1; i < 60; ++i) {
        const std::string mode = modes[i % 4];
        json += R"(, { "at": )" + std::to_string(i * 100) + R"(, "crossfade": ")" +
                movements[i % 4] + R"(", "mode": ")" + mode + "\", " +
                (mode == "to" ? R"("frames": 12 })" : R"("seconds": 0.4 })");
    }
    json += " ] }";
    auto script = parseBlendScript(json, "bench.json");
    if (!script) {
        std::fprintf(stderr, "%s\n", script.error().toString().c_str());
        std::exit(1);
    }
    return script.value();
}

const SkeletonData& dragon()
{
    static const SkeletonData skeleton = [] {
        auto data = readSkeletonFile(BONESCOPE_TEST_DATA "/corpus/Dragon.xml");
        if (!data) {
            std::fprintf(stderr, "%s\n", data.error().toString().c_str());
            std::exit(1);
        }
        return std::move(data.value());
    }();
    return skeleton;
}

std::unique_ptr<ScriptRunner> runner(int checkpointInterval)
{
    auto created = ScriptRunner::create(dragon(), longScript(), checkpointInterval);
    if (!created) {
        std::fprintf(stderr, "%s\n", created.error().toString().c_str());
        std::exit(1);
    }
    return std::move(created.value());
}

/// One update after another over the whole script, restarting from update 1 at the end.
void BM_ScriptStep(benchmark::State& state)
{
    auto r = runner(30);
    for (auto _ : state) {
        if (r->update() == r->updates())
            r->seek(1);
        else
            r->step();
        benchmark::DoNotOptimize(r->pose().data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ScriptStep);

/// Seeks to random updates (checkpoint interval = the argument) once every checkpoint exists.
void BM_ScriptSeekRandom(benchmark::State& state)
{
    auto r = runner(int(state.range(0)));
    r->seek(r->updates());
    std::mt19937 random(1);
    std::uniform_int_distribution<int> update(1, r->updates());
    for (auto _ : state) {
        r->seek(update(random));
        benchmark::DoNotOptimize(r->pose().data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ScriptSeekRandom)->Arg(10)->Arg(30)->Arg(120);

/// One update backwards (scrubbing back frame by frame).
void BM_ScriptStepBack(benchmark::State& state)
{
    auto r = runner(30);
    r->seek(r->updates());
    for (auto _ : state) {
        r->seek(r->update() > 1 ? r->update() - 1 : r->updates());
        benchmark::DoNotOptimize(r->pose().data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ScriptStepBack);

} // namespace

BENCHMARK_MAIN();
