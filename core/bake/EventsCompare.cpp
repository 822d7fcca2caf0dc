#include "bake/EventsCompare.h"

#include "bake/BakeWriter.h"
#include "bake/CsvFields.h"

#include <algorithm>
#include <vector>

namespace bonescope::core {

namespace {

// An event line's frame: the text before its first comma.
std::string_view frameOf(std::string_view line)
{
    return line.substr(0, line.find(','));
}

// The events' records after the header as written, without their line ends (a quoted name
// may hold one), those of one frame sorted: several frame events of one update may come in any
// order (golden/README.md), so a frame's events compare as a multiset.
std::vector<std::string_view> eventLines(std::string_view bytes)
{
    std::vector<std::string_view> lines;
    std::vector<std::string> fields;
    size_t at = kBakeEventsHeader.size() + 1; // and its line end
    while (at < bytes.size()) {
        const size_t start = at;
        splitCsvRecord(bytes, at, fields);
        std::string_view line = bytes.substr(start, at - start);
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
            line.remove_suffix(1);
        lines.push_back(line);
    }
    for (auto first = lines.begin(); first != lines.end();) {
        const auto last = std::find_if(first, lines.end(), [&](std::string_view line) {
            return frameOf(line) != frameOf(*first);
        });
        std::sort(first, last);
        first = last;
    }
    return lines;
}

} // namespace

bool isBakeEventsCsv(std::string_view bytes)
{
    return bytes.starts_with(kBakeEventsHeader) &&
           bytes.substr(kBakeEventsHeader.size()).starts_with('\n');
}

Result<ExactComparison> compareBakeEvents(std::string_view expected,
                                          const std::string& expectedName, std::string_view actual,
                                          const std::string& actualName, size_t maxReported)
{
    for (const auto& [bytes, name] : {std::pair{expected, &expectedName}, {actual, &actualName}})
        if (!isBakeEventsCsv(bytes))
            return LoadError{*name,
                             1,
                             {},
                             "not a frame-event file: its header is not \"" +
                                 std::string(kBakeEventsHeader) + "\""};
    const std::vector<std::string_view> a = eventLines(expected);
    const std::vector<std::string_view> b = eventLines(actual);
    ExactComparison comparison;
    comparison.maxReported = maxReported;
    if (a.size() != b.size())
        comparison.differ("events: expected " + std::to_string(a.size()) + ", got " +
                          std::to_string(b.size()));
    comparison.rowsCompared = std::min(a.size(), b.size());
    for (size_t i = 0; i < comparison.rowsCompared; ++i)
        if (a[i] != b[i])
            comparison.differ("event " + std::to_string(i + 1) + ": expected \"" +
                              std::string(a[i]) + "\", got \"" + std::string(b[i]) + "\"");
    return comparison;
}

} // namespace bonescope::core
