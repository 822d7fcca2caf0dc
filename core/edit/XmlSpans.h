#pragma once

#include "base/LoadError.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// The elements of an XML text with the byte offsets of their attribute values, so an editor
/// can replace one value, or add an attribute, without touching any other byte. Comments,
/// CDATA, processing instructions and DOCTYPE are skipped; text content is ignored.
class XmlSpans {
public:
    struct Attribute {
        std::string_view name;
        size_t valueBegin = 0; ///< first byte inside the quotes
        size_t valueEnd = 0;   ///< the closing quote
        char quote = '"';
    };
    struct Element {
        std::string_view name;
        int parent = -1;
        std::vector<Attribute> attributes;
        size_t attributesEnd = 0; ///< after the last attribute (or the name): where one is added
        std::vector<int> children;
    };

    /// Scans `text`, which must outlive the result; errors name `fileName` and the line.
    static Result<XmlSpans> scan(std::string_view text, const std::string& fileName);

    const std::vector<Element>& elements() const { return m_elements; }
    /// The root element's index (0), or −1 for a text without elements.
    int root() const { return m_elements.empty() ? -1 : 0; }
    const Attribute* attribute(int element, std::string_view name) const;
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
    std::string_view m_text;
    std::vector<Element> m_elements;
};

} // namespace bonescope::core
