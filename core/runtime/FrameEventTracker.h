#pragma once

#include "model/MovementData.h"
#include "runtime/BoneTimeline.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace bonescope::core {

/// How a movement's frame event fared in the latest pass that reached it, compared with its
/// keyframe.
enum class FrameEventVerdict {
    Pending, ///< not reached yet
    OnTime,  ///< fired once, while the player showed the keyframe's own timeline frame
    Late,    ///< fired, but only once the player already showed a later timeline frame
    Twice,   ///< fired more often in one pass than bones carry it
    Missed,  ///< the playhead passed or jumped over its frame and it did not fire
};

/// Checks the frame events of one movement against what playback raised: fed the playhead
/// after every update, seek or step (moveTo), the frame events raised (fired), the loop wraps
/// (loopCompleted) and the seeks (restartPhase), it judges every event keyframe per pass of the
/// movement. Events of one update may come before or after that update's moveTo wrap; they are
/// sorted into passes by their keyframe.
///
/// Time: "pass frames" are the movement clock's frames into a pass (the ruler's frames);
/// "timeline frames" are the keyframes' startFrame units the player raises events in, which a
/// bone of its own `sc` or `dl` reaches at its own pass frames (BoneTimeline.h keyFrameReaches).
/// Such a bone keeps its own time across passes, so the keys are those of the pass played: the
/// passes counted since the movement started or the playhead was sought (which replays the
/// first pass).
class FrameEventTracker {
public:
    /// One event keyframe where the pass reaches it, merged over the bones that carry the same
    /// event on the same frame and reach it together.
    struct Key {
        double passFrame = 0;  ///< where the ruler shows it
        int timelineFrame = 0; ///< the keyframe's startFrame
        std::string name;      ///< the event string
        int bones = 1;         ///< how many bones carry it (each fires once per pass)
    };
    /// A fire that matches no key of the pass: its bone does not reach the keyframe in this
    /// pass (cocos2d-x's delayed tween raises such fires while a movement blends in).
    struct StrayFire {
        double passFrame = 0;  ///< where the update that raised it ended
        int timelineFrame = 0; ///< the keyframe's startFrame
        std::string name;
    };
    /// Stray fires kept per pass, the earliest (a file may raise one on every frame).
    static constexpr size_t kMaxStrayFires = 64;

    /// Starts over on `movement`'s event keyframes, the playhead at `passFrame` in a first pass
    /// (keys before it not passed), played looping or once. Without a movement there are no
    /// keys.
    void reset(const MovementData* movement, double passFrame = 0.0, bool loop = true);
    /// The playhead is at `passFrame` after an update, seek or step. Forward, it passes the keys
    /// up to there; backward, it starts a new pass: from the start after loopCompleted(), else
    /// (a seek or goto back) at `passFrame`.
    void moveTo(double passFrame);
    /// A frame event named `name` of keyframe `keyFrame` was raised while the player showed
    /// timeline frame `playedFrame`.
    void fired(const std::string& name, int keyFrame, int playedFrame);
    /// The movement completed a loop: the next backward move wraps into a new pass.
    void loopCompleted();
    /// The playhead was sought or stepped: the bones are back in the first pass's time, and the
    /// next move starts a first pass (its keys) where the playhead was.
    void restartPhase();

    /// The pass played: passes since the movement started or the playhead was sought, 0 the
    /// first (keyFrameReaches' pass).
    int passIndex() const { return m_passIndex; }
    /// The keys of the pass played (a bone keeping its own time may reach none in a pass).
    const std::vector<Key>& keys() const { return m_keys; }
    /// Some keyframe of the movement carries a frame event, reached in this pass or not.
    bool movementHasEvents() const { return m_movementHasEvents; }
    /// The verdict of the latest pass that reached key `key`, Pending when none did.
    FrameEventVerdict verdict(size_t key) const;
    /// Fires of key `key` in the current pass.
    int firesThisPass(size_t key) const;
    /// The current pass's fires that match none of its keys, in order.
    const std::vector<StrayFire>& strayFires() const { return m_strayFires; }

private:
    struct PassState {
        int fires = 0;
        bool late = false;
        bool reached = false;
    };
    struct Fired {
        size_t key;
        bool late;
    };
    /// A keyframe's reach in a pass: its start frame, its event and which reach of it (a bone
    /// of `sc` 0.5 reaches a keyframe twice a pass).
    using ReachId = std::tuple<int, std::string, int>;

    FrameEventVerdict judge(size_t key) const;
    /// Sets m_keys to those of pass `pass` of m_movement (merged, sorted), with their ids.
    void takeKeysOfPass(int pass);
    /// The key a fire of `keyFrame` named `name` is: the next one from `from`, else the first.
    std::optional<size_t> keyFired(const std::string& name, int keyFrame, double from) const;
    /// Ends the pass played (its verdicts kept) and starts pass `pass` at `passFrame`.
    void startPass(double passFrame, int pass);
    void pass(double fromFrame, double toFrame);
    void record(const Fired& fire);

    const MovementData* m_movement = nullptr;
    bool m_loop = true;
    bool m_movementHasEvents = false;
    bool m_keysFollowPasses = false; ///< some pass's keys differ from the first's
    int m_passIndex = 0; ///< passes since the movement started or the playhead was sought
    std::vector<Key> m_keys;
    int m_passFrames = 0;
    std::vector<PassState> m_pass;
    std::vector<ReachId> m_ids; ///< per key
    /// The verdict each reach got the last pass that judged it: shown until this pass judges
    /// it (a bone of its own time may skip a keyframe for a pass or two).
    std::map<ReachId, FrameEventVerdict> m_remembered;
    std::vector<Fired> m_unplaced; ///< fired since the last moveTo
    struct UnplacedStray {
        StrayFire fire;
        bool late;
    };
    std::vector<UnplacedStray> m_unplacedStrays; ///< fired since the last moveTo, matching no key
    std::vector<StrayFire> m_strayFires;
    double m_position = 0.0;
    bool m_wrapPending = false;
    bool m_phaseRestarted = false;
};

} // namespace bonescope::core
