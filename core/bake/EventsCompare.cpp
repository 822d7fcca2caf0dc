#include "bake/EventsCompare.h"

#include <algorithm>
#include <vector>

namespace bonescope::core {

namespace {

constexpr std::string_view kEventsHeader = "frame,kind,movement,name\n";

// An event line's frame: the text before its first comma.
std::string_view frameOf(std::string_view line)
{
    return line.substr(0, line.find(','));
}

// The events' lines after the header, without their line ends, those of one frame sorted:
// several frame events of one update may come in any order (golden/README.md), so a frame's
// events compare as a multiset.
std::vector<std::string_view> eventLines(std::string_view bytes)
{
    std::vector<std::string_view> lines;
    size_t at = kEventsHeader.size();
    while (at < bytes.size()) {
        const size_t end = std::min(bytes.find('\n', at), bytes.size());
        std::string_view line = bytes.substr(at, end - at);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line);
        at = end + 1;
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
    return bytes.starts_with(kEventsHeader);
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
                                 std::string(kEventsHeader.substr(0, kEventsHeader.size() - 1)) +
                                 "\""};
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
