#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace bonescope::app {

/// The wall clock playback runs on while playing: a precise timer at cocos2d-x's update
/// interval that reports the time measured since the last tick.
class PlayClock : public QObject {
    Q_OBJECT
public:
    explicit PlayClock(QObject* parent = nullptr);

    void start();
    void stop();

signals:
    /// `seconds` of wall time since the last tick (or start()), at most 0.1 s.
    void ticked(double seconds);

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace bonescope::app
