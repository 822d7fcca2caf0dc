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

const ArmatureView& ArmatureTreeView::view(const core::Armature& armature, const core::Pose& pose,
                                           std::span<const core::Pose> nested,
                                           const core::Affine& placement, size_t tree)
{
    // The nested armature `bone` shows in `pose`, or null.
    const auto childShown = [&](size_t bone) -> const core::Armature* {
        if (bone >= nested.size() || nested[bone].empty() || bone >= armature.pose().size() ||
            pose[bone].displayIndex != armature.pose()[bone].displayIndex)
            return nullptr;
        return armature.childArmature(static_cast<int>(bone));
    };
    size_t count = 1;
    for (size_t bone = 0; bone < pose.size(); ++bone)
        count += childShown(bone) ? 1 : 0;
    Tree& nodes = treeOf(tree, count);
    Node& root = nodes[0];
    root.nested.assign(pose.size(), nullptr);
    size_t next = 1;
    for (size_t bone = 0; bone < pose.size(); ++bone)
        if (const core::Armature* child = childShown(bone)) {
            ArmatureView& view = nodes[next++].view;
            view = {skins(child->rig().armature()), nested[bone], {}, {}, {}};
            root.nested[bone] = &view;
        }
    root.view = {skins(armature.rig().armature()), pose, placement, root.nested, {}};
    return root.view;
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
