#pragma once

#include "base/LoadError.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

struct RectF {
    float x = 0.f, y = 0.f, width = 0.f, height = 0.f;
};

struct PointF {
    float x = 0.f, y = 0.f;
};

/// Pivot and size of a texture as the armature data describes it (cocos2d-x TextureData):
/// DragonBones `<SubTexture>` or CocoStudio `texture_data`. Pivot is a ratio 0..1 of the size.
struct TextureData {
    std::string name;
    float width = 0.f;
    float height = 0.f;
    float pivotX = 0.5f;
    float pivotY = 0.5f;
    /// False when cocos2d-x's anchor is not a number (a DragonBones size of 0 divides the pivot
    /// by 0): it draws no image there. The pivot then keeps its default.
    bool hasAnchor = true;
    /// Collision outlines (cocos2d-x ContourData), points in texture space as cocos2d-x stores
    /// them (for ExportJson: the file's `vertex` list in reverse order).
    std::vector<std::vector<PointF>> contours;
};

/// One frame of a sprite sheet (cocos2d-x SpriteFrame): `rect` in texture pixels (as stored,
/// before rotation), `rotated` when packed 90° clockwise, `offset` of the trimmed rect's centre
/// from the source centre (points, y up), `sourceSize` the untrimmed size.
struct SpriteFrame {
    std::string name;
    RectF rect;
    bool rotated = false;
    float offsetX = 0.f;
    float offsetY = 0.f;
    float sourceWidth = 0.f;
    float sourceHeight = 0.f;
    int line = 0; ///< where its sprite sheet plist defines it (1-based), for messages; else 0
};

/// One texture image and the frames cut from it. `imagePath` is relative to the file that
/// named it (or absolute); `width`/`height` are the size the metadata claims (0 when unknown).
struct SpriteAtlas {
    std::string imagePath;
    /// The sprite sheet plist it was read from; empty for a DragonBones XML's own TextureAtlas.
    std::string sheetPath;
    /// True when the image the sheet names is not there (or lies outside its folder): imagePath
    /// is then the loader's fallback, the image of the export's or the sheet's stem.
    bool imageIsFallback = false;
    int width = 0;
    int height = 0;
    /// The image file's own size, read from its header by the loader (0 when it was not read):
    /// what cocos2d-x's texture has, whatever the metadata claims.
    int imageWidth = 0;
    int imageHeight = 0;
    std::vector<SpriteFrame> frames;
    /// What the reader accepted as cocos2d-x does but reports (file and line): keys cocos2d-x
    /// silently reads as 0, an empty frame list.
    std::vector<LoadError> warnings;

    const SpriteFrame* findFrame(std::string_view frameName) const
    {
        for (const auto& frame : frames)
            if (frame.name == frameName)
                return &frame;
        return nullptr;
    }
};

} // namespace bonescope::core
