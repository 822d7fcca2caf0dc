#pragma once

#include <QString>

namespace bonescope::widgets {

/// A mark on the timeline ruler: a keyframe of the selected bone or an event.
struct TimelineMark {
    /// Frames from the movement's start (a frame event's bone may reach it between frames).
    double frame = 0;
    QString label; ///< event name; empty for keyframes
};

} // namespace bonescope::widgets
