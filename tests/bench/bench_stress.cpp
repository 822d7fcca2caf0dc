// Stress mode's figures (issue 13 items 3 and 4). BM_StressUpdate: one update of N seeded
// instances (core::StressCrowd, as the viewer's stress mode and the soak run use it) on one
// thread and over every core with core::ParallelFor; `speedup` is the one-thread time over the
// measured one, `bytes_per_instance` the heap one instance took. BM_StressModeFrame: the
// viewer's stress mode in a shown main window, one iteration per painted frame; the counters
// are the figures its panel shows, and `process_cpu_ms` the CPU time of all the process's
// threads per frame. Run under xvfb-run -a (the frames need a display; llvmpipe
// rasterises in software, so GPU submit is CPU time here).
#include "MainWindow.h"
#include "StressMode.h"
#include "StressView.h"
#include "panels/StressPanel.h"

#include "io/ExportLoader.h"
#include "runtime/ParallelFor.h"
#include "runtime/ProcessClock.h"
#include "stress/StressCrowd.h"

#include <QApplication>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>
#include <string>

using namespace bonescope;

namespace {

struct Subject {
    const char* file;
    const char* armature;
};
constexpr Subject kSubjects[] = {
    {"Dragon.xml", "Dragon"}, {"Cowboy.ExportJson", "Cowboy"}, {"robot.xml", "robot"}};

std::string corpus(const char* file)
{
    return std::string(BONESCOPE_TEST_DATA) + "/corpus/" + file;
}

std::string label(const Subject& subject, long count, bool soak)
{
    return std::string(subject.armature) + " " + std::to_string(count) + (soak ? " soak" : "");
}

/// Mean wall milliseconds of one update of `crowd` over `loop`, from `updates` updates.
double meanUpdateMs(core::StressCrowd& crowd, core::ParallelFor& loop, int updates)
{
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < updates; ++i)
        crowd.update(core::kFrameSeconds, loop);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
               .count() /
           updates;
}

// Arguments: subject index, instances, threads (0 = every core), soak (0 / 1).
void BM_StressUpdate(benchmark::State& state)
{
    const Subject& subject = kSubjects[state.range(0)];
    const int count = int(state.range(1));
    const bool soak = state.range(3) != 0;
    auto data = core::readSkeletonFile(corpus(subject.file));
    if (!data) {
        state.SkipWithError(data.error().toString().c_str());
        return;
    }
    const auto rig = core::ArmatureRig::create(data.value(), subject.armature);
    const auto activity = soak ? core::StressActivity::Soak : core::StressActivity::Play;
    core::StressCrowd crowd(rig, count, 1u, activity);
    core::ParallelFor one(1), loop(int(state.range(2)));
    // The one-thread reference, over about as many instance updates whatever N, after as many
    // to warm the caches.
    const int referenceUpdates = std::max(3, 20000 / count);
    meanUpdateMs(crowd, one, referenceUpdates);
    const double serialMs = meanUpdateMs(crowd, one, referenceUpdates);
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state)
        crowd.update(core::kFrameSeconds, loop);
    const double measuredMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count() /
        double(state.iterations());
    state.SetLabel(label(subject, count, soak));
    state.counters["threads"] = loop.threadCount();
    state.counters["speedup"] = serialMs / measuredMs;
    state.counters["per_instance_ns"] = measuredMs * 1e6 / count;
    state.counters["bytes_per_instance"] = double(crowd.heapBytesPerInstance());
}
BENCHMARK(BM_StressUpdate)
    ->ArgsProduct({{0}, {1, 100, 1000, 10000}, {1, 0}, {0}})
    ->ArgsProduct({{1, 2}, {1000}, {1, 0}, {0}})
    ->ArgsProduct({{0}, {500}, {1, 0}, {1}})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

/// Runs the event loop until `view` swapped one more frame (or a second passed).
void waitForFrame(widgets::StressView& view)
{
    QEventLoop loop;
    QObject::connect(&view, &QOpenGLWidget::frameSwapped, &loop, &QEventLoop::quit);
    QTimer::singleShot(1000, &loop, &QEventLoop::quit);
    loop.exec();
}

// Arguments: subject index, instances, every core (0 / 1).
void BM_StressModeFrame(benchmark::State& state)
{
    const Subject& subject = kSubjects[state.range(0)];
    app::MainWindow window;
    window.show();
    QString error;
    if (!window.openFile(QString::fromStdString(corpus(subject.file)), &error)) {
        state.SkipWithError(error.toStdString().c_str());
        return;
    }
    widgets::StressRequest request;
    request.instances = int(state.range(1));
    request.parallel = state.range(2) != 0;
    window.stressMode()->enter(request);
    widgets::StressView& view = *window.stressView();
    while (!view.figures().valid()) // warm-up: the first published half second
        waitForFrame(view);
    // CPU time of the whole process (every thread: llvmpipe's rasterisers too) per frame:
    // what a frame costs on an idle machine, whatever else shares the cores meanwhile.
    const std::clock_t cpuStart = std::clock();
    for (auto _ : state)
        waitForFrame(view);
    const double cpuMsPerFrame =
        double(std::clock() - cpuStart) * 1000.0 / CLOCKS_PER_SEC / double(state.iterations());
    const widgets::StressFigures& figures = view.figures();
    state.SetLabel(label(subject, request.instances, false));
    state.counters["fps"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["threads"] = figures.updateThreads;
    state.counters["process_cpu_ms"] = cpuMsPerFrame;
    state.counters["update_ms"] = figures.updateMs;
    state.counters["draw_list_ms"] = figures.drawListMs;
    state.counters["gpu_submit_ms"] = figures.gpuSubmitMs;
    state.counters["draw_calls"] = figures.drawCalls;
    state.counters["bytes_per_instance"] = double(figures.heapBytesPerInstance);
    state.counters["resident_kib_per_instance"] =
        double(figures.residentBytes) / 1024.0 / request.instances;
    window.stressMode()->leave();
}
BENCHMARK(BM_StressModeFrame)
    ->ArgsProduct({{0}, {1, 100, 1000, 10000}, {1, 0}})
    ->Args({1, 1000, 1})
    ->Args({1, 1000, 0})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    QStandardPaths::setTestModeEnabled(true); // keep the user's settings out
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
