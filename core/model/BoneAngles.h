#pragma once

#include <cmath>
#include <numbers>

namespace bonescope::core {

// A bone's angles as Bonescope shows them to people (the bone tree, the curves,
// `bonescope-cli info`), in degrees, from its skews in radians.

inline constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;

/// The rotation: skewY, as cocos2d-x's Node rotation is.
inline double rotationDegrees(double skewY)
{
    return skewY * kDegreesPerRadian;
}

/// The shear the skews make: −skewX − skewY within (−180, 180], 0 for a pure rotation
/// (skewX = −skewY); skews a whole turn apart (as exports often have them) shear nothing.
inline double shearDegrees(double skewX, double skewY)
{
    const double shear = std::remainder(-(skewX + skewY) * kDegreesPerRadian, 360.0);
    return shear == -180.0 ? 180.0 : shear;
}

} // namespace bonescope::core
