#include "runtime/TweenDelta.h"

#include <numbers>

namespace bonescope::core {

void TweenDelta::subtract(const TweenFrame& from, const TweenFrame& to, bool limit)
{
    transform.x = to.transform.x - from.transform.x;
    transform.y = to.transform.y - from.transform.y;
    transform.scaleX = to.transform.scaleX - from.transform.scaleX;
    transform.scaleY = to.transform.scaleY - from.transform.scaleY;
    transform.skewX = to.transform.skewX - from.transform.skewX;
    transform.skewY = to.transform.skewY - from.transform.skewY;

    if (useColor || from.useColor || to.useColor) {
        // `from` may be live values a NaN tween left at INT_MIN: the difference wraps.
        color = colorDifference(from.color, to.color);
        useColor = true;
    } else {
        color = {0, 0, 0, 0};
        useColor = false;
    }

    // cocos2d-x compares against the double M_PI and subtracts (float)(2π).
    constexpr double pi = std::numbers::pi;
    constexpr float twoPi = static_cast<float>(2 * std::numbers::pi);
    if (limit) {
        if (transform.skewX > pi)
            transform.skewX -= twoPi;
        if (transform.skewX < -pi)
            transform.skewX += twoPi;
        if (transform.skewY > pi)
            transform.skewY -= twoPi;
        if (transform.skewY < -pi)
            transform.skewY += twoPi;
    }

    if (to.tweenRotate != 0.f)
        addTurns(transform.skewX, transform.skewY, to.tweenRotate);
}

} // namespace bonescope::core
