#pragma once

#include "runtime/ArmatureEvents.h"

#include <QString>

namespace bonescope::widgets {

/// One event raised by playback, as the event log shows it: core's PlaybackEvent with Qt
/// strings and the time it was shown at.
struct PlaybackEvent {
    core::ArmatureEventKind kind = core::ArmatureEventKind::Start;
    QString movement; ///< movement (or flipbook animation) that raised it
    QString name;     ///< frame event string or flipbook notification; empty otherwise
    /// The update during which it was raised, numbered as the golden events files number them
    /// (core::PlaybackEvent::frame).
    int frame = 0;
    double timeSeconds = 0.0; ///< document play time (seconds since the file was opened)
    int keyFrame = -1;        ///< core::PlaybackEvent::keyFrame (timeline frames)
    int playedFrame = -1;     ///< core::PlaybackEvent::playedFrame (timeline frames)
};

} // namespace bonescope::widgets
