#pragma once

#include "model/FlipbookData.h"
#include "runtime/FlipbookPlayer.h"
#include "runtime/PlaybackEvent.h"

#include <vector>

namespace bonescope::core {

/// Plays one frame animation as the viewer shows it: cocos2d-x's Animate (FlipbookPlayer)
/// ticked by wall time, restarted after its last loop when the preview loops, with START,
/// FRAME (one per notification pair, named `key=value`) and COMPLETE events numbered as
/// ArmaturePlayback numbers them. The data is borrowed and must outlive this object.
///
/// Time: update() takes wall seconds, which the speed ratio scales; "frames" are 1/60 s at
/// speed 1 from the start of the first loop (model/FlipbookTiming.h). cocos2d-x's first tick
/// shows the first frame, at elapsed 0: play() makes it at once (the sprite shows its first frame
/// from the start), and events are numbered as a bake numbers that tick, update 1, so the update
/// after N of ours is N + 1.
class FlipbookPlayback {
public:
    explicit FlipbookPlayback(const FlipbookData& data);

    /// Starts at elapsed 0, showing the first frame; the START event comes with the next
    /// update(). `loop` restarts the animation when all its loops are done.
    void play(bool loop);
    /// Shows what the animation shows `frame` frames in (clamped to its length); no events.
    void seek(double frame);
    void setSpeed(double ratio) { m_speed = ratio; }
    /// Advances by `dtSeconds` of wall time; appends the events raised to `events`.
    void update(double dtSeconds, std::vector<PlaybackEvent>& events);

    double frame() const { return m_frame; } ///< frames from the start of the first loop
    /// True once a non-looping playback has shown all its loops.
    bool finished() const { return m_finished; }
    /// Index into the animation's frames of the frame on display; −1 for the original frame.
    int displayedFrame() const { return m_player.displayedFrame(); }
    const FlipbookData& data() const { return m_player.data(); }

private:
    /// Starts the player and makes its first tick.
    void startPlayer();

    FlipbookPlayer m_player;
    bool m_loop = false;
    bool m_finished = false;
    double m_speed = 1.0;
    double m_frame = 0.0;   ///< frames
    double m_updates = 0.0; ///< 1/60 s updates of wall time since play()
    bool m_startPending = false;
    /// The frames a (re)start's first tick showed, whose notifications the next update raises.
    std::vector<FlipbookFrameShown> m_firstTickShown;
};

} // namespace bonescope::core
