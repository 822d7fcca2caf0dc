// Rendering benchmarks (DESIGN.md "Targets": 1 000 animated armatures at 60 fps, draw calls =
// textures in use, first frame within 0.5 s). Run under xvfb-run -a: the GL cases need a
// display. CPU time per frame covers the runtime update and the draw-list build; the GL case
// adds buffer upload and draw submission (llvmpipe rasterises in software, so its wall time
// is not what a GPU shows).

#include "../render/RenderFixture.h"

#include "DrawListBuilder.h"
#include "Viewport.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureRig.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <vector>

using namespace bonescope;

namespace {

/// N Dragons walking, each started a few frames apart so poses differ, laid out in a grid.
class Crowd {
public:
    explicit Crowd(int count)
    {
        m_export = test::loadDragonBones(test::corpus("Dragon.xml"));
        m_textures = std::make_shared<render::TextureCache>();
        const core::ArmatureData& data = *m_export.skeleton.findArmature("Dragon");
        m_skins = std::make_unique<render::ArmatureSkins>(
            render::ArmatureSkins::build(m_export.skeleton, data, m_export.atlases, m_textures));
        m_rig = core::ArmatureRig::create(m_export.skeleton, "Dragon");
        const int columns = 40;
        for (int i = 0; i < count; ++i) {
            auto armature = std::make_unique<core::Armature>(m_rig);
            armature->animation().play("walk");
            for (int k = 0; k < i % 13; ++k)
                armature->update(core::kFrameSeconds);
            core::Affine placement;
            placement.tx = static_cast<float>(i % columns) * 350.f;
            placement.ty = static_cast<float>(i / columns) * 420.f;
            m_placements.push_back(placement);
            m_armatures.push_back(std::move(armature));
        }
        m_scene.armatures.resize(m_armatures.size());
    }

    /// One tick: advance every armature by one frame and rebuild the draw list.
    void tick(render::DrawList& out)
    {
        for (size_t i = 0; i < m_armatures.size(); ++i) {
            m_armatures[i]->update(core::kFrameSeconds);
            m_scene.armatures[i] = {m_skins.get(), m_armatures[i]->pose(), m_placements[i], {}, {}};
        }
        m_builder.build(m_scene, out);
    }

    /// Rebuilds the draw list from the current poses without advancing them.
    void rebuild(render::DrawList& out) { m_builder.build(m_scene, out); }

    const render::Scene& scene() const { return m_scene; }

private:
    test::LoadedSkeleton m_export;
    std::shared_ptr<render::TextureCache> m_textures;
    std::unique_ptr<render::ArmatureSkins> m_skins;
    std::shared_ptr<const core::ArmatureRig> m_rig;
    std::vector<std::unique_ptr<core::Armature>> m_armatures;
    std::vector<core::Affine> m_placements;
    render::Scene m_scene;
    render::DrawListBuilder m_builder;
};

void BM_UpdateAndBuild(benchmark::State& state)
{
    Crowd crowd(static_cast<int>(state.range(0)));
    render::DrawList list;
    crowd.tick(list); // warm the buffers: steady-state frames do not allocate
    for (auto _ : state) {
        crowd.tick(list);
        benchmark::DoNotOptimize(list.vertices.data());
    }
    state.counters["quads"] = static_cast<double>(list.quads.size());
    state.counters["armatures"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_UpdateAndBuild)->Arg(1)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

// The draw-list build alone (poses fixed): the renderer's share of a frame.
void BM_BuildOnly(benchmark::State& state)
{
    Crowd crowd(static_cast<int>(state.range(0)));
    render::DrawList list;
    crowd.tick(list);
    for (auto _ : state) {
        crowd.rebuild(list);
        benchmark::DoNotOptimize(list.vertices.data());
    }
    state.counters["quads"] = static_cast<double>(list.quads.size());
}
BENCHMARK(BM_BuildOnly)->Arg(1000)->Unit(benchmark::kMillisecond);

// Update + build + GL upload and draw submission through the Viewport; draw calls per frame as
// the batcher counted them.
void BM_ViewportFrame(benchmark::State& state)
{
    Crowd crowd(static_cast<int>(state.range(0)));
    widgets::Viewport viewport;
    viewport.resize(800, 600);
    viewport.show();
    render::DrawList list;
    crowd.tick(list);
    viewport.setScene(crowd.scene());
    viewport.fitToView();
    viewport.grabFramebuffer();
    for (auto _ : state) {
        crowd.tick(list);
        viewport.setScene(crowd.scene());
        viewport.grabFramebuffer();
    }
    state.counters["drawCalls"] = viewport.drawCallsLastFrame();
    state.counters["quads"] = static_cast<double>(viewport.drawList().quads.size());
}
BENCHMARK(BM_ViewportFrame)->Arg(1000)->Unit(benchmark::kMillisecond)->Iterations(30);

/// Wall time from entering main() to the first frame the viewport swapped on screen: Qt start,
/// reading the export and its atlas, texture upload, shader compile, first paint.
double startToFirstFrameMs(const QElapsedTimer& sinceMain)
{
    const auto dragon = test::loadDragonBones(test::corpus("Dragon.xml"));
    auto textures = std::make_shared<render::TextureCache>();
    const core::ArmatureData& data = *dragon.skeleton.findArmature("Dragon");
    const auto skins =
        render::ArmatureSkins::build(dragon.skeleton, data, dragon.atlases, textures);
    auto rig = core::ArmatureRig::create(dragon.skeleton, "Dragon");
    core::Armature armature(rig);
    armature.animation().play("stand");
    render::Scene scene;
    scene.armatures.push_back({&skins, armature.pose(), {}, {}, {}});

    widgets::Viewport viewport;
    viewport.resize(800, 600);
    QEventLoop loop;
    QObject::connect(&viewport, &QOpenGLWidget::frameSwapped, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    viewport.setScene(scene);
    viewport.show();
    loop.exec();
    return sinceMain.nsecsElapsed() / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    QElapsedTimer sinceMain;
    sinceMain.start();
    QApplication app(argc, argv);
    std::printf("start to first painted frame: %.1f ms\n", startToFirstFrameMs(sinceMain));
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
