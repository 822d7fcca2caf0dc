#include "DocumentScene.h"

#include "Document.h"

#include "TextureCache.h"

#include <cmath>

namespace bonescope::app {

DocumentScene::DocumentScene() : m_textures(std::make_shared<render::TextureCache>())
{
}

DocumentScene::~DocumentScene() = default;

void DocumentScene::rebuild(const Document& document)
{
    m_skins = nullptr;
    m_tree.reset();
    m_scene = {};
    for (int id = 0; id < m_textures->size(); ++id)
        m_textures->reload(id);
    const core::LoadedExport* loaded = document.loaded();
    const core::ArmatureData* armature = document.armature();
    if (!loaded || !armature)
        return;
    m_tree.emplace(loaded->skeleton, loaded->atlases, m_textures);
    m_skins = m_tree->skins(*armature);
}

render::ArmatureView DocumentScene::view(const Document& document, const core::Pose& pose,
                                         bool live, Instance& instance)
{
    instance.pose = pose; // same size every tick: no allocation after the first
    for (size_t bone = 0; bone < instance.pose.size(); ++bone)
        if (!document.selection()->isBoneVisible(int(bone)))
            instance.pose[bone].displayIndex = -1;
    // The live pose's nested armatures are the document's; a ghost's are composed onto it.
    if (!live)
        document.composeNested(pose, instance.nestedPoses);
    const core::ArmatureData& armature = *document.armature();
    const core::SkeletonData& skeleton = document.loaded()->skeleton;
    instance.nestedViews.resize(pose.size());
    instance.nested.assign(pose.size(), nullptr);
    for (size_t bone = 0; bone < pose.size(); ++bone) {
        const int display = instance.pose[bone].displayIndex;
        const auto& displays = armature.bones[bone].displays;
        if (display < 0 || display >= int(displays.size()) ||
            displays[size_t(display)].type != core::DisplayType::Armature)
            continue;
        const core::Pose* nested =
            live ? document.nestedPose(int(bone))
                 : (bone < instance.nestedPoses.size() ? &instance.nestedPoses[bone] : nullptr);
        const core::ArmatureData* data = skeleton.findArmature(displays[size_t(display)].name);
        const render::ArmatureSkins* skins = data ? m_tree->skins(*data) : nullptr;
        if (!skins || !nested || nested->size() != size_t(skins->boneCount()))
            continue;
        render::ArmatureView& view = instance.nestedViews[bone];
        view.skins = skins;
        view.pose = *nested;
        instance.nested[bone] = &view;
    }
    render::ArmatureView view;
    view.skins = m_skins;
    view.pose = instance.pose;
    view.nested = instance.nested;
    return view;
}

const render::Scene& DocumentScene::scene(const Document& document,
                                          const render::ViewOptions& options)
{
    m_scene.armatures.clear();
    m_scene.ghosts.clear();
    if (!m_skins || document.pose().size() != size_t(m_skins->boneCount()))
        return m_scene;
    m_scene.armatures.push_back(view(document, document.pose(), true, m_current));

    const int before = options.ghostsBefore();
    const int after = options.ghostsAfter();
    const int movement = document.currentMovement();
    const int duration = document.movementDuration(movement);
    if ((before <= 0 && after <= 0) || duration <= 0)
        return m_scene;
    m_ghosts.resize(size_t(before + after));
    size_t slot = 0;
    const double frame = std::floor(document.currentFrame());
    for (int offset = -before; offset <= after; ++offset) {
        if (offset == 0)
            continue;
        // Ghosts wrap around the movement, as a looping preview shows it.
        const double at = std::fmod(frame + offset + duration, double(duration));
        render::OnionGhost onion;
        onion.frameOffset = offset;
        onion.view = view(document, document.samplePose(movement, at), false, m_ghosts[slot++]);
        m_scene.ghosts.push_back(onion);
    }
    return m_scene;
}

} // namespace bonescope::app
