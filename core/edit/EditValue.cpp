#include "edit/EditValue.h"

#include "base/Quoted.h"
#include "base/Utf8.h"
#include "edit/JsonSpans.h"
#include "io/DragonBonesEasing.h"
#include "io/TinyxmlNumbers.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace bonescope::core {

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

/// The integer tinyxml2's QueryIntAttribute reads from `text` (readTinyxmlNumber<int>): nullopt
/// when the text starts with none, or one past int's range.
std::optional<int> leadingInteger(std::string_view text)
{
    const TinyxmlInteger number = readTinyxmlNumber<int>(text);
    if (number.read == TinyxmlInteger::Read::Whole || number.read == TinyxmlInteger::Read::Leading)
        return number.value;
    return std::nullopt;
}

std::optional<double> toDouble(std::string_view text)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

bool containsIgnoringCase(std::string_view text, std::string_view part)
{
    for (size_t at = 0; at + part.size() <= text.size(); ++at)
        if (equalsIgnoringCase(text.substr(at, part.size()), part))
            return true;
    return false;
}

/// What an easing may be, after `text` that is none: the few names containing it ("Sine": the
/// three SineEase ones), else the forms there are.
std::string easingRefusal(std::string_view text)
{
    constexpr int kMostSuggested = 6;
    std::string like;
    int likeCount = 0;
    for (int value = -1; value <= static_cast<int>(Easing::BounceEaseInOut) && !text.empty();
         ++value) {
        const std::string_view name = easingName(static_cast<Easing>(value));
        if (containsIgnoringCase(name, text))
            like += (likeCount++ == 0 ? "" : ", ") + std::string(name);
    }
    const std::string refusal = inQuotes(text) + " is not a cocos2d-x tween type";
    if (likeCount > 0 && likeCount <= kMostSuggested)
        return refusal + "; did you mean " + like + "?";
    return refusal + ": a name (Linear, SineEaseIn to BounceEaseInOut, CustomEasing), a number "
                     "from -1 to 30, None (the movement's) or NaN";
}

std::optional<Easing> easingByName(std::string_view text)
{
    // "NaN" means what twE="NaN" means to cocos2d-x (io/DragonBonesEasing.h).
    if (equalsIgnoringCase(text, "NaN"))
        return playedEasing(*dragonBonesEasingType("NaN", leadingInteger));
    if (equalsIgnoringCase(text, "None"))
        return Easing::None;
    for (int value = -1; value <= static_cast<int>(Easing::BounceEaseInOut); ++value)
        if (equalsIgnoringCase(text, easingName(static_cast<Easing>(value))))
            return static_cast<Easing>(value);
    if (const auto number = toDouble(text); number && *number == std::trunc(*number) &&
                                            std::abs(*number) <= 10000.0 &&
                                            isKnownEasing(static_cast<int>(*number)))
        return static_cast<Easing>(static_cast<int>(*number));
    return std::nullopt;
}

// Shortest text that reads back as the same double.
std::string spellNumber(double value)
{
    std::array<char, 32> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return std::string(buffer.data(), result.ptr);
}

std::string jsonQuoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            std::array<char, 8> escape{};
            std::snprintf(escape.data(), escape.size(), "\\u%04x", c);
            out += escape.data();
        } else {
            out += c;
        }
    }
    return out + "\"";
}

bool isDuration(EditKey key)
{
    return key == EditKey::DurationTo || key == EditKey::DurationTween;
}
bool isEasing(EditKey key)
{
    return key == EditKey::TweenEasing || key == EditKey::FrameTweenEasing;
}

} // namespace

Result<EditValue> parseEditValue(EditKey key, std::string_view typed, SourceFormat format)
{
    const auto refused = [&](const std::string& reason) {
        return LoadError{{}, 0, {}, std::string(editKeyName(key)) + ": " + reason};
    };
    const std::string_view text = key == EditKey::FrameEvent ? typed : trimmed(typed);
    EditValue value;
    if (isDuration(key) || key == EditKey::Scale || key == EditKey::FrameTweenRotate) {
        const auto number = toDouble(text);
        if (!number)
            return refused(inQuotes(text) + " is not a number");
        if (isDuration(key)) {
            if (std::isnan(*number) || *number != std::trunc(*number))
                return refused("a duration is a whole number of frames, not " + std::string(text));
            if (std::abs(*number) > kMaxEditFrames)
                return refused("more than " + std::to_string(kMaxEditFrames) + " frames");
            value = static_cast<int>(*number);
        } else {
            value = *number;
        }
    } else if (key == EditKey::Loop) {
        if (text == "true" || text == "1")
            value = true;
        else if (text == "false" || text == "0")
            value = false;
        else
            return refused("loop is true or false, not " + inQuotes(text));
    } else if (isEasing(key)) {
        const auto easing = easingByName(text);
        if (!easing)
            return refused(easingRefusal(text));
        value = *easing;
    } else {
        value = std::string(text);
    }
    if (const auto reason = refuseEditValue(key, value, format))
        return refused(*reason);
    return value;
}

std::optional<std::string> refuseEditValue(EditKey key, const EditValue& value, SourceFormat format)
{
    const bool xml = format == SourceFormat::DragonBonesXml;
    if (isDuration(key)) {
        const int* frames = std::get_if<int>(&value);
        if (!frames)
            return "expected a whole number of frames";
        if (*frames < 0)
            return "a duration cannot be negative";
        if (*frames > kMaxEditFrames)
            return "more than " + std::to_string(kMaxEditFrames) + " frames";
        return std::nullopt;
    }
    if (key == EditKey::Loop)
        return std::holds_alternative<bool>(value)
                   ? std::nullopt
                   : std::optional<std::string>("expected true or false");
    if (isEasing(key)) {
        const Easing* easing = std::get_if<Easing>(&value);
        if (!easing || !isKnownEasing(static_cast<int>(*easing)))
            return "expected a cocos2d-x tween type";
        if (*easing == Easing::CustomEasing && key == EditKey::TweenEasing)
            return "a movement's easing has no Bezier control points: CustomEasing applies to "
                   "keyframes";
        if (*easing == Easing::CustomEasing && xml)
            return "DragonBones XML carries no Bezier control points for CustomEasing";
        if (*easing == Easing::SineEaseOut && xml)
            return "cocos2d-x reads twE=\"2\" in DragonBones XML as SineEaseInOut, so SineEaseOut "
                   "cannot be written there";
        return std::nullopt;
    }
    if (key == EditKey::Scale) {
        if (xml)
            return "DragonBones XML has no movement speed that cocos2d-x reads (ExportJson `sc` "
                   "only)";
        const double* scale = std::get_if<double>(&value);
        if (!scale || !std::isfinite(*scale) || *scale <= 0.0)
            return "the speed scale must be a positive number";
        return std::nullopt;
    }
    if (key == EditKey::FrameTweenRotate) {
        if (!xml)
            return "cocos2d-x's ExportJson reader does not read tweenRotate (DragonBones XML "
                   "`twR` only)";
        const double* turns = std::get_if<double>(&value);
        if (!turns || !std::isfinite(*turns))
            return "tweenRotate must be a finite number";
        return std::nullopt;
    }
    const std::string* event = std::get_if<std::string>(&value);
    if (!event)
        return "expected an event name";
    // A game compares the name with its own strings: text the readers would refuse, or
    // characters XML and JSON spell differently, would not round-trip.
    if (firstInvalidUtf8(*event) != std::string::npos)
        return "an event name must be valid UTF-8";
    if (std::any_of(event->begin(), event->end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }))
        return "an event name cannot hold control characters (line breaks, tabs)";
    return std::nullopt;
}

std::string spellEditValue(const EditValue& value, SourceFormat format)
{
    const bool xml = format == SourceFormat::DragonBonesXml;
    if (const int* frames = std::get_if<int>(&value))
        return std::to_string(*frames);
    if (const bool* flag = std::get_if<bool>(&value))
        return xml ? (*flag ? "1" : "0") : (*flag ? "true" : "false");
    // None as its number: twE="NaN" would read back as Linear.
    if (const Easing* easing = std::get_if<Easing>(&value))
        return std::to_string(static_cast<int>(*easing));
    if (const double* number = std::get_if<double>(&value))
        return spellNumber(*number);
    const std::string& text = std::get<std::string>(value);
    return xml ? text : jsonQuoted(text);
}

namespace {

/// A DragonBones attribute's number as the reader reads it (io/TinyxmlNumbers.h): its leading
/// number, white space and a '+' allowed; durations and easings as integers. Text without a
/// number is the default, as cocos2d-x ignores it.
std::optional<EditValue> readDragonBonesNumber(EditKey key, std::string_view raw)
{
    const auto leading = [](std::string_view text) -> std::optional<double> {
        const auto number = readTinyxmlNumber<double>(text);
        using Read = TinyxmlNumber<double>::Read;
        if (number.read == Read::Whole || number.read == Read::Leading)
            return number.value;
        return std::nullopt;
    };
    if (isEasing(key)) {
        if (raw != "NaN" && !leadingInteger(raw))
            return defaultEditValue(key);
        const auto type = dragonBonesEasingType(raw, leadingInteger);
        return type ? std::optional<EditValue>(playedEasing(*type)) : std::nullopt;
    }
    if (isDuration(key)) {
        const TinyxmlInteger frames = readTinyxmlNumber<int>(raw);
        switch (frames.read) {
        case TinyxmlInteger::Read::Whole:
        case TinyxmlInteger::Read::Leading:
            return EditValue(frames.value);
        case TinyxmlInteger::Read::None:
            return defaultEditValue(key);
        case TinyxmlInteger::Read::OutOfRange:
            return std::nullopt;
        }
    }
    if (const auto value = leading(raw))
        return EditValue(*value);
    return defaultEditValue(key);
}

} // namespace

std::optional<EditValue> readEditValue(EditKey key, std::string_view raw, SourceFormat format)
{
    const bool xml = format == SourceFormat::DragonBonesXml;
    if (!xml && raw == "null")
        return defaultEditValue(key);
    if (key == EditKey::FrameEvent) {
        if (xml)
            return EditValue(std::string(raw));
        if (auto text = JsonSpans::decodeString(raw))
            return EditValue(std::move(*text));
        return std::nullopt;
    }
    if (key == EditKey::Loop) {
        // As the readers read it (and warn): rapidjson's GetBool, true only for `true`; and
        // tinyxml2's leading integer, where lp="true" loops and so does lp="false".
        if (!xml)
            return EditValue(raw == "true");
        const TinyxmlInteger integer = readTinyxmlNumber<int>(raw);
        if (integer.read == TinyxmlInteger::Read::OutOfRange)
            return std::nullopt;
        return EditValue(dragonBonesLoops(integer));
    }
    if (xml)
        return readDragonBonesNumber(key, raw);
    if (isEasing(key)) {
        const auto value = toDouble(raw);
        if (!value || !std::isfinite(*value) || std::abs(*value) > 100000.0)
            return std::nullopt;
        return EditValue(playedEasing(static_cast<int>(*value)));
    }
    const auto value = toDouble(raw);
    if (!value)
        return std::nullopt;
    if (isDuration(key))
        return EditValue(static_cast<int>(*value));
    return EditValue(*value);
}

EditValue defaultEditValue(EditKey key)
{
    switch (key) {
    case EditKey::DurationTo:
    case EditKey::DurationTween:
        return 0;
    case EditKey::Loop:
        return true;
    case EditKey::TweenEasing:
    case EditKey::FrameTweenEasing:
        return Easing::Linear;
    case EditKey::Scale:
        return 1.0;
    case EditKey::FrameTweenRotate:
        return 0.0;
    case EditKey::FrameEvent:
        return std::string();
    }
    return 0;
}

std::string describeEditValue(const EditValue& value)
{
    if (const int* frames = std::get_if<int>(&value))
        return std::to_string(*frames);
    if (const bool* flag = std::get_if<bool>(&value))
        return *flag ? "true" : "false";
    if (const Easing* easing = std::get_if<Easing>(&value))
        return std::string(easingName(*easing));
    if (const double* number = std::get_if<double>(&value))
        return spellNumber(*number);
    return inQuotes(std::get<std::string>(value));
}

} // namespace bonescope::core
