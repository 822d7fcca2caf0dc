#include "runtime/ArmatureRig.h"

namespace bonescope::core {

namespace {
// cocos2d-x VERSION_COMBINED.
constexpr float kVersionCombined = 0.3f;
// An armature that (indirectly) shows itself would nest forever; cocos2d-x would recurse until
// the stack overflows. Deeper chains than this do not occur in real exports.
constexpr int kMaxNesting = 8;
const std::vector<MovementData> kNoMovements;
} // namespace

std::shared_ptr<const ArmatureRig> ArmatureRig::create(const SkeletonData& skeleton,
                                                       std::string_view armatureName)
{
    return build(skeleton, armatureName, 0);
}

std::shared_ptr<const ArmatureRig> ArmatureRig::build(const SkeletonData& skeleton,
                                                      std::string_view armatureName, int depth)
{
    const ArmatureData* armature = skeleton.findArmature(armatureName);
    if (!armature || depth > kMaxNesting)
        return nullptr;
    auto rig = std::shared_ptr<ArmatureRig>(new ArmatureRig());
    rig->m_skeleton = &skeleton;
    rig->m_armature = armature;
    rig->m_animation = skeleton.findAnimation(armatureName);
    rig->m_combined = armature->dataVersion >= kVersionCombined;

    const auto& movements = rig->movements();
    const size_t boneCount = armature->bones.size();
    rig->m_tracks.assign(movements.size() * boneCount, nullptr);
    for (size_t m = 0; m < movements.size(); ++m)
        for (size_t b = 0; b < boneCount; ++b)
            rig->m_tracks[m * boneCount + b] = movements[m].findBone(armature->bones[b].name);

    for (size_t b = 0; b < boneCount; ++b) {
        const auto& displays = armature->bones[b].displays;
        for (size_t d = 0; d < displays.size(); ++d)
            if (displays[d].type == DisplayType::Armature)
                if (auto nested = build(skeleton, displays[d].name, depth + 1))
                    rig->m_nested.push_back(
                        {static_cast<int>(b), static_cast<int>(d), std::move(nested)});
    }
    return rig;
}

const std::vector<MovementData>& ArmatureRig::movements() const
{
    return m_animation ? m_animation->movements : kNoMovements;
}

int ArmatureRig::movementIndex(std::string_view name) const
{
    const auto& list = movements();
    for (size_t i = 0; i < list.size(); ++i)
        if (list[i].name == name)
            return static_cast<int>(i);
    return -1;
}

std::shared_ptr<const ArmatureRig> ArmatureRig::nestedRig(int bone, int display) const
{
    for (const auto& nested : m_nested)
        if (nested.bone == bone && nested.display == display)
            return nested.rig;
    return nullptr;
}

} // namespace bonescope::core
