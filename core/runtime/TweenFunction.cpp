#include "runtime/TweenFunction.h"

#include "base/Clones.h"
#include "runtime/SinCos.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>

namespace bonescope::core {

namespace {

constexpr float kPi = static_cast<float>(std::numbers::pi);
constexpr float kHalfPi = static_cast<float>(std::numbers::pi / 2);

// The sine easings run on every update of an eased span (robot run eases them all), where
// libm's cosf was a quarter of a random-access sample's time. For ratios in [0, 1] they take the
// hierarchy's polynomials on angles folded into [0, π/4] (error about 1e-7; the folds ½ − v and
// 1 − v are exact there), so a span's ends stay exact: 0 and 1 in, 0 and 1 out.
float sinOf(float r) // |r| ≤ π/4
{
    float sine;
    sincos::sinPolynomial(r, sine);
    return sine;
}
float cosOf(float r) // |r| ≤ π/4
{
    float cosine;
    sincos::cosPolynomial(r, cosine);
    return cosine;
}
/// cos(π·v) for v in [0, 1].
float cosPi(float v)
{
    if (v <= 0.25f)
        return cosOf(kPi * v);
    if (v <= 0.75f)
        return sinOf(kPi * (0.5f - v));
    return -cosOf(kPi * (1 - v));
}
/// sin(π·v) for v in [0, ½].
float sinPi(float v)
{
    return v <= 0.25f ? sinOf(kPi * v) : cosOf(kPi * (0.5f - v));
}
bool inUnitRange(float t)
{
    return t >= 0.f && t <= 1.f;
}

float sineEaseIn(float t)
{
    return -1 * (inUnitRange(t) ? cosPi(0.5f * t) : std::cos(t * kHalfPi)) + 1;
}
float sineEaseOut(float t)
{
    return inUnitRange(t) ? sinPi(0.5f * t) : std::sin(t * kHalfPi);
}
float sineEaseInOut(float t)
{
    return -0.5f * ((inUnitRange(t) ? cosPi(t) : std::cos(kPi * t)) - 1);
}

float quadEaseIn(float t)
{
    return t * t;
}
float quadEaseOut(float t)
{
    return -1 * t * (t - 2);
}
float quadEaseInOut(float t)
{
    t = t * 2;
    if (t < 1)
        return 0.5f * t * t;
    --t;
    return -0.5f * (t * (t - 2) - 1);
}

float cubicEaseIn(float t)
{
    return t * t * t;
}
float cubicEaseOut(float t)
{
    t -= 1;
    return t * t * t + 1;
}
float cubicEaseInOut(float t)
{
    t = t * 2;
    if (t < 1)
        return 0.5f * t * t * t;
    t -= 2;
    return 0.5f * (t * t * t + 2);
}

float quartEaseIn(float t)
{
    return t * t * t * t;
}
float quartEaseOut(float t)
{
    t -= 1;
    return -(t * t * t * t - 1);
}
float quartEaseInOut(float t)
{
    t = t * 2;
    if (t < 1)
        return 0.5f * t * t * t * t;
    t -= 2;
    return -0.5f * (t * t * t * t - 2);
}

float quintEaseIn(float t)
{
    return t * t * t * t * t;
}
float quintEaseOut(float t)
{
    t -= 1;
    return t * t * t * t * t + 1;
}
float quintEaseInOut(float t)
{
    t = t * 2;
    if (t < 1)
        return 0.5f * t * t * t * t * t;
    t -= 2;
    return 0.5f * (t * t * t * t * t + 2);
}

// cocos2d-x subtracts 0.001 from the whole expression (operator precedence), so expoEaseIn(1)
// is 0.999; kept because the goldens show it.
float expoEaseIn(float t)
{
    return t == 0 ? 0 : std::pow(2.f, 10 * (t / 1 - 1)) - 1 * 0.001f;
}
float expoEaseOut(float t)
{
    return t == 1 ? 1 : (-std::pow(2.f, -10 * t / 1) + 1);
}
// cocos2d-x 3.x+ pins both ends (0 and 1 exactly); the goldens depend on it at span starts.
float expoEaseInOut(float t)
{
    if (t == 0 || t == 1)
        return t;
    if (t < 0.5f)
        return 0.5f * std::pow(2.f, 10 * (t * 2 - 1));
    return 0.5f * (-std::pow(2.f, -10 * (t * 2 - 1)) + 2);
}

float circEaseIn(float t)
{
    return -1 * (std::sqrt(1 - t * t) - 1);
}
float circEaseOut(float t)
{
    t = t - 1;
    return std::sqrt(1 - t * t);
}
float circEaseInOut(float t)
{
    t = t * 2;
    if (t < 1)
        return -0.5f * (std::sqrt(1 - t * t) - 1);
    t -= 2;
    return 0.5f * (std::sqrt(1 - t * t) + 1);
}

// cocos2d-x's M_PI_X_2 macro expands without parentheses: x * (float)M_PI * 2.0f / period is
// evaluated left to right, which is reproduced here.
float elasticAngle(float x, float period)
{
    return x * kPi * 2.0f / period;
}

float elasticEaseIn(float t, float period)
{
    if (t == 0 || t == 1)
        return t;
    const float s = period / 4;
    t = t - 1;
    return -std::pow(2.f, 10 * t) * std::sin(elasticAngle(t - s, period));
}
float elasticEaseOut(float t, float period)
{
    if (t == 0 || t == 1)
        return t;
    const float s = period / 4;
    return std::pow(2.f, -10 * t) * std::sin(elasticAngle(t - s, period)) + 1;
}
float elasticEaseInOut(float t, float period)
{
    if (t == 0 || t == 1)
        return t;
    t = t * 2;
    if (period == 0)
        period = 0.3f * 1.5f;
    const float s = period / 4;
    t = t - 1;
    if (t < 0)
        return -0.5f * std::pow(2.f, 10 * t) * std::sin(elasticAngle(t - s, period));
    return std::pow(2.f, -10 * t) * std::sin(elasticAngle(t - s, period)) * 0.5f + 1;
}

constexpr float kOvershoot = 1.70158f;
float backEaseIn(float t)
{
    return t * t * ((kOvershoot + 1) * t - kOvershoot);
}
float backEaseOut(float t)
{
    t = t - 1;
    return t * t * ((kOvershoot + 1) * t + kOvershoot) + 1;
}
float backEaseInOut(float t)
{
    const float overshoot = kOvershoot * 1.525f;
    t = t * 2;
    if (t < 1)
        return (t * t * ((overshoot + 1) * t - overshoot)) / 2;
    t = t - 2;
    return (t * t * ((overshoot + 1) * t + overshoot)) / 2 + 1;
}

float bounceTime(float t)
{
    if (t < 1 / 2.75f)
        return 7.5625f * t * t;
    if (t < 2 / 2.75f) {
        t -= 1.5f / 2.75f;
        return 7.5625f * t * t + 0.75f;
    }
    if (t < 2.5f / 2.75f) {
        t -= 2.25f / 2.75f;
        return 7.5625f * t * t + 0.9375f;
    }
    t -= 2.625f / 2.75f;
    return 7.5625f * t * t + 0.984375f;
}
float bounceEaseIn(float t)
{
    return 1 - bounceTime(1 - t);
}
float bounceEaseOut(float t)
{
    return bounceTime(t);
}
float bounceEaseInOut(float t)
{
    if (t < 0.5f) {
        t = t * 2;
        return (1 - bounceTime(1 - t)) * 0.5f;
    }
    return bounceTime(t * 2 - 1) * 0.5f + 0.5f;
}

float elasticPeriod(const float* params, int count)
{
    return params && count > 0 ? params[0] : 0.3f;
}

} // namespace

bool easesToNaN(Easing type, const float* params, int count)
{
    return (type == Easing::ElasticEaseIn || type == Easing::ElasticEaseOut) &&
           elasticPeriod(params, count) == 0;
}

float customEase(float t, const float* params, int count)
{
    if (!params || count < 8)
        return t;
    const float tt = 1 - t;
    return params[1] * tt * tt * tt + 3 * params[3] * t * tt * tt + 3 * params[5] * t * t * tt +
           params[7] * t * t * t;
}

float tweenTo(float t, Easing type, const float* params, int count)
{
    switch (type) {
    case Easing::CustomEasing:
        return customEase(t, params, count);
    case Easing::Linear:
        return t;
    case Easing::SineEaseIn:
        return sineEaseIn(t);
    case Easing::SineEaseOut:
        return sineEaseOut(t);
    case Easing::SineEaseInOut:
        return sineEaseInOut(t);
    case Easing::QuadEaseIn:
        return quadEaseIn(t);
    case Easing::QuadEaseOut:
        return quadEaseOut(t);
    case Easing::QuadEaseInOut:
        return quadEaseInOut(t);
    case Easing::CubicEaseIn:
        return cubicEaseIn(t);
    case Easing::CubicEaseOut:
        return cubicEaseOut(t);
    case Easing::CubicEaseInOut:
        return cubicEaseInOut(t);
    case Easing::QuartEaseIn:
        return quartEaseIn(t);
    case Easing::QuartEaseOut:
        return quartEaseOut(t);
    case Easing::QuartEaseInOut:
        return quartEaseInOut(t);
    case Easing::QuintEaseIn:
        return quintEaseIn(t);
    case Easing::QuintEaseOut:
        return quintEaseOut(t);
    case Easing::QuintEaseInOut:
        return quintEaseInOut(t);
    case Easing::ExpoEaseIn:
        return expoEaseIn(t);
    case Easing::ExpoEaseOut:
        return expoEaseOut(t);
    case Easing::ExpoEaseInOut:
        return expoEaseInOut(t);
    case Easing::CircEaseIn:
        return circEaseIn(t);
    case Easing::CircEaseOut:
        return circEaseOut(t);
    case Easing::CircEaseInOut:
        return circEaseInOut(t);
    case Easing::ElasticEaseIn:
        return elasticEaseIn(t, elasticPeriod(params, count));
    case Easing::ElasticEaseOut:
        return elasticEaseOut(t, elasticPeriod(params, count));
    case Easing::ElasticEaseInOut:
        return elasticEaseInOut(t, elasticPeriod(params, count));
    case Easing::BackEaseIn:
        return backEaseIn(t);
    case Easing::BackEaseOut:
        return backEaseOut(t);
    case Easing::BackEaseInOut:
        return backEaseInOut(t);
    case Easing::BounceEaseIn:
        return bounceEaseIn(t);
    case Easing::BounceEaseOut:
        return bounceEaseOut(t);
    case Easing::BounceEaseInOut:
        return bounceEaseInOut(t);
    case Easing::None:
        break;
    }
    return sineEaseInOut(t);
}

#if BONESCOPE_USE_VECTOR_BATCH
namespace {

// sineEaseInOutBatch's eight lanes. cosPi's folds are chosen lane by lane (its three branches
// become masks): each lane takes the same operations on the same angle, so the same bits.
BONESCOPE_AVX2_CLONES
void sineEaseInOutVector(float* ratios, int count)
{
    using Vector = sincos::Float8;
    using Mask = sincos::Lanes<Vector>::Int;
    constexpr int kLanes = sizeof(Vector) / sizeof(float);
    for (int start = 0; start < count; start += kLanes) {
        Vector v;
        std::memcpy(&v, ratios + start, sizeof v); // the caller pads to whole vectors
        const Mask low = v <= 0.25f;
        const Mask middle = v <= 0.75f;
        const Vector angle = low ? kPi * v : middle ? kPi * (0.5f - v) : kPi * (1.f - v);
        Vector sine, cosine;
        sincos::sinPolynomial(angle, sine);
        sincos::cosPolynomial(angle, cosine);
        const Vector cosPiV = low ? cosine : middle ? sine : -cosine;
        Vector eased = -0.5f * (cosPiV - 1.f);
        // Lanes outside [0, 1] (NaN included) take tweenTo's other branch, one by one.
        const Mask outside = ~((v >= 0.f) & (v <= 1.f));
        std::uint64_t words[sizeof outside / sizeof(std::uint64_t)];
        std::memcpy(words, &outside, sizeof words);
        if ((words[0] | words[1] | words[2] | words[3]) != 0) [[unlikely]]
            for (int lane = 0; lane < kLanes && start + lane < count; ++lane)
                if (outside[lane])
                    eased[lane] = sineEaseInOut(v[lane]);
        std::memcpy(ratios + start, &eased, sizeof eased);
    }
}

} // namespace
#endif

void sineEaseInOutBatch(float* ratios, int count)
{
#if BONESCOPE_USE_VECTOR_BATCH
    sineEaseInOutVector(ratios, count);
#else
    for (int i = 0; i < count; ++i)
        ratios[i] = sineEaseInOut(ratios[i]);
#endif
}

} // namespace bonescope::core
