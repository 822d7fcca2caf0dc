#pragma once

#include "base/LoadError.h"

#include <pugixml.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bonescope::core {

/// Where things go wrong in one XML text: turns byte offsets and pugixml nodes into LoadErrors
/// that carry the file name and a 1-based line, and makes the checks every XML reader needs
/// before it looks at elements (empty input, invalid UTF-8, text that is not well-formed XML).
/// Holds a view of the text: the text must outlive it.
class XmlErrors {
public:
    XmlErrors(std::string_view text, std::string fileName);

    /// 1-based line of a byte offset into the text (offsets past the end give the last line).
    int lineAt(std::ptrdiff_t offset) const;

    /// An error at the line where `node` starts (line 0 when pugixml cannot tell).
    LoadError at(const pugi::xml_node& node, std::string message) const;
    LoadError atOffset(std::ptrdiff_t offset, std::string message) const;

    /// Parses the text with pugixml's parse_default as UTF-8. Returns why it cannot be read:
    /// empty, not valid UTF-8 (with the line of the first bad byte), or not well-formed XML
    /// (with pugixml's reason and line); std::nullopt on success.
    std::optional<LoadError> parse(pugi::xml_document& document) const;

private:
    std::string_view m_text;
    std::string m_fileName;
};

} // namespace bonescope::core
