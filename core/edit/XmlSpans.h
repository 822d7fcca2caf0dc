#pragma once

#include "base/LoadError.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// The elements of an XML text with the byte offsets of their attribute values, so an editor
/// can replace one value, or add an attribute, without touching any other byte. Comments,
/// CDATA, processing instructions and DOCTYPE are skipped; text content is ignored. The scan
/// checks every start tag but keeps only each element's name and place: an attribute is read
/// from its tag when asked for (an export's keyframes hold millions of attributes, and an index
/// of them took six times the file's size).
class XmlSpans {
public:
    struct Attribute {
        std::string_view name;
        size_t valueBegin = 0; ///< first byte inside the quotes
        size_t valueEnd = 0;   ///< the closing quote
        char quote = '"';
    };

    /// Scans `text`, which must outlive the result; errors name `fileName` and the line.
    static Result<XmlSpans> scan(std::string_view text, const std::string& fileName);

    /// The root element's index (0), or −1 for a text without elements.
    int root() const { return m_elements.empty() ? -1 : 0; }
    /// `element`'s first attribute called `name`.
    std::optional<Attribute> attribute(int element, std::string_view name) const;
    /// Where an attribute is added to `element`: after its last one (or its name).
    size_t attributesEnd(int element) const { return m_elements[size_t(element)].attributesEnd; }
    /// The attribute's value with entities resolved.
    std::string value(const Attribute& attribute) const;
    /// The children of `parent` called `element` whose `name` attribute is `nameValue`, in
    /// file order.
    std::vector<int> childrenNamed(int parent, std::string_view element,
                                   std::string_view nameValue) const;
    /// The children of `parent` called `element`, in file order.
    std::vector<int> children(int parent, std::string_view element) const;

    /// `text` written as an attribute value between `quote` characters.
    static std::string escaped(std::string_view text, char quote);

private:
    /// Offsets into the text, which scan refuses past 4 GiB (exports stop at kMaxFileBytes).
    struct Element {
        std::uint32_t nameBegin = 0;
        std::uint32_t nameEnd = 0;
        std::uint32_t attributesEnd = 0;
        int firstChild = -1;
        int nextSibling = -1;
    };
    std::string_view name(const Element& element) const
    {
        return m_text.substr(element.nameBegin, element.nameEnd - element.nameBegin);
    }

    std::string_view m_text;
    std::vector<Element> m_elements;
};

} // namespace bonescope::core
