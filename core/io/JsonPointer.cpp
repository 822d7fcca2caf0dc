#include "io/JsonPointer.h"

#include "base/Utf8.h"
#include "io/FileBytes.h"
#include "io/JsonSaxParser.h"

#include <exception>
#include <unordered_map>
#include <vector>

namespace bonescope::core {

namespace {

/// Every pointer's non-empty prefixes (`/a`, `/a/b`, ...) to the line where the text has them,
/// 0 until found.
using PrefixLines = std::unordered_map<std::string, int>;

/// Walks the text keeping the pointer of the current value, into wanted containers only, and
/// notes the line of every wanted prefix met. Stops once all are found.
class PrefixLocator final : public JsonSaxParser::Handler {
public:
    explicit PrefixLocator(PrefixLines& lines) : m_lines(lines), m_unfound(lines.size()) {}

    bool null() override { return scalar(); }
    bool boolean(bool) override { return scalar(); }
    bool number_integer(std::int64_t) override { return scalar(); }
    bool number_unsigned(std::uint64_t) override { return scalar(); }
    bool number_float(double, std::string_view) override { return scalar(); }
    bool string(std::string&) override { return scalar(); }
    bool start_object() override { return open(false); }
    bool start_array() override { return open(true); }
    bool key(std::string_view name) override
    {
        if (m_skippedDepth > 0)
            return true;
        m_path.resize(m_levels.back().pathLength);
        m_path += '/';
        m_path += escapePointerToken(name);
        m_memberWanted = mark();
        return m_unfound > 0;
    }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    void parse_error(std::size_t, int, const std::string&) override {}

private:
    struct Level {
        bool isArray = false;
        int index = -1;
        std::size_t pathLength = 0; // m_path's length at the container itself
    };

    /// A value starts here: the next element of an array, or the value of the last key.
    /// Whether its pointer is wanted (the top-level value always is).
    bool enter()
    {
        if (m_levels.empty())
            return true;
        Level& level = m_levels.back();
        if (!level.isArray)
            return m_memberWanted;
        ++level.index;
        m_path.resize(level.pathLength);
        m_path += '/';
        m_path += std::to_string(level.index);
        return mark();
    }
    bool scalar()
    {
        if (m_skippedDepth == 0)
            enter();
        return m_unfound > 0;
    }
    bool open(bool isArray)
    {
        // Containers no pointer goes into are read past without tracking what is inside.
        if (m_skippedDepth > 0 || !enter())
            ++m_skippedDepth;
        else
            m_levels.push_back({isArray, -1, m_path.size()});
        return m_unfound > 0;
    }
    bool close()
    {
        if (m_skippedDepth > 0)
            --m_skippedDepth;
        else
            m_levels.pop_back();
        return true;
    }
    /// Notes the line of the current pointer when it is wanted (and first met).
    bool mark()
    {
        const auto found = m_lines.find(m_path);
        if (found == m_lines.end())
            return false;
        if (found->second == 0) {
            found->second = line();
            --m_unfound;
        }
        return true;
    }

    PrefixLines& m_lines;
    std::size_t m_unfound;
    std::vector<Level> m_levels;
    std::string m_path;
    bool m_memberWanted = false;
    std::size_t m_skippedDepth = 0;
};

bool needsLine(const LoadError& problem)
{
    return problem.line == 0 && !problem.jsonPointer.empty();
}

/// The ends of `pointer`'s non-empty prefixes, longest first.
std::vector<std::size_t> prefixEnds(const std::string& pointer)
{
    std::vector<std::size_t> ends{pointer.size()};
    for (std::size_t slash = pointer.rfind('/'); slash != std::string::npos && slash > 0;
         slash = pointer.rfind('/', slash - 1))
        ends.push_back(slash);
    return ends;
}

} // namespace

std::string escapePointerToken(std::string_view token)
{
    std::string out;
    out.reserve(token.size());
    for (char c : token) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

void placeJsonPointers(std::string_view text, std::span<LoadError> problems)
{
    PrefixLines lines;
    for (const LoadError& problem : problems)
        if (needsLine(problem))
            for (const std::size_t end : prefixEnds(problem.jsonPointer))
                lines.emplace(problem.jsonPointer.substr(0, end), 0);
    if (lines.empty())
        return;

    PrefixLocator locator(lines);
    try {
        JsonSaxParser::parse(withoutUtf8Bom(text), locator);
    } catch (const std::exception&) {
        return; // out of memory: the problems keep their pointers, without lines
    }
    for (LoadError& problem : problems) {
        if (!needsLine(problem))
            continue;
        for (const std::size_t end : prefixEnds(problem.jsonPointer)) {
            const int line = lines.at(problem.jsonPointer.substr(0, end));
            if (line > 0) {
                problem.line = line;
                break;
            }
        }
    }
}

void placeInItsFile(LoadError& problem)
{
    if (problem.line != 0 || problem.jsonPointer.empty())
        return;
    if (const auto text = readFileBytes(problem.file))
        placeJsonPointers(text.value(), std::span(&problem, 1));
}

} // namespace bonescope::core
