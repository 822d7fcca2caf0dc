#pragma once

// Test data for the render tests and benchmark: a DragonBones export read with its plist atlas,
// and a pose computed here (first keyframe of a movement, parents composed by plain matrix
// product), so rendering is tested independently of the runtime's player.

#include "AffineOps.h"
#include "ArmatureSkins.h"
#include "TextureCache.h"
#include "io/DragonBonesReader.h"
#include "io/SpriteSheetReader.h"
#include "runtime/Pose.h"

#include <QFile>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bonescope::test {

inline std::optional<std::string> readBytes(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll().toStdString();
}

struct LoadedSkeleton {
    core::SkeletonData skeleton;
    std::vector<core::SpriteAtlas> atlases; ///< absolute image paths
    std::string error;                      ///< empty when loaded
};

/// `xmlPath` with the `.plist` beside it (as games load DragonBones exports); a missing plist
/// leaves the atlases empty, so every image becomes a placeholder.
inline LoadedSkeleton loadDragonBones(const std::string& xmlPath)
{
    LoadedSkeleton out;
    const auto bytes = readBytes(xmlPath);
    if (!bytes) {
        out.error = xmlPath + ": cannot read";
        return out;
    }
    auto skeleton = core::readDragonBonesXml(*bytes, xmlPath);
    if (!skeleton) {
        out.error = skeleton.error().toString();
        return out;
    }
    out.skeleton = std::move(skeleton.value());
    std::filesystem::path plist(xmlPath);
    plist.replace_extension(".plist");
    if (const auto plistBytes = readBytes(plist.string())) {
        auto atlas = core::readSpriteSheetPlist(*plistBytes, plist.string());
        if (!atlas) {
            out.error = atlas.error().toString();
            return out;
        }
        // Exports made on case-insensitive systems name "Cyborg.png" for cyborg.png: fall
        // back to the plist's own stem, as core's ExportLoader does.
        std::filesystem::path image = (plist.parent_path() / atlas->imagePath).lexically_normal();
        if (!std::filesystem::exists(image))
            image = std::filesystem::path(plist).replace_extension(".png");
        atlas->imagePath = image.string();
        out.atlases.push_back(std::move(atlas.value()));
    }
    return out;
}

/// Every bone at `movement`'s first keyframe (the setup pose where a bone has no timeline),
/// world = parent world × local matrix.
inline core::Pose firstKeyframePose(const core::SkeletonData& skeleton,
                                    const core::ArmatureData& armature, const std::string& movement)
{
    const core::AnimationData* animation = skeleton.findAnimation(armature.name);
    const core::MovementData* move = animation ? animation->findMovement(movement) : nullptr;
    core::Pose pose(armature.bones.size());
    for (size_t i = 0; i < armature.bones.size(); ++i) {
        const core::BoneData& bone = armature.bones[i];
        core::BonePose& p = pose[i];
        p.local = bone.transform;
        p.zOrder = bone.zOrder;
        const core::MovementBoneData* track = move ? move->findBone(bone.name) : nullptr;
        if (track && !track->frames.empty()) {
            const core::FrameData& frame = track->frames.front();
            p.local = frame.transform;
            p.zOrder = frame.zOrder;
            p.displayIndex = frame.displayIndex;
            if (frame.useColor)
                p.color = frame.color;
        }
        const core::Affine local = render::nodeMatrix(p.local, 0.f, 0.f);
        p.world = bone.parentIndex >= 0
                      ? render::concat(pose[static_cast<size_t>(bone.parentIndex)].world, local)
                      : local;
    }
    return pose;
}

inline std::string corpus(const char* name)
{
    return std::string(BONESCOPE_TEST_DATA) + "/corpus/" + name;
}

} // namespace bonescope::test
