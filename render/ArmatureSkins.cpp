#include "ArmatureSkins.h"

#include "AffineOps.h"
#include "TextureCache.h"

#include "io/SpriteLookup.h"

#include <algorithm>

namespace bonescope::render {

namespace {

// The display's placement under its bone: cocos2d-x uses the display's skin data from
// CocoStudio 0.3 on, the bone's own data before that, and for DragonBones XML the bone data
// it never reads from the file (so identity).
core::Transform skinTransform(const core::SkeletonData& skeleton,
                              const core::ArmatureData& armature, const core::BoneData& bone,
                              const core::DisplayData& display)
{
    if (skeleton.format == core::SourceFormat::DragonBonesXml)
        return {};
    constexpr float kVersionCombined = 0.3f;
    return armature.dataVersion >= kVersionCombined ? display.skin : bone.transform;
}

void placeQuad(SkinDisplay& out, const core::Affine& skin, float x1, float y1, float x2, float y2)
{
    const float xs[4] = {x1, x2, x2, x1};
    const float ys[4] = {y1, y1, y2, y2};
    for (int i = 0; i < 4; ++i)
        applyAffine(skin, xs[i], ys[i], out.x[i], out.y[i]);
}

SkinDisplay resolveImage(const core::SkeletonData& skeleton, const core::ArmatureData& armature,
                         const core::BoneData& bone, const core::DisplayData& display,
                         const core::SpriteIndex& sprites, TextureCache& textures)
{
    SkinDisplay out;
    out.label = display.name;
    // cocos2d-x keys textures and sprite frames by the display name without its extension
    // (CCDisplayFactory); the validator reports frames found only by the index's fallbacks.
    const core::TextureData* textureData = skeleton.findTexture(core::displayStem(display.name));
    if (textureData && !textureData->hasAnchor)
        return out; // Kind::Empty: cocos2d-x's anchor is not a number, and it draws nothing
    const core::SpriteLookup match = sprites.find(display.name);

    int textureId = -1;
    if (match.frame && !match.atlas->imagePath.empty())
        textureId = textures.acquire(match.atlas->imagePath);

    // Content size: the untrimmed frame, else what the export says, else a token square.
    float width = 32.f, height = 32.f;
    if (match.frame && match.frame->sourceWidth > 0.f && match.frame->sourceHeight > 0.f) {
        width = match.frame->sourceWidth;
        height = match.frame->sourceHeight;
    } else if (match.frame) {
        width = match.frame->rect.width;
        height = match.frame->rect.height;
    } else if (textureData && textureData->width > 0.f && textureData->height > 0.f) {
        width = textureData->width;
        height = textureData->height;
    }
    // A sprite without TextureData keeps cocos2d-x Sprite's default anchor (0.5, 0.5).
    const float anchorX = (textureData ? textureData->pivotX : 0.5f) * width;
    const float anchorY = (textureData ? textureData->pivotY : 0.5f) * height;
    const core::Affine skin =
        nodeMatrix(skinTransform(skeleton, armature, bone, display), anchorX, anchorY);
    applyAffine(skin, anchorX, anchorY, out.pivotX, out.pivotY);

    if (!match.frame || !textures.isValid(textureId)) {
        out.kind = SkinDisplay::Kind::Placeholder;
        // Short reasons: the label has to fit the placeholder; the loader reports the details.
        out.label += match.frame ? " (no image)" : " (no sprite frame)";
        placeQuad(out, skin, 0.f, 0.f, width, height);
        return out;
    }

    const core::SpriteFrame& frame = *match.frame;
    const core::RectF& rect = frame.rect;
    // Sprite::setSpriteFrame: the trimmed rect sits at the frame offset inside the source size.
    const float x1 = frame.offsetX + (width - rect.width) / 2.f;
    const float y1 = frame.offsetY + (height - rect.height) / 2.f;
    placeQuad(out, skin, x1, y1, x1 + rect.width, y1 + rect.height);

    const QImage& image = textures.image(textureId);
    const float atlasW = static_cast<float>(image.width());
    const float atlasH = static_cast<float>(image.height());
    if (frame.rotated) {
        // Packed 90° clockwise: the sprite's bottom-left is the region's top-left
        // (Sprite::setTextureCoords, rotated branch).
        const float left = rect.x / atlasW, right = (rect.x + rect.height) / atlasW;
        const float top = rect.y / atlasH, bottom = (rect.y + rect.width) / atlasH;
        const float us[4] = {left, left, right, right};
        const float vs[4] = {top, bottom, bottom, top};
        std::copy(us, us + 4, out.u);
        std::copy(vs, vs + 4, out.v);
    } else {
        const float left = rect.x / atlasW, right = (rect.x + rect.width) / atlasW;
        const float top = rect.y / atlasH, bottom = (rect.y + rect.height) / atlasH;
        const float us[4] = {left, right, right, left};
        const float vs[4] = {bottom, bottom, top, top};
        std::copy(us, us + 4, out.u);
        std::copy(vs, vs + 4, out.v);
    }
    out.kind = SkinDisplay::Kind::Sprite;
    out.textureId = textureId;
    return out;
}

} // namespace

ArmatureSkins ArmatureSkins::build(const core::SkeletonData& skeleton,
                                   const core::ArmatureData& armature,
                                   std::span<const core::SpriteAtlas> atlases,
                                   std::shared_ptr<TextureCache> textures)
{
    ArmatureSkins skins;
    skins.m_armature = &armature;
    skins.m_textures = std::move(textures);
    skins.m_boneOffsets.reserve(armature.bones.size() + 1);
    const core::SpriteIndex sprites(atlases);
    for (const auto& bone : armature.bones) {
        skins.m_boneOffsets.push_back(static_cast<int>(skins.m_displays.size()));
        for (const auto& display : bone.displays) {
            SkinDisplay resolved;
            resolved.label = display.name;
            switch (display.type) {
            case core::DisplayType::Image:
                resolved =
                    resolveImage(skeleton, armature, bone, display, sprites, *skins.m_textures);
                break;
            case core::DisplayType::Armature:
                resolved.kind = SkinDisplay::Kind::Armature;
                break;
            case core::DisplayType::Particle:
                // Particle systems are not simulated: show where one would be.
                resolved.kind = SkinDisplay::Kind::Placeholder;
                resolved.label = "particle " + display.name;
                placeQuad(resolved, core::Affine{}, -16.f, -16.f, 16.f, 16.f);
                break;
            case core::DisplayType::Unknown:
                break; // Kind::Empty: nothing drawn, as in cocos2d-x
            }
            skins.m_displays.push_back(std::move(resolved));
        }
    }
    skins.m_boneOffsets.push_back(static_cast<int>(skins.m_displays.size()));
    return skins;
}

std::span<const SkinDisplay> ArmatureSkins::displays(int bone) const
{
    if (bone < 0 || bone >= boneCount())
        return {};
    const auto begin = static_cast<size_t>(m_boneOffsets[static_cast<size_t>(bone)]);
    const auto end = static_cast<size_t>(m_boneOffsets[static_cast<size_t>(bone) + 1]);
    return std::span<const SkinDisplay>(m_displays).subspan(begin, end - begin);
}

} // namespace bonescope::render
