#include "runtime/KeySpan.h"

#include "runtime/TweenDelta.h"

namespace bonescope::core {

namespace {

/// The difference of a keyframe to itself with `key`'s whole turns: no change but the turns.
Transform turnsOf(const FrameData& key)
{
    Transform turns{0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    addTurns(turns.skewX, turns.skewY, key.tweenRotate);
    return turns;
}

} // namespace

KeySpan KeySpan::fromFrames(const std::vector<FrameData>& frames, size_t index, SpanColor& colors)
{
    const FrameData& from = frames[index];
    if (index + 1 < frames.size())
        return spanning(from, frames[index + 1], colors);
    return holding(from, from, colors);
}

KeySpan KeySpan::pastLast(const std::vector<FrameData>& frames, SpanColor& colors)
{
    const FrameData& last = frames.back();
    if (frames.size() > 1)
        return spanning(last, frames.front(), colors);
    return holding(last, last, colors);
}

KeySpan KeySpan::held(const FrameData& key, SpanColor& colors)
{
    KeySpan span = holding(key, key, colors);
    if (key.tween && key.tweenRotate != 0.f) {
        span.hold = false;
        span.delta = turnsOf(key);
    }
    return span;
}

KeySpan KeySpan::spanning(const FrameData& from, const FrameData& to, SpanColor& colors)
{
    const bool fromHidden = from.displayIndex < 0;
    if (fromHidden != (to.displayIndex < 0)) {
        // A hold keyframe's copy stays when its tween, of easing None, writes nothing.
        if (!from.tween && from.easing == Easing::None)
            return holding(from, from, colors);
        const FrameData& start = fromHidden ? to : from;
        KeySpan span = holding(from, start, colors);
        span.easing = from.easing;
        span.easesByNext = fromHidden;
        if (start.tween) {
            // Tweened over a difference of the turns alone (0 without any).
            span.hold = false;
            span.delta = turnsOf(to);
            span.useColor = from.useColor || to.useColor;
        }
        return span;
    }
    if (!from.tween)
        return holding(from, from, colors);
    const Transform& f = from.transform;
    const Transform& t = to.transform;
    float skewX = t.skewX - f.skewX;
    float skewY = t.skewY - f.skewY;
    if (to.tweenRotate != 0.f)
        addTurns(skewX, skewY, to.tweenRotate);
    KeySpan span;
    span.easing = from.easing;
    span.from = f;
    span.delta = {t.x - f.x, t.y - f.y, skewX, skewY, t.scaleX - f.scaleX, t.scaleY - f.scaleY};
    colors = {};
    colors.color = from.color;
    span.useColor = from.useColor || to.useColor;
    if (span.useColor)
        colors.delta = colorDifference(from.color, to.color);
    span.zOrder = from.zOrder;
    span.displayIndex = from.displayIndex;
    return span;
}

KeySpan KeySpan::holding(const FrameData& from, const FrameData& held, SpanColor& colors)
{
    KeySpan span;
    span.hold = true;
    span.from = held.transform;
    colors = {};
    colors.color = held.color;
    // The keyframe the span starts at is the one that arrives: its display (hidden, when it
    // is) and z order show, whichever keyframe's values are held.
    span.zOrder = from.zOrder;
    span.displayIndex = from.displayIndex;
    return span;
}

} // namespace bonescope::core
