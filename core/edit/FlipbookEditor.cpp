#include "edit/FlipbookEditor.h"

#include "io/AnimationCacheReader.h"

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <variant>

namespace bonescope::core {

namespace {

constexpr std::array kKeyNames = {
    std::pair{FlipbookKey::DelayPerUnit, "delayPerUnit"}, std::pair{FlipbookKey::Loops, "loops"},
    std::pair{FlipbookKey::RestoreOriginalFrame, "restoreOriginalFrame"},
    std::pair{FlipbookKey::DelayUnits, "delayUnits"}};

/// The element after `<key>name</key>` in the plist dictionary `dict`, or an empty node; of a
/// key written twice, the last, which the reader keeps (as cocos2d-x's does).
pugi::xml_node valueIn(const pugi::xml_node& dict, std::string_view name)
{
    pugi::xml_node value;
    for (pugi::xml_node key = dict.child("key"); key; key = key.next_sibling("key"))
        if (key.child_value() == name)
            value = key.next_sibling();
    return value;
}

/// Byte offsets in the plist text.
struct Span {
    size_t begin = std::string::npos;
    size_t end = std::string::npos;
    bool found() const { return end != std::string::npos; }
};

/// The bytes of `node`, an element holding no other element (a plist scalar), from its `<` to
/// the `>` of its end tag; not found when the text does not hold it as the parser saw it.
Span scalarBytes(std::string_view text, const pugi::xml_node& node)
{
    const auto nameAt = static_cast<size_t>(node.offset_debug());
    if (node.offset_debug() < 1 || nameAt > text.size())
        return {};
    const size_t begin = nameAt - 1;
    const size_t tagEnd = text.find('>', nameAt);
    if (tagEnd == std::string::npos)
        return {};
    if (text[tagEnd - 1] == '/')
        return {begin, tagEnd + 1};
    const size_t close = text.find("</" + std::string(node.name()), tagEnd);
    const size_t closeEnd = close == std::string::npos ? close : text.find('>', close);
    return closeEnd == std::string::npos ? Span{} : Span{begin, closeEnd + 1};
}

/// `value` as the shortest decimal text that reads back as the same float, as the reader
/// keeps delays.
std::string floatText(double value)
{
    std::array<char, 32> buffer{};
    const auto result =
        std::to_chars(buffer.data(), buffer.data() + buffer.size(), static_cast<float>(value));
    return std::string(buffer.data(), result.ptr);
}

/// The value element `value` of `key` is written as, given the element it replaces (a whole
/// number of units stays an `<integer>` where the file wrote one).
std::string valueElement(FlipbookKey key, double value, const pugi::xml_node& replaced)
{
    switch (key) {
    case FlipbookKey::RestoreOriginalFrame:
        return value != 0 ? "<true/>" : "<false/>";
    case FlipbookKey::Loops:
        return "<integer>" + std::to_string(static_cast<long long>(value)) + "</integer>";
    case FlipbookKey::DelayPerUnit:
    case FlipbookKey::DelayUnits:
        break;
    }
    if (std::string_view(replaced.name()) == "integer" && value == std::floor(value) &&
        std::abs(value) < 1e9)
        return "<integer>" + std::to_string(static_cast<long long>(value)) + "</integer>";
    return "<real>" + floatText(value) + "</real>";
}

/// `text` with `element` as the value of `key` in the plist dictionary `dict`: in place of
/// `replaced`, its current value, or when it has none first in the dictionary, after the same
/// white space as the dictionary's first key. None when the text does not hold the nodes as
/// the parser saw them.
std::optional<std::string> withValue(const std::string& text, const pugi::xml_node& dict,
                                     const pugi::xml_node& replaced, const std::string& key,
                                     const std::string& element)
{
    std::string edited = text;
    if (replaced) {
        const Span span = scalarBytes(text, replaced);
        if (!span.found())
            return std::nullopt;
        return edited.replace(span.begin, span.end - span.begin, element);
    }
    if (!dict || dict.offset_debug() < 1)
        return std::nullopt;
    const size_t tagEnd = text.find('>', static_cast<size_t>(dict.offset_debug()));
    if (tagEnd == std::string::npos)
        return std::nullopt;
    const size_t at = tagEnd + 1;
    const pugi::xml_node first = dict.first_child();
    const size_t firstAt = first ? static_cast<size_t>(first.offset_debug()) - 1 : at;
    if (firstAt < at || firstAt > text.size())
        return std::nullopt;
    std::string separator = text.substr(at, firstAt - at);
    if (separator.find_first_not_of(" \t\r\n") != std::string::npos)
        separator.clear();
    return edited.insert(at, separator + "<key>" + key + "</key>" + separator + element);
}

/// The value of `key` at `target` in `set`, or a message saying what is missing.
std::variant<double, std::string> modelValue(const FlipbookSet& set, const FlipbookTarget& target,
                                             FlipbookKey key)
{
    const FlipbookData* animation = set.findAnimation(target.animation);
    if (!animation)
        return "no animation '" + target.animation + "'";
    switch (key) {
    case FlipbookKey::DelayPerUnit:
        return double(animation->delayPerUnit);
    case FlipbookKey::Loops:
        return double(animation->loops);
    case FlipbookKey::RestoreOriginalFrame:
        return animation->restoreOriginalFrame ? 1.0 : 0.0;
    case FlipbookKey::DelayUnits:
        break;
    }
    if (target.frame < 0 || target.frame >= static_cast<int>(animation->frames.size()))
        return "animation '" + target.animation + "' has no frame " + std::to_string(target.frame) +
               " (its frames are 0 to " + std::to_string(animation->frames.size() - 1) + ")";
    return double(animation->frames[static_cast<size_t>(target.frame)].delayUnits);
}

} // namespace

std::string_view flipbookKeyName(FlipbookKey key)
{
    for (const auto& [k, name] : kKeyNames)
        if (k == key)
            return name;
    return {};
}

std::optional<FlipbookKey> parseFlipbookKey(std::string_view name)
{
    for (const auto& [key, keyName] : kKeyNames)
        if (name == keyName)
            return key;
    return std::nullopt;
}

Result<double> parseFlipbookValue(FlipbookKey key, std::string_view text)
{
    const auto refused = [&](const char* what) {
        return LoadError{{},
                         0,
                         {},
                         std::string(flipbookKeyName(key)) + " is " + what + ", not '" +
                             std::string(text) + "'"};
    };
    if (key == FlipbookKey::RestoreOriginalFrame) {
        if (text == "true")
            return 1.0;
        if (text == "false")
            return 0.0;
        return refused("true or false");
    }
    if (key == FlipbookKey::Loops) {
        int loops = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), loops);
        if (ec != std::errc{} || end != text.data() + text.size())
            return refused("a whole number of loops");
        return double(loops);
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
        return refused("a number");
    return value;
}

Result<FlipbookEditor> FlipbookEditor::open(std::string bytes, const std::string& fileName)
{
    auto model = readAnimationCachePlist(bytes, fileName);
    if (!model)
        return model.error();
    FlipbookEditor editor;
    editor.m_fileName = fileName;
    editor.m_model = std::move(model.value());
    editor.m_originalModel = editor.m_model;
    pugi::xml_document document;
    if (document.load_buffer(bytes.data(), bytes.size())) {
        const pugi::xml_node properties =
            valueIn(document.child("plist").first_child(), "properties");
        editor.m_format = valueIn(properties, "format").text().as_int(1);
    }
    editor.m_original = bytes;
    editor.m_bytes = std::move(bytes);
    return editor;
}

LoadError FlipbookEditor::error(const std::string& message) const
{
    return LoadError{m_fileName, 0, {}, message};
}

std::optional<std::string> FlipbookEditor::refuseKey(FlipbookKey key) const
{
    if (m_format == 1 && key != FlipbookKey::DelayPerUnit)
        return "a format 1 animation has no " + std::string(flipbookKeyName(key)) +
               ": cocos2d-x plays it once, every frame one unit, without restoring the original "
               "frame (format 2 has them)";
    return std::nullopt;
}

Result<double> FlipbookEditor::value(const FlipbookTarget& target, FlipbookKey key) const
{
    auto value = modelValue(m_model, target, key);
    if (const auto* missing = std::get_if<std::string>(&value))
        return error(*missing);
    return std::get<double>(value);
}

std::optional<LoadError> FlipbookEditor::set(const FlipbookTarget& target, FlipbookKey key,
                                             double value)
{
    if (auto current = this->value(target, key); !current)
        return current.error();
    if (const auto refusal = refuseKey(key))
        return error(*refusal);
    if (!std::isfinite(value))
        return error(std::string(flipbookKeyName(key)) + " must be a number");
    if (key == FlipbookKey::Loops && value != std::floor(value))
        return error("loops is a whole number");
    if (key == FlipbookKey::RestoreOriginalFrame)
        value = value != 0 ? 1 : 0;

    pugi::xml_document document;
    if (!document.load_buffer(m_bytes.data(), m_bytes.size()))
        return error("the plist no longer parses");
    const pugi::xml_node animations = valueIn(document.child("plist").first_child(), "animations");
    const pugi::xml_node animation = valueIn(animations, target.animation);
    pugi::xml_node dict = animation;
    if (key == FlipbookKey::DelayUnits) {
        dict = valueIn(animation, "frames").first_child();
        for (int i = 0; dict && i < target.frame; ++i)
            dict = dict.next_sibling();
    }
    const std::string fileKey = key == FlipbookKey::DelayPerUnit && m_format == 1
                                    ? "delay"
                                    : std::string(flipbookKeyName(key));
    const pugi::xml_node replaced = valueIn(dict, fileKey);

    auto edited = withValue(m_bytes, dict, replaced, fileKey, valueElement(key, value, replaced));
    if (!edited)
        return error("no place for '" + fileKey + "' in the text");

    auto model = readAnimationCachePlist(*edited, m_fileName);
    if (!model)
        return error("the edited plist would not load: " + model.error().message);
    const auto written = modelValue(model.value(), target, key);
    if (!std::holds_alternative<double>(written) ||
        std::get<double>(written) != double(static_cast<float>(value)))
        return error("the edited plist does not read back " + floatText(value) + " for " +
                     std::string(flipbookKeyName(key)));
    m_bytes = std::move(*edited);
    m_model = std::move(model.value());
    const auto edit = std::find_if(m_edits.begin(), m_edits.end(), [&](const FlipbookEdit& e) {
        return e.target == target && e.key == key;
    });
    if (modelValue(m_originalModel, target, key) == written)
        m_edits.erase(edit, edit == m_edits.end() ? edit : edit + 1);
    else if (edit != m_edits.end())
        edit->value = value;
    else
        m_edits.push_back({target, key, value});
    return std::nullopt;
}

} // namespace bonescope::core
