#pragma once

// The rule the armature's skipping of still bones must keep (runtime/Hierarchy.h composeBones),
// checked by test_armature_runtime and fuzz_playback.

#include "runtime/Armature.h"
#include "runtime/Hierarchy.h"

#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace bonescope::core::testing {

/// The pose a full hierarchy pass over `pose`'s local values gives, but for the bones whose
/// world transform the armature leaves stale (Armature::worldStale), which keep theirs: each
/// bone composed on its own onto its parent's result, by the same pass.
inline void composeKeepingStale(const Armature& armature, Pose& pose)
{
    const auto& bones = armature.rig().bones();
    for (size_t b = 0; b < pose.size(); ++b) {
        if (armature.worldStale(static_cast<int>(b))) {
            pose[b] = armature.pose()[b];
            continue;
        }
        std::vector<BoneData> one{bones[b]};
        one.front().parentIndex = -1;
        Pose alone{pose[b]};
        const int parent = bones[b].parentIndex;
        updateWorldTransforms(one, alone,
                              parent >= 0 ? &pose[static_cast<size_t>(parent)] : nullptr);
        pose[b] = alone.front();
    }
}

/// The first bone of `armature`'s pose that a full hierarchy pass over its local values would
/// change (but for the world transforms cocos2d-x leaves stale), or whose local values are not
/// its tween values (frame data not combined with the setup pose), as "bone N: what"; empty
/// when there is none. World and composed compare by value, NaN equal to NaN: a pass keeps a
/// matrix whose sums compare equal, −0 against +0 included.
inline std::string stalePose(Armature& armature)
{
    const auto same = [](float a, float b) { return a == b || (a != a && b != b); };
    const ArmatureRig& rig = armature.rig();
    Pose full = armature.pose();
    bool anyStale = false;
    for (size_t b = 0; b < full.size(); ++b) {
        if (!rig.combined() &&
            std::memcmp(&full[b].local, &armature.tweenData(static_cast<int>(b)).transform,
                        sizeof(Transform)) != 0)
            return "bone " + std::to_string(b) + ": local values are not the tween values";
        full[b].composed.skewX = std::numeric_limits<float>::quiet_NaN(); // no matrix to keep
        anyStale = anyStale || armature.worldStale(static_cast<int>(b));
    }
    if (anyStale)
        composeKeepingStale(armature, full);
    else
        updateWorldTransforms(rig, full);
    for (size_t b = 0; b < full.size(); ++b) {
        const Affine& w = full[b].world;
        const Affine& k = armature.pose()[b].world;
        if (!same(w.a, k.a) || !same(w.b, k.b) || !same(w.c, k.c) || !same(w.d, k.d) ||
            !same(w.tx, k.tx) || !same(w.ty, k.ty))
            return "bone " + std::to_string(b) + ": world matrix is stale";
        const Transform& c = full[b].composed;
        const Transform& e = armature.pose()[b].composed;
        if (!same(c.x, e.x) || !same(c.y, e.y) || !same(c.skewX, e.skewX) ||
            !same(c.skewY, e.skewY) || !same(c.scaleX, e.scaleX) || !same(c.scaleY, e.scaleY))
            return "bone " + std::to_string(b) + ": composed values are stale";
    }
    return {};
}

} // namespace bonescope::core::testing
