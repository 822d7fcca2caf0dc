#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace bonescope::core {

/// A strict RFC 8259 JSON parser that reports what it reads as events (SAX), without a DOM.
/// It accepts and rejects what nlohmann/json's strict parse does, and calls the handler at the
/// same points (a value's event comes before the next token is read), so a handler written for
/// nlohmann's SAX interface sees the same sequence; it is several times faster because it
/// skips whitespace and scans strings and numbers in bulk instead of a character at a time.
///
/// - Whitespace: space, tab, CR, LF only. No comments, no BOM (the caller strips it).
/// - Strings: every escape; `\uXXXX` pairs become UTF-8; raw control characters (< 0x20),
///   lone or misordered surrogates and ill-formed UTF-8 (RFC 3629: no overlongs, no
///   surrogates, nothing above U+10FFFF) are errors.
/// - Numbers: the JSON grammar (no leading zeros, `+`, `.5`, NaN or Infinity). An integer is
///   reported as number_integer (negative) or number_unsigned when it fits 64 bits, else as a
///   double like any other number; a double beyond ±DBL_MAX is an error ("number overflow"),
///   one below the smallest subnormal reads as 0.
/// - Nesting deeper than kMaxDepth levels is an error (the parser itself never recurses).
class JsonSaxParser {
public:
    /// Receives the events. Returning false from any of them stops the parse.
    class Handler {
    public:
        virtual ~Handler() = default;
        virtual bool null() = 0;
        virtual bool boolean(bool value) = 0;
        virtual bool number_integer(std::int64_t value) = 0;
        virtual bool number_unsigned(std::uint64_t value) = 0;
        /// `text` is the number as written, valid during the call.
        virtual bool number_float(double value, std::string_view text) = 0;
        /// `value` may be moved from; its contents are valid during the call.
        virtual bool string(std::string& value) = 0;
        virtual bool start_object() = 0;
        /// `name` is valid during the call (it often points into the text: keys are not copied).
        virtual bool key(std::string_view name) = 0;
        virtual bool end_object() = 0;
        virtual bool start_array() = 0;
        virtual bool end_array() = 0;
        /// The text is not JSON: `offset` is the byte where reading stopped (the offending
        /// byte, the start of an unexpected token, or the text's size at its end) and `line`
        /// its 1-based line. Called at most once, and the parse then fails.
        virtual void parse_error(std::size_t offset, int line, const std::string& message) = 0;

    protected:
        /// During an event: the 1-based line of the token it reports (a scalar, a key, a
        /// bracket). Counted on from the previous call, since events come in text order: all
        /// the calls of one parse read the text once.
        int line();

    private:
        friend class JsonSaxParser;
        const char* const* m_cursor = nullptr; // the parser's read position, past the token
        const char* m_counted = nullptr;       // line feeds before it are in m_line
        int m_line = 1;
    };

    static constexpr std::size_t kMaxDepth = 10'000;

    /// Parses `text`, which must hold exactly one JSON value (whitespace around it allowed).
    /// True when it did and every event returned true.
    static bool parse(std::string_view text, Handler& handler);
};

} // namespace bonescope::core
