#include "edit/JsonSpans.h"

#include "base/Utf8.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace bonescope::core {

namespace {

constexpr int kMaxDepth = 256;

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

} // namespace

/// Recursive descent with a depth limit; records a value per value, linked to its container's
/// others.
class JsonSpans::Scanner {
public:
    Scanner(std::string_view text, std::vector<Value>& values) : m_text(text), m_values(values) {}

    const char* error = nullptr;
    size_t at = 0;

    int value(int depth)
    {
        skipSpace();
        if (at >= m_text.size())
            return fail("unexpected end of the text");
        if (depth > kMaxDepth)
            return fail("nesting too deep");
        const int index = static_cast<int>(m_values.size());
        m_values.emplace_back();
        m_values.back().begin = offset(at);
        // The container's last value so far, which the next one follows.
        int last = -1;
        const auto link = [&](int child) {
            if (last < 0)
                stored(index).firstChild = child;
            else
                stored(last).nextSibling = child;
            last = child;
        };
        const char c = m_text[at];
        if (c == '{') {
            stored(index).kind = Node::Kind::Object;
            ++at;
            for (bool first = true;; first = false) {
                const size_t separator = at;
                skipSpace();
                if (at < m_text.size() && m_text[at] == '}' && first)
                    break;
                const size_t keyBegin = at;
                if (!string())
                    return fail("expected a key");
                const size_t keyEnd = at;
                if (!decodeString(m_text.substr(keyBegin, keyEnd - keyBegin)))
                    return fail("bad key");
                skipSpace();
                if (at >= m_text.size() || m_text[at] != ':')
                    return fail("expected ':'");
                ++at;
                const int member = value(depth + 1);
                if (member < 0)
                    return -1;
                stored(member).keyBegin = offset(keyBegin);
                stored(member).keyEnd = offset(keyEnd);
                stored(member).separator = offset(separator);
                link(member);
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
            stored(index).kind = Node::Kind::Array;
            ++at;
            for (bool first = true;; first = false) {
                skipSpace();
                if (at < m_text.size() && m_text[at] == ']' && first)
                    break;
                const int element = value(depth + 1);
                if (element < 0)
                    return -1;
                link(element);
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
        stored(index).end = offset(at);
        return index;
    }

    void skipSpace()
    {
        while (at < m_text.size() && isSpace(m_text[at]))
            ++at;
    }

private:
    /// By index each time: recording a nested value may move them.
    Value& stored(int index) { return m_values[static_cast<size_t>(index)]; }
    /// A position as stored: scan refused a text too long for it.
    static std::uint32_t offset(size_t position) { return static_cast<std::uint32_t>(position); }

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
    std::vector<Value>& m_values;
};

Result<JsonSpans> JsonSpans::scan(std::string_view text, const std::string& fileName)
{
    if (text.size() > std::numeric_limits<std::uint32_t>::max())
        return LoadError{fileName, 0, {}, "too large to edit"};
    JsonSpans spans;
    spans.m_text = text;
    Scanner scanner(text, spans.m_values);
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

JsonSpans::Node JsonSpans::node(int index) const
{
    const Value& value = m_values[static_cast<size_t>(index)];
    return {value.kind, value.begin, value.end};
}

int JsonSpans::member(int object, std::string_view key) const
{
    int found = -1;
    forEachChild(object, Node::Kind::Object, [&](int child) {
        const Value& value = m_values[static_cast<size_t>(child)];
        if (decodeString(m_text.substr(value.keyBegin, value.keyEnd - value.keyBegin)) == key)
            found = child;
        return found < 0;
    });
    return found;
}

std::optional<JsonSpans::Member> JsonSpans::lastMember(int object) const
{
    int last = -1;
    forEachChild(object, Node::Kind::Object, [&](int child) {
        last = child;
        return true;
    });
    if (last < 0)
        return std::nullopt;
    const Value& value = m_values[static_cast<size_t>(last)];
    const std::string_view token = m_text.substr(value.keyBegin, value.keyEnd - value.keyBegin);
    return Member{decodeString(token).value_or(std::string()), value.keyBegin, value.keyEnd, last,
                  value.separator};
}

std::vector<int> JsonSpans::elements(int array) const
{
    std::vector<int> found;
    forEachChild(array, Node::Kind::Array, [&](int child) {
        found.push_back(child);
        return true;
    });
    return found;
}

int JsonSpans::elementNamed(int array, std::string_view name) const
{
    int found = -1;
    forEachChild(array, Node::Kind::Array, [&](int element) {
        const int nameNode = member(element, "name");
        if (nameNode >= 0 && decodeString(text(nameNode)) == name)
            found = element;
        return true;
    });
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
