#include "model/Easing.h"

#include <array>

namespace bonescope::core {

namespace {
constexpr std::array<std::string_view, 31> kNames = {
    "Linear",          "SineEaseIn",    "SineEaseOut",    "SineEaseInOut",  "QuadEaseIn",
    "QuadEaseOut",     "QuadEaseInOut", "CubicEaseIn",    "CubicEaseOut",   "CubicEaseInOut",
    "QuartEaseIn",     "QuartEaseOut",  "QuartEaseInOut", "QuintEaseIn",    "QuintEaseOut",
    "QuintEaseInOut",  "ExpoEaseIn",    "ExpoEaseOut",    "ExpoEaseInOut",  "CircEaseIn",
    "CircEaseOut",     "CircEaseInOut", "ElasticEaseIn",  "ElasticEaseOut", "ElasticEaseInOut",
    "BackEaseIn",      "BackEaseOut",   "BackEaseInOut",  "BounceEaseIn",   "BounceEaseOut",
    "BounceEaseInOut",
};
} // namespace

std::string_view easingName(Easing easing)
{
    const int value = static_cast<int>(easing);
    if (easing == Easing::CustomEasing)
        return "CustomEasing";
    if (easing == Easing::None)
        return "None";
    if (value >= 0 && value < static_cast<int>(kNames.size()))
        return kNames[static_cast<size_t>(value)];
    return "Unknown";
}

bool isKnownEasing(int value)
{
    return value == -1 || value == 10000 || (value >= 0 && value < static_cast<int>(kNames.size()));
}

Easing playedEasing(int type)
{
    return isKnownEasing(type) ? static_cast<Easing>(type) : Easing::SineEaseInOut;
}

} // namespace bonescope::core
