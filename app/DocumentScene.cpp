#include "DocumentScene.h"

#include "Document.h"

#include "TextureCache.h"

#include <cmath>
#include <span>

namespace bonescope::app {

DocumentScene::DocumentScene() : m_textures(std::make_shared<render::TextureCache>())
{
}

DocumentScene::~DocumentScene() = default;

void DocumentScene::rebuild(const Document& document)
{
    m_skins.reset();
    m_nestedSkins.clear();
    m_scene = {};
    for (int id = 0; id < m_textures->size(); ++id)
        m_textures->reload(id);
    const core::LoadedExport* loaded = document.loaded();
    const core::ArmatureData* armature = document.armature();
    if (!loaded || !armature)
        return;
    m_skins =
        render::ArmatureSkins::build(loaded->skeleton, *armature, loaded->atlases, m_textures);
    for (const core::BoneData& bone : armature->bones)
        for (const core::DisplayData& display : bone.displays)
            if (display.type == core::DisplayType::Armature &&
                !m_nestedSkins.contains(display.name))
                if (const core::ArmatureData* nested = loaded->skeleton.findArmature(display.name))
                    m_nestedSkins.emplace(
                        display.name, render::ArmatureSkins::build(loaded->skeleton, *nested,
                                                                   loaded->atlases, m_textures));
    m_nestedViews.assign(armature->bones.size(), {});
    m_nested.assign(armature->bones.size(), nullptr);
}

std::span<const render::ArmatureView* const> DocumentScene::nestedViews(const Document& document)
{
    if (m_nestedSkins.empty())
        return {};
    const core::ArmatureData& armature = *document.armature();
    const core::Pose& pose = document.pose();
    for (size_t bone = 0; bone < m_nested.size(); ++bone) {
        m_nested[bone] = nullptr;
        const int display = bone < pose.size() ? pose[bone].displayIndex : -1;
        const auto& displays = armature.bones[bone].displays;
        if (display < 0 || display >= int(displays.size()) ||
            displays[size_t(display)].type != core::DisplayType::Armature ||
            !document.isBoneVisible(int(bone)))
            continue;
        const auto skins = m_nestedSkins.find(displays[size_t(display)].name);
        const core::Pose* nested = document.nestedPose(int(bone));
        if (skins == m_nestedSkins.end() || !nested ||
            nested->size() != size_t(skins->second.boneCount()))
            continue;
        render::ArmatureView& view = m_nestedViews[bone];
        view.skins = &skins->second;
        view.pose = *nested;
        m_nested[bone] = &view;
    }
    return m_nested;
}

const core::Pose& DocumentScene::visible(const Document& document, const core::Pose& pose,
                                         core::Pose& out)
{
    out = pose; // same size every tick: no allocation after the first
    for (size_t bone = 0; bone < out.size(); ++bone)
        if (!document.isBoneVisible(int(bone)))
            out[bone].displayIndex = -1;
    return out;
}

const render::Scene& DocumentScene::scene(const Document& document,
                                          const render::ViewOptions& options)
{
    m_scene.armatures.clear();
    m_scene.ghosts.clear();
    if (!m_skins || document.pose().size() != size_t(m_skins->boneCount()))
        return m_scene;
    render::ArmatureView view;
    view.skins = &*m_skins;
    view.pose = visible(document, document.pose(), m_current);
    view.nested = nestedViews(document);
    m_scene.armatures.push_back(view);

    const int before = options.onionBefore;
    const int after = options.onionAfter;
    const int movement = document.currentMovement();
    const int duration = document.movementDuration(movement);
    if ((before <= 0 && after <= 0) || duration <= 0)
        return m_scene;
    m_ghostPoses.resize(size_t(before + after));
    size_t slot = 0;
    const double frame = std::floor(document.currentFrame());
    for (int offset = -before; offset <= after; ++offset) {
        if (offset == 0)
            continue;
        // Ghosts wrap around the movement, as a looping preview shows it.
        const double at = std::fmod(frame + offset + duration, double(duration));
        core::Pose& ghost = m_ghostPoses[slot++];
        visible(document, document.samplePose(movement, at), ghost);
        render::OnionGhost onion;
        onion.frameOffset = offset;
        onion.view.skins = &*m_skins;
        onion.view.pose = ghost;
        m_scene.ghosts.push_back(onion);
    }
    return m_scene;
}

} // namespace bonescope::app
