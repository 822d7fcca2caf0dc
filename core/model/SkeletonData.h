#pragma once

#include "base/LoadError.h"
#include "model/ArmatureData.h"
#include "model/MovementData.h"
#include "model/TextureAtlas.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

enum class SourceFormat { DragonBonesXml, CocoStudioJson };

/// Everything one armature export holds: its armatures, their animations (matched by name,
/// as cocos2d-x's ArmatureDataManager does), texture pivots, and the sprite sheets it names.
struct SkeletonData {
    SourceFormat format = SourceFormat::DragonBonesXml;
    std::string name;
    std::string version;   ///< as written in the file
    float frameRate = 0.f; ///< DragonBones `frameRate` (informational; playback is per frame)
    float contentScale = 1.f;
    std::vector<ArmatureData> armatures;
    std::vector<AnimationData> animations;
    std::vector<TextureData> textures;
    /// Sprite sheets named by the file (ExportJson `config_file_path`) or found by convention
    /// beside it; paths relative to the export's folder.
    std::vector<std::string> atlasFiles;
    std::vector<std::string> atlasImages; ///< ExportJson `config_png_path`
    /// Sprite sheets described inside the export itself (a DragonBones `<TextureAtlas>`).
    std::vector<SpriteAtlas> atlases;
    /// What the reader accepted as cocos2d-x does but reports (file and line or JSON pointer):
    /// patterns of real exports that are likely mistakes, such as a bone track whose frames
    /// last longer than its movement.
    std::vector<LoadError> warnings;

    const ArmatureData* findArmature(std::string_view armatureName) const
    {
        for (const auto& armature : armatures)
            if (armature.name == armatureName)
                return &armature;
        return nullptr;
    }
    const AnimationData* findAnimation(std::string_view armatureName) const
    {
        for (const auto& animation : animations)
            if (animation.name == armatureName)
                return &animation;
        return nullptr;
    }
    const TextureData* findTexture(std::string_view textureName) const
    {
        for (const auto& texture : textures)
            if (texture.name == textureName)
                return &texture;
        return nullptr;
    }
};

} // namespace bonescope::core
