#include "cli/ExportSummary.h"

#include "model/BoneAngles.h"
#include "model/FlipbookTiming.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <vector>

namespace bonescope::cli {

using nlohmann::ordered_json;
using namespace bonescope::core;

namespace {

/// Bones in tree order (each parent before its children, siblings in data order), each with
/// its parent's name and its depth: a flat list, so neither building nor printing the summary
/// recurses on the depth of the data, and time stays linear in the bone count.
ordered_json boneList(const ArmatureData& armature)
{
    const int count = static_cast<int>(armature.bones.size());
    std::vector<int> firstChild(static_cast<size_t>(count), -1);
    std::vector<int> nextSibling(static_cast<size_t>(count), -1);
    std::vector<int> roots;
    for (int i = count - 1; i >= 0; --i) { // backwards, so each list ends up in data order
        const int parent = armature.bones[static_cast<size_t>(i)].parentIndex;
        if (parent >= 0 && parent < count && parent != i) {
            nextSibling[static_cast<size_t>(i)] = firstChild[static_cast<size_t>(parent)];
            firstChild[static_cast<size_t>(parent)] = i;
        } else
            roots.push_back(i);
    }
    ordered_json bones = ordered_json::array();
    std::vector<std::pair<int, int>> stack; // (bone, depth), next to visit on top
    for (const int root : roots) // roots was filled backwards: the stack pops them in order
        stack.emplace_back(root, 0);
    while (!stack.empty()) {
        const auto [index, depth] = stack.back();
        stack.pop_back();
        const BoneData& bone = armature.bones[static_cast<size_t>(index)];
        ordered_json node;
        node["name"] = bone.name;
        node["parent"] = depth == 0 ? ordered_json()
                                    : ordered_json(armature.bones[size_t(bone.parentIndex)].name);
        node["depth"] = depth;
        node["x"] = bone.transform.x;
        node["y"] = bone.transform.y;
        node["rotationDegrees"] = rotationDegrees(bone.transform.skewY);
        node["scaleX"] = bone.transform.scaleX;
        node["scaleY"] = bone.transform.scaleY;
        node["z"] = bone.zOrder;
        ordered_json displays = ordered_json::array();
        for (const auto& display : bone.displays)
            displays.push_back(display.type == DisplayType::Armature  ? "armature:" + display.name
                               : display.type == DisplayType::Unknown ? std::string("unknown")
                                                                      : display.name);
        node["displays"] = displays;
        bones.push_back(std::move(node));
        // Children go on the stack last first, so the first child is visited next.
        const size_t mark = stack.size();
        for (int child = firstChild[size_t(index)]; child >= 0; child = nextSibling[size_t(child)])
            stack.emplace_back(child, depth + 1);
        std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(mark), stack.end());
    }
    return bones;
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
    return {{"image", atlas.imagePath},         {"width", atlas.width},
            {"height", atlas.height},           {"imageWidth", atlas.imageWidth},
            {"imageHeight", atlas.imageHeight}, {"frames", frames}};
}

/// Zero as "0", never "-0" (y negated from a file's 0, say): people read these columns.
double withoutNegativeZero(double value)
{
    return value == 0.0 ? 0.0 : value;
}

/// Two decimals.
double roundedDegrees(double degrees)
{
    return withoutNegativeZero(std::round(degrees * 100.0) / 100.0);
}

/// Indentation stops growing here; deeper bones show their depth instead, so a deep chain
/// prints in linear, not quadratic, space.
constexpr int kMaxIndentDepth = 32;

void formatBones(const ordered_json& bones, std::ostringstream& out)
{
    for (const auto& bone : bones) {
        const int depth = bone["depth"].get<int>();
        out << std::string(static_cast<size_t>(4 + std::min(depth, kMaxIndentDepth) * 2), ' ');
        if (depth > kMaxIndentDepth)
            out << "[depth " << depth << "] ";
        out << bone["name"].get<std::string>() << "  ("
            << withoutNegativeZero(bone["x"].get<double>()) << ", "
            << withoutNegativeZero(bone["y"].get<double>()) << ") "
            << roundedDegrees(bone["rotationDegrees"].get<double>()) << "°\n";
    }
}

} // namespace

ordered_json summarizeExport(const LoadedExport& loaded, const std::string& onlyArmature)
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
            if (!onlyArmature.empty() && armature.name != onlyArmature)
                continue;
            ordered_json node;
            node["name"] = armature.name;
            node["boneCount"] = armature.bones.size();
            node["bones"] = boneList(armature);
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
            // durationSeconds: one loop (the key kept its name; totalSeconds counts the loops).
            animations.push_back({{"name", animation.name},
                                  {"frames", animation.frames.size()},
                                  {"delayPerUnitSeconds", animation.delayPerUnit},
                                  {"durationSeconds", core::flipbookLoopSeconds(animation)},
                                  {"totalSeconds", core::flipbookSeconds(animation)},
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
    if (summary.contains("version")) {
        const std::string& version = summary["version"].get_ref<const std::string&>();
        out << (version.empty() ? " (no version)" : " " + version);
    }
    if (summary.contains("frameRate"))
        out << ", " << summary["frameRate"].get<double>() << " fps";
    out << "\n";
    for (const auto& armature : summary.value("armatures", ordered_json::array())) {
        out << "\narmature " << armature["name"].get<std::string>() << ": "
            << armature["boneCount"].get<size_t>() << " bones\n";
        formatBones(armature["bones"], out);
        out << "  movements (" << armature["movements"].size() << "):\n";
        // cocos2d-x's Armature::init poses the bones at the first movement: with none it
        // crashes (checked with cocos2d-x 4.0's runtime), so a game uses only the images.
        if (armature["movements"].empty())
            out << "    none: cocos2d-x cannot create this armature (Armature::create "
                   "crashes without a movement); a game can use its images only\n";
        for (const auto& movement : armature["movements"]) {
            const int durationTween = movement["durationTween"].get<int>();
            const float scale = movement["scale"].get<float>();
            out << "    " << movement["name"].get<std::string>() << "  "
                << movement["durationFrames"].get<int>() << " frames, "
                << (movement["loop"].get<bool>() ? "loop" : "once") << ", durationTo "
                << movement["durationTo"].get<int>() << ", durationTween " << durationTween
                << (durationTween == 0 ? " (a pass: the " + std::to_string(movement["durationFrames"].get<int>()) + " frames)" : std::string()) << ", easing "
                << movement["easing"].get<std::string>();
            if (scale != 1.f)
                out << ", speed scale " << scale;
            out << "\n";
            for (const auto& event : movement["frameEvents"])
                out << "      event '" << event["name"].get<std::string>() << "' at frame "
                    << event["frame"].get<int>() << "\n";
        }
    }
    for (const auto& animation : summary.value("animations", ordered_json::array()))
        out << "animation " << animation["name"].get<std::string>() << ": "
            << animation["frames"].get<size_t>() << " frames, "
            << animation["durationSeconds"].get<double>() << " s a loop, loops "
            << animation["loops"].get<int>() << " (" << animation["totalSeconds"].get<double>()
            << " s)"
            << (animation["restoreOriginalFrame"].get<bool>() ? ", restores original frame" : "")
            << "\n";
    out << "\natlases (" << summary["atlases"].size() << "):\n";
    for (const auto& atlas : summary["atlases"]) {
        // The image's own size where its header was read (what the game's texture has), and
        // the metadata's where that differs.
        const auto size = [&](const char* width, const char* height) {
            return std::to_string(atlas[width].get<int>()) + "x" +
                   std::to_string(atlas[height].get<int>());
        };
        const bool read = atlas["imageWidth"].get<int>() > 0;
        const std::string image =
            size(read ? "imageWidth" : "width", read ? "imageHeight" : "height");
        const std::string claimed = size("width", "height");
        out << "  " << atlas["image"].get<std::string>() << "  " << image
            << (read && atlas["width"].get<int>() > 0 && claimed != image
                    ? " (its sheet says " + claimed + ")"
                    : "")
            << ", " << atlas["frames"].size() << " frames\n";
    }
    for (const auto& warning : summary["warnings"])
        out << "warning: " << warning.get<std::string>() << "\n";
    return out.str();
}

} // namespace bonescope::cli
