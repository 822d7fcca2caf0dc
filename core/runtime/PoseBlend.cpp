#include "runtime/PoseBlend.h"

#include "base/Clones.h"
#include "base/X86Arithmetic.h"
#include "runtime/TransformLanes.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
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
    // Channels may be anywhere in int's range (a tween past 0..1): no undefined conversion.
    return truncatedToInt(lerp(float(from), float(to), ratio) + 0.5f);
}

constexpr float kPi = std::numbers::pi_v<float>;

// An angle difference wrapped into (−π, π]: the shortest arc.
float shortestArc(float delta)
{
    if (delta > kPi || delta <= -kPi) {
        delta = std::fmod(delta, 2.f * kPi); // in (−2π, 2π)
        if (delta > kPi)
            delta -= 2.f * kPi;
        else if (delta <= -kPi)
            delta += 2.f * kPi;
    }
    return delta;
}

} // namespace

float lerpAngle(float from, float to, float ratio)
{
    return from + shortestArc(to - from) * ratio;
}

namespace {

// blendBonePose's local channels into `out`, which may alias `from` or `to` (everything is read
// before anything is written); out's world and composed are left as they are.
inline void blendLocalChannels(const BonePose& from, const BonePose& to, float ratio, BonePose& out)
{
    // z order and display index from the heavier side, copied together.
    static_assert(offsetof(BonePose, displayIndex) == offsetof(BonePose, zOrder) + sizeof(int));
    std::uint64_t discrete;
    std::memcpy(&discrete, &(ratio >= 0.5f ? to : from).zOrder, sizeof discrete);
    // lerp and lerpAngle as one difference per channel, wrapped into the shortest arc for the
    // skews only when they are more than a half turn apart (rarely), then one product each.
    const lanes::TransformLanes f = lanes::load(from.local);
    lanes::TransformLanes delta = lanes::difference(lanes::load(to.local), f);
    if (!lanes::skewsWithin(delta.linear, kPi)) [[unlikely]]
        for (const int skew : {0, 1})
            lanes::setLane(delta.linear, skew, shortestArc(lanes::lane(delta.linear, skew)));
    const lanes::TransformLanes local = lanes::tween(f, delta, ratio);
    // Compared as bytes (two 64-bit compares, no branch per channel): four ints, no padding.
    // Equal colours (untinted bones, the usual case) are copied whole.
    static_assert(sizeof(ColorTransform) == 4 * sizeof(int));
    if (std::memcmp(&from.color, &to.color, sizeof(ColorTransform)) == 0) [[likely]] {
        out.color = from.color;
    } else {
        const ColorTransform color{lerpChannel(from.color.alpha, to.color.alpha, ratio),
                                   lerpChannel(from.color.red, to.color.red, ratio),
                                   lerpChannel(from.color.green, to.color.green, ratio),
                                   lerpChannel(from.color.blue, to.color.blue, ratio)};
        out.color = color;
    }
    lanes::store(out.local, local);
    std::memcpy(&out.zOrder, &discrete, sizeof discrete);
}

} // namespace

BonePose blendBonePose(const BonePose& from, const BonePose& to, float ratio)
{
    BonePose out = from; // world and composed from `from`, as a pair (see blendPoses)
    blendLocalChannels(from, to, ratio, out);
    return out;
}

BONESCOPE_AVX2_CLONES
void blendPoses(const Pose& from, const Pose& to, float ratio, Pose& out)
{
    const size_t count = from.size() < to.size() ? from.size() : to.size();
    if (out.size() != count)
        out.resize(count);
    // Raw pointers read once: `out` may alias an input, so GCC would reload each vector's data
    // pointer after every store.
    const BonePose* a = from.data();
    const BonePose* b = to.data();
    BonePose* result = out.data();
    for (size_t i = 0; i < count; ++i) {
        // world and composed come from `from`, as a pair: the hierarchy pass reuses world's
        // linear part when composed's skews and scales did not change, so the two must match.
        if (result != a) {
            result[i].world = a[i].world;
            result[i].composed = a[i].composed;
        }
        blendLocalChannels(a[i], b[i], ratio, result[i]);
    }
}

BONESCOPE_AVX2_CLONES
void mixLayer(const LayerContribution& layer, Pose& out, BoneMask& isSet)
{
    // Raw pointers and values read once: isSet's byte stores may alias anything, so GCC would
    // reload every vector's data pointer and the layer's fields after each of them.
    const size_t count = out.size();
    BonePose* result = out.data();
    std::uint8_t* set = isSet.data();
    const std::uint8_t* mask = layer.mask ? layer.mask->data() : nullptr;
    const BonePose* current = layer.current ? layer.current->data() : nullptr;
    const std::uint8_t* currentAnimated = current ? layer.currentAnimated->data() : nullptr;
    const BonePose* next = layer.next ? layer.next->data() : nullptr;
    const std::uint8_t* nextAnimated = next ? layer.nextAnimated->data() : nullptr;
    const float progress = layer.transitionProgress;
    const float weight = layer.weight;
    BonePose mixed;
    for (size_t bone = 0; bone < count; ++bone) {
        if (mask && !mask[bone])
            continue;
        const bool fromCurrent = current && currentAnimated[bone];
        const bool fromNext = next && nextAnimated[bone];
        if (!fromCurrent && !fromNext)
            continue;
        const BonePose* value = fromCurrent ? &current[bone] : &next[bone];
        if (fromCurrent && fromNext) {
            blendLocalChannels(current[bone], next[bone], progress, mixed);
            value = &mixed;
        }
        if (!set[bone]) {
            copyLocalChannels(*value, result[bone]);
            set[bone] = 1;
        } else {
            blendLocalChannels(result[bone], *value, weight, result[bone]);
        }
    }
}

} // namespace bonescope::core
