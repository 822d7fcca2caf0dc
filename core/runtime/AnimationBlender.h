#pragma once

#include "runtime/BlendClip.h"

#include <vector>

namespace bonescope::core {

/// How AnimationBlender::blend moves to a new movement (seed 002, Ogre's AnimationBlender).
enum class BlendTransition {
    Switch,         ///< stop the source and start the target at once
    WhileAnimating, ///< cross-fade: source fades out, target fades in, both advance
    ThenAnimate,    ///< fade the source into the target's first frame, then start the target
};

/// Seed 002's state machine (Ogre AnimationBlender) on movement indices and times in seconds,
/// with no poses: Blender samples the clips it reports and mixes them by the weights.
///
/// While blending, source weight = timeLeft / duration and target weight = 1 − that. Calling
/// blend() during a transition: same target → nothing; the source → the two swap and
/// timeLeft = duration − timeLeft; a third movement → if timeLeft < duration / 2 it replaces the
/// target, else the old target becomes the source; either way the newcomer starts at time 0
/// with weight 1 − timeLeft / duration, and the running transition keeps its type and duration.
///
/// Where Ogre's code is ambiguous or stalls, this class decides (tests hold it): the `loop`
/// flag belongs to the movement just requested (Ogre re-applies it to whatever is the source);
/// a transition ends once timeLeft ≤ 0 within 1e-9 s (Ogre's `< 0` stalls at exactly 0);
/// Switch drops a running target (Ogre leaves it enabled); a non-Switch blend with duration
/// ≤ 0 outside a transition behaves as Switch; `complete` describes the source after the
/// update rather than before it.
class AnimationBlender {
public:
    /// `timings[i]` describes movement i; the blender copies them.
    explicit AnimationBlender(std::vector<MovementTiming> timings);

    /// Plays `movement` alone from time 0 (Ogre's init).
    void init(int movement, bool loop);
    /// Starts or re-targets a transition to `movement` lasting `durationSeconds`.
    void blend(int movement, BlendTransition transition, double durationSeconds, bool loop);
    /// Advances by `seconds`: the transition (weights, completion) and the clips' times.
    void addTime(double seconds);

    const BlendClip& source() const { return m_source; }
    /// The movement being blended in; its `movement` is −1 when not blending.
    const BlendClip& target() const { return m_target; }
    bool blending() const { return m_target.movement >= 0; }
    BlendTransition transition() const { return m_transition; }
    double timeLeftSeconds() const { return blending() ? m_timeLeft : 0.0; }
    double durationSeconds() const { return m_duration; }
    /// timeLeft / duration while blending, 1 otherwise.
    double sourceWeight() const { return blending() ? m_timeLeft / m_duration : 1.0; }
    double targetWeight() const { return 1.0 - sourceWeight(); }
    /// Ratio 0..1 of the transition done (= target weight). Ogre's getProgress() returns the
    /// remaining ratio timeLeft / duration instead, which is sourceWeight() here.
    double progress() const { return targetWeight(); }
    /// True when the source does not loop and has reached its end.
    bool complete() const { return m_complete; }
    const MovementTiming& timing(int movement) const { return m_timings.at(movement); }

private:
    void start(BlendClip& clip, int movement, bool loop) const;

    std::vector<MovementTiming> m_timings;
    BlendClip m_source;
    BlendClip m_target;
    BlendTransition m_transition = BlendTransition::Switch;
    double m_timeLeft = 0.0; ///< seconds
    double m_duration = 1.0; ///< seconds
    bool m_complete = false;
};

} // namespace bonescope::core
