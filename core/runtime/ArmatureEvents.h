#pragma once

#include <functional>
#include <string_view>

namespace bonescope::core {

/// What a movement or a keyframe announces (cocos2d-x MovementEventType plus frame events).
enum class ArmatureEventKind { Start, Complete, LoopComplete, Frame };

/// The golden events files' name of `kind`: START, COMPLETE, LOOP_COMPLETE or FRAME.
std::string_view eventKindName(ArmatureEventKind kind);

/// One event as the player dispatches it, at the end of the update that raised it (or inside
/// play() / gotoAndPlay(), which run an update of 0 s). Strings view the armature's data.
struct ArmatureEvent {
    ArmatureEventKind kind = ArmatureEventKind::Start;
    /// Movement events: the movement concerned. Frame events: the player's current movement
    /// (cocos2d-x getCurrentMovementID(), empty once a non-looping movement completed).
    std::string_view movement;
    std::string_view name; ///< frame events: the keyframe's event string
    int bone = -1;         ///< frame events: index of the bone whose keyframe raised it
    int keyFrame = 0;      ///< frame events: the keyframe's start (timeline frames)
    int playedFrame = 0;   ///< frame events: the timeline frame reached (truncated)
};

/// Receives events; called from inside Armature::update / Player::play.
using ArmatureEventListener = std::function<void(const ArmatureEvent&)>;

} // namespace bonescope::core
