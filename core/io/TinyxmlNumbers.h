#pragma once

#include <charconv>
#include <string_view>
#include <system_error>

namespace bonescope::core {

// cocos2d-x reads DragonBones XML through tinyxml2, whose numbers are sscanf's: white space
// around them skipped, a '+' allowed, and only the leading number read. The rules here are the
// ones the DragonBones reader and the export editor share.

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

/// What QueryIntAttribute makes of an attribute's text.
struct TinyxmlInteger {
    enum class Read {
        Whole,      ///< the text is an integer
        Leading,    ///< the text starts with an integer ("1.5", "2px"): that is read
        None,       ///< no leading integer ("true"): the attribute's default stays
        OutOfRange, ///< an integer beyond int (sscanf's result is undefined)
    };
    Read read = Read::None;
    int value = 0; ///< Whole and Leading
};

inline TinyxmlInteger readTinyxmlInteger(std::string_view attributeText)
{
    const std::string_view text = tinyxmlNumberText(attributeText);
    TinyxmlInteger result;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), result.value);
    if (error == std::errc::result_out_of_range)
        result.read = TinyxmlInteger::Read::OutOfRange;
    else if (error == std::errc())
        result.read = end == text.data() + text.size() ? TinyxmlInteger::Read::Whole
                                                       : TinyxmlInteger::Read::Leading;
    return result;
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
