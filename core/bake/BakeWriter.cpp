#include "bake/BakeWriter.h"

#include "bake/BakeTable.h"
#include "bake/CsvFields.h"

#include <cstdio>
#include <string>

namespace bonescope::core {

namespace {

std::string jsonString(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

} // namespace

std::string eventsPathFor(std::string_view csvPath)
{
    constexpr std::string_view suffix = ".csv";
    if (csvPath.size() >= suffix.size() && csvPath.substr(csvPath.size() - suffix.size()) == suffix)
        return std::string(csvPath.substr(0, csvPath.size() - suffix.size())) + ".events.csv";
    return std::string(csvPath) + ".events.csv";
}

void writeBakeCsv(const BakeResult& bake, std::ostream& out)
{
    out << bakeCsvHeader() << '\n';
    std::string line;
    for (int frame = 1; frame <= bake.frameCount; ++frame) {
        for (int bone : bake.boneOrder) {
            line = std::to_string(bake.frameNumber(frame));
            line.append(",").append(csvField(bake.boneNames[static_cast<size_t>(bone)]));
            const auto values = bakeValues(bake.pose(frame, bone));
            for (size_t c = 0; c < kBakeValueColumns; ++c)
                line.append(",").append(formatBakeValue(c, values[c]));
            out << line << '\n';
        }
    }
}

void writeBakeEventsCsv(const BakeResult& bake, std::ostream& out)
{
    out << kBakeEventsHeader << '\n';
    for (const auto& event : bake.events)
        out << bakeEventsRow(event.frame, eventKindName(event.kind), event.movement, event.name)
            << '\n';
}

std::string bakeEventsRow(int frame, std::string_view kind, std::string_view movement,
                          std::string_view name)
{
    return std::to_string(frame) + ',' + std::string(kind) + ',' + csvField(movement) + ',' +
           csvField(name);
}

void writeBakeJson(const BakeResult& bake, std::ostream& out)
{
    out << "{\"armature\":" << jsonString(bake.armature)
        << ",\"scenario\":" << jsonString(bake.scenario) << ",\"bones\":[";
    for (size_t i = 0; i < bake.boneOrder.size(); ++i)
        out << (i ? "," : "") << jsonString(bake.boneNames[static_cast<size_t>(bake.boneOrder[i])]);
    out << "],\"frames\":[";
    for (int frame = 1; frame <= bake.frameCount; ++frame) {
        out << (frame > 1 ? "," : "") << "{\"frame\":" << bake.frameNumber(frame) << ",\"bones\":[";
        bool firstBone = true;
        for (int bone : bake.boneOrder) {
            out << (firstBone ? "" : ",")
                << "{\"bone\":" << jsonString(bake.boneNames[static_cast<size_t>(bone)]);
            const auto values = bakeValues(bake.pose(frame, bone));
            for (size_t c = 0; c < kBakeValueColumns; ++c)
                out << ",\"" << kBakeColumns[c].name << "\":" << formatBakeValue(c, values[c]);
            out << '}';
            firstBone = false;
        }
        out << "]}";
    }
    out << "],\"events\":[";
    for (size_t i = 0; i < bake.events.size(); ++i) {
        const auto& e = bake.events[i];
        out << (i ? "," : "") << "{\"frame\":" << e.frame << ",\"kind\":\"" << eventKindName(e.kind)
            << "\",\"movement\":" << jsonString(e.movement) << ",\"name\":" << jsonString(e.name)
            << '}';
    }
    out << "]}\n";
}

} // namespace bonescope::core
