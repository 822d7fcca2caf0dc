#include "io/Plist.h"

#include "base/Quoted.h"
#include "base/Utf8.h"

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

namespace bonescope::core {

namespace {

constexpr int kMaxDepth = 64;

/// Maps byte offsets of the parsed buffer to 1-based line numbers.
class LineIndex {
public:
    explicit LineIndex(std::string_view text)
    {
        m_starts.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n')
                m_starts.push_back(i + 1);
    }

    int lineAt(std::ptrdiff_t offset) const
    {
        if (offset < 0)
            return 0;
        const auto it =
            std::upper_bound(m_starts.begin(), m_starts.end(), static_cast<std::size_t>(offset));
        return static_cast<int>(it - m_starts.begin());
    }

private:
    std::vector<std::size_t> m_starts;
};

std::string_view trimmed(std::string_view text)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

class TreeBuilder {
public:
    TreeBuilder(const LineIndex& lines, const std::string& fileName)
        : m_lines(lines), m_fileName(fileName)
    {
    }

    bool failed() const { return m_failed; }
    const LoadError& error() const { return m_error; }

    PlistValue build(const pugi::xml_node& node, int depth)
    {
        PlistValue value;
        value.line = lineOf(node);
        if (depth > kMaxDepth) {
            fail(value.line,
                 "values are nested more than " + std::to_string(kMaxDepth) + " levels deep");
            return value;
        }
        const std::string_view name = node.name();
        if (name == "dict")
            buildDict(node, depth, value);
        else if (name == "array")
            buildArray(node, depth, value);
        else if (name == "string" || name == "date" || name == "data")
            buildText(node, name, value);
        else if (name == "integer")
            buildInteger(node, value);
        else if (name == "real")
            buildReal(node, value);
        else if (name == "true" || name == "false")
            buildBoolean(node, name, value);
        else
            fail(value.line, tagOf(name) + " is not a property list element");
        return value;
    }

private:
    int lineOf(const pugi::xml_node& node) const { return m_lines.lineAt(node.offset_debug()); }

    void fail(int line, std::string message)
    {
        if (m_failed)
            return;
        m_failed = true;
        m_error = LoadError{m_fileName, line, {}, std::move(message)};
    }

    /// Text content of a scalar element; child elements are an error.
    std::string textOf(const pugi::xml_node& node)
    {
        std::string text;
        for (const pugi::xml_node& child : node.children()) {
            if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata)
                text += child.value();
            else if (child.type() == pugi::node_element)
                fail(lineOf(child),
                     tagOf(node.name()) + " may only hold text, not " + tagOf(child.name()));
        }
        return text;
    }

    /// Fails on text between the elements of a <dict>, <array> or <plist>.
    void rejectStrayText(const pugi::xml_node& node)
    {
        for (const pugi::xml_node& child : node.children())
            if ((child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) &&
                !trimmed(child.value()).empty())
                fail(lineOf(node), "unexpected text \"" + std::string(trimmed(child.value())) +
                                       "\" inside <" + node.name() + ">");
    }

    void buildDict(const pugi::xml_node& node, int depth, PlistValue& value)
    {
        value.type = PlistValue::Type::Dict;
        rejectStrayText(node);
        std::string pendingKey;
        int pendingKeyLine = 0;
        bool haveKey = false;
        // Index of each key, so a sheet with thousands of frames stays linear to read.
        std::unordered_map<std::string, std::size_t> positions;
        for (pugi::xml_node child = node.first_child(); child && !m_failed;
             child = child.next_sibling()) {
            if (child.type() != pugi::node_element)
                continue;
            if (std::string_view(child.name()) == "key") {
                if (haveKey) {
                    fail(pendingKeyLine, "key '" + pendingKey + "' has no value");
                    return;
                }
                pendingKey = textOf(child);
                pendingKeyLine = lineOf(child);
                haveKey = true;
                continue;
            }
            if (!haveKey) {
                fail(lineOf(child),
                     tagOf(child.name()) + " inside a <dict> has no <key> before it");
                return;
            }
            PlistValue item = build(child, depth + 1);
            const auto [position, inserted] = positions.emplace(pendingKey, value.keys.size());
            if (inserted) {
                value.keys.push_back(pendingKey);
                value.children.push_back(std::move(item));
            } else {
                value.children[position->second] = std::move(item);
            }
            haveKey = false;
        }
        if (haveKey)
            fail(pendingKeyLine, "key '" + pendingKey + "' has no value");
    }

    void buildArray(const pugi::xml_node& node, int depth, PlistValue& value)
    {
        value.type = PlistValue::Type::Array;
        rejectStrayText(node);
        for (pugi::xml_node child = node.first_child(); child && !m_failed;
             child = child.next_sibling())
            if (child.type() == pugi::node_element)
                value.children.push_back(build(child, depth + 1));
    }

    void buildText(const pugi::xml_node& node, std::string_view name, PlistValue& value)
    {
        value.type = name == "string" ? PlistValue::Type::String
                     : name == "date" ? PlistValue::Type::Date
                                      : PlistValue::Type::Data;
        value.text = textOf(node);
    }

    void buildInteger(const pugi::xml_node& node, PlistValue& value)
    {
        value.type = PlistValue::Type::Integer;
        value.text = std::string(trimmed(textOf(node)));
        std::string_view digits = value.text;
        if (!digits.empty() && digits.front() == '+')
            digits.remove_prefix(1);
        long long parsed = 0;
        const auto [end, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), parsed);
        if (digits.empty() || ec == std::errc::invalid_argument ||
            end != digits.data() + digits.size()) {
            fail(value.line, "<integer> \"" + value.text + "\" is not a whole number");
            return;
        }
        if (ec == std::errc::result_out_of_range ||
            parsed < std::numeric_limits<std::int32_t>::min() ||
            parsed > std::numeric_limits<std::int32_t>::max()) {
            fail(value.line, "<integer> " + value.text + " is out of range");
            return;
        }
        value.number = static_cast<double>(parsed);
    }

    void buildReal(const pugi::xml_node& node, PlistValue& value)
    {
        value.type = PlistValue::Type::Real;
        value.text = std::string(trimmed(textOf(node)));
        std::string_view digits = value.text;
        if (!digits.empty() && digits.front() == '+')
            digits.remove_prefix(1);
        double parsed = 0.0;
        const auto [end, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), parsed);
        if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
            fail(value.line, "<real> \"" + value.text + "\" is not a number");
            return;
        }
        if (!std::isfinite(parsed)) {
            fail(value.line, "<real> " + value.text + " is not a finite number");
            return;
        }
        value.number = parsed;
    }

    void buildBoolean(const pugi::xml_node& node, std::string_view name, PlistValue& value)
    {
        value.type = PlistValue::Type::Boolean;
        if (!trimmed(textOf(node)).empty())
            fail(value.line, enclosed('<', name, "/>") + " must be empty");
        value.text = std::string(name);
        value.number = name == "true" ? 1.0 : 0.0;
    }

    const LineIndex& m_lines;
    const std::string& m_fileName;
    bool m_failed = false;
    LoadError m_error;
};

std::string describeXmlError(const pugi::xml_parse_result& result, bool atEnd)
{
    if (atEnd)
        return std::string("the XML ends too early (") + result.description() +
               "): is the file truncated?";
    return std::string("malformed XML: ") + result.description();
}

} // namespace

const PlistValue* PlistValue::find(std::string_view key) const
{
    if (type != Type::Dict)
        return nullptr;
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key)
            return &children[i];
    return nullptr;
}

std::string_view plistTypeName(PlistValue::Type type)
{
    switch (type) {
    case PlistValue::Type::String:
        return "<string>";
    case PlistValue::Type::Integer:
        return "<integer>";
    case PlistValue::Type::Real:
        return "<real>";
    case PlistValue::Type::Boolean:
        return "<true/> or <false/>";
    case PlistValue::Type::Date:
        return "<date>";
    case PlistValue::Type::Data:
        return "<data>";
    case PlistValue::Type::Array:
        return "<array>";
    case PlistValue::Type::Dict:
        return "<dict>";
    }
    return "<?>";
}

Result<PlistValue> parsePlist(std::string_view bytes, const std::string& fileName)
{
    const auto failAt = [&](int line, std::string message) {
        return LoadError{fileName, line, {}, std::move(message)};
    };
    if (trimmed(bytes).empty())
        return failAt(0, "the file is empty");
    if (bytes.substr(0, 6) == "bplist")
        return failAt(1, "this is a binary property list (" + std::string(bytes.substr(0, 8)) +
                             "); only XML plists are read: convert it with "
                             "`plutil -convert xml1`");
    if (bytes.size() >= 2 &&
        ((bytes[0] == '\xFF' && bytes[1] == '\xFE') || (bytes[0] == '\xFE' && bytes[1] == '\xFF')))
        return failAt(1, "the file is UTF-16; only UTF-8 plists are read");
    // cocos2d-x's exporters write a UTF-8 byte-order mark now and then (Cowboy0.plist).
    bytes = withoutUtf8Bom(bytes);

    const LineIndex lines(bytes);
    const std::size_t badByte = firstInvalidUtf8(bytes);
    if (badByte != std::string_view::npos)
        return failAt(lines.lineAt(static_cast<std::ptrdiff_t>(badByte)),
                      "the text is not valid UTF-8 (byte " + std::to_string(badByte + 1) + ")");

    pugi::xml_document document;
    const pugi::xml_parse_result parsed =
        document.load_buffer(bytes.data(), bytes.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed) {
        const bool atEnd = parsed.offset >= static_cast<std::ptrdiff_t>(bytes.size()) - 1;
        return failAt(lines.lineAt(parsed.offset), describeXmlError(parsed, atEnd));
    }

    const pugi::xml_node root = document.document_element();
    const int rootLine = lines.lineAt(root.offset_debug());
    if (std::string_view(root.name()) != "plist")
        return failAt(rootLine, "not a property list: the root element is <" +
                                    std::string(root.name()) + ">, expected <plist>");

    pugi::xml_node content;
    for (pugi::xml_node child = root.first_child(); child; child = child.next_sibling()) {
        if (child.type() != pugi::node_element)
            continue;
        if (content)
            return failAt(lines.lineAt(child.offset_debug()), "<plist> holds more than one value");
        content = child;
    }
    if (!content)
        return failAt(rootLine, "<plist> is empty");

    TreeBuilder builder(lines, fileName);
    PlistValue value = builder.build(content, 1);
    if (builder.failed())
        return builder.error();
    return value;
}

} // namespace bonescope::core
