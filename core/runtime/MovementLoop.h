#pragma once

#include <cstdint>
#include <vector>

namespace bonescope::core {

class ArmatureRig;

/// The frames one loop of a movement takes, for drawing it as a sequence that repeats.
struct MovementLoop {
    std::int64_t updates = 1; ///< updates of 1/60 s from a frame to the frame that repeats it
    /// Bones whose own pass does not start over with the loop: their values jump where the
    /// sequence starts again. Empty when the loop is seamless.
    std::vector<int> offBeat;
};

/// One loop of `movement` (an index into rig.movements()) at its own speed. Each bone's timeline
/// runs a pass of its own (its `sc` stretches the movement's pass: ArmatureRig::SampledTrack::
/// passFrames), so a looping movement shows the same pose again when every bone starts over
/// together, after the least common multiple of their passes (Dragon stand: 60 updates, its
/// beards' passes being twice the movement's 30). When that is more than `maxPasses` of the
/// movement's passes (Dragon walk: 21 × 23 × 31 frames), the loop is one movement pass and the
/// bones out of step with it are listed. A movement played once gives the updates to its
/// longest pass's end. At least 1 (a clock standing still, a movement of no frames).
MovementLoop movementLoop(const ArmatureRig& rig, int movement, int maxPasses = 4);

} // namespace bonescope::core
