#pragma once

#include "model/FrameData.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bonescope::render {

class TextureCache;

/// One sprite corner, in world coordinates (points, y up); `u, v` normalised texture
/// coordinates with v = 0 at the image's top row; `r g b a` the straight (non-premultiplied)
/// colour multiplier, 0..255 (the GL vertex layout: 20 bytes).
struct SpriteVertex {
    float x = 0.f, y = 0.f;
    float u = 0.f, v = 0.f;
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
};

/// A textured quad: vertices [4·i, 4·i + 4) of DrawList::vertices in the order bottom-left,
/// bottom-right, top-right, top-left of the sprite.
struct SpriteQuad {
    int textureId = -1;
    core::BlendFunc blend;
    int armature = 0; ///< index into Scene::armatures (the top-level instance)
    int bone = -1;    ///< top-level bone of that armature (the parent bone for nested ones)
    float pivotX = 0.f, pivotY = 0.f; ///< the sprite's anchor point, world coordinates
};

/// A display that could not be drawn (missing image or sprite frame): an outlined quad with
/// its name, never a crash.
struct Placeholder {
    float x[4] = {}, y[4] = {}; ///< corners, same order as SpriteQuad
    std::string label;
    int armature = 0;
    int bone = -1;
};

/// A bone for overlays and picking: from the parent's origin to this bone's origin.
struct BoneSegment {
    float x0 = 0.f, y0 = 0.f; ///< parent joint (equals x1, y1 for a root bone)
    float x1 = 0.f, y1 = 0.f; ///< this bone's joint
    int armature = 0;
    int bone = -1;
};

struct Bounds {
    float minX = 0.f, minY = 0.f, maxX = -1.f, maxY = -1.f;
    bool isEmpty() const { return maxX < minX || maxY < minY; }
    void add(float x, float y);
    void add(const Bounds& other);
};

/// A renderer-independent frame (in the spirit of spine-cpp's render commands): sprite quads
/// in drawing order (z sorted), then the overlay primitives. Rebuilt every frame by
/// DrawListBuilder, reusing its buffers.
struct DrawList {
    std::shared_ptr<const TextureCache> textures;
    std::vector<SpriteVertex> vertices; ///< 4 per quad
    std::vector<SpriteQuad> quads;
    std::vector<Placeholder> placeholders;
    std::vector<BoneSegment> bones;     ///< current pose only (no ghosts)
    std::vector<Bounds> armatureBounds; ///< per Scene::armatures entry, sprites and joints
    Bounds bounds;                      ///< everything, ghosts included

    void clear();
};

} // namespace bonescope::render
