#include "io/ExportValidator.h"

#include "io/SpriteLookup.h"

#include <unordered_map>

namespace bonescope::core {

namespace {

/// Name lookups for the whole export, built once so validation stays linear in its size.
struct Names {
    explicit Names(const SkeletonData& skeleton)
    {
        for (const auto& armature : skeleton.armatures)
            armatures.emplace(armature.name, &armature);
        for (const auto& animation : skeleton.animations)
            animations.emplace(animation.name, &animation);
    }
    std::unordered_map<std::string_view, const ArmatureData*> armatures;
    std::unordered_map<std::string_view, const AnimationData*> animations;
};

void checkDisplays(const LoadedExport& loaded, const Names& names, const SpriteIndex& sprites,
                   const ArmatureData& armature, std::vector<LoadError>& out)
{
    const bool haveAtlases = !loaded.atlases.empty();
    for (const auto& bone : armature.bones) {
        for (const auto& display : bone.displays) {
            const auto where = [&] {
                return "armature '" + armature.name + "', bone '" + bone.name + "'";
            };
            if (display.type == DisplayType::Armature && !names.armatures.contains(display.name))
                out.push_back({loaded.path,
                               0,
                               {},
                               where() + " shows armature '" + display.name +
                                   "', which the file does not define"});
            if (display.type != DisplayType::Image || !haveAtlases || display.name.empty())
                continue;
            // No anchor (a SubTexture of size 0, which the reader warned of): cocos2d-x draws
            // no image, so none is looked for.
            const TextureData* texture = loaded.skeleton.findTexture(displayStem(display.name));
            if (texture && !texture->hasAnchor)
                continue;
            const SpriteLookup sprite = sprites.find(display.name);
            if (sprite.match == SpriteMatch::None)
                out.push_back({loaded.path,
                               0,
                               {},
                               where() + " shows image '" + display.name +
                                   "', which no sprite sheet holds (looked for '" + sprite.wanted +
                                   "'); it is drawn as a placeholder"});
            else if (sprite.match == SpriteMatch::Fallback)
                out.push_back({loaded.path,
                               0,
                               {},
                               where() + " shows image '" + display.name +
                                   "': cocos2d-x looks for sprite frame '" + sprite.wanted +
                                   "', which no sheet holds, and shows nothing; Bonescope shows "
                                   "sheet frame '" +
                                   sprite.frame->name + "' instead"});
        }
    }
}

void checkMovements(const LoadedExport& loaded, const ArmatureData& armature,
                    const AnimationData& animation, std::vector<LoadError>& out)
{
    std::unordered_map<std::string_view, size_t> boneIndex;
    boneIndex.reserve(armature.bones.size());
    for (size_t b = 0; b < armature.bones.size(); ++b)
        boneIndex.emplace(armature.bones[b].name, b);
    for (const auto& movement : animation.movements) {
        for (const auto& timeline : movement.bones) {
            const auto where = [&] {
                return "movement '" + movement.name + "' of '" + armature.name + "'";
            };
            const auto found = boneIndex.find(timeline.name);
            if (found == boneIndex.end()) {
                out.push_back(
                    {loaded.path,
                     0,
                     {},
                     where() + " animates bone '" + timeline.name + "', which the armature lacks"});
                continue;
            }
            const auto displayCount =
                static_cast<int>(armature.bones[found->second].displays.size());
            for (const auto& frame : timeline.frames)
                if (frame.displayIndex >= displayCount) {
                    out.push_back({loaded.path,
                                   0,
                                   {},
                                   where() + ", bone '" + timeline.name + "', frame " +
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
    const Names names(loaded.skeleton);
    const SpriteIndex sprites(loaded.atlases);
    for (const auto& armature : loaded.skeleton.armatures) {
        checkDisplays(loaded, names, sprites, armature, out);
        if (const auto animation = names.animations.find(armature.name);
            animation != names.animations.end())
            checkMovements(loaded, armature, *animation->second, out);
    }
    return out;
}

} // namespace bonescope::core
