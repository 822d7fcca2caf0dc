#pragma once

#include "model/Transform.h"
#include "runtime/Pose.h"

#include <cstdint>
#include <span>
#include <vector>

namespace bonescope::render {

class ArmatureSkins;

/// Colour multipliers 0..255 applied over a bone's own colour; opaque white draws it as
/// authored.
struct ArmatureTint {
    std::uint32_t r = 255, g = 255, b = 255, a = 255;
};

/// One armature instance as the draw-list builder sees it: borrowed pointers, valid only for
/// the duration of the build (the draw list copies what it needs).
struct ArmatureView {
    const ArmatureSkins* skins = nullptr; ///< displays resolved for the armature's data
    std::span<const core::BonePose> pose; ///< one entry per bone (ArmatureSkins::boneCount)
    /// Armature space → world (points, y up). A nested armature's pose is already in its
    /// top-level armature's space (core::Armature composes its roots onto the parent bone), so
    /// its placement is relative to the parent's placement: normally identity.
    core::Affine placement;
    /// Nested armatures (cyborg.xml): indexed by bone, the instance a bone shows when its
    /// current display is an armature; empty, or nullptr entries, when there is none.
    std::span<const ArmatureView* const> nested;
    /// Tells instances apart where several are drawn over each other (the comparator's
    /// overlay); nested armatures take their parent's.
    ArmatureTint tint;
};

/// A pose drawn translucent and tinted around the current frame (onion skin).
struct OnionGhost {
    int frameOffset = 0; ///< frames from the current one: negative before, positive after
    ArmatureView view;
};

/// Everything a frame shows. The scene's owner (the document) fills `ghosts` for offsets
/// −ViewOptions::ghostsBefore()..−1 and 1..ViewOptions::ghostsAfter(). All
/// skins of one scene share one TextureCache (texture ids are per cache).
struct Scene {
    std::vector<ArmatureView> armatures;
    std::vector<OnionGhost> ghosts;
};

} // namespace bonescope::render
