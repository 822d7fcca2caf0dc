#pragma once

#include "model/MovementData.h"
#include "runtime/ProcessClock.h"
#include "runtime/TweenDelta.h"
#include "runtime/TweenFrame.h"
#include "runtime/TweenFunction.h"

namespace bonescope::core {

class Armature;

/// One bone's progress through the current movement (cocos2d-x Tween): the durationTo blend
/// from the bone's live values into the movement's first keyframe (sine-eased), then the pass
/// over the timeline with keyframe easing, bone scale `sc` and delay `dl`, loops and events.
/// The keyframe span is located with findKeyFrame (binary search, MovementSampler.h); the span
/// is cached so sequential playback does no search. State only: the armature passes itself
/// and the bone index, the data stays immutable. No allocation.
class BoneTween {
public:
    /// cocos2d-x Tween::play. `movementFrames` is the movement's `dr`; durations in frames.
    void play(Armature& armature, int bone, const MovementBoneData& track, int movementFrames,
              int durationToFrames, int durationTweenFrames, bool loop, Easing movementEasing);
    /// cocos2d-x Tween::gotoAndPlay: jump to timeline frame `frameIndex`; the values follow
    /// at the next update.
    void gotoAndPlay(int frameIndex);
    /// Advances by a step of `frames` (dtSeconds / kFrameSeconds, for a step of at most a
    /// second) and writes the bone's live values `live` (armature.tweenData(bone)). Inline:
    /// the player calls it for every bone, and a stopped or paused tween, or one that stays
    /// inside its keyframe span, then costs no call but the easing's and the values'.
    void update(Armature& armature, int bone, TweenFrame& live, float frames)
    {
        if (!m_clock.advanceFrames(frames))
            return;
        // updateHandler's path inside a pass and inside the cached span (NaN positions fail
        // the tests and take it whole).
        const ProcessClock& c = m_clock;
        if (c.currentPercent < 1 && c.loopType > LoopType::ToLoopBack) {
            const float played = (static_cast<float>(c.rawDuration) - 1) * c.currentPercent;
            if (played >= m_spanStart && played < m_spanEnd) {
                if (m_frameTweenEasing != Easing::None)
                    tweenNodeTo(spanRatio(played), live);
                return;
            }
        }
        updateHandler(armature, bone);
    }

    void pause() { m_clock.pause(); }
    void resume() { m_clock.resume(); }
    void stop() { m_clock.stop(); }
    void setProcessScale(float scale) { m_clock.processScale = scale; }
    const ProcessClock& clock() const { return m_clock; }
    const MovementBoneData* track() const { return m_track; }

private:
    [[gnu::noinline]] void updateHandler(Armature& armature, int bone);
    // The rare paths live out of line (noinline) so that the per-update path stays short and
    // saves few registers.
    /// The clock reached the end of its phase (blend-in or pass): loop, chain or complete.
    [[gnu::noinline]] void endPass();
    float updateFrameData(Armature& armature, int bone, float ratio);
    /// `played` (frames into the timeline) left the cached span: find and enter its keyframe
    /// span, raising the frame events passed. True when `played` is before the first keyframe
    /// or past the last one, where the keyframe is held.
    [[gnu::noinline]] bool enterSpan(Armature& armature, int bone, float played);
    void setBetween(Armature& armature, int bone, const TweenFrame& from, const TweenFrame& to,
                    const FrameData* fromKey, bool limit = true);
    /// How far timeline frame `played` (inside the cached span) is through the span, eased.
    float spanRatio(float played) const
    {
        const float ratio = m_spanLength == 0 ? 0 : (played - m_spanStart) / m_spanLength;
        return m_passLastFrame ? ratio
                               : easeSpan(ratio, m_frameTweenEasing, m_clock.tweenEasing,
                                          m_from.easingParams, m_from.easingParamCount);
    }
    /// The span's values `ratio` of the way (0 for a hold span). Inline: the update's path.
    void tweenNodeTo(float ratio, TweenFrame& node) const;
    void resetSpan();

    /// cocos2d-x Tween::_from: the fields of the span's first values the updates read.
    struct SpanStart {
        Transform transform;
        ColorTransform color;
        const float* easingParams = nullptr;
        int easingParamCount = 0;
        bool isTween = true;

        static SpanStart of(const TweenFrame& frame)
        {
            return {frame.transform, frame.color, frame.easingParams, frame.easingParamCount,
                    frame.isTween};
        }
    };

    ProcessClock m_clock;
    const MovementBoneData* m_track = nullptr;
    SpanStart m_from;
    TweenDelta m_between;
    Easing m_frameTweenEasing = Easing::Linear;
    // The cached keyframe span in frames, as floats: compared with every update's position.
    float m_spanStart = 0.f;
    float m_spanEnd = 0.f;
    float m_spanLength = 0.f;
    int m_toIndex = 0;
    bool m_passLastFrame = false;
};

inline void BoneTween::tweenNodeTo(float ratio, TweenFrame& node) const
{
    if (!m_from.isTween)
        ratio = 0;
    const Transform& f = m_from.transform;
    const Transform& d = m_between.transform;
    node.transform.x = f.x + ratio * d.x;
    node.transform.y = f.y + ratio * d.y;
    node.transform.scaleX = f.scaleX + ratio * d.scaleX;
    node.transform.scaleY = f.scaleY + ratio * d.scaleY;
    node.transform.skewX = f.skewX + ratio * d.skewX;
    node.transform.skewY = f.skewY + ratio * d.skewY;
    if (m_between.useColor) {
        // int + float × int, truncated back to int, as cocos2d-x's colour channels.
        node.color.alpha = static_cast<int>(m_from.color.alpha + ratio * m_between.color.alpha);
        node.color.red = static_cast<int>(m_from.color.red + ratio * m_between.color.red);
        node.color.green = static_cast<int>(m_from.color.green + ratio * m_between.color.green);
        node.color.blue = static_cast<int>(m_from.color.blue + ratio * m_between.color.blue);
    }
}

} // namespace bonescope::core
