#pragma once

#include "runtime/Pose.h"

#include <vector>

namespace bonescope::core {

class Armature;

/// A nested armature an armature's bone shows (cyborg's weapons), with its pose in the
/// top-level armature's space. Nested armatures nest in turn: a list of them holds every depth,
/// each after the one whose bone shows it (depth first, by bone).
struct NestedPose {
    const Armature* armature = nullptr; ///< the nested instance: its rig, its own played pose
    int parent = -1;  ///< index in the list of the armature whose bone shows it; −1: the top one
    int bone = -1;    ///< that bone
    int display = -1; ///< the bone's display that is this armature
    Pose pose;
};
using NestedPoses = std::vector<NestedPose>;

} // namespace bonescope::core
