#pragma once

#include "model/Transform.h"

#include <vector>

namespace bonescope::core {

/// The animated state of one bone after an update, in the golden layout's terms: `local` is the
/// parent-relative pose cocos2d-x's Bone::update works with (for CocoStudio data the tween
/// delta already combined with the setup pose), `world` the armature-space transform
/// (`getNodeToArmatureTransform()`), filled by the hierarchy pass.
struct BonePose {
    Transform local;
    int zOrder = 0;       ///< effective local z order
    int displayIndex = 0; ///< −1 when hidden
    ColorTransform color;
    Affine world;
    /// cocos2d-x Bone::_worldInfo: armature-space position with the parents' skews summed and
    /// scales multiplied, the values `world` is built from (see runtime/Hierarchy.h).
    Transform composed;
};

/// One BonePose per bone, indexed like ArmatureData::bones (parent before child).
using Pose = std::vector<BonePose>;

} // namespace bonescope::core
