#pragma once

#include "ArmatureSkins.h"
#include "ArmatureView.h"

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
    /// poses of its last update; valid until the next call. `placement` as ArmatureView's.
    const ArmatureView& view(core::Armature& armature, const core::Affine& placement = {});

private:
    struct Node {
        ArmatureView view;
        std::vector<const ArmatureView*> nested; ///< per bone
    };
    int countNodes(core::Armature& armature) const;
    void fill(core::Armature& armature, size_t node, size_t& next);

    std::vector<ArmatureSkins> m_skins; ///< one per skeleton armature, in skeleton order
    std::vector<Node> m_nodes;          ///< depth-first: root first
};

} // namespace bonescope::render
