#pragma once

#include "model/DisplayData.h"
#include "model/FrameData.h"
#include "model/Transform.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// A bone's setup data (cocos2d-x BoneData). `transform` is parent-relative after the reader's
/// normalisation; `parentIndex` indexes ArmatureData::bones and is −1 for a root.
struct BoneData {
    std::string name;
    std::string parentName;
    int parentIndex = -1;
    Transform transform;
    int zOrder = 0;
    float pivotX = 0.f; ///< DragonBones `pX pY`, CocoStudio `arrow_x arrow_y`: for overlays
    float pivotY = 0.f;
    bool useColor = false;
    ColorTransform color;
    BlendFunc blend;
    std::vector<DisplayData> displays;
};

} // namespace bonescope::core
