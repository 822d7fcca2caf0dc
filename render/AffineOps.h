#pragma once

#include "model/Transform.h"

#include <cmath>

namespace bonescope::render {

/// m × n: apply n first, then m (cocos2d-x AffineTransformConcat(n, m)).
inline core::Affine concat(const core::Affine& m, const core::Affine& n)
{
    core::Affine r;
    r.a = m.a * n.a + m.c * n.b;
    r.b = m.b * n.a + m.d * n.b;
    r.c = m.a * n.c + m.c * n.d;
    r.d = m.b * n.c + m.d * n.d;
    r.tx = m.a * n.tx + m.c * n.ty + m.tx;
    r.ty = m.b * n.tx + m.d * n.ty + m.ty;
    return r;
}

/// Whether every entry of `m` is a number: a bone cocos2d-x posed at NaN (an eased ratio of NaN:
/// core::easesToNaN) has a matrix that places nothing, and draws nothing.
inline bool isFinite(const core::Affine& m)
{
    return std::isfinite(m.a) && std::isfinite(m.b) && std::isfinite(m.c) && std::isfinite(m.d) &&
           std::isfinite(m.tx) && std::isfinite(m.ty);
}

inline void applyAffine(const core::Affine& m, float x, float y, float& outX, float& outY)
{
    outX = m.a * x + m.c * y + m.tx;
    outY = m.b * x + m.d * y + m.ty;
}

/// The matrix of a cocos2d-x node with this transform and an anchor at (anchorX, anchorY)
/// points of its content (Node::getNodeToParentTransform with rotationSkewX = skewX and
/// rotationSkewY = −skewY, as Skin::setSkinData sets them).
core::Affine nodeMatrix(const core::Transform& t, float anchorX, float anchorY);

} // namespace bonescope::render
