#include "bake/BakeWriter.h"

#include <cstdio>
#include <string>

namespace bonescope::core {

namespace {

constexpr const char* kHeader = "frame,bone,x,y,skewX,skewY,scaleX,scaleY,zOrder,displayIndex,"
                                "alpha,red,green,blue,wa,wb,wc,wd,wtx,wty\n";

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

std::string_view eventKindName(ArmatureEventKind kind)
{
    switch (kind) {
    case ArmatureEventKind::Start:
        return "START";
    case ArmatureEventKind::Complete:
        return "COMPLETE";
    case ArmatureEventKind::LoopComplete:
        return "LOOP_COMPLETE";
    case ArmatureEventKind::Frame:
        return "FRAME";
    }
    return "FRAME";
}

std::string eventsPathFor(std::string_view csvPath)
{
    constexpr std::string_view suffix = ".csv";
    if (csvPath.size() >= suffix.size() && csvPath.substr(csvPath.size() - suffix.size()) == suffix)
        return std::string(csvPath.substr(0, csvPath.size() - suffix.size())) + ".events.csv";
    return std::string(csvPath) + ".events.csv";
}

void writeBakeCsv(const BakeResult& bake, std::ostream& out)
{
    out << kHeader;
    char line[512];
    for (int frame = 1; frame <= bake.frameCount; ++frame) {
        for (int bone : bake.boneOrder) {
            const BonePose& p = bake.pose(frame, bone);
            const Transform& l = p.local;
            const Affine& w = p.world;
            std::snprintf(line, sizeof line,
                          "%d,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%d,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,"
                          "%.6f,%.6f,%.6f\n",
                          frame, bake.boneNames[static_cast<size_t>(bone)].c_str(), l.x, l.y,
                          l.skewX, l.skewY, l.scaleX, l.scaleY, p.zOrder, p.displayIndex,
                          p.color.alpha, p.color.red, p.color.green, p.color.blue, w.a, w.b, w.c,
                          w.d, w.tx, w.ty);
            out << line;
        }
    }
}

void writeBakeEventsCsv(const BakeResult& bake, std::ostream& out)
{
    out << "frame,kind,movement,name\n";
    for (const auto& event : bake.events)
        out << event.frame << ',' << eventKindName(event.kind) << ',' << event.movement << ','
            << event.name << '\n';
}

void writeBakeJson(const BakeResult& bake, std::ostream& out)
{
    out << "{\"armature\":" << jsonString(bake.armature)
        << ",\"scenario\":" << jsonString(bake.scenario) << ",\"bones\":[";
    for (size_t i = 0; i < bake.boneOrder.size(); ++i)
        out << (i ? "," : "") << jsonString(bake.boneNames[static_cast<size_t>(bake.boneOrder[i])]);
    out << "],\"frames\":[";
    char line[512];
    for (int frame = 1; frame <= bake.frameCount; ++frame) {
        out << (frame > 1 ? "," : "") << "{\"frame\":" << frame << ",\"bones\":[";
        bool firstBone = true;
        for (int bone : bake.boneOrder) {
            const BonePose& p = bake.pose(frame, bone);
            const Transform& l = p.local;
            const Affine& w = p.world;
            std::snprintf(line, sizeof line,
                          "\"x\":%.6f,\"y\":%.6f,\"skewX\":%.6f,\"skewY\":%.6f,\"scaleX\":%.6f,"
                          "\"scaleY\":%.6f,\"zOrder\":%d,\"displayIndex\":%d,\"alpha\":%d,"
                          "\"red\":%d,\"green\":%d,\"blue\":%d,\"wa\":%.6f,\"wb\":%.6f,"
                          "\"wc\":%.6f,\"wd\":%.6f,\"wtx\":%.6f,\"wty\":%.6f",
                          l.x, l.y, l.skewX, l.skewY, l.scaleX, l.scaleY, p.zOrder, p.displayIndex,
                          p.color.alpha, p.color.red, p.color.green, p.color.blue, w.a, w.b, w.c,
                          w.d, w.tx, w.ty);
            out << (firstBone ? "" : ",")
                << "{\"bone\":" << jsonString(bake.boneNames[static_cast<size_t>(bone)]) << ','
                << line << '}';
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
