#pragma once

#include "ArmatureView.h"
#include "DrawList.h"
#include "ViewOptions.h"

#include <cstdint>
#include <vector>

namespace bonescope::render {

/// Turns posed armatures into a DrawList, as cocos2d-x's Armature::draw does: each bone with an
/// image display gives one quad at (placement × bone world × skin transform), children sorted
/// by the bone's z order (ties keep bone order), the bone's colour and alpha, the bone's blend
/// function; a nested armature is drawn in its parent bone's place. A job with borrowed inputs;
/// reuse one builder and one DrawList so steady-state frames do not allocate.
class DrawListBuilder {
public:
    /// Replaces `out` with `scene`: ghosts first (older before newer), then the armatures.
    void build(const Scene& scene, DrawList& out);

    /// Opacity of the ghosts next to the current frame, ratio 0..1 (ViewOptions::onionOpacity);
    /// each farther ghost is fainter by an equal step.
    void setGhostOpacity(float ratio);

private:
    using Tint = ArmatureTint;
    void appendArmature(const ArmatureView& view, const core::Affine& placement, const Tint& tint,
                        int armatureIndex, int topBone, bool currentPose, DrawList& out);

    std::vector<int> m_order; ///< scratch: bone indices sorted by z, one range per nesting level
    std::vector<const OnionGhost*> m_ghosts; ///< scratch: ghosts in drawing order
    float m_ghostOpacity = ViewOptions{}.onionOpacity;
};

} // namespace bonescope::render
