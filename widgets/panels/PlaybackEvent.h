#pragma once

#include <QString>

namespace bonescope::widgets {

/// One event raised by playback, as the event log shows it: a movement event (START, COMPLETE,
/// LOOP_COMPLETE, as cocos2d-x's MovementEventType) or a FRAME event with the keyframe's string.
struct PlaybackEvent {
    QString kind;             ///< "START", "COMPLETE", "LOOP_COMPLETE" or "FRAME"
    QString movement;         ///< movement (or flipbook animation) that raised it
    QString name;             ///< frame event string or flipbook notification; empty otherwise
    int frame = 0;            ///< frame of the movement (frames, 0-based) when it was raised
    double timeSeconds = 0.0; ///< document play time (seconds since the file was opened)
};

} // namespace bonescope::widgets
