#include "bake/BakeCompare.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>

namespace bonescope::core {

namespace {

double angleDifference(double a, double b)
{
    double d = std::fmod(a - b, 2 * std::numbers::pi);
    if (d > std::numbers::pi)
        d -= 2 * std::numbers::pi;
    if (d < -std::numbers::pi)
        d += 2 * std::numbers::pi;
    return std::abs(d);
}

bool withinTolerance(const BakeColumn& column, double expected, double actual, double scale)
{
    // NaN on both sides is the same value: cocos2d-x's NaN, reproduced (a span eased to NaN, a
    // goto on a one-frame movement). NaN beside a number differs from it.
    if (std::isnan(expected) || std::isnan(actual))
        return std::isnan(expected) && std::isnan(actual);
    if (column.tolerance == 0)
        return expected == actual;
    const double difference =
        column.angle ? angleDifference(expected, actual) : std::abs(expected - actual);
    return difference <= column.tolerance * scale;
}

} // namespace

std::string BakeDifference::describe() const
{
    std::string text = "frame " + std::to_string(frame) + ", bone " + bone;
    if (missingInActual)
        return text + ": missing in the second";
    if (missingInExpected)
        return text + ": missing in the first";
    char values[96];
    std::snprintf(values, sizeof values, ": expected %.6f, got %.6f", expected, actual);
    return text + ", " + column + values;
}

BakeComparison compareBakes(const BakeTable& expected, const BakeTable& actual,
                            double toleranceScale, size_t maxReported)
{
    BakeComparison result;
    auto report = [&](BakeDifference difference) {
        if (result.differences.size() < maxReported)
            result.differences.push_back(std::move(difference));
        ++result.differenceCount;
    };
    std::map<std::pair<int, std::string_view>, const BakeRow*> actualRows;
    for (const auto& row : actual.rows)
        actualRows[{row.frame, row.bone}] = &row;
    for (const auto& row : expected.rows) {
        const auto found = actualRows.find({row.frame, row.bone});
        if (found == actualRows.end()) {
            report({row.frame, row.bone, {}, 0, 0, true, false});
            continue;
        }
        ++result.rowsCompared;
        for (size_t c = 0; c < kBakeValueColumns; ++c)
            if (!withinTolerance(kBakeColumns[c], row.values[c], found->second->values[c],
                                 toleranceScale))
                report({row.frame, row.bone, kBakeColumns[c].name, row.values[c],
                        found->second->values[c], false, false});
        actualRows.erase(found);
    }
    for (const auto& [key, row] : actualRows)
        report({row->frame, row->bone, {}, 0, 0, false, true});
    return result;
}

} // namespace bonescope::core
