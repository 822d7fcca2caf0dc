#include "StressScene.h"

#include "Document.h"

#include "DrawListBuilder.h"
#include "TextureCache.h"

#include "runtime/ParallelFor.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>

namespace bonescope::app {

namespace {
// Instances whose first pose sizes the grid cells (they play different movements and phases).
constexpr int kSizingInstances = 16;
// Room around the first poses for what later frames reach.
constexpr float kCellMargin = 1.15f;

QString tr(const char* text)
{
    return QCoreApplication::translate("bonescope::app::StressScene", text);
}
} // namespace

StressScene::StressScene() = default;
StressScene::~StressScene() = default;

QString StressScene::unavailableReason(const Document& document)
{
    switch (document.kind()) {
    case Document::Kind::Empty:
        return tr("Open an armature first: stress mode repeats the armature on view.");
    case Document::Kind::Flipbook:
        return tr("Stress mode repeats an armature; a flipbook has none.");
    case Document::Kind::Armature:
        break;
    }
    const core::ArmatureData* armature = document.armature();
    if (!armature || document.movementNames().isEmpty())
        return tr("This armature has no movements to play.");
    return {};
}

bool StressScene::start(const Document& document, int count, unsigned seed,
                        core::StressActivity activity)
{
    stop();
    if (!unavailableReason(document).isEmpty())
        return false;
    const core::LoadedExport& loaded = *document.loaded();
    m_rig = core::ArmatureRig::create(loaded.skeleton, document.armature()->name);
    if (!m_rig || m_rig->movements().empty())
        return false;
    m_tree.emplace(loaded.skeleton, loaded.atlases, std::make_shared<render::TextureCache>());
    m_crowd = std::make_unique<core::StressCrowd>(m_rig, count, seed, activity);
    layOut();
    return true;
}

render::ArmatureView StressScene::viewOf(int index, const core::Affine& placement)
{
    const core::StressInstance& instance = m_crowd->instance(index);
    // One tree view per instance: the scene draws them all at once.
    if (const core::Armature* armature = instance.drawnArmature())
        return m_tree->view(*armature, placement, size_t(index));
    return m_tree->view(instance.armature().rig().armature(), instance.pose(),
                        instance.nestedPoses(), placement, size_t(index));
}

void StressScene::stop()
{
    m_scene = {};
    m_placements.clear();
    m_crowd.reset();
    m_tree.reset();
    m_rig.reset();
}

void StressScene::layOut()
{
    const int count = m_crowd->size();
    m_placements.assign(size_t(count), core::Affine{});
    m_scene.armatures.clear();
    for (int i = 0; i < std::min(count, kSizingInstances); ++i)
        m_scene.armatures.push_back(viewOf(i, {}));
    render::DrawList list;
    render::DrawListBuilder().build(m_scene, list);
    render::Bounds cell = list.bounds;
    if (cell.isEmpty())
        cell = {-50.f, -50.f, 50.f, 50.f};
    const float width = (cell.maxX - cell.minX) * kCellMargin;
    const float height = (cell.maxY - cell.minY) * kCellMargin;
    const int columns = int(std::ceil(std::sqrt(double(count))));
    for (int i = 0; i < count; ++i) {
        core::Affine& placement = m_placements[size_t(i)];
        placement.tx = float(i % columns) * width;
        placement.ty = -float(i / columns) * height;
    }
}

double StressScene::update(float dtSeconds, core::ParallelFor& loop)
{
    QElapsedTimer clock;
    clock.start();
    m_crowd->update(dtSeconds, loop);
    return double(clock.nsecsElapsed()) / 1e6;
}

const render::Scene& StressScene::scene()
{
    m_scene.armatures.resize(m_placements.size());
    for (size_t i = 0; i < m_placements.size(); ++i)
        m_scene.armatures[i] = viewOf(int(i), m_placements[i]);
    return m_scene;
}

} // namespace bonescope::app
