#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// A JSON text with the whitespace between tokens removed, and the way back to the original
/// lines. ExportJson files are pretty-printed (two thirds of Cowboy's bytes are indentation)
/// and nlohmann's lexer spends most of its time per character, so parsing the compact text
/// is about a third faster. Strings are copied byte for byte, anything that is not JSON
/// whitespace is kept, and so is the first whitespace byte after a literal (a number, `true`,
/// a bad word), so tokens are never joined (`1 2` stays invalid) and the parser accepts and
/// rejects exactly what it would on the original, stopping on the same byte.
class CocoStudioCompactInput {
public:
    explicit CocoStudioCompactInput(std::string_view bytes);

    std::string_view text() const { return m_text; }
    /// 1-based line, in the original text, of the byte at `offset` in text().
    int lineAt(size_t offset) const;

private:
    std::string m_text;
    std::vector<size_t> m_newlines; // size of m_text when each original '\n' was met
};

} // namespace bonescope::core
