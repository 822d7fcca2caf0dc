#include "cli/NameLookup.h"

#include "model/MissingName.h"

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
    static const core::AnimationData none;
    const core::AnimationData* animation = skeleton.findAnimation(armature);
    const core::AnimationData& known = animation ? *animation : none;
    for (const auto& name : movements)
        if (!known.findMovement(name))
            return core::missingNameMessage(armature, "movement", name, known.movements);
    return {};
}

} // namespace bonescope::cli
