#pragma once

#include "model/Transform.h"
#include "runtime/SinCos.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

// Arithmetic on a bone's values side by side, for the tweens, pose blending and the hierarchy
// pass: the four linear values (skews and scales, which Transform keeps together) in one
// register, the position in another. With the GCC/Clang vector extension
// (BONESCOPE_USE_VECTOR_BATCH, SinCos.h) each step is one vector operation; otherwise the same
// IEEE operations run lane by lane. Every lane is the scalar expression cocos2d-x evaluates, in
// its order, so both give the same bits.

namespace bonescope::core::lanes {

static_assert(offsetof(Transform, y) == offsetof(Transform, x) + sizeof(float) &&
                  offsetof(Transform, skewY) == offsetof(Transform, skewX) + sizeof(float) &&
                  offsetof(Transform, scaleX) == offsetof(Transform, skewX) + 2 * sizeof(float) &&
                  offsetof(Transform, scaleY) == offsetof(Transform, skewX) + 3 * sizeof(float),
              "Transform keeps x, y and then skewX, skewY, scaleX, scaleY side by side");
static_assert(offsetof(Affine, b) == sizeof(float) && offsetof(Affine, c) == 2 * sizeof(float) &&
                  offsetof(Affine, d) == 3 * sizeof(float) &&
                  offsetof(Affine, ty) == offsetof(Affine, tx) + sizeof(float),
              "Affine keeps a, b, c, d side by side, and tx, ty");

#if BONESCOPE_USE_VECTOR_BATCH
using Linear = sincos::Float4; ///< skewX, skewY, scaleX, scaleY
using Position = float __attribute__((vector_size(8)));
#else
struct Linear {
    float lane[4];
};
struct Position {
    float lane[2];
};
#endif

/// A transform in lanes: its x and y, and its skews and scales.
struct TransformLanes {
    Position position;
    Linear linear;
};

/// A transform's skews and scales.
inline Linear linearOf(const Transform& t)
{
    Linear v;
    std::memcpy(&v, &t.skewX, sizeof v);
    return v;
}
/// A transform's x and y.
inline Position positionOf(const Transform& t)
{
    Position v;
    std::memcpy(&v, &t.x, sizeof v);
    return v;
}
inline void setLinear(Transform& t, const Linear& v)
{
    std::memcpy(&t.skewX, &v, sizeof v);
}
/// Writes `v` to xy[0] and xy[1] (a Transform's x and y, or an Affine's tx and ty).
inline void setPosition(float* xy, const Position& v)
{
    std::memcpy(xy, &v, sizeof v);
}
/// A transform in lanes, and back.
inline TransformLanes load(const Transform& t)
{
    return {positionOf(t), linearOf(t)};
}
inline void store(Transform& t, const TransformLanes& v)
{
    setPosition(&t.x, v.position);
    setLinear(t, v.linear);
}

/// `to` − `from`, lane by lane.
inline TransformLanes difference(const TransformLanes& to, const TransformLanes& from)
{
#if BONESCOPE_USE_VECTOR_BATCH
    return {to.position - from.position, to.linear - from.linear};
#else
    TransformLanes out;
    for (int i = 0; i < 2; ++i)
        out.position.lane[i] = to.position.lane[i] - from.position.lane[i];
    for (int i = 0; i < 4; ++i)
        out.linear.lane[i] = to.linear.lane[i] - from.linear.lane[i];
    return out;
#endif
}

/// Lane `i` of `v`, read and written (0 skewX, 1 skewY, 2 scaleX, 3 scaleY).
inline float lane(const Linear& v, int i)
{
#if BONESCOPE_USE_VECTOR_BATCH
    return v[i];
#else
    return v.lane[i];
#endif
}
inline void setLane(Linear& v, int i, float value)
{
#if BONESCOPE_USE_VECTOR_BATCH
    v[i] = value;
#else
    v.lane[i] = value;
#endif
}
/// Whether both skews of `v` are less than `limit` in magnitude (NaN is not).
inline bool skewsWithin(const Linear& v, float limit)
{
#if BONESCOPE_USE_VECTOR_BATCH
    // One compare of the magnitudes (sign bits cleared), then the skews' two lanes at once.
    using Mask = std::int32_t __attribute__((vector_size(16)));
    const Linear magnitude = __builtin_bit_cast(Linear, __builtin_bit_cast(Mask, v) & 0x7fffffff);
    const Mask within = magnitude < limit;
    std::uint64_t skews;
    std::memcpy(&skews, &within, sizeof skews);
    return skews == ~std::uint64_t{0};
#else
    return std::abs(lane(v, 0)) < limit && std::abs(lane(v, 1)) < limit;
#endif
}

/// `from` + ratio × `delta`, lane by lane (cocos2d-x Tween::tweenNodeTo's arithmetic).
inline TransformLanes tween(const TransformLanes& from, const TransformLanes& delta, float ratio)
{
#if BONESCOPE_USE_VECTOR_BATCH
    return {from.position + ratio * delta.position, from.linear + ratio * delta.linear};
#else
    TransformLanes out;
    for (int i = 0; i < 2; ++i)
        out.position.lane[i] = from.position.lane[i] + ratio * delta.position.lane[i];
    for (int i = 0; i < 4; ++i)
        out.linear.lane[i] = from.linear.lane[i] + ratio * delta.linear.lane[i];
    return out;
#endif
}

/// cocos2d-x Bone::applyParentTransform's linear part: the skews add, the scales multiply.
inline Linear composeLinear(const Linear& local, const Linear& parent)
{
#if BONESCOPE_USE_VECTOR_BATCH
    return __builtin_shufflevector(local + parent, local * parent, 0, 1, 6, 7);
#else
    return {{local.lane[0] + parent.lane[0], local.lane[1] + parent.lane[1],
             local.lane[2] * parent.lane[2], local.lane[3] * parent.lane[3]}};
#endif
}

/// cocos2d-x Bone::applyParentTransform's position: `local` through the parent's matrix `m`,
/// offset by the parent's armature-space position `offset`.
inline Position composePosition(const Position& local, const Affine& m, const Position& offset)
{
#if BONESCOPE_USE_VECTOR_BATCH
    sincos::Float4 matrix;
    std::memcpy(&matrix, &m.a, sizeof matrix);
    // (x·a, x·b, y·c, y·d), then the two halves summed: (x·a + y·c, x·b + y·d).
    const sincos::Float4 products = __builtin_shufflevector(local, local, 0, 0, 1, 1) * matrix;
    return __builtin_shufflevector(products, products, 0, 1) +
           __builtin_shufflevector(products, products, 2, 3) + offset;
#else
    const float x = local.lane[0], y = local.lane[1];
    return {{x * m.a + y * m.c + offset.lane[0], x * m.b + y * m.d + offset.lane[1]}};
#endif
}

/// cocos2d-x Bone::update for CocoStudio data of version 0.3 on: nodeConcat of the tween's
/// `delta` with the `setup` pose, then scale − 1. (The vector form takes 0 off the skews, which
/// changes no bit, −0 included, so that all four linear values go through the same two
/// operations.)
inline TransformLanes withSetup(const TransformLanes& delta, const TransformLanes& setup)
{
#if BONESCOPE_USE_VECTOR_BATCH
    return {delta.position + setup.position, delta.linear + setup.linear - Linear{0, 0, 1, 1}};
#else
    const float* d = delta.linear.lane;
    const float* s = setup.linear.lane;
    return {{{delta.position.lane[0] + setup.position.lane[0],
              delta.position.lane[1] + setup.position.lane[1]}},
            {{d[0] + s[0], d[1] + s[1], d[2] + s[2] - 1.f, d[3] + s[3] - 1.f}}};
#endif
}

/// cocos2d-x's skew form of the 2×2 matrix of `linear`'s skews and scales, from their sines
/// and cosines (index 0 skewX, 1 skewY): a, b, c, d = scaleX·cos skewY, scaleX·sin skewY,
/// scaleY·sin skewX, scaleY·cos skewX.
inline void setLinearPart(Affine& m, const Linear& linear, const float (&sine)[2],
                          const float (&cosine)[2])
{
#if BONESCOPE_USE_VECTOR_BATCH
    Position s, c;
    std::memcpy(&s, sine, sizeof s);
    std::memcpy(&c, cosine, sizeof c);
    const Linear trigonometry = __builtin_shufflevector(c, s, 1, 3, 2, 0);
    const Linear scales = __builtin_shufflevector(linear, linear, 2, 2, 3, 3);
    const Linear abcd = scales * trigonometry;
    std::memcpy(&m.a, &abcd, sizeof abcd);
#else
    m.a = linear.lane[2] * cosine[1];
    m.b = linear.lane[2] * sine[1];
    m.c = linear.lane[3] * sine[0];
    m.d = linear.lane[3] * cosine[0];
#endif
}

/// Whether every lane of `a` equals `b`'s (so −0 equals +0, and NaN nothing).
inline bool sameLinear(const Linear& a, const Linear& b)
{
#if BONESCOPE_USE_VECTOR_BATCH
    using Mask = std::int32_t __attribute__((vector_size(16)));
    const Mask same = a == b;
    std::uint64_t words[2];
    std::memcpy(words, &same, sizeof words);
    return (words[0] & words[1]) == ~std::uint64_t{0};
#else
    return a.lane[0] == b.lane[0] && a.lane[1] == b.lane[1] && a.lane[2] == b.lane[2] &&
           a.lane[3] == b.lane[3];
#endif
}

} // namespace bonescope::core::lanes
