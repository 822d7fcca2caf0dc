#pragma once

#include <span>

namespace bonescope::core {

class Armature;

/// Updates each of `armatures` (each at most once) as its own Armature::update(dtSeconds)
/// would: the same poses, bit for bit, the same events and the same state after. Top-level
/// instances of one rig that follow each other in `armatures` share their hierarchy pass, up to
/// eight at a time: it goes bone by bone across them, so that the sines and cosines of a bone
/// other bones compose onto are computed for all of them in two vector operations, where one
/// armature's update computes a pair per bone (deep rigs such as robot's have many such bones).
/// Other armatures are updated one by one. The players of a shared pass all update before its
/// poses are composed, so an event listener that reads the pose of another armature of the
/// same pass sees that pose as of the previous update (one by one, the armatures before it
/// would already show their new poses). No allocation.
void updateArmatures(std::span<Armature* const> armatures, float dtSeconds);

} // namespace bonescope::core
