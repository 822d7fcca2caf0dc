#include "PlayClock.h"

#include "base/FrameRate.h"

#include <algorithm>
#include <cmath>

namespace bonescope::app {

namespace {
// A stalled event loop (a modal dialog, a breakpoint) must not make playback jump ahead.
constexpr double kMaxTickSeconds = 0.1;
} // namespace

PlayClock::PlayClock(QObject* parent) : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(int(std::lround(core::kSecondsPerFrame * 1000)));
    connect(&m_timer, &QTimer::timeout, this, [this] {
        const double seconds = m_clock.isValid() ? m_clock.restart() / 1000.0 : 0.0;
        emit ticked(std::min(seconds, kMaxTickSeconds));
    });
}

void PlayClock::start()
{
    m_clock.start();
    m_timer.start();
}

void PlayClock::stop()
{
    m_timer.stop();
}

} // namespace bonescope::app
