#include "io/JsonFields.h"

#include <algorithm>

namespace bonescope::core {

using Json = nlohmann::json;

namespace {

/// nlohmann's message without its tag ("[json.exception.parse_error.101] "), which tells the
/// reader of a file nothing.
std::string untagged(std::string_view message)
{
    if (message.starts_with("[json.exception."))
        if (const size_t end = message.find("] "); end != std::string_view::npos)
            message.remove_prefix(end + 2);
    return std::string(message);
}

/// The line of `text` (from 1) that holds byte `offset`.
int lineAt(std::string_view text, size_t offset)
{
    const size_t end = std::min(offset, text.size());
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(end), '\n'));
}

} // namespace

Result<Json> parseJsonText(std::string_view text, const std::string& fileName)
{
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        return LoadError{fileName, lineAt(text, e.byte), {}, untagged(e.what())};
    } catch (const Json::exception& e) {
        // Not a syntax error: a number past double's range. nlohmann quotes the number
        // ("number overflow parsing '1e999'") but gives no offset: its first occurrence's line.
        const std::string message = untagged(e.what());
        const size_t open = message.find('\'');
        const size_t close = message.rfind('\'');
        int line = 0;
        if (open != std::string::npos && close > open + 1)
            if (const size_t at = text.find(message.substr(open + 1, close - open - 1));
                at != std::string_view::npos)
                line = lineAt(text, at);
        return LoadError{fileName, line, {}, message};
    }
}

LoadError JsonFields::error(const std::string& pointer, const std::string& message) const
{
    return LoadError{m_fileName, 0, pointer.empty() ? "/" : pointer, message};
}

std::optional<LoadError> JsonFields::onlyKeys(const Json& object, const std::string& pointer,
                                              std::initializer_list<const char*> keys) const
{
    if (!object.is_object())
        return error(pointer, "expected an object");
    // No structured binding: Clang before 16 cannot capture one in the lambda.
    for (const auto& item : object.items()) {
        const std::string& key = item.key();
        if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; }))
            return error(pointer + "/" + key, "unknown key \"" + key + "\"");
    }
    return {};
}

std::optional<LoadError> JsonFields::string(const Json& object, const std::string& pointer,
                                            const char* key, bool required, std::string& out) const
{
    if (!object.contains(key))
        return required ? error(pointer + "/" + key, "missing required string")
                        : std::optional<LoadError>{};
    const Json& value = object[key];
    if (!value.is_string() || value.get_ref<const std::string&>().empty())
        return error(pointer + "/" + key, "expected a non-empty string");
    out = value.get<std::string>();
    return {};
}

std::optional<LoadError> JsonFields::number(const Json& object, const std::string& pointer,
                                            const char* key, bool required, double min, double max,
                                            double& out) const
{
    if (!object.contains(key))
        return required ? error(pointer + "/" + key, "missing required number")
                        : std::optional<LoadError>{};
    const Json& value = object[key];
    if (!value.is_number())
        return error(pointer + "/" + key, "expected a number");
    const double number = value.get<double>();
    if (!(number >= min && number <= max))
        return error(pointer + "/" + key, "number out of range " + Json(min).dump() + ".." +
                                              (max > 1e300 ? "" : Json(max).dump()));
    out = number;
    return {};
}

std::optional<LoadError> JsonFields::boolean(const Json& object, const std::string& pointer,
                                             const char* key, std::optional<bool>& out) const
{
    if (!object.contains(key))
        return {};
    if (!object[key].is_boolean())
        return error(pointer + "/" + key, "expected true or false");
    out = object[key].get<bool>();
    return {};
}

} // namespace bonescope::core
