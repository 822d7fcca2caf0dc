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
    m_skins = m_tree->skins(*document.armature());
    m_crowd = std::make_unique<core::StressCrowd>(m_rig, count, seed, activity);
    findNestedDisplays(loaded.skeleton, *document.armature());
    layOut();
    return true;
}

void StressScene::findNestedDisplays(const core::SkeletonData& skeleton,
                                     const core::ArmatureData& data)
{
    m_nestedBones.clear();
    for (size_t bone = 0; bone < data.bones.size(); ++bone) {
        const auto& displays = data.bones[bone].displays;
        NestedBone nested{int(bone), std::vector<const render::ArmatureSkins*>(displays.size())};
        bool any = false;
        for (size_t d = 0; d < displays.size(); ++d) {
            if (displays[d].type != core::DisplayType::Armature)
                continue;
            if (const core::ArmatureData* child = skeleton.findArmature(displays[d].name))
                nested.skins[d] = m_tree->skins(*child);
            any = any || nested.skins[d];
        }
        if (any)
            m_nestedBones.push_back(std::move(nested));
    }
    const size_t count = size_t(m_crowd->size());
    m_nestedViews.assign(m_nestedBones.empty() ? 0 : count * m_nestedBones.size(), {});
    m_nestedSlots.assign(m_nestedBones.empty() ? 0 : count * data.bones.size(), nullptr);
}

render::ArmatureView StressScene::viewOf(int index, const core::Affine& placement)
{
    const core::StressInstance& instance = m_crowd->instance(index);
    const core::Pose& pose = instance.pose();
    render::ArmatureView view{m_skins, pose, placement, {}, {}};
    if (m_nestedBones.empty())
        return view;
    // Nested poses are already in the instance's space: their own placement stays identity.
    const render::ArmatureView** shown = m_nestedSlots.data() + size_t(index) * pose.size();
    render::ArmatureView* views = m_nestedViews.data() + size_t(index) * m_nestedBones.size();
    for (size_t k = 0; k < m_nestedBones.size(); ++k) {
        const NestedBone& nested = m_nestedBones[k];
        shown[nested.bone] = nullptr;
        const int display = pose[size_t(nested.bone)].displayIndex;
        if (display < 0 || display >= int(nested.skins.size()) || !nested.skins[size_t(display)])
            continue;
        const render::ArmatureSkins* skins = nested.skins[size_t(display)];
        const core::Pose* childPose = instance.nestedPose(nested.bone);
        if (!childPose || childPose->size() != size_t(skins->boneCount()))
            continue;
        views[k] = {skins, *childPose, {}, {}, {}};
        shown[nested.bone] = &views[k];
    }
    view.nested = std::span<const render::ArmatureView* const>(shown, pose.size());
    return view;
}

void StressScene::stop()
{
    m_scene = {};
    m_placements.clear();
    m_nestedBones.clear();
    m_nestedViews.clear();
    m_nestedSlots.clear();
    m_crowd.reset();
    m_skins = nullptr;
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
