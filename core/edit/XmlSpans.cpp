#include "edit/XmlSpans.h"

#include "base/Utf8.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace bonescope::core {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

bool isNameEnd(char c)
{
    return isSpace(c) || c == '/' || c == '>' || c == '=';
}

/// Reads the attribute of a start tag at `p` (its name's first byte) into `attribute`; `p` then
/// points past its closing quote. Null, or what is wrong with it.
const char* readAttribute(std::string_view text, size_t& p, XmlSpans::Attribute& attribute)
{
    const size_t nameBegin = p;
    while (p < text.size() && !isNameEnd(text[p]))
        ++p;
    attribute.name = text.substr(nameBegin, p - nameBegin);
    while (p < text.size() && isSpace(text[p]))
        ++p;
    if (attribute.name.empty() || p >= text.size() || text[p] != '=')
        return "attribute without a value";
    ++p;
    while (p < text.size() && isSpace(text[p]))
        ++p;
    if (p >= text.size() || (text[p] != '"' && text[p] != '\''))
        return "attribute value without quotes";
    attribute.quote = text[p];
    attribute.valueBegin = p + 1;
    const size_t close = text.find(attribute.quote, attribute.valueBegin);
    if (close == std::string_view::npos)
        return "unterminated attribute value";
    attribute.valueEnd = close;
    p = close + 1;
    return nullptr;
}

} // namespace

Result<XmlSpans> XmlSpans::scan(std::string_view text, const std::string& fileName)
{
    if (text.size() > std::numeric_limits<std::uint32_t>::max())
        return LoadError{fileName, 0, {}, "too large to edit"};
    XmlSpans spans;
    spans.m_text = text;
    // The open elements, innermost last, each with its last child so far (−1: none yet).
    struct Open {
        int element;
        int lastChild;
    };
    std::vector<Open> open;
    size_t i = 0;
    const auto fail = [&](const char* message) {
        const int line =
            1 + static_cast<int>(std::count(
                    text.begin(),
                    text.begin() + static_cast<std::ptrdiff_t>(std::min(i, text.size())), '\n'));
        return LoadError{fileName, line, {}, message};
    };
    const auto skipPast = [&](std::string_view terminator) {
        const size_t end = text.find(terminator, i);
        i = end == std::string_view::npos ? text.size() + 1 : end + terminator.size();
        return end != std::string_view::npos;
    };
    while ((i = text.find('<', i)) != std::string_view::npos) {
        const std::string_view rest = text.substr(i);
        if (rest.starts_with("<!--")) {
            if (!skipPast("-->"))
                return fail("unterminated comment");
        } else if (rest.starts_with("<![CDATA[")) {
            if (!skipPast("]]>"))
                return fail("unterminated CDATA section");
        } else if (rest.starts_with("<?")) {
            if (!skipPast("?>"))
                return fail("unterminated processing instruction");
        } else if (rest.starts_with("<!")) {
            if (!skipPast(">"))
                return fail("unterminated declaration");
        } else if (rest.starts_with("</")) {
            if (open.empty())
                return fail("closing tag without an open element");
            open.pop_back();
            if (!skipPast(">"))
                return fail("unterminated closing tag");
        } else {
            Element element;
            size_t p = i + 1;
            while (p < text.size() && !isNameEnd(text[p]))
                ++p;
            if (p == i + 1)
                return fail("element without a name");
            element.nameBegin = static_cast<std::uint32_t>(i + 1);
            element.nameEnd = static_cast<std::uint32_t>(p);
            element.attributesEnd = element.nameEnd;
            bool selfClosing = false;
            for (;;) {
                while (p < text.size() && isSpace(text[p]))
                    ++p;
                if (p >= text.size())
                    return fail("unterminated start tag");
                if (text[p] == '>')
                    break;
                if (text[p] == '/') {
                    if (p + 1 >= text.size() || text[p + 1] != '>')
                        return fail("stray '/' in a start tag");
                    selfClosing = true;
                    ++p;
                    break;
                }
                Attribute attribute;
                if (const char* wrong = readAttribute(text, p, attribute))
                    return fail(wrong);
                element.attributesEnd = static_cast<std::uint32_t>(p);
            }
            const int index = static_cast<int>(spans.m_elements.size());
            if (!open.empty()) {
                Open& parent = open.back();
                if (parent.lastChild < 0)
                    spans.m_elements[static_cast<size_t>(parent.element)].firstChild = index;
                else
                    spans.m_elements[static_cast<size_t>(parent.lastChild)].nextSibling = index;
                parent.lastChild = index;
            } else if (index > 0) {
                return fail("more than one root element");
            }
            spans.m_elements.push_back(element);
            if (!selfClosing)
                open.push_back({index, -1});
            i = p + 1;
        }
    }
    if (!open.empty())
        return fail("unclosed element at the end of the file");
    return spans;
}

std::optional<XmlSpans::Attribute> XmlSpans::attribute(int element, std::string_view name) const
{
    // The tag was read whole by the scan: its attributes read again without fault.
    const Element& tag = m_elements[static_cast<size_t>(element)];
    size_t p = tag.nameEnd;
    while (p < tag.attributesEnd) {
        while (isSpace(m_text[p]))
            ++p;
        Attribute attribute;
        readAttribute(m_text, p, attribute);
        if (attribute.name == name)
            return attribute;
    }
    return std::nullopt;
}

std::string XmlSpans::value(const Attribute& attribute) const
{
    const std::string_view raw =
        m_text.substr(attribute.valueBegin, attribute.valueEnd - attribute.valueBegin);
    std::string out;
    for (size_t i = 0; i < raw.size(); ++i) {
        const size_t semicolon = raw[i] == '&' ? raw.find(';', i) : std::string_view::npos;
        if (semicolon == std::string_view::npos) {
            out += raw[i];
            continue;
        }
        const std::string_view entity = raw.substr(i + 1, semicolon - i - 1);
        unsigned code = 0;
        if (entity == "amp")
            code = '&';
        else if (entity == "lt")
            code = '<';
        else if (entity == "gt")
            code = '>';
        else if (entity == "quot")
            code = '"';
        else if (entity == "apos")
            code = '\'';
        else if (entity.size() > 1 && entity[0] == '#') {
            const bool hex = entity[1] == 'x';
            const std::string_view digits = entity.substr(hex ? 2 : 1);
            std::from_chars(digits.data(), digits.data() + digits.size(), code, hex ? 16 : 10);
        }
        if (code == 0 || code > 0x10FFFF) {
            out += raw[i];
            continue;
        }
        appendUtf8(out, code);
        i = semicolon;
    }
    return out;
}

std::vector<int> XmlSpans::childrenNamed(int parent, std::string_view element,
                                         std::string_view nameValue) const
{
    std::vector<int> found;
    for (const int child : children(parent, element))
        if (const auto name = attribute(child, "name"); name && value(*name) == nameValue)
            found.push_back(child);
    return found;
}

std::vector<int> XmlSpans::children(int parent, std::string_view element) const
{
    std::vector<int> found;
    for (int child = m_elements[static_cast<size_t>(parent)].firstChild; child >= 0;
         child = m_elements[static_cast<size_t>(child)].nextSibling)
        if (name(m_elements[static_cast<size_t>(child)]) == element)
            found.push_back(child);
    return found;
}

std::string XmlSpans::escaped(std::string_view text, char quote)
{
    std::string out;
    for (const char c : text) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == quote)
            out += quote == '"' ? "&quot;" : "&apos;";
        else
            out += c;
    }
    return out;
}

} // namespace bonescope::core
