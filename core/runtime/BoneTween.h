#pragma once

#include "model/MovementData.h"
#include "runtime/ArmatureRig.h"
#include "runtime/SineEaseBatch.h"
#include "runtime/TweenDelta.h"
#include "runtime/TweenFrame.h"
#include "runtime/TweenFunction.h"
#include "runtime/TweenPlayhead.h"

#include <utility>

namespace bonescope::core {

class Armature;

/// One bone's progress through the current movement (cocos2d-x Tween): the durationTo blend
/// from the bone's live values into the movement's first keyframe (sine-eased), then the pass
/// over the timeline with keyframe easing, bone scale `sc` and delay `dl`, loops and events.
/// The clock lives in the TweenPlayhead the bone shares with the bones that keep its time; the
/// keyframe span is located with findKeyStart (binary search over the rig's key starts,
/// MovementSampler.h) and cached so sequential playback does no search. State only: the armature
/// passes itself and the bone index, the data stays immutable. No allocation.
class BoneTween {
public:
    /// cocos2d-x Tween::play, with `clock` the bone's clock (its previous movement's, which
    /// cocos2d-x carries over) to start. `compiled` is `track` as the rig compiled it.
    /// `movementFrames` is the movement's `dr`; durations in frames. The player then joins the
    /// bone to the playhead of that clock.
    void play(Armature& armature, int bone, const MovementBoneData& track,
              const ArmatureRig::SampledTrack& compiled, ProcessClock& clock, int movementFrames,
              int durationToFrames, int durationTweenFrames, bool loop, Easing movementEasing);
    /// Keeps the time of playhead `index` (whose generation is `generation`) from now on.
    void joinPlayhead(unsigned index, unsigned generation)
    {
        m_playhead = index;
        m_generation = generation;
    }
    unsigned playhead() const { return m_playhead; }

    /// A bone's live values waiting for its span's eased ratio (EasedValues' target).
    struct PendingValues {
        const BoneTween* tween;
        TweenFrame* live;
    };
    struct WritePendingValues {
        void operator()(const PendingValues& pending, float ratio) const;
    };
    /// The values of the bones inside SineEaseInOut spans, written when their ratios are eased
    /// together: the update's caller flushes it once every bone has updated.
    using EasedValues = SineEaseBatch<PendingValues, WritePendingValues>;

    /// Writes the bone's live values `live` (armature.tweenData(bone)) after `playhead`, this
    /// bone's, advanced: at once, or, inside a SineEaseInOut span, when `eased` is flushed.
    /// Inline: the player calls it for every bone, and a stopped or paused tween, or one that
    /// stays inside its keyframe span, then costs no call but the easing's and the values'.
    void update(Armature& armature, int bone, TweenFrame& live, const TweenPlayhead& playhead,
                EasedValues& eased)
    {
        if (m_generation == playhead.steadyGeneration()) {
            const float played = playhead.played();
            // NaN positions fail the test and take the whole path.
            if (played >= m_spanStart && played < m_spanEnd) {
                if (m_spanMoves) {
                    // Inside the span, so its length is positive and it is not the wrap past
                    // the last keyframe: spanRatio without its special cases.
                    float ratio = (played - m_spanStart) / (m_spanEnd - m_spanStart);
                    m_valuesChanged = true;
                    if (m_spanEasing != Easing::Linear) {
                        if (m_spanEasing == Easing::SineEaseInOut) {
                            eased.add(ratio, {this, &live});
                            return;
                        }
                        ratio = playhead.easeMemo().tweenTo(
                            ratio, m_spanEasing, m_from.easingParams, m_from.easingParamCount);
                    }
                    writeValues(ratio, live);
                }
                return;
            }
        } else if (!playhead.advanced()) {
            return;
        }
        updateHandler(armature, bone, playhead);
    }

    const MovementBoneData* track() const { return m_track; }
    /// The current span tweens the live values on each step (cocos2d-x's tweenNodeTo runs):
    /// its keyframe's easing is not None.
    bool stepsValues() const { return m_frameTweenEasing != Easing::None; }
    /// Whether the bone's live values may have changed since the last call, which clears it:
    /// the hierarchy pass composes only the bones that moved.
    bool takeValuesChanged() { return std::exchange(m_valuesChanged, false); }

private:
    // The rare paths live out of line (noinline) so that the per-update path stays short and
    // saves few registers.
    /// cocos2d-x Tween::updateHandler's bone half, after the playhead's advance. Flattened:
    /// the span entry most calls make (enterSpan, setBetween, arriveKeyFrame) is inlined here,
    /// and not into play.
    [[gnu::noinline, gnu::flatten]] void updateHandler(Armature& armature, int bone,
                                                       const TweenPlayhead& playhead);
    /// The eased ratio into the span at timeline frame `played`, entering a new span first when
    /// `played` left the cached one; `heldRatio` when a keyframe is held instead.
    float updateFrameData(Armature& armature, int bone, float played, float heldRatio,
                          Easing movementEasing);
    /// `played` (frames into the timeline) left the cached span: find and enter its keyframe
    /// span, raising the frame events passed. True when `played` is before the first keyframe
    /// or past the last one, where the keyframe is held.
    bool enterSpan(Armature& armature, int bone, float played);
    /// Raises the frame events of the keyframes from m_toIndex (the cached span's end) to
    /// `target`, wrapping on loops.
    [[gnu::noinline]] void raiseFrameEvents(Armature& armature, int bone, int target,
                                            float played) const;
    void setBetween(Armature& armature, int bone, const TweenFrame& from, const TweenFrame& to,
                    const FrameData* fromKey, bool limit = true);
    /// How far timeline frame `played` (inside the cached span) is through the span, eased.
    float spanRatio(float played, Easing movementEasing) const
    {
        const float length = m_spanEnd - m_spanStart;
        const float ratio = length == 0 ? 0 : (played - m_spanStart) / length;
        if (m_passLastFrame)
            return ratio;
        return easeSpan(ratio, m_frameTweenEasing, movementEasing, m_from.easingParams,
                        m_from.easingParamCount);
    }
    /// The span's values `ratio` of the way (0 for a hold span).
    void tweenNodeTo(float ratio, TweenFrame& node) const
    {
        writeValues(m_from.isTween ? ratio : 0, node);
    }
    /// tweenNodeTo for a span that tweens. Inline: the update's path.
    void writeValues(float ratio, TweenFrame& node) const;
    void resetSpan();
    /// Works out what the updates inside the span just entered read: m_spanMoves, and
    /// m_spanEasing (its easing resolved against `movementEasing`).
    void settleSpan(Easing movementEasing);

    /// cocos2d-x Tween::_from: the fields of the span's first values the updates read.
    struct SpanStart {
        Transform transform;
        ColorTransform color;
        const float* easingParams = nullptr;
        int easingParamCount = 0;
        bool isTween = true;

        /// Takes `frame`'s fields in place (no temporary: a span entry writes them directly).
        void assign(const TweenFrame& frame)
        {
            transform = frame.transform;
            color = frame.color;
            easingParams = frame.easingParams;
            easingParamCount = frame.easingParamCount;
            isTween = frame.isTween;
        }
    };

    const MovementBoneData* m_track = nullptr;
    SpanStart m_from;
    TweenDelta m_between;
    Easing m_frameTweenEasing = Easing::Linear;
    Easing m_spanEasing = Easing::Linear; ///< the span's resolved easing, Linear for none
    // The cached keyframe span in frames, as floats: compared with every update's position.
    float m_spanStart = 0.f;
    float m_spanEnd = 0.f;
    int m_toIndex = 0;
    unsigned m_firstKey = 0; ///< m_track's keyframes in ArmatureRig::keyStarts()
    unsigned m_playhead = 0;
    unsigned m_generation = 0; ///< the playhead's when the span was cached
    bool m_passLastFrame = false;
    bool m_frameEvents = false; ///< some keyframe of m_track raises a frame event
    /// Updates inside the span write values: it tweens, and its values do not keep their bits.
    bool m_spanMoves = false;
    bool m_valuesChanged = true; ///< a new armature's values are all new
};

inline void BoneTween::WritePendingValues::operator()(const PendingValues& pending,
                                                      float ratio) const
{
    pending.tween->writeValues(ratio, *pending.live);
}

inline void BoneTween::writeValues(float ratio, TweenFrame& node) const
{
    tweenTransform(m_from.transform, m_between.transform, ratio, node.transform);
    if (m_between.useColor)
        node.color = tweenColor(m_from.color, m_between.color, ratio);
}

} // namespace bonescope::core
