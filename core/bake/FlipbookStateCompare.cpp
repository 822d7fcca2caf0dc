#include "bake/FlipbookStateCompare.h"

#include "bake/CsvFields.h"

#include <charconv>

namespace bonescope::core {

namespace {

bool toInt(const std::string& text, int& value)
{
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

} // namespace

bool isFlipbookStateCsv(std::string_view bytes)
{
    return bytes.starts_with(kFlipbookStateHeader);
}

Result<std::vector<FlipbookStateRow>> readFlipbookStateCsv(std::string_view bytes,
                                                           const std::string& fileName)
{
    const auto refuse = [&](int line, const std::string& why) {
        return LoadError{fileName, line, {}, why};
    };
    size_t at = 0;
    std::vector<std::string> fields;
    splitCsvRecord(bytes, at, fields);
    std::string header;
    for (size_t i = 0; i < fields.size(); ++i)
        header += (i ? "," : "") + fields[i];
    if (header != kFlipbookStateHeader)
        return refuse(1, "not a flipbook bake's state rows: the header must be \"" +
                             std::string(kFlipbookStateHeader) + "\"");
    std::vector<FlipbookStateRow> rows;
    for (int line = 2; at < bytes.size(); ++line) {
        if (!splitCsvRecord(bytes, at, fields))
            return refuse(line, "a quoted field does not close");
        if (fields.size() == 1 && fields[0].empty())
            continue; // a blank line (the last newline's)
        if (fields.size() != 5)
            return refuse(line, "expected 5 fields, found " + std::to_string(fields.size()));
        FlipbookStateRow row;
        if (!toInt(fields[0], row.frame) || !toInt(fields[1], row.loop) ||
            !toInt(fields[2], row.frameIndex))
            return refuse(line, "frame, loop and frameIndex must be whole numbers");
        row.spriteFrame = std::move(fields[3]);
        row.notification = std::move(fields[4]);
        rows.push_back(std::move(row));
    }
    return rows;
}

ExactComparison compareFlipbookStates(const std::vector<FlipbookStateRow>& expected,
                                      const std::vector<FlipbookStateRow>& actual,
                                      size_t maxReported)
{
    ExactComparison comparison;
    comparison.maxReported = maxReported;
    const auto differ = [&](std::string what) { comparison.differ(std::move(what)); };
    // First: a bake of another length is what to read before its rows.
    if (expected.size() != actual.size())
        differ("updates: expected " + std::to_string(expected.size()) + ", got " +
               std::to_string(actual.size()));
    const size_t common = std::min(expected.size(), actual.size());
    comparison.rowsCompared = common;
    for (size_t i = 0; i < common; ++i) {
        const FlipbookStateRow& a = expected[i];
        const FlipbookStateRow& b = actual[i];
        const std::string where = "update " + std::to_string(a.frame) + ", ";
        const auto field = [&](const char* name, const std::string& expectedValue,
                               const std::string& actualValue) {
            if (expectedValue != actualValue)
                differ(where + name + ": expected " + expectedValue + ", got " + actualValue);
        };
        field("frame", std::to_string(a.frame), std::to_string(b.frame));
        field("loop", std::to_string(a.loop), std::to_string(b.loop));
        field("frameIndex", std::to_string(a.frameIndex), std::to_string(b.frameIndex));
        field("spriteFrame", '"' + a.spriteFrame + '"', '"' + b.spriteFrame + '"');
        field("notification", '"' + a.notification + '"', '"' + b.notification + '"');
    }
    return comparison;
}

} // namespace bonescope::core
