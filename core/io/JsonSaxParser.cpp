#include "io/JsonSaxParser.h"

#include "base/Utf8.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstring>
#include <vector>

namespace bonescope::core {

namespace {

// Bytes a string scan must stop at: the quote, the backslash, controls and non-ASCII.
constexpr std::array<bool, 256> kStringStop = [] {
    std::array<bool, 256> table{};
    for (int c = 0; c < 256; ++c)
        table[static_cast<size_t>(c)] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80;
    return table;
}();

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::string describeByte(char c)
{
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F)
        return std::string("'") + c + "'";
    constexpr char kHex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 15];
}

/// log10 of a valid JSON number's magnitude, roughly (within one): its leading nonzero digit's
/// decimal position plus the exponent, saturated. Only its sign is used.
long decimalMagnitude(std::string_view number)
{
    const size_t exponentAt = number.find_first_of("eE");
    long exponent = 0;
    if (exponentAt != std::string_view::npos) {
        size_t i = exponentAt + 1;
        const bool negative = number[i] == '-';
        if (number[i] == '+' || number[i] == '-')
            ++i;
        for (; i < number.size(); ++i)
            exponent = std::min(exponent * 10 + (number[i] - '0'), 1'000'000'000L);
        if (negative)
            exponent = -exponent;
    }
    const std::string_view mantissa = number.substr(0, exponentAt);
    const size_t point = std::min(mantissa.find('.'), mantissa.size());
    const size_t lead = mantissa.find_first_of("123456789");
    if (lead == std::string_view::npos)
        return -1; // zero: cannot overflow
    const long position =
        lead < point ? static_cast<long>(point - lead) : -static_cast<long>(lead - point) + 1;
    return position + exponent;
}

class Parser {
public:
    Parser(std::string_view text, JsonSaxParser::Handler& handler)
        : m_begin(text.data()), m_p(text.data()), m_end(text.data() + text.size()),
          m_handler(handler)
    {
    }

    bool run();
    /// The read position, which is just past the token of the event being reported.
    const char* const* cursor() const { return &m_p; }

private:
    void skipWhitespace();
    bool value(bool& complete);
    bool afterValue(bool& done);
    bool objectKey();
    bool scanString(std::string_view& text);
    bool scanEscape();
    bool scanUtf8();
    bool number();
    bool literal(std::string_view word);
    bool open(bool isArray);
    bool close(bool isArray);
    bool fail(const char* at, std::string message);
    bool unexpected(const char* expected);

    const char* const m_begin;
    const char* m_p;
    const char* const m_end;
    JsonSaxParser::Handler& m_handler;
    std::string m_string; // a string value, or a key with escapes or non-ASCII; reused
    std::vector<std::uint8_t> m_isArray; // open containers (1: array), innermost last
};

void Parser::skipWhitespace()
{
    // Pretty-printed files indent with long runs of spaces: skip them eight at a time.
    constexpr std::uint64_t kEightSpaces = 0x2020202020202020;
    while (m_p != m_end) {
        if (m_end - m_p >= 8) {
            std::uint64_t word = 0;
            std::memcpy(&word, m_p, 8);
            const std::uint64_t other = word ^ kEightSpaces; // zero bytes where spaces are
            if (other == 0) {
                m_p += 8;
                continue;
            }
            if constexpr (std::endian::native == std::endian::little)
                m_p += std::countr_zero(other) / 8; // the spaces before the first other byte
        }
        const char c = *m_p;
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
            return;
        ++m_p;
    }
}

bool Parser::fail(const char* at, std::string message)
{
    const auto offset = static_cast<size_t>(at - m_begin);
    const int line = static_cast<int>(std::count(m_begin, at, '\n')) + 1;
    m_handler.parse_error(offset, line, message);
    return false;
}

// At m_p: a token that does not belong here.
bool Parser::unexpected(const char* expected)
{
    if (m_p == m_end)
        return fail(m_p,
                    "syntax error: unexpected end of input; expected " + std::string(expected));
    return fail(m_p, "syntax error: unexpected " + describeByte(*m_p) + "; expected " + expected);
}

bool Parser::run()
{
    // A loop over values, not recursion: nesting depth costs no stack.
    while (true) {
        bool complete = false;
        if (!value(complete))
            return false;
        if (!complete)
            continue; // a container was opened (and its first key read): its first value next
        bool done = false;
        if (!afterValue(done))
            return false;
        if (done)
            return true;
    }
}

// Reads one value: a scalar or an empty container (`complete`), or opens a container and, in
// an object, reads the first key.
bool Parser::value(bool& complete)
{
    complete = true;
    skipWhitespace();
    if (m_p == m_end)
        return fail(m_p, "syntax error: unexpected end of input; expected a value");
    switch (*m_p) {
    case '{':
        ++m_p;
        if (!open(false))
            return false;
        skipWhitespace();
        if (m_p != m_end && *m_p == '}') {
            ++m_p;
            return close(false);
        }
        complete = false;
        return objectKey();
    case '[':
        ++m_p;
        if (!open(true))
            return false;
        skipWhitespace();
        if (m_p != m_end && *m_p == ']') {
            ++m_p;
            return close(true);
        }
        complete = false;
        return true;
    case '"': {
        std::string_view text;
        if (!scanString(text))
            return false;
        if (text.data() != m_string.data())
            m_string.assign(text);
        return m_handler.string(m_string);
    }
    case 't':
        return literal("true") && m_handler.boolean(true);
    case 'f':
        return literal("false") && m_handler.boolean(false);
    case 'n':
        return literal("null") && m_handler.null();
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
        return number();
    case ']':
    case '}':
    case ',':
    case ':':
        return unexpected("a value");
    default:
        return fail(m_p, "syntax error: invalid literal, " + describeByte(*m_p));
    }
}

// After a value: closes the containers it ends, then either stops at the end of the text
// (`done`) or leaves m_p before the next value (after its key, in an object).
bool Parser::afterValue(bool& done)
{
    while (!m_isArray.empty()) {
        skipWhitespace();
        const bool isArray = m_isArray.back() != 0;
        if (m_p != m_end && *m_p == ',') {
            ++m_p;
            return isArray || objectKey();
        }
        if (m_p != m_end && *m_p == (isArray ? ']' : '}')) {
            ++m_p;
            if (!close(isArray))
                return false;
            continue;
        }
        return unexpected(isArray ? "',' or ']'" : "',' or '}'");
    }
    skipWhitespace();
    if (m_p != m_end)
        return unexpected("the end of the input");
    done = true;
    return true;
}

// Reads `"key" :` inside an object.
bool Parser::objectKey()
{
    skipWhitespace();
    if (m_p == m_end || *m_p != '"')
        return unexpected("a string key");
    std::string_view name;
    if (!scanString(name) || !m_handler.key(name))
        return false;
    skipWhitespace();
    if (m_p == m_end || *m_p != ':')
        return unexpected("':'");
    ++m_p;
    return true;
}

bool Parser::open(bool isArray)
{
    if (m_isArray.size() >= JsonSaxParser::kMaxDepth)
        return fail(m_p - 1,
                    "nesting deeper than " + std::to_string(JsonSaxParser::kMaxDepth) + " levels");
    m_isArray.push_back(isArray);
    return isArray ? m_handler.start_array() : m_handler.start_object();
}

bool Parser::close(bool isArray)
{
    m_isArray.pop_back();
    return isArray ? m_handler.end_array() : m_handler.end_object();
}

// At the opening quote: reads the string, m_p after the closing quote. `text` is a view of the
// input when the string is plain ASCII without escapes (most are), else of m_string.
bool Parser::scanString(std::string_view& text)
{
    const char* first = ++m_p;
    while (m_p != m_end && !kStringStop[static_cast<unsigned char>(*m_p)])
        ++m_p;
    if (m_p != m_end && *m_p == '"') {
        text = std::string_view(first, static_cast<size_t>(m_p - first));
        ++m_p;
        return true;
    }
    m_string.assign(first, m_p);
    while (true) {
        const char* run = m_p;
        while (m_p != m_end && !kStringStop[static_cast<unsigned char>(*m_p)])
            ++m_p;
        m_string.append(run, m_p);
        if (m_p == m_end)
            return fail(m_p, "invalid string: missing closing quote");
        const char c = *m_p;
        if (c == '"') {
            ++m_p;
            text = m_string;
            return true;
        }
        if (c == '\\') {
            if (!scanEscape())
                return false;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            return fail(m_p, "invalid string: control character " + describeByte(c) +
                                 " must be escaped");
        } else if (!scanUtf8()) {
            return false;
        }
    }
}

// At a backslash: appends what the escape stands for.
bool Parser::scanEscape()
{
    ++m_p;
    if (m_p == m_end)
        return fail(m_p, "invalid string: missing closing quote");
    const char c = *m_p++;
    switch (c) {
    case '"':
    case '\\':
    case '/':
        m_string += c;
        return true;
    case 'b':
        m_string += '\b';
        return true;
    case 'f':
        m_string += '\f';
        return true;
    case 'n':
        m_string += '\n';
        return true;
    case 'r':
        m_string += '\r';
        return true;
    case 't':
        m_string += '\t';
        return true;
    case 'u':
        break;
    default:
        return fail(m_p - 1, "invalid string: forbidden escape \\" + std::string(1, c));
    }
    auto hex4 = [this](std::uint32_t& code) {
        code = 0;
        for (int i = 0; i < 4; ++i) {
            const int digit = m_p == m_end ? -1 : hexValue(*m_p);
            if (digit < 0)
                return fail(m_p, "invalid string: \\u must be followed by 4 hex digits");
            code = code * 16 + static_cast<std::uint32_t>(digit);
            ++m_p;
        }
        return true;
    };
    std::uint32_t code = 0;
    if (!hex4(code))
        return false;
    if (code >= 0xDC00 && code <= 0xDFFF)
        return fail(m_p - 1, "invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF");
    if (code >= 0xD800 && code <= 0xDBFF) {
        for (const char expected : {'\\', 'u'}) {
            if (m_p == m_end || *m_p != expected)
                return fail(m_p, "invalid string: surrogate U+D800..U+DBFF must be followed by "
                                 "U+DC00..U+DFFF");
            ++m_p;
        }
        std::uint32_t low = 0;
        if (!hex4(low))
            return false;
        if (low < 0xDC00 || low > 0xDFFF)
            return fail(m_p - 1, "invalid string: surrogate U+D800..U+DBFF must be followed by "
                                 "U+DC00..U+DFFF");
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    appendUtf8(m_string, code);
    return true;
}

// At a byte ≥ 0x80: appends one well-formed UTF-8 sequence (RFC 3629's table).
bool Parser::scanUtf8()
{
    const auto lead = static_cast<unsigned char>(*m_p);
    int continuation = 0;
    unsigned char low = 0x80; // range of the first continuation byte
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        continuation = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        continuation = 2;
        low = lead == 0xE0 ? 0xA0 : 0x80;
        high = lead == 0xED ? 0x9F : 0xBF;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        continuation = 3;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF;
    } else {
        return fail(m_p, "invalid string: ill-formed UTF-8 byte");
    }
    const char* start = m_p++;
    for (int i = 0; i < continuation; ++i, ++m_p) {
        if (m_p == m_end)
            return fail(m_p, "invalid string: missing closing quote");
        const auto byte = static_cast<unsigned char>(*m_p);
        if (byte < low || byte > high)
            return fail(m_p, "invalid string: ill-formed UTF-8 byte");
        low = 0x80;
        high = 0xBF;
    }
    m_string.append(start, m_p);
    return true;
}

bool Parser::literal(std::string_view word)
{
    for (const char expected : word) {
        if (m_p == m_end || *m_p != expected)
            return fail(m_p, "syntax error: invalid literal, expected " + std::string(word));
        ++m_p;
    }
    return true;
}

// At '-' or a digit.
bool Parser::number()
{
    const char* start = m_p;
    // Digits accumulate into `mantissa`, exact while there are at most 19 of them.
    std::uint64_t mantissa = 0;
    auto digits = [this, &mantissa](const char* what) {
        const char* first = m_p;
        while (m_p != m_end && isDigit(*m_p)) {
            mantissa = mantissa * 10 + static_cast<std::uint64_t>(*m_p - '0');
            ++m_p;
        }
        if (m_p == first)
            return fail(m_p, std::string("invalid number: expected a digit ") + what);
        return true;
    };
    const bool negative = *m_p == '-';
    if (negative)
        ++m_p;
    if (m_p != m_end && *m_p == '0')
        ++m_p; // a leading zero stands alone: "01" is 0 followed by an unexpected 1
    else if (!digits("after '-'"))
        return false;
    const char* point = m_p;
    int fractionDigits = 0;
    if (m_p != m_end && *m_p == '.') {
        ++m_p;
        if (!digits("after '.'"))
            return false;
        fractionDigits = static_cast<int>(m_p - point) - 1;
    }
    const int mantissaDigits = static_cast<int>(point - start) - negative + fractionDigits;
    int exponent = 0;
    bool hasExponent = false;
    if (m_p != m_end && (*m_p == 'e' || *m_p == 'E')) {
        ++m_p;
        hasExponent = true;
        const bool negativeExponent = m_p != m_end && *m_p == '-';
        if (m_p != m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (m_p == m_end || !isDigit(*m_p))
            return fail(m_p, "invalid number: expected a digit in the exponent");
        for (; m_p != m_end && isDigit(*m_p); ++m_p)
            exponent = std::min(exponent * 10 + (*m_p - '0'), 1'000'000);
        if (negativeExponent)
            exponent = -exponent;
    }
    const bool exact = mantissaDigits <= 19;
    if (fractionDigits == 0 && !hasExponent) {
        if (exact && !negative)
            return m_handler.number_unsigned(mantissa);
        if (exact && mantissa <= std::uint64_t{1} << 63)
            return m_handler.number_integer(static_cast<std::int64_t>(0 - mantissa));
        // 20 digits may still fit; beyond 64 bits an integer reads as a double, as in strtod.
        std::uint64_t value = 0;
        if (!negative && std::from_chars(start, m_p, value).ec == std::errc())
            return m_handler.number_unsigned(value);
    }
    const std::string_view text(start, static_cast<size_t>(m_p - start));
    // Clinger's fast path: an integer below 2^53 and a power of ten up to 10^22 are both
    // exact doubles, so one multiplication or division rounds correctly, as strtod does.
    static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                              1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                              1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const int scale = exponent - fractionDigits;
    double value = 0.;
    if (exact && mantissa <= std::uint64_t{1} << 53 && scale >= -22 && scale <= 22) {
        value = static_cast<double>(mantissa);
        value = scale < 0 ? value / kPowersOfTen[-scale] : value * kPowersOfTen[scale];
        if (negative)
            value = -value;
    } else if (std::from_chars(start, m_p, value).ec == std::errc::result_out_of_range) {
        // Beyond the double range, one way or the other: strtod gives ±0 for a tiny number
        // (accepted) and ±HUGE_VAL for a huge one (rejected below).
        if (decimalMagnitude(text) > 0)
            return fail(start, "number overflow: " + std::string(text));
        value = negative ? -0. : 0.;
    }
    return m_handler.number_float(value, text);
}

} // namespace

bool JsonSaxParser::parse(std::string_view text, Handler& handler)
{
    Parser parser(text, handler);
    handler.m_cursor = parser.cursor();
    handler.m_counted = text.data();
    handler.m_line = 1;
    return parser.run();
}

int JsonSaxParser::Handler::line()
{
    const char* const at = *m_cursor;
    m_line += static_cast<int>(std::count(m_counted, at, '\n'));
    m_counted = at;
    return m_line;
}

} // namespace bonescope::core
