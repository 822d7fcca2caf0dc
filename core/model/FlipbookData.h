#pragma once

#include "model/TextureAtlas.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bonescope::core {

/// One frame of a frame animation (cocos2d-x AnimationFrame).
struct FlipbookFrame {
    std::string spriteFrame; ///< name of a SpriteFrame in one of the set's atlases
    float delayUnits = 1.f;
    /// "user info" broadcast when the frame is shown; values kept as their plist text.
    std::vector<std::pair<std::string, std::string>> notification;
};

/// A frame animation (cocos2d-x Animation): frame i shows from Σ(delayUnits before i) ×
/// delayPerUnit seconds into each loop.
struct FlipbookData {
    std::string name;
    std::vector<FlipbookFrame> frames;
    float delayPerUnit = 0.f; ///< seconds
    int loops = 1;
    bool restoreOriginalFrame = false;
};

/// What an AnimationCache plist, an image sequence or a grid yields: the animations and the
/// sprite sheets their frames come from.
struct FlipbookSet {
    std::vector<FlipbookData> animations;
    std::vector<SpriteAtlas> atlases;
    std::vector<std::string> spriteSheetFiles; ///< format 2 `properties/spritesheets`

    /// The animation called `name`, or null.
    const FlipbookData* findAnimation(std::string_view name) const
    {
        for (const FlipbookData& animation : animations)
            if (animation.name == name)
                return &animation;
        return nullptr;
    }
};

} // namespace bonescope::core
