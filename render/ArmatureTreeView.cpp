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

ArmatureTreeView::Tree& ArmatureTreeView::treeOf(size_t tree, size_t count)
{
    if (m_trees.size() <= tree)
        m_trees.resize(tree + 1);
    // Sized before filling: views point at each other, so it must not grow while filling.
    Tree& nodes = m_trees[tree];
    if (nodes.size() < count)
        nodes.resize(count);
    return nodes;
}

const ArmatureView& ArmatureTreeView::view(const core::Armature& armature,
                                           const core::Affine& placement, size_t tree)
{
    Tree& nodes = treeOf(tree, static_cast<size_t>(countNodes(armature)));
    size_t next = 1;
    fill(nodes, armature, 0, next);
    nodes[0].view.placement = placement;
    return nodes[0].view;
}

const ArmatureView& ArmatureTreeView::view(const core::ArmatureData& armature,
                                           std::span<const core::BonePose> pose,
                                           std::span<const core::NestedPose> nested,
                                           const core::Affine& placement, size_t tree)
{
    // Node 0 draws `armature`, node k + 1 nested[k]; the list holds each nested armature after
    // the one that shows it, so a parent's node is filled before its children point into it.
    Tree& nodes = treeOf(tree, nested.size() + 1);
    nodes[0].nested.assign(pose.size(), nullptr);
    for (size_t k = 0; k < nested.size(); ++k)
        nodes[k + 1].nested.assign(nested[k].pose.size(), nullptr);
    for (size_t k = 0; k < nested.size(); ++k) {
        const core::NestedPose& node = nested[k];
        const std::span<const core::BonePose> parentPose =
            node.parent < 0 ? pose
                            : std::span<const core::BonePose>(nested[size_t(node.parent)].pose);
        const ArmatureSkins* nodeSkins = skins(node.armature->rig().armature());
        const auto bone = size_t(node.bone);
        // Drawn where the parent's pose shows this armature: a blended pose may show another
        // display at the bone, and a hidden bone shows none.
        if (!nodeSkins || bone >= parentPose.size() ||
            parentPose[bone].displayIndex != node.display ||
            node.pose.size() != size_t(nodeSkins->boneCount()))
            continue;
        ArmatureView& view = nodes[k + 1].view;
        view = {nodeSkins, node.pose, {}, nodes[k + 1].nested, {}};
        nodes[size_t(node.parent + 1)].nested[bone] = &view;
    }
    nodes[0].view = {skins(armature), pose, placement, nodes[0].nested, {}};
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
