#include "runtime/ArmatureEvents.h"

namespace bonescope::core {

std::string_view eventKindName(ArmatureEventKind kind)
{
    switch (kind) {
    case ArmatureEventKind::Start:
        return "START";
    case ArmatureEventKind::Complete:
        return "COMPLETE";
    case ArmatureEventKind::LoopComplete:
        return "LOOP_COMPLETE";
    case ArmatureEventKind::Frame:
        return "FRAME";
    }
    return "FRAME";
}

} // namespace bonescope::core
