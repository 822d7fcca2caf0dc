#pragma once

#include "runtime/ArmatureEvents.h"

#include <string>

namespace bonescope::core {

/// One event of an armature or flipbook playback, numbered as the golden events files number
/// them (golden/README.md "Events files").
struct PlaybackEvent {
    ArmatureEventKind kind = ArmatureEventKind::Start;
    std::string movement; ///< movement (or flipbook animation) that raised it
    std::string name;     ///< frame event string or flipbook notification `key=value`
    /// The 1/60 s update of the playback clock during which it was raised, counted from the
    /// movement's start (1 = the first update); 0 when raised before the first update.
    int frame = 0;
    /// Armature frame events: the keyframe's start and the timeline frame the player showed
    /// when raising it (ArmatureEvent::keyFrame, playedFrame); −1 otherwise.
    int keyFrame = -1;
    int playedFrame = -1;
};

} // namespace bonescope::core
