#include "io/CocoStudioCompactInput.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace bonescope::core {

namespace {

bool isWhitespace(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

// Characters that end a token by themselves: whitespace after them separates nothing.
bool isDelimiter(char c)
{
    return c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',' || c == '"';
}

} // namespace

CocoStudioCompactInput::CocoStudioCompactInput(std::string_view bytes)
{
    m_text.resize(bytes.size());
    char* out = m_text.data();
    size_t length = 0;
    const char* in = bytes.data();
    const char* const end = in + bytes.size();
    while (in < end) {
        const char c = *in;
        if (c == '"') {
            // Copy the string through its closing quote, escapes included; a raw newline in
            // it is invalid JSON but still counts as a line.
            out[length++] = *in++;
            while (in < end) {
                const char s = *in++;
                out[length++] = s;
                if (s == '"')
                    break;
                if (s == '\n')
                    m_newlines.push_back(length);
                if (s == '\\' && in < end) {
                    const char escaped = *in++;
                    out[length++] = escaped;
                    if (escaped == '\n')
                        m_newlines.push_back(length);
                }
            }
        } else if (isWhitespace(c)) {
            // After a literal (a number, true, a bad word) keep the first whitespace byte: it
            // is where the lexer stops, in the original too, so errors point at the same byte.
            if (length > 0 && !isDelimiter(out[length - 1]))
                out[length++] = c;
            do {
                if (*in == '\n')
                    m_newlines.push_back(length);
                ++in;
                // Indentation comes in long runs of spaces: skip them eight at a time.
                constexpr std::uint64_t kEightSpaces = 0x2020202020202020;
                std::uint64_t word = 0;
                while (end - in >= 8 && (std::memcpy(&word, in, 8), word == kEightSpaces))
                    in += 8;
            } while (in < end && isWhitespace(*in));
        } else {
            out[length++] = *in++;
        }
    }
    m_text.resize(length);
}

int CocoStudioCompactInput::lineAt(size_t offset) const
{
    const auto after = std::upper_bound(m_newlines.begin(), m_newlines.end(), offset);
    return static_cast<int>(after - m_newlines.begin()) + 1;
}

} // namespace bonescope::core
