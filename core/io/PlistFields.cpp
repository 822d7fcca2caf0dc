#include "io/PlistFields.h"

#include "base/Quoted.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace bonescope::core {

namespace {

std::string formatNumber(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

/// "frame 'a.png': " or "" so messages read naturally with or without a context.
std::string prefix(std::string_view context)
{
    return context.empty() ? std::string() : std::string(context) + ": ";
}

/// Reads cocos2d-x geometry strings ("{x,y}", "{{x,y},{w,h}}"), allowing spaces between
/// tokens as cocos2d-x's RectFromString / PointFromString do.
class BraceParser {
public:
    explicit BraceParser(std::string_view text) : m_text(text) {}

    bool take(char expected)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == expected) {
            ++m_pos;
            return true;
        }
        return false;
    }

    /// Any number, finite or not; the caller rejects NaN and infinities with its own message.
    bool number(double& out)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == '+')
            ++m_pos;
        const char* begin = m_text.data() + m_pos;
        const auto [end, ec] = std::from_chars(begin, m_text.data() + m_text.size(), out);
        if (ec != std::errc())
            return false;
        m_pos += static_cast<std::size_t>(end - begin);
        return true;
    }

    bool pair(double& a, double& b)
    {
        return take('{') && number(a) && take(',') && number(b) && take('}');
    }

    bool atEnd()
    {
        skipSpace();
        return m_pos == m_text.size();
    }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t'))
            ++m_pos;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

} // namespace

PlistFields::PlistFields(std::string fileName) : m_fileName(std::move(fileName))
{
}

void PlistFields::fail(int line, std::string message)
{
    if (m_failed)
        return;
    m_failed = true;
    m_error = LoadError{m_fileName, line, {}, std::move(message)};
}

bool PlistFields::expectType(const PlistValue& value, PlistValue::Type type, std::string_view what)
{
    if (value.type == type)
        return true;
    fail(value.line, std::string(what) + " must be a " + std::string(plistTypeName(type)) +
                         ", not a " + std::string(plistTypeName(value.type)));
    return false;
}

const PlistValue* PlistFields::entry(const PlistValue& dict, std::string_view key,
                                     PlistValue::Type type, std::string_view context, bool optional)
{
    if (m_failed)
        return nullptr;
    const PlistValue* value = dict.find(key);
    if (!value) {
        if (!optional)
            fail(dict.line, (context.empty() ? std::string("the file") : std::string(context)) +
                                " has no " + inSingleQuotes(key));
        return nullptr;
    }
    if (value->type != type) {
        fail(value->line, prefix(context) + inSingleQuotes(key) + " must be a " +
                              std::string(plistTypeName(type)) + ", not a " +
                              std::string(plistTypeName(value->type)));
        return nullptr;
    }
    return value;
}

double PlistFields::number(const PlistValue& dict, std::string_view key, std::string_view context,
                           PlistLimits limits, std::optional<double> fallback)
{
    if (m_failed)
        return 0.0;
    const PlistValue* value = dict.find(key);
    if (!value) {
        if (fallback)
            return *fallback;
        entry(dict, key, PlistValue::Type::Integer, context);
        return 0.0;
    }
    if (value->type != PlistValue::Type::Integer && value->type != PlistValue::Type::Real) {
        fail(value->line, prefix(context) + inSingleQuotes(key) + " must be a number, not a " +
                              std::string(plistTypeName(value->type)));
        return 0.0;
    }
    if (value->number < limits.min || value->number > limits.max) {
        fail(value->line, prefix(context) + inSingleQuotes(key) + " is " + value->text +
                              ", outside " + formatNumber(limits.min) + ".." +
                              formatNumber(limits.max));
        return 0.0;
    }
    return value->number;
}

int PlistFields::integer(const PlistValue& dict, std::string_view key, std::string_view context,
                         PlistLimits limits, std::optional<int> fallback)
{
    if (m_failed)
        return 0;
    const std::optional<double> asNumber =
        fallback ? std::optional<double>(*fallback) : std::nullopt;
    const double value = number(dict, key, context, limits, asNumber);
    if (m_failed)
        return 0;
    if (value != std::trunc(value)) {
        fail(dict.find(key)->line, prefix(context) + inSingleQuotes(key) +
                                       " must be a whole number, not " + formatNumber(value));
        return 0;
    }
    return static_cast<int>(value);
}

bool PlistFields::boolean(const PlistValue& dict, std::string_view key, std::string_view context,
                          std::optional<bool> fallback)
{
    if (m_failed)
        return false;
    const PlistValue* value = dict.find(key);
    if (!value) {
        if (fallback)
            return *fallback;
        entry(dict, key, PlistValue::Type::Boolean, context);
        return false;
    }
    switch (value->type) {
    case PlistValue::Type::Boolean:
    case PlistValue::Type::Integer:
        return value->number != 0.0;
    case PlistValue::Type::String:
        if (value->text == "true" || value->text == "1")
            return true;
        if (value->text == "false" || value->text == "0")
            return false;
        break;
    default:
        break;
    }
    fail(value->line, prefix(context) + inSingleQuotes(key) + " must be <true/> or <false/>, not " +
                          (value->type == PlistValue::Type::String
                               ? "the string \"" + value->text + "\""
                               : "a " + std::string(plistTypeName(value->type))));
    return false;
}

std::string PlistFields::string(const PlistValue& dict, std::string_view key,
                                std::string_view context, std::optional<std::string> fallback)
{
    if (m_failed)
        return {};
    if (!dict.find(key) && fallback)
        return *fallback;
    const PlistValue* value = entry(dict, key, PlistValue::Type::String, context);
    return value ? value->text : std::string();
}

RectF PlistFields::rect(const PlistValue& dict, std::string_view key, std::string_view context)
{
    const PlistValue* value = entry(dict, key, PlistValue::Type::String, context);
    if (!value)
        return {};
    BraceParser parser(value->text);
    double x = 0, y = 0, width = 0, height = 0;
    if (!(parser.take('{') && parser.pair(x, y) && parser.take(',') && parser.pair(width, height) &&
          parser.take('}') && parser.atEnd())) {
        fail(value->line, prefix(context) + inSingleQuotes(key) + " is \"" + value->text +
                              "\", not a rectangle like {{x,y},{width,height}}");
        return {};
    }
    for (const double component : {x, y, width, height}) {
        if (!std::isfinite(component)) {
            fail(value->line, prefix(context) + inSingleQuotes(key) + " \"" + value->text +
                                  "\" holds a value that is not a finite number");
            return {};
        }
    }
    // cocos2d-x takes an origin left of or above the image (its texture clamps there: see
    // framesPastImage); a size is never negative.
    const auto outside = [](double component, PlistLimits limits) {
        return component < limits.min || component > limits.max;
    };
    if (outside(x, kRectOrigin) || outside(y, kRectOrigin) || outside(width, kRectSize) ||
        outside(height, kRectSize)) {
        fail(value->line, prefix(context) + inSingleQuotes(key) + " \"" + value->text +
                              "\" has a value outside its range (origin " +
                              formatNumber(kRectOrigin.min) + ".." + formatNumber(kRectOrigin.max) +
                              ", size 0.." + formatNumber(kRectSize.max) + ")");
        return {};
    }
    return RectF{static_cast<float>(x), static_cast<float>(y), static_cast<float>(width),
                 static_cast<float>(height)};
}

std::pair<float, float> PlistFields::pair(const PlistValue& dict, std::string_view key,
                                          std::string_view context, PlistLimits limits,
                                          std::optional<std::pair<float, float>> fallback)
{
    if (m_failed)
        return {};
    if (!dict.find(key) && fallback)
        return *fallback;
    const PlistValue* value = entry(dict, key, PlistValue::Type::String, context);
    if (!value)
        return {};
    BraceParser parser(value->text);
    double a = 0, b = 0;
    if (!(parser.pair(a, b) && parser.atEnd())) {
        fail(value->line, prefix(context) + inSingleQuotes(key) + " is \"" + value->text +
                              "\", not a pair like {a,b}");
        return {};
    }
    for (const double component : {a, b}) {
        if (!std::isfinite(component)) {
            fail(value->line, prefix(context) + inSingleQuotes(key) + " \"" + value->text +
                                  "\" holds a value that is not a finite number");
            return {};
        }
        if (component < limits.min || component > limits.max) {
            fail(value->line, prefix(context) + inSingleQuotes(key) + " \"" + value->text +
                                  "\" has a value outside " + formatNumber(limits.min) + ".." +
                                  formatNumber(limits.max));
            return {};
        }
    }
    return {static_cast<float>(a), static_cast<float>(b)};
}

} // namespace bonescope::core
