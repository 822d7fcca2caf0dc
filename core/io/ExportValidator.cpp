#include "io/ExportValidator.h"

namespace bonescope::core {

namespace {

void checkDisplays(const LoadedExport& loaded, const ArmatureData& armature,
                   std::vector<LoadError>& out)
{
    const bool haveAtlases = !loaded.atlases.empty();
    for (const auto& bone : armature.bones) {
        for (const auto& display : bone.displays) {
            const std::string where = "armature '" + armature.name + "', bone '" + bone.name + "'";
            if (display.type == DisplayType::Armature &&
                !loaded.skeleton.findArmature(display.name))
                out.push_back({loaded.path,
                               0,
                               {},
                               where + " shows armature '" + display.name +
                                   "', which the file does not define"});
            if (display.type == DisplayType::Image && haveAtlases && !display.name.empty() &&
                !loaded.findFrame(display.name))
                out.push_back(
                    {loaded.path,
                     0,
                     {},
                     where + " shows image '" + display.name + "', which no sprite sheet holds"});
        }
    }
}

void checkMovements(const LoadedExport& loaded, const ArmatureData& armature,
                    const AnimationData& animation, std::vector<LoadError>& out)
{
    for (const auto& movement : animation.movements) {
        for (const auto& timeline : movement.bones) {
            const std::string where = "movement '" + movement.name + "' of '" + armature.name + "'";
            const int boneIndex = armature.findBone(timeline.name);
            if (boneIndex < 0) {
                out.push_back(
                    {loaded.path,
                     0,
                     {},
                     where + " animates bone '" + timeline.name + "', which the armature lacks"});
                continue;
            }
            const auto displayCount =
                static_cast<int>(armature.bones[static_cast<size_t>(boneIndex)].displays.size());
            for (const auto& frame : timeline.frames)
                if (frame.displayIndex >= displayCount) {
                    out.push_back({loaded.path,
                                   0,
                                   {},
                                   where + ", bone '" + timeline.name + "', frame " +
                                       std::to_string(frame.startFrame) + " shows display " +
                                       std::to_string(frame.displayIndex) + " of " +
                                       std::to_string(displayCount)});
                    break;
                }
        }
    }
}

} // namespace

std::vector<LoadError> validateExport(const LoadedExport& loaded)
{
    std::vector<LoadError> out = loaded.warnings;
    if (loaded.kind != ExportKind::Armature)
        return out;
    for (const auto& armature : loaded.skeleton.armatures) {
        checkDisplays(loaded, armature, out);
        if (const auto* animation = loaded.skeleton.findAnimation(armature.name))
            checkMovements(loaded, armature, *animation, out);
    }
    return out;
}

} // namespace bonescope::core
