#pragma once

#include "model/FrameData.h"
#include "model/SkeletonData.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace bonescope::render {

class TextureCache;

/// What one display of a bone draws, resolved once per file (not per frame).
struct SkinDisplay {
    enum class Kind { Sprite, Placeholder, Armature, Empty };
    Kind kind = Kind::Empty;
    int textureId = -1;
    /// Quad corners in bone space (bottom-left, bottom-right, top-right, top-left), already
    /// through the display's skin transform and anchor (cocos2d-x Skin::_skinTransform).
    float x[4] = {}, y[4] = {};
    float u[4] = {}, v[4] = {};       ///< normalised texture coordinates, v = 0 at the top row
    float pivotX = 0.f, pivotY = 0.f; ///< the anchor point in bone space
    std::string label;                ///< display name (placeholder text, nested armature)
};

/// The displays of every bone of one armature, with sprite frames looked up in the export's
/// atlases and their images in a TextureCache. Missing frames or images become placeholders
/// sized from the export's TextureData (or 32 × 32 points).
class ArmatureSkins {
public:
    /// `atlases` are the export's sprite sheets with absolute image paths, searched in order.
    /// DragonBones names lack the ".png" plist frames carry: both spellings match.
    static ArmatureSkins build(const core::SkeletonData& skeleton,
                               const core::ArmatureData& armature,
                               std::span<const core::SpriteAtlas> atlases,
                               std::shared_ptr<TextureCache> textures);

    const core::ArmatureData& armature() const { return *m_armature; }
    int boneCount() const { return static_cast<int>(m_boneOffsets.size()) - 1; }
    /// The displays of `bone` in DisplayData order (index = BonePose::displayIndex).
    std::span<const SkinDisplay> displays(int bone) const;
    const std::shared_ptr<TextureCache>& textures() const { return m_textures; }

private:
    const core::ArmatureData* m_armature = nullptr;
    std::shared_ptr<TextureCache> m_textures;
    std::vector<SkinDisplay> m_displays;
    std::vector<int> m_boneOffsets; ///< bone i's displays: [m_boneOffsets[i], [i + 1])
};

} // namespace bonescope::render
