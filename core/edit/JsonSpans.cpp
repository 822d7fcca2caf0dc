#include "edit/JsonSpans.h"

#include "base/Utf8.h"

#include <algorithm>
#include <charconv>

namespace bonescope::core {

namespace {

constexpr int kMaxDepth = 256;

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/// Recursive descent with a depth limit; records a node per value.
class Scanner {
public:
    Scanner(std::string_view text, std::vector<JsonSpans::Node>& nodes)
        : m_text(text), m_nodes(nodes)
    {
    }

    const char* error = nullptr;
    size_t at = 0;

    int value(int depth)
    {
        skipSpace();
        if (at >= m_text.size())
            return fail("unexpected end of the text");
        if (depth > kMaxDepth)
            return fail("nesting too deep");
        const int index = static_cast<int>(m_nodes.size());
        m_nodes.emplace_back();
        m_nodes.back().begin = at;
        const char c = m_text[at];
        if (c == '{') {
            m_nodes[static_cast<size_t>(index)].kind = JsonSpans::Node::Kind::Object;
            ++at;
            for (bool first = true;; first = false) {
                const size_t separator = at;
                skipSpace();
                if (at < m_text.size() && m_text[at] == '}' && first)
                    break;
                JsonSpans::Member member;
                member.separator = separator;
                member.keyBegin = at;
                if (!string())
                    return fail("expected a key");
                member.keyEnd = at;
                const auto key =
                    JsonSpans::decodeString(m_text.substr(member.keyBegin, at - member.keyBegin));
                if (!key)
                    return fail("bad key");
                member.key = *key;
                skipSpace();
                if (at >= m_text.size() || m_text[at] != ':')
                    return fail("expected ':'");
                ++at;
                member.value = value(depth + 1);
                if (member.value < 0)
                    return -1;
                m_nodes[static_cast<size_t>(index)].members.push_back(std::move(member));
                skipSpace();
                if (at < m_text.size() && m_text[at] == ',') {
                    ++at;
                    continue;
                }
                if (at >= m_text.size() || m_text[at] != '}')
                    return fail("expected ',' or '}'");
                break;
            }
            ++at;
        } else if (c == '[') {
            m_nodes[static_cast<size_t>(index)].kind = JsonSpans::Node::Kind::Array;
            ++at;
            for (bool first = true;; first = false) {
                skipSpace();
                if (at < m_text.size() && m_text[at] == ']' && first)
                    break;
                const int element = value(depth + 1);
                if (element < 0)
                    return -1;
                m_nodes[static_cast<size_t>(index)].elements.push_back(element);
                skipSpace();
                if (at < m_text.size() && m_text[at] == ',') {
                    ++at;
                    continue;
                }
                if (at >= m_text.size() || m_text[at] != ']')
                    return fail("expected ',' or ']'");
                break;
            }
            ++at;
        } else if (c == '"') {
            if (!string())
                return fail("unterminated string");
        } else {
            const size_t begin = at;
            while (at < m_text.size() && !isSpace(m_text[at]) && m_text[at] != ',' &&
                   m_text[at] != '}' && m_text[at] != ']')
                ++at;
            if (at == begin)
                return fail("expected a value");
        }
        m_nodes[static_cast<size_t>(index)].end = at;
        return index;
    }

    void skipSpace()
    {
        while (at < m_text.size() && isSpace(m_text[at]))
            ++at;
    }

private:
    int fail(const char* message)
    {
        if (!error)
            error = message;
        return -1;
    }

    bool string()
    {
        if (at >= m_text.size() || m_text[at] != '"')
            return false;
        for (++at; at < m_text.size(); ++at) {
            if (m_text[at] == '\\')
                ++at;
            else if (m_text[at] == '"') {
                ++at;
                return true;
            }
        }
        return false;
    }

    std::string_view m_text;
    std::vector<JsonSpans::Node>& m_nodes;
};

} // namespace

Result<JsonSpans> JsonSpans::scan(std::string_view text, const std::string& fileName)
{
    JsonSpans spans;
    spans.m_text = text;
    Scanner scanner(text, spans.m_nodes);
    // A UTF-8 byte order mark precedes the value in some CocoStudio exports.
    scanner.at = text.size() - withoutUtf8Bom(text).size();
    const int root = scanner.value(0);
    scanner.skipSpace();
    if (root == 0 && scanner.at != text.size())
        scanner.error = "text after the value";
    if (root != 0 || scanner.error) {
        const auto end =
            text.begin() + static_cast<std::ptrdiff_t>(std::min(scanner.at, text.size()));
        const int line = 1 + static_cast<int>(std::count(text.begin(), end, '\n'));
        return LoadError{fileName, line, {}, scanner.error ? scanner.error : "not JSON"};
    }
    return spans;
}

int JsonSpans::member(int object, std::string_view key) const
{
    const Node& n = node(object);
    if (n.kind != Node::Kind::Object)
        return -1;
    for (const auto& member : n.members)
        if (member.key == key)
            return member.value;
    return -1;
}

int JsonSpans::elementNamed(int array, std::string_view name) const
{
    const Node& n = node(array);
    if (n.kind != Node::Kind::Array)
        return -1;
    int found = -1;
    for (const int element : n.elements) {
        const int nameNode = member(element, "name");
        if (nameNode >= 0 && decodeString(text(nameNode)) == name)
            found = element;
    }
    return found;
}

std::string_view JsonSpans::text(int index) const
{
    const Node& n = node(index);
    return m_text.substr(n.begin, n.end - n.begin);
}

std::optional<std::string> JsonSpans::decodeString(std::string_view token)
{
    if (token.size() < 2 || token.front() != '"' || token.back() != '"')
        return std::nullopt;
    std::string out;
    for (size_t i = 1; i + 1 < token.size(); ++i) {
        if (token[i] != '\\') {
            out += token[i];
            continue;
        }
        if (i + 2 >= token.size())
            return std::nullopt;
        const char e = token[++i];
        switch (e) {
        case 'n':
            out += '\n';
            break;
        case 't':
            out += '\t';
            break;
        case 'r':
            out += '\r';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'u': {
            const auto hex = [&](size_t from, unsigned& code) {
                const std::string_view digits = token.substr(from, 4);
                return digits.size() == 4 &&
                       std::from_chars(digits.data(), digits.data() + 4, code, 16).ptr ==
                           digits.data() + 4;
            };
            unsigned code = 0;
            if (!hex(i + 1, code))
                return std::nullopt;
            i += 4;
            unsigned low = 0;
            if (code >= 0xD800 && code < 0xDC00 && token.substr(i + 1, 2) == "\\u" &&
                hex(i + 3, low) && low >= 0xDC00 && low < 0xE000) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                i += 6;
            }
            appendUtf8(out, code);
            break;
        }
        default:
            out += e;
        }
    }
    return out;
}

} // namespace bonescope::core
