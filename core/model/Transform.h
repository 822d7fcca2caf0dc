#pragma once

namespace bonescope::core {

/// A 2D affine pose in cocos2d-x armature terms: position in points (y up), skews in radians
/// (a pure counter-clockwise rotation by θ is skewX = −θ, skewY = +θ), scales as ratios.
/// Floats on purpose: cocos2d-x computes in float, and matching its rounding matters for goldens.
struct Transform {
    float x = 0.f;
    float y = 0.f;
    float skewX = 0.f;
    float skewY = 0.f;
    float scaleX = 1.f;
    float scaleY = 1.f;
};

/// Row-major 2x3 affine matrix: point' = (a·x + c·y + tx, b·x + d·y + ty), as cocos2d-x's
/// AffineTransform.
struct Affine {
    float a = 1.f, b = 0.f, c = 0.f, d = 1.f, tx = 0.f, ty = 0.f;
};

/// Colour and alpha as 0..255 channels (cocos2d-x's a, r, g, b of BaseData).
struct ColorTransform {
    int alpha = 255;
    int red = 255;
    int green = 255;
    int blue = 255;
    friend bool operator==(const ColorTransform&, const ColorTransform&) = default;
};

} // namespace bonescope::core
