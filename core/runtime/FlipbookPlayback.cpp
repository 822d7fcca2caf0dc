#include "runtime/FlipbookPlayback.h"

#include "base/FrameRate.h"
#include "model/FlipbookTiming.h"

#include <algorithm>
#include <cmath>

namespace bonescope::core {

FlipbookPlayback::FlipbookPlayback(const FlipbookData& data) : m_player(data)
{
}

void FlipbookPlayback::play(bool loop)
{
    m_loop = loop;
    m_finished = false;
    m_frame = 0.0;
    m_updates = 0.0;
    startPlayer();
    m_startPending = true;
}

void FlipbookPlayback::startPlayer()
{
    m_player.start();
    m_player.step(0.f); // the first tick
    m_firstTickShown = m_player.shown();
}

void FlipbookPlayback::seek(double frame)
{
    const double length = std::max(1, flipbookLengthFrames(data()));
    m_frame = std::clamp(frame, 0.0, length);
    m_updates = m_frame;
    m_finished = false;
    m_startPending = false;
    m_firstTickShown.clear();
    // The player's clock goes there too: playing on from a seek must not start the sprite over
    // while the frame count goes on past the end. It goes there as a bake's ticks of 1/60 s
    // (float) do, so that a frame boundary shows what `bake --scenario flipbook:` shows there
    // (the first tick shows elapsed 0: frame N is the tick after update N).
    m_player.seek(m_frame * double(kFrameSeconds));
}

void FlipbookPlayback::update(double dtSeconds, std::vector<PlaybackEvent>& events)
{
    if (m_finished)
        return;
    const std::string& name = data().name;
    if (m_startPending) {
        events.push_back({ArmatureEventKind::Start, name, {}, 0});
        m_startPending = false;
    }
    const auto raise = [&](const std::vector<FlipbookFrameShown>& shown, int update) {
        for (const FlipbookFrameShown& frame : shown)
            for (const auto& [key, value] : data().frames[size_t(frame.frameIndex)].notification)
                events.push_back({ArmatureEventKind::Frame, name, key + "=" + value, update});
    };
    // The bake numbers a flipbook's ticks from its first (elapsed 0), one ahead of the updates.
    raise(m_firstTickShown, updateUnderWay(m_updates) + 1);
    m_firstTickShown.clear();
    m_updates += secondsToFrames(dtSeconds);
    const int update = updateUnderWay(m_updates) + 1;
    m_player.step(float(dtSeconds * m_speed));
    raise(m_player.shown(), update);
    m_frame += secondsToFrames(dtSeconds * m_speed);
    if (!m_player.done())
        return;
    events.push_back({ArmatureEventKind::Complete, name, {}, update});
    if (m_loop) {
        startPlayer();
        m_frame = 0.0;
    } else {
        m_frame = flipbookLengthFrames(data());
        m_finished = true;
    }
}

} // namespace bonescope::core
