#include "bake/BakeRunner.h"

#include "model/MissingName.h"
#include "runtime/Armature.h"
#include "runtime/ProcessClock.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace bonescope::core {

namespace {

LoadError bakeError(std::string message)
{
    LoadError error;
    error.message = std::move(message);
    return error;
}

} // namespace

BakeResult emptyBake(std::string armature, std::string scenario, std::vector<std::string> boneNames)
{
    BakeResult result;
    result.armature = std::move(armature);
    result.scenario = std::move(scenario);
    result.boneNames = std::move(boneNames);
    result.boneOrder.resize(result.boneNames.size());
    std::iota(result.boneOrder.begin(), result.boneOrder.end(), 0);
    std::sort(result.boneOrder.begin(), result.boneOrder.end(), [&](int a, int b) {
        return result.boneNames[static_cast<size_t>(a)] < result.boneNames[static_cast<size_t>(b)];
    });
    return result;
}

Result<BakeResult> runBake(const SkeletonData& skeleton, const std::string& armatureName,
                           const Scenario& scenario, const BakeUpdateCallback& onUpdate)
{
    auto rig = ArmatureRig::create(skeleton, armatureName);
    if (!rig)
        return bakeError("no armature \"" + armatureName + "\"");
    int listDuration = 0;
    for (const auto& movement : scenario.movements) {
        const int index = rig->movementIndex(movement);
        if (index < 0)
            return bakeError(
                missingNameMessage(armatureName, "movement", movement, rig->movements()));
        listDuration += rig->movements()[static_cast<size_t>(index)].duration;
    }

    std::vector<std::string> boneNames;
    for (const auto& bone : rig->bones())
        boneNames.push_back(bone.name);
    BakeResult result = emptyBake(armatureName, scenario.text, std::move(boneNames));

    Armature armature(rig);
    Player& player = armature.animation();
    int frame = 0; // the update in progress, or the last completed one between updates
    player.setListener([&](const ArmatureEvent& event) {
        result.events.push_back(
            {frame, event.kind, std::string(event.movement), std::string(event.name)});
    });
    const auto run = [&](int updates) {
        for (int i = 0; i < updates; ++i) {
            ++frame;
            armature.update(kFrameSeconds);
            result.poses.insert(result.poses.end(), armature.pose().begin(), armature.pose().end());
            result.passFrames.push_back(player.isBlendingIn()
                                            ? std::numeric_limits<float>::quiet_NaN()
                                            : player.currentFrame());
            if (onUpdate)
                onUpdate(frame, armature);
        }
    };

    const std::string& first = scenario.movements.front();
    const int firstDuration =
        rig->movements()[static_cast<size_t>(rig->movementIndex(first))].duration;
    switch (scenario.kind) {
    case Scenario::Kind::Play:
        player.play(first);
        run(static_cast<int>(scenario.updateCount(firstDuration, listDuration)));
        break;
    case Scenario::Kind::Cross:
        player.play(first);
        run(scenario.updates);
        player.play(scenario.movements[1], scenario.durationTo);
        run(Scenario::kCrossUpdatesAfter);
        break;
    case Scenario::Kind::Speed:
        player.setSpeedScale(scenario.speed);
        player.play(first);
        run(Scenario::kSpeedUpdates);
        break;
    case Scenario::Kind::Names:
        player.playWithNames(scenario.movements, scenario.durationTo, scenario.loop);
        run(2 * listDuration + Scenario::kNamesExtraUpdates);
        break;
    case Scenario::Kind::Goto:
        player.play(first);
        player.gotoAndPlay(scenario.frame);
        run(Scenario::kGotoUpdates);
        break;
    case Scenario::Kind::GotoPause:
        player.play(first);
        player.gotoAndPause(scenario.frame);
        run(Scenario::kGotoPauseUpdates);
        break;
    case Scenario::Kind::Pause:
        player.play(first);
        run(scenario.updates);
        player.pause();
        run(scenario.pauseUpdates);
        player.resume();
        run(Scenario::kResumeUpdates);
        break;
    case Scenario::Kind::SpeedAt:
        player.play(first);
        run(scenario.updates);
        player.setSpeedScale(scenario.speed);
        run(Scenario::kSpeedAtUpdatesAfter);
        break;
    }
    result.frameCount = frame;
    return result;
}

std::vector<Scenario> standardScenarios(const SkeletonData& skeleton, const std::string& armature)
{
    std::vector<Scenario> list;
    const AnimationData* animation = skeleton.findAnimation(armature);
    if (!animation || animation->movements.empty())
        return list;
    const auto& movements = animation->movements;
    const auto add = [&](const std::string& text) {
        if (auto scenario = Scenario::parse(text))
            list.push_back(std::move(*scenario));
    };
    for (const auto& m : movements)
        add("play:" + m.name);
    for (size_t i = 0; i + 1 < movements.size(); ++i)
        add("cross:" + movements[i].name + ":" + movements[i + 1].name + ":17:10");
    const std::string& first = movements.front().name;
    add("speed:" + first + ":0.4");
    std::string names;
    for (size_t i = 0; i < movements.size() && i < 3; ++i) {
        if (i > 0)
            names += '+';
        names += movements[i].name;
    }
    add("names:" + names + ":10:0");
    add("names:" + names + ":10:1");
    for (const auto& m : movements) {
        add("goto:" + m.name + ":" + std::to_string(m.duration / 2));
        add("gotoPause:" + m.name + ":" + std::to_string(m.duration / 2));
    }
    add("pause:" + first + ":10:20");
    add("speedAt:" + first + ":20:2.5");
    add("speedAt:" + first + ":20:0.3");
    return list;
}

} // namespace bonescope::core
