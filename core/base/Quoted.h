#pragma once

#include <string>
#include <string_view>

namespace bonescope::core {

/// `text` between double quotes, as messages show a name or a value typed or read.
/// (Appended piece by piece: GCC 12 warns falsely, -Wrestrict, about "\"" + std::string.)
inline std::string inQuotes(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    out += text;
    out += '"';
    return out;
}

} // namespace bonescope::core
