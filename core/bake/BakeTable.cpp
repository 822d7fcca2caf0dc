#include "bake/BakeTable.h"

#include "bake/CsvFields.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace bonescope::core {

const std::array<BakeColumn, kBakeValueColumns> kBakeColumns = {{
    {"x", 1e-3, false},
    {"y", 1e-3, false},
    {"skewX", 1e-4, true},
    {"skewY", 1e-4, true},
    {"scaleX", 1e-5, false},
    {"scaleY", 1e-5, false},
    {"zOrder", 0, false},
    {"displayIndex", 0, false},
    {"alpha", 0, false},
    {"red", 0, false},
    {"green", 0, false},
    {"blue", 0, false},
    {"wa", 1e-4, false},
    {"wb", 1e-4, false},
    {"wc", 1e-4, false},
    {"wd", 1e-4, false},
    {"wtx", 1e-3, false},
    {"wty", 1e-3, false},
}};

namespace {

bool parseNumber(std::string_view text, double& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

/// The header's columns up to zOrder: enough to tell a bake from other CSV.
std::string poseHeaderStart()
{
    const std::string header = bakeCsvHeader();
    return header.substr(0, header.find(",displayIndex"));
}

} // namespace

std::string bakeCsvHeader()
{
    std::string header = "frame,bone";
    for (const BakeColumn& column : kBakeColumns)
        header.append(",").append(column.name);
    return header;
}

std::string formatBakeValue(size_t column, double value)
{
    char text[64];
    if (kBakeColumns[column].tolerance == 0)
        std::snprintf(text, sizeof text, "%d", static_cast<int>(value));
    else
        std::snprintf(text, sizeof text, "%.6f", value);
    return text;
}

std::array<double, kBakeValueColumns> bakeValues(const BonePose& p)
{
    const Transform& l = p.local;
    const Affine& w = p.world;
    return {l.x,
            l.y,
            l.skewX,
            l.skewY,
            l.scaleX,
            l.scaleY,
            double(p.zOrder),
            double(p.displayIndex),
            double(p.color.alpha),
            double(p.color.red),
            double(p.color.green),
            double(p.color.blue),
            w.a,
            w.b,
            w.c,
            w.d,
            w.tx,
            w.ty};
}

BakeTable toBakeTable(const BakeResult& bake)
{
    BakeTable table;
    table.rows.reserve(static_cast<size_t>(bake.frameCount) * bake.boneOrder.size());
    for (int frame = 1; frame <= bake.frameCount; ++frame)
        for (int bone : bake.boneOrder)
            table.rows.push_back({frame, bake.boneNames[static_cast<size_t>(bone)],
                                  bakeValues(bake.pose(frame, bone)), bake.passFrame(frame)});
    return table;
}

std::pair<size_t, size_t> firstPassRows(const std::vector<BakeRow>& rows)
{
    const auto first = std::find_if(rows.begin(), rows.end(),
                                    [](const BakeRow& row) { return !std::isnan(row.passFrame); });
    if (first == rows.end())
        return {rows.size(), rows.size()};
    const size_t begin = static_cast<size_t>(first - rows.begin());
    size_t end = begin + 1;
    double last = rows[begin].passFrame;
    // A frame's rows share its pass frame: the pass goes on while each frame's is above the last.
    for (; end < rows.size(); ++end) {
        if (rows[end].frame == rows[end - 1].frame)
            continue;
        if (!(rows[end].passFrame > last))
            break;
        last = rows[end].passFrame;
    }
    return {begin, end};
}

bool isPoseBakeCsv(std::string_view bytes)
{
    return bytes.starts_with(poseHeaderStart());
}

Result<BakeTable> readBakeCsv(std::string_view bytes, const std::string& fileName)
{
    BakeTable table;
    int line = 0;
    std::vector<std::string> quotedFields; // a record with a quoted bone name (csvField)
    while (!bytes.empty()) {
        const size_t end = bytes.find('\n');
        std::string_view text = bytes.substr(0, end);
        ++line;
        std::vector<std::string_view> fields;
        if (text.find('"') != std::string_view::npos) {
            // The name may hold commas and line breaks: the record is read whole.
            size_t at = 0;
            if (!splitCsvRecord(bytes, at, quotedFields))
                return LoadError{fileName, line, {}, "a quoted field does not close"};
            line += int(std::count(bytes.begin(), bytes.begin() + std::ptrdiff_t(at), '\n')) -
                    (at > 0 && bytes[at - 1] == '\n' ? 1 : 0);
            bytes.remove_prefix(at);
            fields.assign(quotedFields.begin(), quotedFields.end());
            text = {};
        } else {
            bytes.remove_prefix(end == std::string_view::npos ? bytes.size() : end + 1);
            if (!text.empty() && text.back() == '\r')
                text.remove_suffix(1);
        }
        if (line == 1) {
            if (!isPoseBakeCsv(text))
                return LoadError{fileName,
                                 1,
                                 {},
                                 "not a bake in the golden layout: the header must start with \"" +
                                     poseHeaderStart() + "\""};
            continue;
        }
        if (fields.empty()) {
            if (text.empty())
                continue;
            for (size_t start = 0;;) {
                const size_t comma = text.find(',', start);
                fields.push_back(text.substr(start, comma - start));
                if (comma == std::string_view::npos)
                    break;
                start = comma + 1;
            }
        }
        if (fields.size() != kBakeValueColumns + 2)
            return LoadError{fileName,
                             line,
                             {},
                             "expected 20 comma-separated fields, found " +
                                 std::to_string(fields.size())};
        BakeRow row;
        double frame = 0;
        // The range first: converting a number an int cannot hold is undefined.
        if (!parseNumber(fields[0], frame) || !(frame >= 1 && frame <= kMaxBakeWholeNumber) ||
            frame != std::trunc(frame))
            return LoadError{fileName,
                             line,
                             {},
                             "frame must be a whole number from 1 to " +
                                 std::to_string(static_cast<long>(kMaxBakeWholeNumber))};
        row.frame = static_cast<int>(frame);
        row.bone = std::string(fields[1]);
        for (size_t c = 0; c < kBakeValueColumns; ++c)
            if (!parseNumber(fields[c + 2], row.values[c]))
                return LoadError{fileName,
                                 line,
                                 {},
                                 std::string("column ") + kBakeColumns[c].name +
                                     " is not a number: \"" + std::string(fields[c + 2]) + "\""};
        table.rows.push_back(std::move(row));
    }
    if (line == 0)
        return LoadError{fileName, 0, {}, "empty file"};
    return table;
}

} // namespace bonescope::core
