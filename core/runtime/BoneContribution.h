#pragma once

#include "model/Transform.h"

#include <string>

namespace bonescope::core {

/// One contribution to a bone's local pose at one update: a movement (the blender's source or
/// target, the player's current movement, or the pose a durationTo fade started from) or a
/// layer (its value: current movement toward the next), with its weight; `rest` where no layer
/// sets the bone; or `result`, the pose itself. A bone's contributor weights add up to 1.
struct BoneContribution {
    int frame = 0;
    int bone = 0;
    /// A movement's or a layer's name; "pose" for a fade's starting pose; "rest"; "result".
    std::string contributor;
    double weight = 1.0; ///< ratio 0..1
    Transform local;
    /// Where the contributing movement is: frames into its pass (the player's current frame,
    /// as the state rows' time; the blender's or the layer's clip position; 0 for a durationTo
    /// target's first frame); −1 for a fade's starting pose, `rest` and `result`.
    double movementFrame = -1.0;
};

} // namespace bonescope::core
