#include "ArmatureTreeView.h"

#include "runtime/Armature.h"

namespace bonescope::render {

ArmatureTreeView::ArmatureTreeView(const core::SkeletonData& skeleton,
                                   std::span<const core::SpriteAtlas> atlases,
                                   std::shared_ptr<TextureCache> textures)
{
    m_skins.reserve(skeleton.armatures.size());
    for (const auto& armature : skeleton.armatures)
        m_skins.push_back(ArmatureSkins::build(skeleton, armature, atlases, textures));
}

const ArmatureSkins* ArmatureTreeView::skins(const core::ArmatureData& armature) const
{
    for (const auto& skins : m_skins)
        if (&skins.armature() == &armature)
            return &skins;
    return nullptr;
}

const ArmatureView& ArmatureTreeView::view(core::Armature& armature, const core::Affine& placement)
{
    // Size the node list first: views point at each other, so it must not grow while filling.
    const auto count = static_cast<size_t>(countNodes(armature));
    if (m_nodes.size() < count)
        m_nodes.resize(count);
    size_t next = 1;
    fill(armature, 0, next);
    m_nodes[0].view.placement = placement;
    return m_nodes[0].view;
}

int ArmatureTreeView::countNodes(core::Armature& armature) const
{
    int count = 1;
    const int bones = static_cast<int>(armature.rig().bones().size());
    for (int bone = 0; bone < bones; ++bone)
        if (core::Armature* child = armature.childArmature(bone))
            count += countNodes(*child);
    return count;
}

void ArmatureTreeView::fill(core::Armature& armature, size_t node, size_t& next)
{
    const size_t bones = armature.rig().bones().size();
    m_nodes[node].nested.assign(bones, nullptr);
    for (size_t bone = 0; bone < bones; ++bone)
        if (core::Armature* child = armature.childArmature(static_cast<int>(bone))) {
            const size_t childNode = next++;
            fill(*child, childNode, next);
            // Nested poses are already in the top-level armature's space.
            m_nodes[childNode].view.placement = core::Affine{};
            m_nodes[node].nested[bone] = &m_nodes[childNode].view;
        }
    ArmatureView& view = m_nodes[node].view;
    view.skins = skins(armature.rig().armature());
    view.pose = armature.pose();
    view.nested = m_nodes[node].nested;
}

} // namespace bonescope::render
