#pragma once

#include <string>
#include <string_view>

namespace bonescope::core {

// How messages show a name, a value or an element. (Appended piece by piece: GCC 12 at -O3
// warns falsely, -Wrestrict, about "literal" + std::string.)

/// `text` between `open` and `close`.
inline std::string enclosed(char open, std::string_view text, std::string_view close)
{
    std::string out;
    out.reserve(text.size() + 1 + close.size());
    out += open;
    out += text;
    out += close;
    return out;
}

/// `text` between double quotes: a name or a value typed or read.
inline std::string inQuotes(std::string_view text)
{
    return enclosed('"', text, "\"");
}

/// `text` between single quotes: a plist key, a nested armature's name.
inline std::string inSingleQuotes(std::string_view text)
{
    return enclosed('\'', text, "'");
}

/// The XML tag `<name>`.
inline std::string tagOf(std::string_view name)
{
    return enclosed('<', name, ">");
}

} // namespace bonescope::core
