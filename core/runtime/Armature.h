#pragma once

#include "runtime/ArmatureRig.h"
#include "runtime/BoneTween.h"
#include "runtime/NestedPose.h"
#include "runtime/Player.h"
#include "runtime/Pose.h"
#include "runtime/TransformLanes.h"
#include "runtime/TweenFrame.h"

#include <memory>
#include <vector>

namespace bonescope::core {

/// One live instance of an armature (cocos2d-x Armature + its Bones): per-bone tween state,
/// the Player, nested armatures shown as displays, and the Pose of the last update. The data
/// (ArmatureRig, SkeletonData) is shared and never modified. Created posed at the first
/// movement's first keyframe, as cocos2d-x's Armature::create. Not copyable or movable (the
/// player and nested armatures refer to it); hold it by unique_ptr.
class Armature {
public:
    /// `parentBone` is the pose of the bone showing this armature when nested (it must stay
    /// valid), null for a top-level armature.
    explicit Armature(std::shared_ptr<const ArmatureRig> rig, const BonePose* parentBone = nullptr);
    ~Armature();
    Armature(const Armature&) = delete;
    Armature& operator=(const Armature&) = delete;

    const ArmatureRig& rig() const { return *m_rig; }
    Player& animation() { return m_player; }
    const Player& animation() const { return m_player; }

    /// Advances playback by `dtSeconds` (1/60 s is one frame at speed 1), recomputes local and
    /// world transforms, then updates the nested armatures currently shown. No allocation.
    void update(float dtSeconds);

    /// Takes over `other`'s state (bone tweens, pose, player, nested armatures), `other` being
    /// an instance of the same rig: a snapshot to resume from later, exactly. The listener stays.
    void copyStateFrom(const Armature& other);

    /// The bones after the last update, indexed like rig().bones().
    const Pose& pose() const { return m_pose; }
    /// The nested armature bone `bone` currently shows, or null.
    Armature* childArmature(int bone);
    const Armature* childArmature(int bone) const;
    /// The nested armatures this instance's bones show now, at every depth, composed onto the
    /// bones of `parent` (pose(), or another pose of this rig: a crossfade's, a sampled
    /// onion-skin ghost) and then onto each other: each nested armature's own played pose placed
    /// on the composed bone that shows it. Empty when none is shown. Reuses `out`'s storage, so
    /// steady-state calls do not allocate.
    void composeNested(const Pose& parent, NestedPoses& out) const;

    // Bone state the tweens and the player drive (cocos2d-x Bone / DisplayManager).
    TweenFrame& tweenData(int bone) { return m_bones[static_cast<size_t>(bone)].tweenData; }
    BoneTween& tween(int bone) { return m_bones[static_cast<size_t>(bone)].tween; }
    const BoneTween& tween(int bone) const { return m_bones[static_cast<size_t>(bone)].tween; }
    /// The bone's live values changed without a tween step (a hold keyframe's copy, whose span
    /// of easing None never tweens): its local values show them now, while its world transform
    /// stays stale until cocos2d-x would mark the bone dirty (updatePose).
    void showLiveLocal(int bone);
    /// Whether `bone`'s world transform is older than its local values (showLiveLocal), as
    /// cocos2d-x leaves it; its descendants are composed onto it as it is.
    bool worldStale(int bone) const { return m_stale[static_cast<size_t>(bone)]; }
    /// Shows display `displayIndex` of `bone` (negative hides it).
    void changeDisplay(int bone, int displayIndex);
    /// A keyframe (or the live values, `key` null) is reached: display, z order, blend, and the
    /// movement a nested armature switches to.
    void arriveKeyFrame(int bone, const TweenFrame& values, const FrameData* key);
    BlendFunc blend(int bone) const { return m_bones[static_cast<size_t>(bone)].blend; }

private:
    struct BoneState {
        TweenFrame tweenData; ///< cocos2d-x Bone::_tweenData: the live tween values
        BoneTween tween;
        BlendFunc blend;
    };
    struct Nested {
        int bone;
        int display;
        std::unique_ptr<Armature> armature;
    };
    /// Local values from the bone state, then the hierarchy pass, in one pass over the bones.
    void updatePose();
    /// composeNested's step: appends the armatures this one's bones show, and theirs, composed
    /// onto this armature's pose there: `top` (the top-level pose) or node `parentNode` of `out`.
    /// `used` counts the nodes of `out` written so far.
    void appendNested(const Pose& top, int parentNode, NestedPoses& out, size_t& used) const;
    /// Whether cocos2d-x marked `bone`'s transform dirty in the last update.
    bool markedDirty(int bone) const;
    /// One bone's local values, written to `pose` and returned; inlined into updatePose.
    static lanes::TransformLanes writeLocal(const BoneState& state, const Transform& setup,
                                            bool combined, BonePose& pose);

    std::shared_ptr<const ArmatureRig> m_rig;
    const BonePose* m_parentBone = nullptr;
    std::vector<BoneState> m_bones;
    Pose m_pose; ///< also the bones' shown display and z order, set as keyframes arrive
    std::vector<Nested> m_nested;
    std::unique_ptr<bool[]> m_moved; ///< scratch of the hierarchy pass (composeBones)
    /// Per bone: its world transform is older than its local values (showLiveLocal).
    std::unique_ptr<bool[]> m_stale;
    int m_staleBones = 0;
    Player m_player;
};

// Inline: every keyframe span a bone tween enters arrives here.
inline void Armature::arriveKeyFrame(int bone, const TweenFrame& values, const FrameData* key)
{
    const int displayIndex = values.displayIndex;
    const int zOrder = values.zOrder;
    const BlendFunc blend = values.blend;
    // Keyframes mostly keep the display shown (which changeDisplay left valid): only a change
    // needs its checks.
    if (displayIndex != m_pose[static_cast<size_t>(bone)].displayIndex)
        changeDisplay(bone, displayIndex);

    BoneState& state = m_bones[static_cast<size_t>(bone)];
    state.tweenData.zOrder = zOrder;
    m_pose[static_cast<size_t>(bone)].zOrder =
        m_rig->combined() ? zOrder + m_rig->bones()[static_cast<size_t>(bone)].zOrder : zOrder;
    state.blend = blend;
    if (key && !key->movement.empty())
        if (Armature* child = childArmature(bone))
            child->animation().play(key->movement);
}

} // namespace bonescope::core
