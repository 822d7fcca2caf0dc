#include "panels/PlayClock.h"

#include "base/FrameRate.h"

#include <algorithm>
#include <cmath>

namespace bonescope::widgets {

PlayClock::PlayClock(QObject* parent) : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(int(std::lround(core::kSecondsPerFrame * 1000)));
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (const int updates = takeDueUpdates(double(m_clock.nsecsElapsed()) * 1e-9))
            emit ticked(updates);
    });
}

void PlayClock::start()
{
    m_updatesTaken = 0;
    m_clock.start();
    m_timer.start();
}

void PlayClock::stop()
{
    m_timer.stop();
}

int PlayClock::takeDueUpdates(double elapsedSeconds)
{
    // Counted from start(), not tick to tick: the fractions of an update carry over exactly.
    const auto due = qint64(std::floor(core::secondsToFrames(elapsedSeconds))) - m_updatesTaken;
    if (due <= 0)
        return 0;
    m_updatesTaken += due;
    return int(std::min<qint64>(due, kMaxUpdatesPerTick));
}

} // namespace bonescope::widgets
