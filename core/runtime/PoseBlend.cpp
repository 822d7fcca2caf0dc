#include "runtime/PoseBlend.h"

#include <cmath>
#include <numbers>

namespace bonescope::core {

namespace {

float lerp(float from, float to, float ratio)
{
    return from + (to - from) * ratio;
}

// Colour channels are 0..255, so adding 0.5 and truncating rounds half up like lround, without
// the libm call; equal channels (the usual case: untinted bones) skip the arithmetic.
int lerpChannel(int from, int to, float ratio)
{
    if (from == to)
        return from;
    return static_cast<int>(lerp(float(from), float(to), ratio) + 0.5f);
}

} // namespace

float lerpAngle(float from, float to, float ratio)
{
    constexpr float pi = std::numbers::pi_v<float>;
    constexpr float twoPi = 2.f * pi;
    float delta = to - from;
    if (delta > pi || delta <= -pi) {    // rare: skip fmod on the hot path
        delta = std::fmod(delta, twoPi); // in (−2π, 2π)
        if (delta > pi)
            delta -= twoPi;
        else if (delta <= -pi)
            delta += twoPi;
    }
    return from + delta * ratio;
}

BonePose blendBonePose(const BonePose& from, const BonePose& to, float ratio)
{
    BonePose out;
    out.local.x = lerp(from.local.x, to.local.x, ratio);
    out.local.y = lerp(from.local.y, to.local.y, ratio);
    out.local.skewX = lerpAngle(from.local.skewX, to.local.skewX, ratio);
    out.local.skewY = lerpAngle(from.local.skewY, to.local.skewY, ratio);
    out.local.scaleX = lerp(from.local.scaleX, to.local.scaleX, ratio);
    out.local.scaleY = lerp(from.local.scaleY, to.local.scaleY, ratio);
    const BonePose& heavier = ratio >= 0.5f ? to : from;
    out.zOrder = heavier.zOrder;
    out.displayIndex = heavier.displayIndex;
    out.color.alpha = lerpChannel(from.color.alpha, to.color.alpha, ratio);
    out.color.red = lerpChannel(from.color.red, to.color.red, ratio);
    out.color.green = lerpChannel(from.color.green, to.color.green, ratio);
    out.color.blue = lerpChannel(from.color.blue, to.color.blue, ratio);
    out.world = from.world;
    return out;
}

void blendPoses(const Pose& from, const Pose& to, float ratio, Pose& out)
{
    const size_t count = from.size() < to.size() ? from.size() : to.size();
    if (out.size() != count)
        out.resize(count);
    for (size_t i = 0; i < count; ++i)
        out[i] = blendBonePose(from[i], to[i], ratio);
}

void mixLayer(const LayerContribution& layer, Pose& out, BoneMask& isSet)
{
    const size_t count = out.size();
    for (size_t bone = 0; bone < count; ++bone) {
        if (layer.mask && !(*layer.mask)[bone])
            continue;
        const bool fromCurrent = layer.current && (*layer.currentAnimated)[bone];
        const bool fromNext = layer.next && (*layer.nextAnimated)[bone];
        if (!fromCurrent && !fromNext)
            continue;
        BonePose value;
        if (fromCurrent && fromNext)
            value = blendBonePose((*layer.current)[bone], (*layer.next)[bone],
                                  layer.transitionProgress);
        else
            value = fromCurrent ? (*layer.current)[bone] : (*layer.next)[bone];
        if (!isSet[bone]) {
            out[bone] = value;
            isSet[bone] = 1;
        } else
            out[bone] = blendBonePose(out[bone], value, layer.weight);
    }
}

} // namespace bonescope::core
