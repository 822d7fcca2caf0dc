#pragma once

#include "model/FlipbookData.h"

#include <vector>

namespace bonescope::core {

/// One frame a FlipbookPlayer showed during a step, in the order shown.
struct FlipbookFrameShown {
    int frameIndex = 0; ///< index into FlipbookData::frames
    int loop = 0;       ///< 0-based loop it was shown in
};

/// Plays one frame animation with cocos2d-x's Animate semantics (seed 001), driven the way the
/// ActionManager drives it: step(dt) per scheduler tick, the first tick at elapsed 0, then
/// t = elapsed / (duration × loops) clamped to 0..1 is handed to update(t).
///
/// Frame i of a loop shows from split time Σ(delayUnits before i) / totalDelayUnits. Every
/// frame whose split time a tick passes is shown, in order, so several frames (and their
/// notifications) can come in one large tick; a tick that crosses into a new loop restarts at
/// that loop's first frame, skipping frames left in the old one, as cocos2d-x does. When the
/// action is done, restoreOriginalFrame puts back the frame shown before start().
///
/// The data is borrowed (it must outlive the player): many players share one FlipbookData and
/// refer to sprite frames by name, so textures are loaded once, by whoever owns the atlases.
class FlipbookPlayer {
public:
    /// `reverse` plays the frames last to first with the same delays (Animate::reverse()).
    explicit FlipbookPlayer(const FlipbookData& data, bool reverse = false);

    /// (Re)starts at elapsed 0; nothing is shown until the first step().
    void start();
    /// One scheduler tick of `dtSeconds`; the frames it shows are in shown(). The clock is a
    /// double (cocos2d-x's is a float, which stops advancing by 1/60 s after about 3 days of
    /// accumulated time): an hour-long flipbook looped 1 000 times still moves every tick.
    void step(float dtSeconds);
    /// Animate::update: shows the frames due at `ratio` (0..1 of all loops), in double so a
    /// tick stays distinguishable from the next one in a very long animation.
    void update(double ratio);
    /// Jumps to `elapsedSeconds` into all loops (clamped to them), showing what ticks reaching
    /// that elapsed time show there, the end's restored frame included (shown() stays empty: a
    /// jump raises no notification): the next step() goes on from there.
    void seek(double elapsedSeconds);

    /// Frames shown by the last step() or update(), in order (capacity reserved: no allocation).
    const std::vector<FlipbookFrameShown>& shown() const { return m_shown; }
    /// Index into FlipbookData::frames of the frame on display; −1 for the original frame (before
    /// the first tick, or restored after the end).
    int displayedFrame() const { return m_displayed; }
    int executedLoops() const { return int(m_executedLoops); }
    bool done() const;
    /// All loops, seconds (cocos2d-x's minimum of FLT_EPSILON for an empty animation).
    float durationSeconds() const { return m_duration; }
    /// Per played frame (reversed order when reversing): ratio 0..1 of one loop where it starts.
    const std::vector<float>& splitTimes() const { return m_splitTimes; }
    /// Index into FlipbookData::frames of the frame played at position `played`.
    int frameAt(int played) const
    {
        return m_reverse ? int(m_splitTimes.size()) - 1 - played : played;
    }
    const FlipbookData& data() const { return *m_data; }

private:
    /// When the action is done, the ActionManager stops it in the same tick (Animate::stop
    /// restores the original frame).
    void stopWhenDone();

    const FlipbookData* m_data;
    bool m_reverse;
    std::vector<float> m_splitTimes;
    std::vector<FlipbookFrameShown> m_shown;
    float m_duration = 0.f; ///< seconds, all loops
    double m_elapsed = 0.0; ///< seconds
    bool m_firstTick = true;
    bool m_stopped = false;
    unsigned m_executedLoops = 0;
    int m_nextFrame = 0; ///< played position
    int m_displayed = -1;
};

} // namespace bonescope::core
