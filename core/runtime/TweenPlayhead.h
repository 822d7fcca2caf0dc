#pragma once

#include "runtime/ProcessClock.h"
#include "runtime/TweenFunction.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace bonescope::core {

/// The clock of the bone tweens that keep the same time. cocos2d-x gives every bone's Tween its
/// own clock, but tweens started by one play() with equal clocks and equal delays (`dl`) stay
/// equal: every later step, loop, goto or pause changes them alike. So the player keeps one
/// playhead per such group and advances it once per update, before its bones read it; what a
/// bone does on its own (its keyframe span, easing and values) stays in BoneTween.
class TweenPlayhead {
public:
    TweenPlayhead(const ProcessClock& clock, float delay) : m_clock(clock), m_delay(delay) {}

    /// True when a bone tween whose clock is `clock` and whose track's delay is `delay` keeps
    /// this playhead's time (same values, bit for bit).
    bool keepsTimeWith(const ProcessClock& clock, float delay) const
    {
        return clock == m_clock && delay == m_delay;
    }

    /// The clock half of cocos2d-x Tween::update and updateHandler: advances by a step of
    /// `frames` (at most a second), then ends the phase (loop, chain or complete) when it is
    /// over and eases a blend-in. The bones then read the results below. Inline: the step
    /// inside a pass is the common case.
    void advance(float frames)
    {
        m_steadyGeneration = kUnsteady;
        m_advanced = m_clock.advanceFrames(frames);
        if (!m_advanced)
            return;
        if (m_clock.currentPercent < 1 && inPass()) {
            m_steadyGeneration = m_generation;
            m_played = timelineFrame(m_clock, m_clock.currentPercent, m_delay);
        } else {
            crossPhase();
        }
    }
    /// cocos2d-x Tween::gotoAndPlay's clock: timeline frame `frameIndex`, playing.
    void gotoAndPlay(int frameIndex);
    ProcessClock& clock() { return m_clock; }
    const ProcessClock& clock() const { return m_clock; }

    /// The last advance ran the clock: the bones update.
    bool advanced() const { return m_advanced; }
    /// generation() when the last advance stayed inside a pass without reaching its end, so
    /// that only the position moved (a bone inside the keyframe span it cached in this
    /// generation needs nothing else); otherwise a value no generation takes. One compare for
    /// the bones' common case.
    std::uint64_t steadyGeneration() const { return m_steadyGeneration; }
    /// Playing the timeline (not blending in).
    bool inPass() const { return m_clock.loopType > LoopType::ToLoopBack; }
    /// The phase's eased progress (cocos2d-x's currentPercent after updateHandler).
    float ratio() const { return m_clock.currentPercent; }
    /// Frames into the timeline, in a pass: where the bones look up their keyframe span.
    float played() const { return m_played; }
    /// cocos2d-x Tween::updateFrameData's position: timeline frame `ratio` of the way through
    /// a pass of `clock`, a delayed track wrapping the ratio into the pass.
    static float timelineFrame(const ProcessClock& clock, float ratio, float delay)
    {
        if (ratio > 1 && delay != 0)
            ratio = std::fmod(ratio, 1.f);
        return (static_cast<float>(clock.rawDuration) - 1) * ratio;
    }
    /// Changes whenever the bones must forget their cached keyframe span (a new pass, a goto).
    unsigned generation() const { return m_generation; }
    /// The easings the playhead's bones computed last (a cache: the playhead's bones are
    /// updated one after the other, on one thread).
    EaseMemo& easeMemo() const { return m_easeMemo; }

private:
    /// advance's step that is not inside a pass: the phase ends, or a blend-in goes on.
    [[gnu::noinline]] void crossPhase();
    /// The clock reached the end of its phase (blend-in or pass): loop, chain or complete.
    void endPhase();

    ProcessClock m_clock;
    float m_delay = 0.f;
    float m_played = 0.f;
    unsigned m_generation = 0;
    /// One past the largest generation.
    static constexpr std::uint64_t kUnsteady =
        std::uint64_t{std::numeric_limits<unsigned>::max()} + 1;
    std::uint64_t m_steadyGeneration = kUnsteady;
    bool m_advanced = false;
    mutable EaseMemo m_easeMemo;
};

} // namespace bonescope::core
