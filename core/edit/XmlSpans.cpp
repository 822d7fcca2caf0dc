#include "edit/XmlSpans.h"

#include "base/Utf8.h"

#include <algorithm>
#include <charconv>

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

} // namespace

Result<XmlSpans> XmlSpans::scan(std::string_view text, const std::string& fileName)
{
    XmlSpans spans;
    spans.m_text = text;
    int current = -1;
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
            if (current < 0)
                return fail("closing tag without an open element");
            current = spans.m_elements[static_cast<size_t>(current)].parent;
            if (!skipPast(">"))
                return fail("unterminated closing tag");
        } else {
            Element element;
            element.parent = current;
            size_t p = i + 1;
            while (p < text.size() && !isNameEnd(text[p]))
                ++p;
            element.name = text.substr(i + 1, p - i - 1);
            if (element.name.empty())
                return fail("element without a name");
            element.attributesEnd = p;
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
                const size_t nameBegin = p;
                while (p < text.size() && !isNameEnd(text[p]))
                    ++p;
                Attribute attribute;
                attribute.name = text.substr(nameBegin, p - nameBegin);
                while (p < text.size() && isSpace(text[p]))
                    ++p;
                if (attribute.name.empty() || p >= text.size() || text[p] != '=')
                    return fail("attribute without a value");
                ++p;
                while (p < text.size() && isSpace(text[p]))
                    ++p;
                if (p >= text.size() || (text[p] != '"' && text[p] != '\''))
                    return fail("attribute value without quotes");
                attribute.quote = text[p];
                attribute.valueBegin = p + 1;
                const size_t close = text.find(attribute.quote, attribute.valueBegin);
                if (close == std::string_view::npos)
                    return fail("unterminated attribute value");
                attribute.valueEnd = close;
                p = close + 1;
                element.attributesEnd = p;
                element.attributes.push_back(attribute);
            }
            const int index = static_cast<int>(spans.m_elements.size());
            if (current >= 0)
                spans.m_elements[static_cast<size_t>(current)].children.push_back(index);
            else if (index > 0)
                return fail("more than one root element");
            spans.m_elements.push_back(std::move(element));
            if (!selfClosing)
                current = index;
            i = p + 1;
        }
    }
    if (current >= 0)
        return fail("unclosed element at the end of the file");
    return spans;
}

const XmlSpans::Attribute* XmlSpans::attribute(int element, std::string_view name) const
{
    for (const auto& attribute : m_elements[static_cast<size_t>(element)].attributes)
        if (attribute.name == name)
            return &attribute;
    return nullptr;
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
        if (const Attribute* name = attribute(child, "name"); name && value(*name) == nameValue)
            found.push_back(child);
    return found;
}

std::vector<int> XmlSpans::children(int parent, std::string_view element) const
{
    std::vector<int> found;
    for (const int child : m_elements[static_cast<size_t>(parent)].children)
        if (m_elements[static_cast<size_t>(child)].name == element)
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
