#include "bake/BlendBakeWriter.h"

#include "bake/CsvFields.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace bonescope::core {

namespace {

std::string number(double value)
{
    char text[48];
    std::snprintf(text, sizeof text, "%.6f", value);
    return text;
}

} // namespace

void writeBlendStateCsv(const std::vector<BlendStateRow>& rows, std::ostream& out)
{
    out << "frame,source,target,timeLeft,duration,sourceWeight,targetWeight,sourceTime,"
           "targetTime,complete\n";
    for (const auto& row : rows)
        out << row.frame << ',' << csvField(row.source) << ',' << csvField(row.target) << ','
            << number(row.timeLeft) << ',' << number(row.duration) << ','
            << number(row.sourceWeight) << ',' << number(row.targetWeight) << ','
            << number(row.sourceTime) << ',' << number(row.targetTime) << ','
            << (row.complete ? 1 : 0) << '\n';
}

void writeLayerStateCsv(const std::vector<LayerStateRow>& rows, std::ostream& out)
{
    out << "frame,layer,current,next,currentTime,nextTime,progress,weight\n";
    for (const auto& row : rows)
        out << row.frame << ',' << csvField(row.layer) << ',' << csvField(row.current) << ','
            << csvField(row.next) << ',' << number(row.currentTime) << ',' << number(row.nextTime)
            << ',' << number(row.progress) << ',' << number(row.weight) << '\n';
}

void writeFlipbookStateCsv(const std::vector<FlipbookStateRow>& rows, std::ostream& out)
{
    out << kFlipbookStateHeader << '\n';
    for (const auto& row : rows)
        out << row.frame << ',' << row.loop << ',' << row.frameIndex << ','
            << csvField(row.spriteFrame) << ',' << csvField(row.notification) << '\n';
}

void writeFlipbookStateJson(std::string_view animation, std::string_view scenario,
                            const std::vector<FlipbookStateRow>& rows, std::ostream& out)
{
    nlohmann::ordered_json frames = nlohmann::ordered_json::array();
    for (const auto& row : rows)
        frames.push_back({{"frame", row.frame},
                          {"loop", row.loop},
                          {"frameIndex", row.frameIndex},
                          {"spriteFrame", row.spriteFrame},
                          {"notification", row.notification}});
    const nlohmann::ordered_json bake = {
        {"animation", animation}, {"scenario", scenario}, {"frames", std::move(frames)}};
    // Names from the file need not be UTF-8: replaced, not thrown on.
    out << bake.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void writeTraceCsv(const std::vector<BoneContribution>& trace,
                   const std::vector<std::string>& boneNames, std::ostream& out)
{
    out << "frame,bone,contributor,weight,x,y,skewX,skewY,scaleX,scaleY\n";
    for (const auto& row : trace) {
        const Transform& l = row.local;
        out << row.frame << ',' << csvField(boneNames[size_t(row.bone)]) << ','
            << csvField(row.contributor) << ',' << number(row.weight) << ',' << number(l.x) << ','
            << number(l.y) << ',' << number(l.skewX) << ',' << number(l.skewY) << ','
            << number(l.scaleX) << ',' << number(l.scaleY) << '\n';
    }
}

namespace {

/// "x.csv" → "x" + suffix, any other path + suffix.
std::string besideCsv(std::string_view csvPath, std::string_view suffix)
{
    std::string path(csvPath);
    if (path.ends_with(".csv"))
        path.resize(path.size() - 4);
    return path + std::string(suffix);
}

} // namespace

std::string tracePathFor(std::string_view csvPath)
{
    return besideCsv(csvPath, ".trace.csv");
}

std::string statePathFor(std::string_view csvPath)
{
    return besideCsv(csvPath, ".state.csv");
}

} // namespace bonescope::core
