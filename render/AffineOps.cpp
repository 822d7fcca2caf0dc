#include "AffineOps.h"

#include <cmath>

namespace bonescope::render {

core::Affine nodeMatrix(const core::Transform& t, float anchorX, float anchorY)
{
    core::Affine m;
    m.a = std::cos(t.skewY) * t.scaleX;
    m.b = std::sin(t.skewY) * t.scaleX;
    m.c = std::sin(t.skewX) * t.scaleY;
    m.d = std::cos(t.skewX) * t.scaleY;
    m.tx = t.x - (m.a * anchorX + m.c * anchorY);
    m.ty = t.y - (m.b * anchorX + m.d * anchorY);
    return m;
}

} // namespace bonescope::render
