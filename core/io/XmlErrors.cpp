#include "io/XmlErrors.h"

#include "base/Utf8.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

namespace bonescope::core {

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
    if (const std::size_t bad = firstInvalidUtf8(m_text); bad != std::string_view::npos) {
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(m_text[bad]));
        return atOffset(static_cast<std::ptrdiff_t>(bad),
                        std::string("the text is not valid UTF-8 (byte ") + byte +
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
