#pragma once

#include "model/Transform.h"

namespace bonescope::core {

/// Degrees to radians exactly as cocos2d-x's CC_DEGREES_TO_RADIANS: a float product with the
/// float constant 0.01745329252f (not π/180 in double), so readers round like cocos2d-x.
inline float radians(float degrees)
{
    return degrees * 0.01745329252f;
}

/// cocos2d-x's TransformHelp::transformFromParent: rewrites `node` (a pose in the same space
/// as `parent`) as a pose relative to `parent`, through cocos2d-x's nodeToMatrix, float
/// AffineTransformInvert/Concat and matrixToNode (whose skews come from atan2f of the
/// transformed unit vectors and whose scales are the matrix column lengths). All six fields
/// of `node` are rewritten.
void transformFromParent(Transform& node, const Transform& parent);

} // namespace bonescope::core
