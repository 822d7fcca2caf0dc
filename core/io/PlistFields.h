#pragma once

#include "base/LoadError.h"
#include "io/Plist.h"
#include "model/TextureAtlas.h"

#include <optional>
#include <string>
#include <string_view>

namespace bonescope::core {

/// Inclusive bounds a number read from a plist must lie in.
struct PlistLimits {
    double min;
    double max;
};

/// Largest coordinate or size (pixels) any sprite-sheet value may have: the biggest texture
/// cocos2d-x's renderers accept on desktop GPUs; anything past it is a broken file.
inline constexpr double kMaxTexturePixels = 16384.0;
/// Where a sprite frame's rectangle may start (an image's pixels, or up to as far outside it:
/// framesPastImage warns) and how large it may be.
inline constexpr PlistLimits kRectOrigin{-kMaxTexturePixels, kMaxTexturePixels};
inline constexpr PlistLimits kRectSize{0.0, kMaxTexturePixels};

/// Typed, range-checked reads of plist dictionary entries for the readers. The first problem
/// found is kept as a LoadError naming the line of the offending value (or of the dictionary
/// when a key is missing) and `context` (e.g. "frame 'a.png'"); after it every read returns a
/// neutral value, so a reader checks `failed()` once per record rather than after each field.
/// A `fallback` is used when the key is absent; without one a missing key is an error.
class PlistFields {
public:
    explicit PlistFields(std::string fileName);

    bool failed() const { return m_failed; }
    const LoadError& error() const { return m_error; }
    /// Records an error unless one is already recorded.
    void fail(int line, std::string message);

    /// Fails unless `value` has `type`; `what` names it ("frame 'a.png'").
    bool expectType(const PlistValue& value, PlistValue::Type type, std::string_view what);
    /// Entry `key` of `dict` checked to have `type`; nullptr when absent (an error unless
    /// `optional`) or of another type (always an error).
    const PlistValue* entry(const PlistValue& dict, std::string_view key, PlistValue::Type type,
                            std::string_view context, bool optional = false);

    /// An <integer> or <real> within `limits`.
    double number(const PlistValue& dict, std::string_view key, std::string_view context,
                  PlistLimits limits, std::optional<double> fallback = std::nullopt);
    /// An <integer>, or a <real> with no fraction, within `limits`.
    int integer(const PlistValue& dict, std::string_view key, std::string_view context,
                PlistLimits limits, std::optional<int> fallback = std::nullopt);
    /// <true/> or <false/>; also an <integer> (non-zero is true) and the strings "true",
    /// "false", "1", "0", as cocos2d-x's Value::asBool converts them.
    bool boolean(const PlistValue& dict, std::string_view key, std::string_view context,
                 std::optional<bool> fallback = std::nullopt);
    std::string string(const PlistValue& dict, std::string_view key, std::string_view context,
                       std::optional<std::string> fallback = std::nullopt);

    /// A "{{x,y},{width,height}}" string, the origin within kRectOrigin, the size within
    /// kRectSize.
    RectF rect(const PlistValue& dict, std::string_view key, std::string_view context);
    /// A "{a,b}" string (a point or a size), both components within `limits`.
    std::pair<float, float> pair(const PlistValue& dict, std::string_view key,
                                 std::string_view context, PlistLimits limits,
                                 std::optional<std::pair<float, float>> fallback = std::nullopt);

private:
    std::string m_fileName;
    bool m_failed = false;
    LoadError m_error;
};

} // namespace bonescope::core
