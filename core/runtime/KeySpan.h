#pragma once

#include "model/MovementData.h"

#include <vector>

namespace bonescope::core {

/// A span's colour at its start and the difference to its end; spans share them through the
/// rig's colour table (most bones are untinted).
struct SpanColor {
    ColorTransform color;
    ColorTransform delta{0, 0, 0, 0}; ///< to − from, applied when the span's `useColor`
    friend bool operator==(const SpanColor&, const SpanColor&) = default;
};

/// One keyframe span of a bone timeline as random access reads it, computed once per rig
/// instead of at every sample: the values at the span's start and their differences to its
/// end (the sampler's form of TweenDelta::subtract), or the values held over the span. The
/// span's start frame lives in the rig's search array beside it, and so does its length: the
/// next keyframe's start minus its own.
struct KeySpan {
    Transform from;
    Transform delta; ///< to − from, the skews with to's tweenRotate turns added
    int zOrder = 0;  ///< of the keyframe the span starts at
    int displayIndex = 0;
    unsigned color = 0; ///< index into ArmatureRig::spanColors()
    /// The keyframe's (the rig resolves the movement's into it); None (with `hold`, set by the
    /// rig): a span cocos2d-x never tweens, which keeps the values the update before it left.
    /// Sixteen bits hold every easing (−1 to 10000) and make a span 64 bytes: the sampler
    /// indexes spans by a shift.
    Easing easing : 16 = Easing::Linear;
    bool hold : 1 = false; ///< `from` and the colour stay over the whole span
    bool useColor : 1 = false;
    /// The span eases with the next keyframe's parameters (`twEP`): it starts at a hidden
    /// keyframe, and cocos2d-x's tween starts at the visible one.
    bool easesByNext : 1 = false;

    /// The span starting at keyframe `index` of `frames` (spanning, below); the last keyframe
    /// holds its values. Writes the span's colours to `colors`: the caller stores them and sets
    /// the `color` index.
    static KeySpan fromFrames(const std::vector<FrameData>& frames, size_t index,
                              SpanColor& colors);
    /// What cocos2d-x's Tween tweens on the first update past the last keyframe of `frames` (a
    /// track that ends before its movement): from the last keyframe back toward the first
    /// (spanning); the ratio there is negative and not eased.
    static KeySpan pastLast(const std::vector<FrameData>& frames, SpanColor& colors);
    /// What cocos2d-x's Tween shows of keyframe `key` while it holds it (before a track's first
    /// keyframe, past its last): the tween's difference of the keyframe to itself, which is the
    /// keyframe's whole turns (tweenRotate), at the bone's pass ratio; a hold for a keyframe of
    /// no turns or of tween off.
    static KeySpan held(const FrameData& key, SpanColor& colors);
    /// The span from keyframe `from` to keyframe `to` with cocos2d-x's Tween rules. It tweens
    /// from `from` to `to`; a hold keyframe (tween off) holds its values. Beside a hidden
    /// keyframe the tween starts at the visible one, with its easing parameters, and adds only
    /// `to`'s whole turns (tweenRotate), to a hold keyframe's values too (its own stay only when
    /// its easing is None: its tween writes nothing): a difference of 0 but for the turns, which
    /// an eased ratio that is NaN still makes NaN (easesToNaN); a tweened keyframe of easing None
    /// keeps the easing (the values of the update before stay, the rig's and the sampler's rule).
    /// The span's own keyframe gives the display and z order (a hidden one hides).
    static KeySpan spanning(const FrameData& from, const FrameData& to, SpanColor& colors);

private:
    /// A span holding `held`'s values, with `from`'s display and z order.
    static KeySpan holding(const FrameData& from, const FrameData& held, SpanColor& colors);
};
static_assert(sizeof(KeySpan) == 64);

} // namespace bonescope::core
