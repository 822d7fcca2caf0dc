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

const ArmatureView& ArmatureTreeView::view(const core::Armature& armature,
                                           const core::Affine& placement, size_t tree)
{
    if (m_trees.size() <= tree)
        m_trees.resize(tree + 1);
    Tree& nodes = m_trees[tree];
    // Size the node list first: views point at each other, so it must not grow while filling.
    const auto count = static_cast<size_t>(countNodes(armature));
    if (nodes.size() < count)
        nodes.resize(count);
    size_t next = 1;
    fill(nodes, armature, 0, next);
    nodes[0].view.placement = placement;
    return nodes[0].view;
}

int ArmatureTreeView::countNodes(const core::Armature& armature) const
{
    int count = 1;
    const int bones = static_cast<int>(armature.rig().bones().size());
    for (int bone = 0; bone < bones; ++bone)
        if (const core::Armature* child = armature.childArmature(bone))
            count += countNodes(*child);
    return count;
}

void ArmatureTreeView::fill(Tree& nodes, const core::Armature& armature, size_t node, size_t& next)
{
    const size_t bones = armature.rig().bones().size();
    nodes[node].nested.assign(bones, nullptr);
    for (size_t bone = 0; bone < bones; ++bone)
        if (const core::Armature* child = armature.childArmature(static_cast<int>(bone))) {
            const size_t childNode = next++;
            fill(nodes, *child, childNode, next);
            // Nested poses are already in the top-level armature's space.
            nodes[childNode].view.placement = core::Affine{};
            nodes[node].nested[bone] = &nodes[childNode].view;
        }
    ArmatureView& view = nodes[node].view;
    view.skins = skins(armature.rig().armature());
    view.pose = armature.pose();
    view.nested = nodes[node].nested;
}

} // namespace bonescope::render
