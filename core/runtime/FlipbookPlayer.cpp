#include "runtime/FlipbookPlayer.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace bonescope::core {

FlipbookPlayer::FlipbookPlayer(const FlipbookData& data, bool reverse)
    : m_data(&data), m_reverse(reverse)
{
    const int count = int(data.frames.size());
    float totalUnits = 0.f;
    for (const auto& frame : data.frames)
        totalUnits += frame.delayUnits;
    // Float arithmetic in cocos2d-x's order (Animate::initWithAnimation), so split times and
    // the tick where a frame appears match it bit for bit.
    const float singleDuration = totalUnits * data.delayPerUnit;
    const float unitSeconds = singleDuration / totalUnits;
    float accumulatedUnits = 0.f;
    m_splitTimes.reserve(count);
    for (int played = 0; played < count; ++played) {
        m_splitTimes.push_back(accumulatedUnits * unitSeconds / singleDuration);
        accumulatedUnits += data.frames[reverse ? count - 1 - played : played].delayUnits;
    }
    m_duration = singleDuration * float(data.loops);
    if (!(m_duration > FLT_EPSILON)) // also catches NaN from an empty animation
        m_duration = FLT_EPSILON;
    m_shown.reserve(count);
}

void FlipbookPlayer::start()
{
    m_elapsed = 0.0;
    m_firstTick = true;
    m_stopped = false;
    m_executedLoops = 0;
    m_nextFrame = 0;
    m_displayed = -1;
    m_shown.clear();
}

bool FlipbookPlayer::done() const
{
    return m_elapsed + FLT_EPSILON >= m_duration;
}

void FlipbookPlayer::step(float dtSeconds)
{
    if (m_stopped) {
        m_shown.clear();
        return;
    }
    if (m_firstTick)
        m_firstTick = false; // the first tick shows elapsed 0, whatever dt was
    else
        m_elapsed += dtSeconds;
    update(std::clamp(m_elapsed / m_duration, 0.0, 1.0));
    stopWhenDone();
}

void FlipbookPlayer::stopWhenDone()
{
    if (!done())
        return;
    m_stopped = true;
    if (m_data->restoreOriginalFrame)
        m_displayed = -1;
}

void FlipbookPlayer::update(double ratio)
{
    m_shown.clear();
    if (ratio < 1.0) {
        ratio *= double(m_data->loops);
        const auto loopNumber = static_cast<unsigned>(ratio);
        // cocos2d-x moves on by one loop per call even if a tick spans several.
        if (loopNumber > m_executedLoops) {
            m_nextFrame = 0;
            ++m_executedLoops;
        }
        ratio = std::fmod(ratio, 1.0);
    }
    const int count = int(m_splitTimes.size());
    for (int played = m_nextFrame; played < count && m_splitTimes[played] <= ratio; ++played) {
        m_displayed = frameAt(played);
        m_shown.push_back({m_displayed, int(m_executedLoops)});
        m_nextFrame = played + 1;
    }
}

void FlipbookPlayer::seek(double elapsedSeconds)
{
    start();
    m_elapsed = std::clamp(elapsedSeconds, 0.0, double(m_duration));
    m_firstTick = false;
    const double ratio = m_elapsed / m_duration; // as step() computes it
    // update() moves on one loop a call: the loops before `ratio` count as played.
    if (ratio < 1.0)
        m_executedLoops = static_cast<unsigned>(ratio * double(m_data->loops));
    update(ratio);
    m_shown.clear();
    stopWhenDone();
}

} // namespace bonescope::core
