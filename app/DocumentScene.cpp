#include "DocumentScene.h"

#include "Document.h"

#include "TextureCache.h"

#include <algorithm>
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

std::vector<core::LoadError> DocumentScene::textureProblems(const Document& document)
{
    std::vector<core::LoadError> problems;
    const core::LoadedExport* loaded = document.loaded();
    if (!loaded)
        return problems;
    for (const core::SpriteAtlas& atlas : loaded->atlases)
        if (!atlas.imagePath.empty())
            m_textures->acquire(atlas.imagePath);
    for (core::LoadError& problem : m_textures->decodeProblems())
        if (std::any_of(
                loaded->atlases.begin(), loaded->atlases.end(),
                [&](const core::SpriteAtlas& atlas) { return atlas.imagePath == problem.file; }))
            problems.push_back(std::move(problem));
    return problems;
}

render::ArmatureView DocumentScene::view(const Document& document, const core::Pose& pose,
                                         Instance& instance, size_t tree)
{
    instance.pose = pose; // same size every tick: no allocation after the first
    for (size_t bone = 0; bone < instance.pose.size(); ++bone)
        if (!document.selection()->isBoneVisible(int(bone)))
            instance.pose[bone].displayIndex = -1;
    // The nested armatures play on their own; they are placed on the pose drawn (the shown
    // one, blended or recorded, or a ghost).
    document.composeNested(pose, instance.nestedPoses);
    return m_tree->view(*document.armature(), instance.pose, instance.nestedPoses, {}, tree);
}

const render::Scene& DocumentScene::scene(const Document& document,
                                          const render::ViewOptions& options)
{
    m_scene.armatures.clear();
    m_scene.ghosts.clear();
    if (!m_skins || document.pose().size() != size_t(m_skins->boneCount()))
        return m_scene;
    m_scene.armatures.push_back(view(document, document.pose(), m_current, 0));

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
        onion.view = view(document, document.samplePose(movement, at), m_ghosts[slot], slot + 1);
        ++slot;
        m_scene.ghosts.push_back(onion);
    }
    return m_scene;
}

} // namespace bonescope::app
