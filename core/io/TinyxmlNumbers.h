#pragma once

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace bonescope::core {

// cocos2d-x reads DragonBones XML through tinyxml2, whose numbers are sscanf's: white space
// around them skipped, a '+' allowed, and only the leading number read (hexadecimal floats,
// which sscanf also reads, are read as their leading 0 here: no exporter writes them). The rules
// here are the ones the DragonBones reader and the export editor share.

/// `text` without the XML white space around it and without one leading '+', which sscanf
/// accepts and from_chars does not.
inline std::string_view tinyxmlNumberText(std::string_view text)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    if (text.size() > 1 && text.front() == '+')
        text.remove_prefix(1);
    return text;
}

/// What tinyxml2's QueryIntAttribute or QueryFloatAttribute makes of an attribute's text: sscanf's
/// "%d" or "%f", which read the number the text starts with and ignore the rest.
template <typename Number> struct TinyxmlNumber {
    enum class Read {
        Whole,      ///< the text is a number
        Leading,    ///< the text starts with one ("1.5" as an int, "12,5", "3px"): that is read
        None,       ///< no leading number ("true", "abc"): cocos2d-x keeps the value it had
        OutOfRange, ///< a number beyond Number's range (sscanf's result is undefined or infinite;
                    ///< a float too close to 0 is read as 0, as sscanf does)
    };
    Read read = Read::None;
    Number value{};         ///< Whole and Leading
    std::string_view taken; ///< the characters read, for messages
};

template <typename Number> TinyxmlNumber<Number> readTinyxmlNumber(std::string_view attributeText)
{
    const std::string_view text = tinyxmlNumberText(attributeText);
    TinyxmlNumber<Number> result;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), result.value);
    if (error == std::errc::invalid_argument)
        return result;
    result.taken = text.substr(0, static_cast<size_t>(end - text.data()));
    if (error == std::errc::result_out_of_range) {
        result.read = TinyxmlNumber<Number>::Read::OutOfRange;
        // A float too small for even a subnormal ("1e-50") is sscanf's (strtof's) signed zero;
        // only one too large is out of range.
        if constexpr (std::is_same_v<Number, float>) {
            double wide = 0.0;
            if (std::from_chars(text.data(), end, wide).ec != std::errc() || !(std::abs(wide) < 1))
                return result;
            result.value = std::copysign(0.f, static_cast<float>(wide));
        } else {
            return result;
        }
    }
    result.read = end == text.data() + text.size() ? TinyxmlNumber<Number>::Read::Whole
                                                   : TinyxmlNumber<Number>::Read::Leading;
    return result;
}

using TinyxmlInteger = TinyxmlNumber<int>;

/// QueryBoolAttribute's words (tinyxml2 7 and later, as cocos2d-x's oracle links): "true",
/// "True" or "TRUE" and "false", "False" or "FALSE", matched exactly, white space included.
/// A value that starts with an integer is that integer instead (non-zero is true): ask
/// readTinyxmlNumber<int> first.
inline std::optional<bool> tinyxmlBoolWord(std::string_view attributeText)
{
    for (const std::string_view word : {"true", "True", "TRUE"})
        if (attributeText == word)
            return true;
    for (const std::string_view word : {"false", "False", "FALSE"})
        if (attributeText == word)
            return false;
    return std::nullopt;
}

/// Whether a movement whose `lp` reads as `lp` loops in cocos2d-x: QueryIntAttribute into
/// MovementData's loop, true by default, so a leading integer decides (non-zero loops) and text
/// without one loops: lp="true" and lp="false" both do.
inline bool dragonBonesLoops(const TinyxmlInteger& lp)
{
    const bool hasInteger =
        lp.read == TinyxmlInteger::Read::Whole || lp.read == TinyxmlInteger::Read::Leading;
    return hasInteger ? lp.value != 0 : true;
}

} // namespace bonescope::core
