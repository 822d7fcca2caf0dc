#pragma once

#include <compare>
#include <string>

namespace bonescope::core {

/// Where an edit applies: a movement of an armature's animation, and for keyframe keys one
/// keyframe of a bone's timeline in it.
struct EditTarget {
    std::string armature; ///< the animation, named like its armature
    std::string movement;
    std::string bone; ///< keyframe keys: the bone whose timeline holds the keyframe
    /// Keyframe keys: 0-based index of the keyframe as the file lists it (`<f>` / frame_data
    /// entry). The model's closing frame (a reader-made copy of the last) has no index here.
    int keyframe = -1;

    friend auto operator<=>(const EditTarget&, const EditTarget&) = default;
};

} // namespace bonescope::core
