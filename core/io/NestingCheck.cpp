#include "io/NestingCheck.h"

#include "base/Limits.h"
#include "base/Quoted.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bonescope::core {

namespace {

/// The file reads, but must not be instantiated.
LoadError refusal(const std::string& fileName, std::string message)
{
    return LoadError{fileName, 0, {}, std::move(message), true};
}

} // namespace

std::optional<LoadError> checkNesting(const SkeletonData& skeleton, const std::string& fileName)
{
    const auto& armatures = skeleton.armatures;
    const size_t count = armatures.size();
    std::unordered_map<std::string_view, int> byName;
    byName.reserve(count);
    for (size_t a = 0; a < count; ++a)
        byName.emplace(armatures[a].name, static_cast<int>(a));

    // Per armature: bones × movements, the runtime's per-instance table.
    std::unordered_map<std::string_view, size_t> movementCount;
    for (const AnimationData& animation : skeleton.animations)
        movementCount.emplace(animation.name, animation.movements.size());
    std::vector<std::int64_t> tracks(count);
    for (size_t a = 0; a < count; ++a) {
        const auto movements = movementCount.find(armatures[a].name);
        const auto perBone = std::max<std::int64_t>(
            1, movements == movementCount.end() ? 0 : std::int64_t(movements->second));
        tracks[a] = std::min(std::int64_t(armatures[a].bones.size()) * perBone,
                             kMaxInstancedBoneTracks + 1);
    }

    // One edge per armature display (with multiplicity: each is one more instance).
    std::vector<std::vector<int>> shows(count);
    for (size_t a = 0; a < count; ++a)
        for (const BoneData& bone : armatures[a].bones)
            for (const DisplayData& display : bone.displays)
                if (display.type == DisplayType::Armature)
                    if (const auto it = byName.find(display.name); it != byName.end())
                        shows[a].push_back(it->second);

    // Depth-first with an explicit stack; an armature is finished once everything it shows
    // is, so its depth and instance count are known from theirs.
    enum class State : unsigned char { New, Open, Done };
    std::vector<State> state(count, State::New);
    std::vector<int> depth(count, 1);
    std::vector<std::int64_t> instances(count, 1);
    struct Step {
        int armature;
        size_t next;
    };
    std::vector<Step> stack;
    for (size_t root = 0; root < count; ++root) {
        if (state[root] != State::New)
            continue;
        stack.push_back({static_cast<int>(root), 0});
        state[root] = State::Open;
        while (!stack.empty()) {
            Step& step = stack.back();
            const int a = step.armature;
            if (step.next < shows[a].size()) {
                const int target = shows[a][step.next++];
                if (state[target] == State::Open) {
                    // The stack from `target` up to `a` is the cycle.
                    std::string chain;
                    auto from = std::find_if(stack.begin(), stack.end(), [target](const Step& s) {
                        return s.armature == target;
                    });
                    for (; from != stack.end(); ++from)
                        chain += inSingleQuotes(armatures[from->armature].name) + " → ";
                    chain += inSingleQuotes(armatures[target].name);
                    return refusal(fileName,
                                   "armature " + inSingleQuotes(armatures[target].name) +
                                       " shows itself through nested armature displays (" + chain +
                                       "); it would nest forever");
                }
                if (state[target] == State::New) {
                    state[target] = State::Open;
                    stack.push_back({target, 0});
                }
                continue;
            }
            // All shown armatures are done: add them up.
            for (const int target : shows[a]) {
                depth[a] = std::max(depth[a], depth[target] + 1);
                instances[a] =
                    std::min(instances[a] + instances[target], kMaxArmatureInstances + 1);
                tracks[a] = std::min(tracks[a] + tracks[target], kMaxInstancedBoneTracks + 1);
            }
            state[a] = State::Done;
            stack.pop_back();
            if (depth[a] > kMaxNestingDepth + 1)
                return refusal(fileName, "armature " + inSingleQuotes(armatures[a].name) +
                                             " nests armatures " + std::to_string(depth[a] - 1) +
                                             " levels deep, more than the " +
                                             std::to_string(kMaxNestingDepth) +
                                             " Bonescope accepts");
            if (instances[a] > kMaxArmatureInstances)
                return refusal(fileName,
                               "armature " + inSingleQuotes(armatures[a].name) +
                                   " would create more than " +
                                   std::to_string(kMaxArmatureInstances) +
                                   " armature instances through its nested armature displays, "
                                   "the most Bonescope accepts");
            if (tracks[a] > kMaxInstancedBoneTracks)
                return refusal(fileName, "armature " + inSingleQuotes(armatures[a].name) +
                                             " with the armatures it nests has more than " +
                                             std::to_string(kMaxInstancedBoneTracks) +
                                             " bone × movement entries to play, the most Bonescope "
                                             "accepts");
        }
    }
    return std::nullopt;
}

} // namespace bonescope::core
