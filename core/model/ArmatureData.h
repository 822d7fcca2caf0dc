#pragma once

#include "model/BoneData.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// An armature's setup (cocos2d-x ArmatureData). `bones` are in parent-before-child order (a
/// stable reordering of file order), so one forward pass computes world transforms.
struct ArmatureData {
    std::string name;
    /// cocos2d-x's ArmatureData::dataVersion: the CocoStudio armature's `version` (e.g. 0.3);
    /// 0.1 for DragonBones XML, as cocos2d-x stores it, so `>= 0.3` rules never apply to it.
    float dataVersion = 0.f;
    std::vector<BoneData> bones;

    int findBone(std::string_view boneName) const
    {
        for (size_t i = 0; i < bones.size(); ++i)
            if (bones[i].name == boneName)
                return static_cast<int>(i);
        return -1;
    }
};

} // namespace bonescope::core
