#include "runtime/FlipbookPlayback.h"

#include "base/FrameRate.h"
#include "model/FlipbookTiming.h"

#include <algorithm>
#include <cmath>

namespace bonescope::core {

namespace {
// Wall time summed from 1/60 s ticks lands a hair off whole updates.
constexpr double kUpdateEpsilon = 1e-6;
} // namespace

FlipbookPlayback::FlipbookPlayback(const FlipbookData& data) : m_player(data)
{
}

void FlipbookPlayback::play(bool loop)
{
    m_loop = loop;
    m_finished = false;
    m_frame = 0.0;
    m_updates = 0.0;
    m_player.start();
    // cocos2d-x shows the first frame on the action's first tick, at elapsed 0.
    m_player.step(0.f);
    m_startPending = true;
}

void FlipbookPlayback::seek(double frame)
{
    const double length = std::max(1, flipbookLengthFrames(data()));
    m_frame = std::clamp(frame, 0.0, length);
    m_updates = m_frame;
    m_finished = false;
    m_startPending = false;
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
    m_updates += secondsToFrames(dtSeconds);
    const int update = int(std::ceil(m_updates - kUpdateEpsilon));
    m_player.step(float(dtSeconds * m_speed));
    for (const FlipbookFrameShown& shown : m_player.shown())
        for (const auto& [key, value] : data().frames[size_t(shown.frameIndex)].notification)
            events.push_back({ArmatureEventKind::Frame, name, key + "=" + value, update});
    m_frame += secondsToFrames(dtSeconds * m_speed);
    if (!m_player.done())
        return;
    events.push_back({ArmatureEventKind::Complete, name, {}, update});
    if (m_loop) {
        m_player.start();
        m_player.step(0.f);
        m_frame = 0.0;
    } else {
        m_frame = flipbookLengthFrames(data());
        m_finished = true;
    }
}

} // namespace bonescope::core
