#pragma once

#include "model/Easing.h"

#include <bit>
#include <cstdint>

namespace bonescope::core {

/// cocos2d-x tweenfunc::tweenTo: maps a ratio 0..1 of a tween to an eased ratio (which may leave
/// 0..1 for Back and Elastic). `params` are the frame's Bezier / period values (`count` of them),
/// null when the frame has none. Computed in float with cocos2d-x's operation order so results
/// round like the engine's. Unknown types fall back to SineEaseInOut, as cocos2d-x does.
float tweenTo(float ratio, Easing type, const float* params, int count);

/// The easing of a keyframe span, cocos2d-x's Tween::updateFrameData rule: the keyframe's unless
/// it is Linear, then the movement's.
inline Easing spanEasing(Easing keyEasing, Easing movementEasing)
{
    return keyEasing != Easing::Linear ? keyEasing : movementEasing;
}

/// Whether `type` changes a ratio at all (None and Linear leave it as it is).
inline bool eases(Easing type)
{
    return type != Easing::None && type != Easing::Linear;
}

/// The curve a keyframe span's ratio follows: spanEasing's easing, Linear when that changes no
/// ratio (None included; a keyframe of its own None is not tweened at all, which is the tween's
/// business, not the curve's).
inline Easing spanCurve(Easing keyEasing, Easing movementEasing)
{
    const Easing type = spanEasing(keyEasing, movementEasing);
    return eases(type) ? type : Easing::Linear;
}

/// tweenTo remembering the last value it computed: the bones of one playhead whose keyframes
/// start together ask for the same eased ratio in an update, and the easing (a cosine for the
/// sine types) is then computed once for them. A pure function's cache: the same bits in give
/// the same value out.
class EaseMemo {
public:
    float tweenTo(float ratio, Easing type, const float* params, int count)
    {
        const auto bits = std::bit_cast<std::uint32_t>(ratio);
        if (!m_valid || bits != m_ratioBits || type != m_type || params != m_params ||
            count != m_count) {
            m_eased = core::tweenTo(ratio, type, params, count);
            m_valid = true;
            m_ratioBits = bits;
            m_type = type;
            m_params = params;
            m_count = count;
        }
        return m_eased;
    }

private:
    const float* m_params = nullptr;
    std::uint32_t m_ratioBits = 0;
    int m_count = 0;
    float m_eased = 0.f;
    Easing m_type = Easing::Linear;
    bool m_valid = false;
};

/// tweenTo(ratio, SineEaseInOut) for each of `count` ratios, in place, bit for bit, eight at a
/// time where the build has vectors (SinCos.h): the easing of DragonBones 2.x's eased movements.
/// Reads and writes whole vectors: `ratios` has room for `count` rounded up to a multiple of
/// sincos::kBatchPadding, the ratios past `count` set (to anything).
void sineEaseInOutBatch(float* ratios, int count);

/// The eased ratio of a keyframe span (spanEasing's easing). `params` / `count` are the
/// keyframe's, as for tweenTo.
inline float easeSpan(float ratio, Easing keyEasing, Easing movementEasing, const float* params,
                      int count)
{
    const Easing type = spanEasing(keyEasing, movementEasing);
    return eases(type) ? tweenTo(ratio, type, params, count) : ratio;
}

/// Whether tweenTo(ratio, type, params, count) is NaN for every ratio strictly between 0 and
/// 1: ElasticEaseIn and ElasticEaseOut divide by their period, params[0], and cocos2d-x takes a
/// period of 0 as it is (beside a hidden keyframe a span eases with the visible keyframe's
/// parameters, and a custom curve's first one is 0). The span's values are then NaN: cocos2d-x
/// writes from + ratio × difference even where the difference is 0.
bool easesToNaN(Easing type, const float* params, int count);

/// cocos2d-x customEase: the cubic Bezier y(t) of params[1], [3], [5], [7] (x values ignored,
/// as the engine does); `ratio` unchanged when fewer than 8 params are given.
float customEase(float ratio, const float* params, int count);

} // namespace bonescope::core
