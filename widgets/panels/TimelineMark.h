#pragma once

#include <QString>

namespace bonescope::widgets {

/// A mark on the timeline ruler: a keyframe of the selected bone or an event.
struct TimelineMark {
    int frame = 0; ///< frames from the movement's start
    QString label; ///< event name; empty for keyframes
};

} // namespace bonescope::widgets
