#include "cli/NameLookup.h"

#include "model/MissingName.h"

#include <algorithm>

namespace bonescope::cli {

core::Result<std::string> resolveArmature(const core::SkeletonData& skeleton,
                                          const std::string& requested, const std::string& file)
{
    if (skeleton.armatures.empty())
        return core::LoadError{file, 0, {}, "the file holds no armature"};
    if (requested.empty())
        return skeleton.armatures.front().name;
    if (skeleton.findArmature(requested))
        return requested;
    return core::LoadError{file,
                           0,
                           {},
                           "no armature \"" + requested +
                               "\"; the armatures are: " + core::quotedNames(skeleton.armatures)};
}

std::string unknownMovementProblem(const core::SkeletonData& skeleton, const std::string& armature,
                                   const std::vector<std::string>& movements)
{
    const core::AnimationData* animation = skeleton.findAnimation(armature);
    for (const auto& name : movements) {
        const bool found =
            animation && std::any_of(animation->movements.begin(), animation->movements.end(),
                                     [&](const auto& m) { return m.name == name; });
        if (!found)
            return core::missingNameMessage(armature, "movement", name,
                                            animation ? animation->movements
                                                      : std::vector<core::MovementData>{});
    }
    return {};
}

} // namespace bonescope::cli
