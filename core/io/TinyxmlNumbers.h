#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace bonescope::core {

// cocos2d-x reads DragonBones XML through tinyxml2, whose numbers are sscanf's: white space
// around them skipped, a '+' allowed, only the leading number read, and floats also in
// hexadecimal ("0x1.8p3"); tinyxml2 9 (the version cocos2d-x's oracle links) reads an integer
// that starts with "0x" as hexadecimal ("%x"). The rules here are the ones the DragonBones
// reader and the export editor share.

/// `text` without the XML white space around it and without one leading '+', which sscanf
/// accepts and from_chars does not (a second sign after it, "+-1", is no number to sscanf).
inline std::string_view tinyxmlNumberText(std::string_view text)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    if (text.size() > 1 && text.front() == '+' && text[1] != '+' && text[1] != '-')
        text.remove_prefix(1);
    return text;
}

/// What tinyxml2's QueryIntAttribute or QueryFloatAttribute makes of an attribute's text: sscanf's
/// "%d" (or "%x" after "0x") or "%f", which read the number the text starts with and ignore the
/// rest.
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

namespace tinyxml {

inline bool isHexDigit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/// Whether `text` (without its sign) starts with a hexadecimal float strtof reads: "0x", then a
/// digit, or a point and a digit. Without one ("0x", "0xg", "0x-1") strtof reads the 0 alone.
inline bool startsHexadecimal(std::string_view text)
{
    if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
        return false;
    return isHexDigit(text[2]) || (text[2] == '.' && text.size() > 3 && isHexDigit(text[3]));
}

/// Whether tinyxml2 reads an integer attribute's text as hexadecimal (its IsPrefixHex): "0x" or
/// "0X" after the leading white space, no sign before it.
inline bool isPrefixHex(std::string_view attributeText)
{
    const size_t start = attributeText.find_first_not_of(" \t\n\r");
    return start != std::string_view::npos && attributeText.substr(start).size() >= 2 &&
           attributeText[start] == '0' &&
           (attributeText[start + 1] == 'x' || attributeText[start + 1] == 'X');
}

/// sscanf's "%x" on `text`, which starts with "0x": the hexadecimal digits after it as an
/// unsigned 32-bit number, stored into an int (past 0x7fffffff, negative); 0 when no digit follows
/// the "0x". More than 32 bits is out of range (sscanf's result is undefined).
inline TinyxmlNumber<int> readTinyxmlHexInteger(std::string_view text)
{
    TinyxmlNumber<int> result;
    std::uint32_t value = 0;
    const char* const digits = text.data() + 2;
    const char* const textEnd = text.data() + text.size();
    const auto [end, error] = std::from_chars(digits, textEnd, value, 16);
    const char* const taken = error == std::errc::invalid_argument ? digits : end;
    result.taken = text.substr(0, static_cast<size_t>(taken - text.data()));
    if (error == std::errc::result_out_of_range) {
        result.read = TinyxmlNumber<int>::Read::OutOfRange;
        return result;
    }
    result.value = static_cast<int>(value);
    result.read =
        taken == textEnd ? TinyxmlNumber<int>::Read::Whole : TinyxmlNumber<int>::Read::Leading;
    return result;
}

/// Whether a number from_chars found out of range ("1e-400", "1p-200" in hexadecimal, "1e99")
/// is so because it is too close to 0 rather than too large, i.e. whether its first significant
/// digit, moved by the exponent, stands below the units. `number` is what from_chars read,
/// without its sign (and without "0x").
inline bool belowOne(std::string_view number, bool hexadecimal)
{
    const auto isDigit = [&](char c) { return hexadecimal ? isHexDigit(c) : c >= '0' && c <= '9'; };
    long integerDigits = 0;   // from the first significant one
    long zerosAfterPoint = 0; // before the first significant digit, when the integer part is 0
    bool afterPoint = false, significant = false;
    size_t i = 0;
    for (; i < number.size() && (isDigit(number[i]) || number[i] == '.'); ++i) {
        significant = significant || (number[i] != '0' && number[i] != '.');
        if (number[i] == '.')
            afterPoint = true;
        else if (!afterPoint && significant)
            ++integerDigits;
        else if (afterPoint && integerDigits == 0 && !significant)
            ++zerosAfterPoint;
    }
    const long position = integerDigits > 0 ? integerDigits - 1 : -(zerosAfterPoint + 1);
    // The exponent after 'e' ('p' in hexadecimal, a power of two: a digit is four bits).
    long exponent = 0;
    if (i + 1 < number.size()) {
        const bool negative = number[i + 1] == '-';
        for (size_t k = i + (number[i + 1] == '-' || number[i + 1] == '+' ? 2 : 1);
             k < number.size(); ++k)
            exponent = std::min(exponent * 10 + (number[k] - '0'), 1'000'000L);
        if (negative)
            exponent = -exponent;
    }
    return (hexadecimal ? 4 * position : position) + exponent < 0;
}

} // namespace tinyxml

template <typename Number> TinyxmlNumber<Number> readTinyxmlNumber(std::string_view attributeText)
{
    const std::string_view text = tinyxmlNumberText(attributeText);
    if constexpr (std::is_same_v<Number, int>)
        if (tinyxml::isPrefixHex(attributeText))
            return tinyxml::readTinyxmlHexInteger(text);
    TinyxmlNumber<Number> result;
    const bool negative = !text.empty() && text.front() == '-';
    const std::string_view unsignedText = text.substr(negative ? 1 : 0);
    // sscanf's "%f" (strtof) reads hexadecimal floats too.
    const bool hexadecimal =
        std::is_floating_point_v<Number> && tinyxml::startsHexadecimal(unsignedText);
    const char* const begin = hexadecimal ? unsignedText.data() + 2 : text.data();
    const char* const textEnd = text.data() + text.size();
    const auto [end, error] = [&] {
        if constexpr (std::is_floating_point_v<Number>)
            if (hexadecimal)
                return std::from_chars(begin, textEnd, result.value, std::chars_format::hex);
        return std::from_chars(begin, textEnd, result.value);
    }();
    if (error == std::errc::invalid_argument)
        return result;
    if (hexadecimal && negative)
        result.value = -result.value;
    result.taken = text.substr(0, static_cast<size_t>(end - text.data()));
    if (error == std::errc::result_out_of_range) {
        result.read = TinyxmlNumber<Number>::Read::OutOfRange;
        // A float too close to 0 for even a subnormal ("1e-50") is sscanf's (strtof's) signed
        // zero; only one too large is out of range.
        const char* const digits = hexadecimal ? begin : unsignedText.data();
        if (!std::is_floating_point_v<Number> ||
            !tinyxml::belowOne({digits, static_cast<size_t>(end - digits)}, hexadecimal))
            return result;
        result.value = negative ? -Number{} : Number{};
    }
    result.read =
        end == textEnd ? TinyxmlNumber<Number>::Read::Whole : TinyxmlNumber<Number>::Read::Leading;
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
