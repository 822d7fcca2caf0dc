#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace bonescope::core {

/// A value of an armature export that Bonescope edits and writes back. Movement keys apply to
/// one `<mov>` / `mov_data` entry; keyframe keys to one `<f>` / `frame_data` entry of a bone's
/// timeline in a movement.
enum class EditKey {
    DurationTo,       ///< movement `to`: frames
    DurationTween,    ///< movement `drTW`: frames
    Loop,             ///< movement `lp`
    TweenEasing,      ///< movement `twE`
    Scale,            ///< movement `sc`: speed ratio (ExportJson only)
    FrameTweenEasing, ///< keyframe `twE`
    FrameTweenRotate, ///< keyframe `twR`: extra turns (DragonBones XML only)
    FrameEvent,       ///< keyframe `evt`: frame event name, empty for none
};

/// True for the keys that address a keyframe rather than a movement.
constexpr bool isKeyframeKey(EditKey key)
{
    return key == EditKey::FrameTweenEasing || key == EditKey::FrameTweenRotate ||
           key == EditKey::FrameEvent;
}

/// The name users type (`bonescope-cli edit --set NAME=VALUE`): durationTo, durationTween, loop,
/// tweenEasing, scale for movements; frameTweenEasing, tweenRotate, event for keyframes.
std::string_view editKeyName(EditKey key);

/// The key called `name` (as editKeyName spells it), or nullopt.
std::optional<EditKey> parseEditKey(std::string_view name);

/// The names of the movement keys (`keyframe` false) or of the keyframe keys, comma-separated,
/// for a message that lists what may be set.
std::string editKeyNames(bool keyframe);

} // namespace bonescope::core
