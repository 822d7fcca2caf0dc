#pragma once

#include "runtime/ArmatureEvents.h"
#include "runtime/ProcessClock.h"
#include "runtime/TweenPlayhead.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

class Armature;
class BoneTween;
struct MovementData;

/// Plays an armature's movements with cocos2d-x ArmatureAnimation semantics: transitions over
/// durationTo frames, durationTween, loops, speed scale, pause / resume / stop, goto, lists of
/// movements, and start / complete / loop-complete / frame events with cocos2d-x's timing.
/// Owned by its Armature. Durations are in frames (one update of 1/60 s at speed 1 is one
/// frame); `dtSeconds` parameters are seconds.
class Player {
public:
    explicit Player(Armature& armature);
    Player(const Player&) = delete;
    Player& operator=(const Player&) = delete;

    /// Starts `movement`. durationToFrames −1 takes the movement's `to`; loop −1 its `lp`, 0 plays
    /// once, > 0 loops. Poses the bones at once (an update of 0 s). False when no such movement.
    bool play(std::string_view movement, int durationToFrames = -1, int loop = -1);
    bool playByIndex(int movementIndex, int durationToFrames = -1, int loop = -1);
    /// Plays the movements in order, each once and entered with a durationToFrames blend;
    /// `loop` starts the list over after the last one.
    void playWithNames(const std::vector<std::string>& movements, int durationToFrames = -1,
                       bool loop = true);
    /// Jumps to timeline frame `frame` (0 ≤ frame < dr) of the current movement, skipping any
    /// blend; ignored when out of range. Frame events are not raised by the jump itself.
    void gotoAndPlay(int frame);
    /// gotoAndPlay then pause (the pause happens even when the goto is ignored).
    void gotoAndPause(int frame);
    void pause();
    void resume();
    void stop();
    /// Speed multiplier applied with the movement's own scale; takes effect at the next update
    /// without restarting. Nested armatures get the combined value as their speed.
    void setSpeedScale(float scale);
    float speedScale() const { return m_speedScale; }

    /// Advances the movement and every bone tween by `dtSeconds`, then dispatches the events
    /// raised. Called by Armature::update.
    void update(float dtSeconds);

    void setListener(ArmatureEventListener listener) { m_listener = std::move(listener); }

    /// Takes over `other`'s playback state (movement, clocks, list, speed), not its armature
    /// or listener: with Armature::copyStateFrom, a checkpoint to resume from. Same rig only.
    void copyStateFrom(const Player& other);

    const MovementData* movement() const { return m_movement; }
    int movementIndex() const { return m_movementIndex; }
    /// The current movement's name, empty once a non-looping movement completed.
    std::string_view currentMovementId() const;
    bool isPlaying() const { return m_clock.isPlaying; }
    bool isPaused() const { return m_clock.isPause; }
    bool isComplete() const { return m_clock.isComplete; }
    /// Frames into the current phase (blend-in or pass), and that phase's length in frames.
    float currentFrame() const { return m_clock.currentFrame; }
    float currentPercent() const { return m_clock.currentPercent; }
    /// True during the durationTo blend-in that precedes the movement's first pass.
    bool isBlendingIn() const { return m_clock.loopType <= LoopType::ToLoopBack; }

    /// The clock of bone `bone`'s tween (cocos2d-x Tween's own ProcessBase).
    const ProcessClock& tweenClock(int bone) const;
    /// Whether bone `bone`'s tween stepped its values in the last update (cocos2d-x's
    /// tweenNodeTo, which marks the bone's transform dirty even when the values stay).
    bool tweenStepped(int bone) const;

    // Used by the bone tweens.
    bool ignoresFrameEvents() const { return m_ignoreFrameEvent; }
    void frameEvent(int bone, std::string_view name, int keyFrame, int playedFrame);

private:
    void updateHandler();
    void movementEvent(ArmatureEventKind kind);
    void updateMovementList();
    void dispatchEvents();
    /// Joins `tween` to the playhead of m_nextPlayheads that keeps `clock` and `delay`'s time,
    /// adding one when none does. `listed`: the bone is in the tween list.
    void joinPlayhead(BoneTween& tween, const ProcessClock& clock, float delay, bool listed);

    Armature& m_armature;
    ProcessClock m_clock;
    const MovementData* m_movement = nullptr;
    int m_movementIndex = -1;
    float m_speedScale = 1.f;
    bool m_ignoreFrameEvent = false;
    bool m_tweensRan = false;     ///< the last update stepped the playheads (not a step over 1 s)
    std::vector<int> m_tweenList; ///< bones the current movement animates

    /// A playhead, and whether the tween list's bones keep its time: pause, resume, goto and
    /// stop reach only those, as cocos2d-x's reach only the listed tweens.
    struct SharedPlayhead {
        TweenPlayhead playhead;
        bool listed = false;
    };
    std::vector<SharedPlayhead> m_playheads;     ///< indexed by BoneTween::playhead()
    std::vector<SharedPlayhead> m_nextPlayheads; ///< built by play(), then swapped in

    bool m_onMovementList = false;
    bool m_movementListLoop = false;
    int m_movementListDurationTo = -1;
    size_t m_movementListIndex = 0;
    std::vector<int> m_movementList; ///< movement indices, −1 for unknown names

    ArmatureEventListener m_listener;
    std::vector<ArmatureEvent> m_frameEvents;
    std::vector<ArmatureEvent> m_movementEvents;
};

} // namespace bonescope::core
