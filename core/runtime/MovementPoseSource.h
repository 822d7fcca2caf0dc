#pragma once

#include "runtime/BlendClip.h"
#include "runtime/Pose.h"
#include "runtime/PoseBlend.h"

namespace bonescope::core {

/// What the blender and the layer stack need from an armature's movements: their timing, the
/// bones each animates, and the pose at any time, computed directly (random access, no state).
/// Implemented over the cocos2d-x sampler for real armatures and by hand in tests.
class MovementPoseSource {
public:
    virtual ~MovementPoseSource() = default;

    virtual int boneCount() const = 0;
    virtual int movementCount() const = 0;
    virtual MovementTiming timing(int movement) const = 0;
    /// 1 for each bone `movement` has a timeline for.
    virtual const BoneMask& animatedBones(int movement) const = 0;
    /// The local pose (world left as is) of `clip` (its movement at its time: the clip's
    /// timeSeconds within the pass, or elapsedSeconds since it started, whichever the source
    /// needs) into `out` of boneCount() entries. Every bone is written: those the movement
    /// does not animate get the source's rest pose. Must not allocate.
    virtual void sample(const BlendClip& clip, Pose& out) const = 0;
};

} // namespace bonescope::core
