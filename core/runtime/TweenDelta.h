#pragma once

#include "base/X86Arithmetic.h"
#include "model/Transform.h"
#include "runtime/TransformLanes.h"
#include "runtime/TweenFrame.h"

#include <numbers>

namespace bonescope::core {

/// cocos2d-x Tween::tweenNodeTo's arithmetic: `from` + ratio × `delta`, channel by channel,
/// written to `out`. The player and random access both interpolate through it, so they round
/// alike.
inline void tweenTransform(const Transform& from, const Transform& delta, float ratio,
                           Transform& out)
{
    lanes::store(out, lanes::tween(lanes::load(from), lanes::load(delta), ratio));
}

/// The same for colour channels: int + float × int, truncated back to int, as cocos2d-x's. A
/// custom easing's curve is any polynomial the file gives, so the value may leave int's range
/// (or be NaN): it is then INT_MIN, as x86 gives cocos2d-x.
inline ColorTransform tweenColor(const ColorTransform& from, const ColorTransform& delta,
                                 float ratio)
{
    const auto channel = [ratio](int start, int difference) {
        return truncatedToInt(start + ratio * difference);
    };
    return {channel(from.alpha, delta.alpha), channel(from.red, delta.red),
            channel(from.green, delta.green), channel(from.blue, delta.blue)};
}

/// `to` − `from`, channel by channel, as cocos2d-x's BaseData::subtract.
inline ColorTransform colorDifference(const ColorTransform& from, const ColorTransform& to)
{
    return {wrappingDifference(to.alpha, from.alpha), wrappingDifference(to.red, from.red),
            wrappingDifference(to.green, from.green), wrappingDifference(to.blue, from.blue)};
}

/// cocos2d-x BaseData::subtract's whole turns: `turns` × 2π added to a skew difference
/// `skewX` and taken from `skewY`, in double and then rounded, as the engine does.
inline void addTurns(float& skewX, float& skewY, float turns)
{
    constexpr double pi = std::numbers::pi;
    skewX = static_cast<float>(skewX + turns * pi * 2);
    skewY = static_cast<float>(skewY - turns * pi * 2);
}

/// cocos2d-x Tween::_between: what a tween adds, times the eased ratio, to its span's first
/// values (the transform and colour differences of the span's two ends). Only the fields
/// cocos2d-x's subtract writes, so a bone's tween state stays small.
struct TweenDelta {
    Transform transform;
    ColorTransform color;
    bool useColor = false;

    /// cocos2d-x BaseData::subtract: this = to − from for transform and colour. Colour is
    /// kept once any of this, from or to used it (cocos2d-x's sticky flag). `limit` brings
    /// skew differences into [−π, π]; `to.tweenRotate` then adds whole turns.
    void subtract(const TweenFrame& from, const TweenFrame& to, bool limit);
    /// No difference: a span over it holds its start values, whatever the ratio.
    bool isZero() const
    {
        const Transform& t = transform;
        return t.x == 0 && t.y == 0 && t.skewX == 0 && t.skewY == 0 && t.scaleX == 0 &&
               t.scaleY == 0 && (!useColor || color == ColorTransform{0, 0, 0, 0});
    }
};

} // namespace bonescope::core
