#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace bonescope::widgets {

/// The wall clock playback runs on while playing: a precise timer near cocos2d-x's update
/// interval that reports the whole 1/60 s updates due since the last tick. Playback then runs
/// exactly the updates a 60 fps game (and `bonescope-cli bake`) runs, whatever the timer's
/// jitter: the same poses and the same event numbers, where steps of the measured time would
/// round differently and number events after a long first frame by time, not by update.
class PlayClock : public QObject {
    Q_OBJECT
public:
    /// The most updates one tick reports: a stalled event loop (a modal dialog, a breakpoint)
    /// must not make playback jump ahead; the updates past it are dropped.
    static constexpr int kMaxUpdatesPerTick = 6;

    explicit PlayClock(QObject* parent = nullptr);

    void start();
    void stop();

    /// The updates due when `elapsedSeconds` of wall time have passed since start(), given
    /// those reported before: the timer's arithmetic, public for tests.
    int takeDueUpdates(double elapsedSeconds);

signals:
    /// `updates` (1 to kMaxUpdatesPerTick) updates of 1/60 s are due since the last tick.
    void ticked(int updates);

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_updatesTaken = 0; ///< since start(), the dropped ones included
};

} // namespace bonescope::widgets
