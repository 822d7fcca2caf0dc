#include "edit/EditKey.h"

#include <array>
#include <utility>

namespace bonescope::core {

namespace {
constexpr std::array<std::pair<EditKey, std::string_view>, 8> kNames = {{
    {EditKey::DurationTo, "durationTo"},
    {EditKey::DurationTween, "durationTween"},
    {EditKey::Loop, "loop"},
    {EditKey::TweenEasing, "tweenEasing"},
    {EditKey::Scale, "scale"},
    {EditKey::FrameTweenEasing, "frameTweenEasing"},
    {EditKey::FrameTweenRotate, "tweenRotate"},
    {EditKey::FrameEvent, "event"},
}};
} // namespace

std::string_view editKeyName(EditKey key)
{
    for (const auto& [k, name] : kNames)
        if (k == key)
            return name;
    return {};
}

std::optional<EditKey> parseEditKey(std::string_view name)
{
    for (const auto& [key, keyName] : kNames)
        if (keyName == name)
            return key;
    return std::nullopt;
}

std::string editKeyNames(bool keyframe)
{
    std::string names;
    for (const auto& [key, name] : kNames)
        if (isKeyframeKey(key) == keyframe)
            names += (names.empty() ? "" : ", ") + std::string(name);
    return names;
}

} // namespace bonescope::core
