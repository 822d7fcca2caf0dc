#include "DocumentScene.h"

#include "Document.h"

#include "TextureCache.h"

#include <cmath>
#include <span>

namespace bonescope::app {

DocumentScene::DocumentScene() : m_textures(std::make_shared<render::TextureCache>()) {}

DocumentScene::~DocumentScene() = default;

void DocumentScene::rebuild(const Document& document)
{
    m_skins.reset();
    m_scene = {};
    for (int id = 0; id < m_textures->size(); ++id)
        m_textures->reload(id);
    const core::LoadedExport* loaded = document.loaded();
    const core::ArmatureData* armature = document.armature();
    if (!loaded || !armature)
        return;
    m_skins = render::ArmatureSkins::build(loaded->skeleton, *armature, loaded->atlases,
                                           m_textures);
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
