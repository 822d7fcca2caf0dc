#pragma once

#include "bake/Scenario.h"
#include "base/LoadError.h"
#include "model/SkeletonData.h"
#include "runtime/ArmatureEvents.h"
#include "runtime/Pose.h"

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace bonescope::core {

class Armature;

/// One event of a bake: `frame` is the update during which it was dispatched (0 before the
/// first update), as golden/README.md "Events files" numbers them.
struct BakeEvent {
    int frame = 0;
    ArmatureEventKind kind = ArmatureEventKind::Start;
    std::string movement;
    std::string name;
    friend bool operator==(const BakeEvent&, const BakeEvent&) = default;
};

/// The per-frame poses of one scenario: `poses` holds frameCount × boneNames.size() entries,
/// frame-major, bones in data order; frames are numbered from 1.
struct BakeResult {
    std::string armature;
    std::string scenario;
    std::vector<std::string> boneNames;
    std::vector<int> boneOrder; ///< bone indices sorted by name (byte order): the CSV row order
    int frameCount = 0;
    /// The number printed for each stored frame when not 1..frameCount (a bake of chosen
    /// updates, in the order asked); empty otherwise.
    std::vector<int> frameNumbers;
    std::vector<BonePose> poses;
    std::vector<BakeEvent> events;
    /// Per stored frame, the movement player's frames into its pass after the update
    /// (Player::currentFrame: what the viewer's timeline shows), NaN while it blends in; empty
    /// when the bake follows no single player (blend scripts, layer setups).
    std::vector<float> passFrames;

    int frameNumber(int frame) const
    {
        return frameNumbers.empty() ? frame : frameNumbers[static_cast<size_t>(frame - 1)];
    }

    float passFrame(int frame) const
    {
        return passFrames.empty() ? std::numeric_limits<float>::quiet_NaN()
                                  : passFrames[static_cast<size_t>(frame - 1)];
    }

    const BonePose& pose(int frame, int bone) const
    {
        return poses[static_cast<size_t>(frame - 1) * boneNames.size() + static_cast<size_t>(bone)];
    }
};

/// An empty bake of an armature with bones `boneNames` (data order), rows ordered by name.
BakeResult emptyBake(std::string armature, std::string scenario,
                     std::vector<std::string> boneNames);

/// Called after every update of a bake with the frame just recorded (from 1) and the live
/// instance, e.g. to draw nested armatures, whose poses the result does not hold.
using BakeUpdateCallback = std::function<void(int frame, Armature& armature)>;

/// Runs `scenario` on a fresh instance of `armature` with updates of 1/60 s and records every
/// frame (golden/README.md "Scenarios"); `onUpdate`, when set, sees each update. Errors name an
/// unknown armature or movement.
Result<BakeResult> runBake(const SkeletonData& skeleton, const std::string& armature,
                           const Scenario& scenario, const BakeUpdateCallback& onUpdate = {});

/// The standard scenario set of golden/README.md for an armature: play and goto/gotoPause
/// (F = dr / 2) of every movement, cross between consecutive movements (17:10), names of the
/// first three (10:0 and 10:1), speed 0.4, pause 10:20 and speedAt 20:2.5 / 20:0.3 of the first.
std::vector<Scenario> standardScenarios(const SkeletonData& skeleton, const std::string& armature);

} // namespace bonescope::core
