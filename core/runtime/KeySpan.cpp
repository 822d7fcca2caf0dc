#include "runtime/KeySpan.h"

#include <numbers>

namespace bonescope::core {

KeySpan KeySpan::fromFrames(const std::vector<FrameData>& frames, size_t index, SpanColor& colors)
{
    const FrameData& from = frames[index];
    const FrameData* held = &from;
    KeySpan span;
    colors = {};
    if (index + 1 < frames.size() && from.tween) {
        const FrameData& to = frames[index + 1];
        // Beside a hidden keyframe the span holds, yet its tween still runs with the keyframe's
        // easing: one of None writes nothing, and the bone keeps what the update before it left.
        span.easing = from.easing;
        if (from.displayIndex < 0 && to.displayIndex >= 0) {
            held = &to;
        } else if (!(to.displayIndex < 0 && from.displayIndex >= 0)) {
            const Transform& f = from.transform;
            const Transform& t = to.transform;
            float skewX = t.skewX - f.skewX;
            float skewY = t.skewY - f.skewY;
            if (to.tweenRotate != 0.f) {
                constexpr double pi = std::numbers::pi;
                skewX = static_cast<float>(skewX + to.tweenRotate * pi * 2);
                skewY = static_cast<float>(skewY - to.tweenRotate * pi * 2);
            }
            span.from = f;
            span.delta = {t.x - f.x, t.y - f.y,           skewX,
                          skewY,     t.scaleX - f.scaleX, t.scaleY - f.scaleY};
            colors.color = from.color;
            span.useColor = from.useColor || to.useColor;
            if (span.useColor)
                colors.delta = {to.color.alpha - from.color.alpha, to.color.red - from.color.red,
                                to.color.green - from.color.green, to.color.blue - from.color.blue};
            span.zOrder = from.zOrder;
            span.displayIndex = from.displayIndex;
            return span;
        }
    }
    span.hold = true;
    span.from = held->transform;
    colors.color = held->color;
    // The keyframe the span starts at is the one that arrives: its display (hidden, when it
    // is) and z order show, whichever keyframe's values are held.
    span.zOrder = from.zOrder;
    span.displayIndex = from.displayIndex;
    return span;
}

} // namespace bonescope::core
