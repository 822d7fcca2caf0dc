#include "cli/ExportSummary.h"

#include <cmath>
#include <set>
#include <sstream>

namespace bonescope::cli {

using nlohmann::ordered_json;
using namespace bonescope::core;

namespace {

constexpr double kDegreesPerRadian = 180.0 / 3.14159265358979323846;

ordered_json boneTree(const ArmatureData& armature, int parent)
{
    ordered_json children = ordered_json::array();
    for (size_t i = 0; i < armature.bones.size(); ++i) {
        const BoneData& bone = armature.bones[i];
        if (bone.parentIndex != parent)
            continue;
        ordered_json node;
        node["name"] = bone.name;
        node["x"] = bone.transform.x;
        node["y"] = bone.transform.y;
        node["rotationDegrees"] = bone.transform.skewY * kDegreesPerRadian;
        node["scaleX"] = bone.transform.scaleX;
        node["scaleY"] = bone.transform.scaleY;
        node["z"] = bone.zOrder;
        ordered_json displays = ordered_json::array();
        for (const auto& display : bone.displays)
            displays.push_back(display.type == DisplayType::Armature ? "armature:" + display.name
                                                                     : display.name);
        node["displays"] = displays;
        node["children"] = boneTree(armature, static_cast<int>(i));
        children.push_back(node);
    }
    return children;
}

ordered_json movementSummary(const MovementData& movement)
{
    ordered_json node;
    node["name"] = movement.name;
    node["durationFrames"] = movement.duration;
    node["loop"] = movement.loop;
    node["durationTo"] = movement.durationTo;
    node["durationTween"] = movement.durationTween;
    node["easing"] = std::string(easingName(movement.easing));
    node["scale"] = movement.scale;
    std::set<std::pair<int, std::string>> events;
    for (const auto& bone : movement.bones)
        for (const auto& frame : bone.frames)
            if (!frame.event.empty())
                events.insert({frame.startFrame, frame.event});
    ordered_json eventList = ordered_json::array();
    for (const auto& [frame, name] : events)
        eventList.push_back({{"frame", frame}, {"name", name}});
    node["frameEvents"] = eventList;
    return node;
}

ordered_json atlasSummary(const SpriteAtlas& atlas)
{
    ordered_json frames = ordered_json::array();
    for (const auto& frame : atlas.frames)
        frames.push_back(frame.name);
    return {{"image", atlas.imagePath},
            {"width", atlas.width},
            {"height", atlas.height},
            {"frames", frames}};
}

/// Two decimals, and never "-0": people read this column.
double roundedDegrees(double degrees)
{
    const double rounded = std::round(degrees * 100.0) / 100.0;
    return rounded == 0.0 ? 0.0 : rounded;
}

void formatBones(const ordered_json& bones, int depth, std::ostringstream& out)
{
    for (const auto& bone : bones) {
        out << std::string(static_cast<size_t>(4 + depth * 2), ' ')
            << bone["name"].get<std::string>() << "  (" << bone["x"].get<double>() << ", "
            << bone["y"].get<double>() << ") "
            << roundedDegrees(bone["rotationDegrees"].get<double>()) << "°\n";
        formatBones(bone["children"], depth + 1, out);
    }
}

} // namespace

ordered_json summarizeExport(const LoadedExport& loaded)
{
    ordered_json summary;
    summary["file"] = loaded.path;
    if (loaded.kind == ExportKind::Armature) {
        const SkeletonData& skeleton = loaded.skeleton;
        summary["format"] = skeleton.format == SourceFormat::DragonBonesXml
                                ? "DragonBones XML"
                                : "CocoStudio ExportJson";
        summary["version"] = skeleton.version;
        if (skeleton.frameRate > 0.f)
            summary["frameRate"] = skeleton.frameRate;
        ordered_json armatures = ordered_json::array();
        for (const auto& armature : skeleton.armatures) {
            ordered_json node;
            node["name"] = armature.name;
            node["boneCount"] = armature.bones.size();
            node["bones"] = boneTree(armature, -1);
            ordered_json movements = ordered_json::array();
            if (const auto* animation = skeleton.findAnimation(armature.name))
                for (const auto& movement : animation->movements)
                    movements.push_back(movementSummary(movement));
            node["movements"] = movements;
            armatures.push_back(node);
        }
        summary["armatures"] = armatures;
    } else {
        summary["format"] = "flipbook";
        ordered_json animations = ordered_json::array();
        for (const auto& animation : loaded.flipbooks.animations) {
            float units = 0.f;
            for (const auto& frame : animation.frames)
                units += frame.delayUnits;
            animations.push_back({{"name", animation.name},
                                  {"frames", animation.frames.size()},
                                  {"delayPerUnitSeconds", animation.delayPerUnit},
                                  {"durationSeconds", units * animation.delayPerUnit},
                                  {"loops", animation.loops},
                                  {"restoreOriginalFrame", animation.restoreOriginalFrame}});
        }
        summary["animations"] = animations;
    }
    ordered_json atlases = ordered_json::array();
    for (const auto& atlas : loaded.atlases)
        atlases.push_back(atlasSummary(atlas));
    summary["atlases"] = atlases;
    ordered_json warnings = ordered_json::array();
    for (const auto& warning : loaded.warnings)
        warnings.push_back(warning.toString());
    summary["warnings"] = warnings;
    return summary;
}

std::string formatSummary(const ordered_json& summary)
{
    std::ostringstream out;
    out << summary["file"].get<std::string>() << "\n  " << summary["format"].get<std::string>();
    if (summary.contains("version"))
        out << " " << summary["version"].get<std::string>();
    if (summary.contains("frameRate"))
        out << ", " << summary["frameRate"].get<double>() << " fps";
    out << "\n";
    for (const auto& armature : summary.value("armatures", ordered_json::array())) {
        out << "\narmature " << armature["name"].get<std::string>() << ": "
            << armature["boneCount"].get<size_t>() << " bones\n";
        formatBones(armature["bones"], 0, out);
        out << "  movements (" << armature["movements"].size() << "):\n";
        for (const auto& movement : armature["movements"]) {
            out << "    " << movement["name"].get<std::string>() << "  "
                << movement["durationFrames"].get<int>() << " frames, "
                << (movement["loop"].get<bool>() ? "loop" : "once") << ", durationTo "
                << movement["durationTo"].get<int>() << ", durationTween "
                << movement["durationTween"].get<int>() << ", easing "
                << movement["easing"].get<std::string>() << "\n";
            for (const auto& event : movement["frameEvents"])
                out << "      event '" << event["name"].get<std::string>() << "' at frame "
                    << event["frame"].get<int>() << "\n";
        }
    }
    for (const auto& animation : summary.value("animations", ordered_json::array()))
        out << "animation " << animation["name"].get<std::string>() << ": "
            << animation["frames"].get<size_t>() << " frames, "
            << animation["durationSeconds"].get<double>() << " s, loops "
            << animation["loops"].get<int>()
            << (animation["restoreOriginalFrame"].get<bool>() ? ", restores original frame" : "")
            << "\n";
    out << "\natlases (" << summary["atlases"].size() << "):\n";
    for (const auto& atlas : summary["atlases"])
        out << "  " << atlas["image"].get<std::string>() << "  " << atlas["width"].get<int>() << "x"
            << atlas["height"].get<int>() << ", " << atlas["frames"].size() << " frames\n";
    for (const auto& warning : summary["warnings"])
        out << "warning: " << warning.get<std::string>() << "\n";
    return out.str();
}

} // namespace bonescope::cli
