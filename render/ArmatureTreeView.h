#pragma once

#include "ArmatureSkins.h"
#include "ArmatureView.h"

#include "runtime/NestedPose.h"

#include <memory>
#include <span>
#include <vector>

namespace bonescope::core {
class Armature;
}

namespace bonescope::render {

/// Draw-list input for live core::Armature instances, nested armatures included (cyborg.xml):
/// the skins of every armature of one export, built once, and per frame the ArmatureView tree
/// of an instance (each bone showing an armature points at that armature's view). Storage is
/// reused, so steady-state frames do not allocate.
class ArmatureTreeView {
public:
    /// Resolves the displays of every armature in `skeleton` (which must outlive this object).
    ArmatureTreeView(const core::SkeletonData& skeleton, std::span<const core::SpriteAtlas> atlases,
                     std::shared_ptr<TextureCache> textures);

    /// The skins of `armature` (an armature of the skeleton), or null.
    const ArmatureSkins* skins(const core::ArmatureData& armature) const;

    /// The view of `armature` and of the nested armatures its bones currently show, with the
    /// poses of its last update. `placement` as ArmatureView's. Several views are kept at once,
    /// one per `tree` (an instance drawn beside others, as stress mode's crowd); each stays valid
    /// until the next call for the same tree.
    const ArmatureView& view(const core::Armature& armature, const core::Affine& placement = {},
                             size_t tree = 0);
    /// The view of `armature` (an armature of the skeleton) drawn with `pose`, a pose of its rig
    /// (the live one with bones hidden, a crossfade's, a layer stack's, an onion-skin ghost's),
    /// and `nested`, the nested armatures composed onto it at every depth
    /// (core::Armature::composeNested): a bone draws the nested armature it shows where `pose`
    /// (or the nested pose above) shows that display there. Both must outlive the view.
    const ArmatureView& view(const core::ArmatureData& armature,
                             std::span<const core::BonePose> pose,
                             std::span<const core::NestedPose> nested,
                             const core::Affine& placement = {}, size_t tree = 0);

private:
    struct Node {
        ArmatureView view;
        std::vector<const ArmatureView*> nested; ///< per bone
    };
    /// One tree's nodes, depth-first, root first. Views point into it: it is resized only
    /// before filling, and moving the outer vector keeps each tree's storage in place.
    using Tree = std::vector<Node>;
    /// Tree `tree`, with room for `count` nodes.
    Tree& treeOf(size_t tree, size_t count);
    int countNodes(const core::Armature& armature) const;
    void fill(Tree& nodes, const core::Armature& armature, size_t node, size_t& next);

    std::vector<ArmatureSkins> m_skins; ///< one per skeleton armature, in skeleton order
    std::vector<Tree> m_trees;
};

} // namespace bonescope::render
