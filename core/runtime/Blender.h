#pragma once

#include "runtime/AnimationBlender.h"
#include "runtime/MovementPoseSource.h"

namespace bonescope::core {

/// Seed 002's cross-fade over real poses: an AnimationBlender whose source and target clips are
/// sampled from a MovementPoseSource and mixed per bone by their weights (blendPoses). Drive it
/// through state() (init, blend, addTime in seconds), then evaluate() the pose.
class Blender {
public:
    /// Borrows `source`, which must outlive the blender.
    explicit Blender(const MovementPoseSource& source);

    AnimationBlender& state() { return m_state; }
    const AnimationBlender& state() const { return m_state; }

    /// The current pose: the source clip alone, or source and target mixed by the target weight.
    /// Local channels only: run the hierarchy pass on `out` afterwards. No allocation once `out`
    /// has boneCount() entries.
    void evaluate(Pose& out);

private:
    const MovementPoseSource* m_source;
    AnimationBlender m_state;
    Pose m_targetPose; ///< scratch
};

} // namespace bonescope::core
