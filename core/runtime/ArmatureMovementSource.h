#pragma once

#include "runtime/ArmatureRig.h"
#include "runtime/MovementPoseSource.h"

#include <memory>
#include <vector>

namespace bonescope::core {

/// The movements of a real armature as a MovementPoseSource, sampled with the cocos2d-x
/// random-access sampler (sampleMovement). A movement's time is its frame position in seconds
/// (FrameRate.h): one pass lasts durationTween frames (dr when drTW is 0) and its rate is the
/// movement's own speed scale. Looping follows the data's `lp` (cocos2d-x's per-bone delays shift
/// every pass after the first, so a looping clip is sampled at its unwrapped elapsed time); a clip
/// whose loop flag differs from the data is sampled at its wrapped or clamped position.
class ArmatureMovementSource : public MovementPoseSource {
public:
    /// `restPose`: what bones a movement does not animate show, e.g. a fresh Armature's pose.
    ArmatureMovementSource(std::shared_ptr<const ArmatureRig> rig, Pose restPose);

    int boneCount() const override { return int(m_rest.size()); }
    int movementCount() const override { return int(m_timings.size()); }
    MovementTiming timing(int movement) const override { return m_timings.at(movement); }
    const BoneMask& animatedBones(int movement) const override { return m_animated.at(movement); }
    void sample(const BlendClip& clip, Pose& out) const override;

    const ArmatureRig& rig() const { return *m_rig; }
    const Pose& restPose() const { return m_rest; }

private:
    std::shared_ptr<const ArmatureRig> m_rig;
    Pose m_rest;
    std::vector<MovementTiming> m_timings;
    std::vector<BoneMask> m_animated;
    std::vector<std::vector<int>> m_restBones; ///< per movement, the bones it leaves alone
};

} // namespace bonescope::core
