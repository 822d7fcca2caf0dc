#include "io/XmlErrors.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

namespace bonescope::core {

namespace {

/// Offset of the first byte that breaks UTF-8 (RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF), or -1 when the whole text is valid.
std::ptrdiff_t firstInvalidUtf8(std::string_view text)
{
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    const std::size_t size = text.size();
    std::size_t i = 0;
    while (i < size) {
        // ASCII runs, most of any XML, are skipped eight bytes at a time.
        std::uint64_t word = 0;
        while (i + 8 <= size &&
               (std::memcpy(&word, bytes + i, 8), (word & 0x8080808080808080u) == 0))
            i += 8;
        if (i >= size)
            break;
        const std::uint8_t lead = bytes[i];
        if (lead < 0x80) {
            ++i;
            continue;
        }
        int length = 0;
        std::uint8_t low = 0x80;
        std::uint8_t high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xE0)
                low = 0xA0; // overlong
            else if (lead == 0xED)
                high = 0x9F; // UTF-16 surrogates
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            if (lead == 0xF0)
                low = 0x90; // overlong
            else if (lead == 0xF4)
                high = 0x8F; // above U+10FFFF
        } else {
            return static_cast<std::ptrdiff_t>(i);
        }
        if (i + length > size)
            return static_cast<std::ptrdiff_t>(i);
        if (bytes[i + 1] < low || bytes[i + 1] > high)
            return static_cast<std::ptrdiff_t>(i);
        for (int k = 2; k < length; ++k)
            if (bytes[i + k] < 0x80 || bytes[i + k] > 0xBF)
                return static_cast<std::ptrdiff_t>(i);
        i += length;
    }
    return -1;
}

} // namespace

XmlErrors::XmlErrors(std::string_view text, std::string fileName)
    : m_text(text), m_fileName(std::move(fileName))
{
}

int XmlErrors::lineAt(std::ptrdiff_t offset) const
{
    const auto end = static_cast<std::size_t>(
        std::clamp<std::ptrdiff_t>(offset, 0, static_cast<std::ptrdiff_t>(m_text.size())));
    return 1 + static_cast<int>(std::count(m_text.begin(), m_text.begin() + end, '\n'));
}

LoadError XmlErrors::at(const pugi::xml_node& node, std::string message) const
{
    const std::ptrdiff_t offset = node.offset_debug();
    return {m_fileName, offset < 0 ? 0 : lineAt(offset), {}, std::move(message)};
}

LoadError XmlErrors::atOffset(std::ptrdiff_t offset, std::string message) const
{
    return {m_fileName, lineAt(offset), {}, std::move(message)};
}

std::optional<LoadError> XmlErrors::parse(pugi::xml_document& document) const
{
    if (m_text.empty())
        return LoadError{m_fileName, 0, {}, "the file is empty"};
    if (const std::ptrdiff_t bad = firstInvalidUtf8(m_text); bad >= 0) {
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(m_text[bad]));
        return atOffset(bad, std::string("the text is not valid UTF-8 (byte ") + byte +
                                 "); save the file as UTF-8");
    }
    const pugi::xml_parse_result result = document.load_buffer(
        m_text.data(), m_text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (result)
        return std::nullopt;
    if (result.status == pugi::status_no_document_element)
        return atOffset(0, "not an XML document: it has no element");
    if (result.status == pugi::status_out_of_memory)
        return atOffset(result.offset, "out of memory while parsing the XML");
    std::string message = "not well-formed XML: ";
    message += result.description();
    const std::size_t after = static_cast<std::size_t>(result.offset) + 1;
    if (after >= m_text.size() ||
        m_text.find_first_not_of(" \t\r\n", after) == std::string_view::npos)
        message += " at the end of the file (is it truncated?)";
    return atOffset(result.offset, std::move(message));
}

} // namespace bonescope::core
