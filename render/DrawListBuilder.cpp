#include "DrawListBuilder.h"

#include "AffineOps.h"
#include "ArmatureSkins.h"
#include "TextureCache.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace bonescope::render {

namespace {

std::uint8_t channel(std::uint32_t tint, int value)
{
    const int clamped = std::clamp(value, 0, 255);
    return static_cast<std::uint8_t>((tint * static_cast<std::uint32_t>(clamped) + 127u) / 255u);
}

// Stable and allocation-free (std::stable_sort takes a temporary buffer on every call); the
// ranges are an armature's bones, short and usually sorted already.
template <typename T, typename Less> void insertionSort(T* first, T* last, Less less)
{
    for (T* i = first + (first != last); i < last; ++i) {
        const T value = *i;
        T* j = i;
        for (; j > first && less(value, *(j - 1)); --j)
            *j = *(j - 1);
        *j = value;
    }
}

} // namespace

void DrawListBuilder::setGhostOpacity(float ratio)
{
    m_ghostOpacity = ratio > 0.f ? std::min(ratio, 1.f) : 0.f; // NaN reads as 0
}

void DrawListBuilder::build(const Scene& scene, DrawList& out)
{
    out.clear();
    out.armatureBounds.resize(scene.armatures.size());
    m_order.clear();

    // Onion skin: red before, green after, fading with distance from the current frame.
    int maxBefore = 0, maxAfter = 0;
    for (const auto& ghost : scene.ghosts) {
        maxBefore = std::max(maxBefore, -ghost.frameOffset);
        maxAfter = std::max(maxAfter, ghost.frameOffset);
    }
    m_ghosts.clear();
    for (const auto& ghost : scene.ghosts)
        if (ghost.frameOffset != 0 && ghost.view.skins)
            m_ghosts.push_back(&ghost);
    // Farthest first, so nearer ghosts lie on top.
    insertionSort(m_ghosts.data(), m_ghosts.data() + m_ghosts.size(),
                  [](const OnionGhost* l, const OnionGhost* r) {
                      return std::abs(l->frameOffset) > std::abs(r->frameOffset);
                  });
    for (const OnionGhost* ghost : m_ghosts) {
        const bool before = ghost->frameOffset < 0;
        const int distance = std::abs(ghost->frameOffset);
        const int range = before ? maxBefore : maxAfter;
        Tint tint;
        tint.r = before ? 255u : 90u;
        tint.g = before ? 90u : 255u;
        tint.b = 90u;
        tint.a = static_cast<std::uint32_t>(
            std::lround(255.f * m_ghostOpacity * float(range + 1 - distance) / float(range)));
        appendArmature(ghost->view, ghost->view.placement, tint, -1, -1, false, out);
    }

    for (size_t i = 0; i < scene.armatures.size(); ++i) {
        const ArmatureView& view = scene.armatures[i];
        if (!view.skins)
            continue;
        if (!out.textures)
            out.textures = view.skins->textures();
        appendArmature(view, view.placement, view.tint, static_cast<int>(i), -1, true, out);
        out.bounds.add(out.armatureBounds[i]);
    }
    if (!out.textures)
        for (const auto& ghost : scene.ghosts)
            if (ghost.view.skins)
                out.textures = ghost.view.skins->textures();
}

void DrawListBuilder::appendArmature(const ArmatureView& view, const core::Affine& placement,
                                     const Tint& tint, int armatureIndex, int topBone,
                                     bool currentPose, DrawList& out)
{
    const ArmatureSkins& skins = *view.skins;
    const int boneCount = std::min(skins.boneCount(), static_cast<int>(view.pose.size()));
    Bounds scratchBounds;
    Bounds& bounds =
        armatureIndex >= 0 ? out.armatureBounds[static_cast<size_t>(armatureIndex)] : scratchBounds;

    // Bones for overlays and picking: top-level armatures of the current frame only.
    if (currentPose && topBone < 0) {
        const auto& bones = skins.armature().bones;
        for (int b = 0; b < boneCount; ++b) {
            const core::Affine world = concat(placement, view.pose[static_cast<size_t>(b)].world);
            BoneSegment segment;
            segment.x0 = segment.x1 = world.tx;
            segment.y0 = segment.y1 = world.ty;
            // Parents come first, so the parent's segment already holds its joint.
            const int parent = bones[static_cast<size_t>(b)].parentIndex;
            if (parent >= 0 && parent < b) {
                const BoneSegment& parentSegment =
                    out.bones[out.bones.size() - static_cast<size_t>(b - parent)];
                segment.x0 = parentSegment.x1;
                segment.y0 = parentSegment.y1;
            }
            segment.armature = armatureIndex;
            segment.bone = b;
            out.bones.push_back(segment);
            bounds.add(world.tx, world.ty);
        }
    }

    // cocos2d-x sorts an armature's children by the bone's local z order; a stable sort keeps
    // bone order for ties.
    const size_t start = m_order.size();
    for (int b = 0; b < boneCount; ++b) {
        const int index = view.pose[static_cast<size_t>(b)].displayIndex;
        if (index >= 0 && index < static_cast<int>(skins.displays(b).size()))
            m_order.push_back(b);
    }
    const size_t end = m_order.size();
    insertionSort(m_order.data() + start, m_order.data() + end, [&](int l, int r) {
        return view.pose[static_cast<size_t>(l)].zOrder < view.pose[static_cast<size_t>(r)].zOrder;
    });

    for (size_t k = start; k < end; ++k) {
        const int b = m_order[k];
        const core::BonePose& pose = view.pose[static_cast<size_t>(b)];
        const SkinDisplay& display = skins.displays(b)[static_cast<size_t>(pose.displayIndex)];
        const core::Affine m = concat(placement, pose.world);
        if (!isFinite(m))
            continue; // a NaN pose shows nothing, in cocos2d-x as here
        const int pickBone = topBone >= 0 ? topBone : b;
        const Tint colour{channel(tint.r, pose.color.red), channel(tint.g, pose.color.green),
                          channel(tint.b, pose.color.blue), channel(tint.a, pose.color.alpha)};

        switch (display.kind) {
        case SkinDisplay::Kind::Sprite: {
            SpriteQuad quad;
            quad.textureId = display.textureId;
            quad.blend = skins.armature().bones[static_cast<size_t>(b)].blend;
            quad.armature = armatureIndex;
            quad.bone = pickBone;
            applyAffine(m, display.pivotX, display.pivotY, quad.pivotX, quad.pivotY);
            out.quads.push_back(quad);
            for (int i = 0; i < 4; ++i) {
                SpriteVertex v;
                applyAffine(m, display.x[i], display.y[i], v.x, v.y);
                v.u = display.u[i];
                v.v = display.v[i];
                v.r = static_cast<std::uint8_t>(colour.r);
                v.g = static_cast<std::uint8_t>(colour.g);
                v.b = static_cast<std::uint8_t>(colour.b);
                v.a = static_cast<std::uint8_t>(colour.a);
                bounds.add(v.x, v.y);
                out.vertices.push_back(v);
            }
            break;
        }
        case SkinDisplay::Kind::Placeholder: {
            if (!currentPose)
                break; // ghosts of missing images would only add clutter
            Placeholder placeholder;
            for (int i = 0; i < 4; ++i) {
                applyAffine(m, display.x[i], display.y[i], placeholder.x[i], placeholder.y[i]);
                bounds.add(placeholder.x[i], placeholder.y[i]);
            }
            placeholder.label = display.label;
            placeholder.armature = armatureIndex;
            placeholder.bone = pickBone;
            out.placeholders.push_back(std::move(placeholder));
            break;
        }
        case SkinDisplay::Kind::Armature:
            if (static_cast<size_t>(b) < view.nested.size() &&
                view.nested[static_cast<size_t>(b)]) {
                const ArmatureView& child = *view.nested[static_cast<size_t>(b)];
                if (child.skins)
                    appendArmature(child, concat(placement, child.placement), colour, armatureIndex,
                                   pickBone, currentPose, out);
            }
            break;
        case SkinDisplay::Kind::Empty:
            break;
        }
    }
    m_order.resize(start);
    if (armatureIndex < 0)
        out.bounds.add(scratchBounds);
}

} // namespace bonescope::render
