#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace bonescope::core {

/// Appends the UTF-8 encoding of the code point `code` (≤ U+10FFFF) to `out`.
inline void appendUtf8(std::string& out, std::uint32_t code)
{
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

/// The UTF-8 byte order mark some exporters write before the text (cocos2d-x's plists and
/// CocoStudio's ExportJson now and then).
inline constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

/// `text` without its leading UTF-8 byte order mark, if it has one.
inline std::string_view withoutUtf8Bom(std::string_view text)
{
    return text.starts_with(kUtf8Bom) ? text.substr(kUtf8Bom.size()) : text;
}

/// Offset of the first byte that breaks UTF-8 (RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF), or npos when the whole text is valid.
std::size_t firstInvalidUtf8(std::string_view text);

} // namespace bonescope::core
