#include "bake/BlendBakeRunner.h"

#include "base/FrameRate.h"
#include "runtime/FlipbookPlayer.h"
#include "script/ScriptBake.h"

namespace bonescope::core {

namespace {

LoadError bakeError(std::string message)
{
    LoadError error;
    error.message = std::move(message);
    return error;
}

/// A layers scenario is a blend script with the setup's layers and no calls, run until 120
/// updates after the setup's last transition starts.
Result<BlendBakeResult> runLayers(const SkeletonData& skeleton, const std::string& armatureName,
                                  const BlendScenario& scenario, const LayerSetup& setup)
{
    BlendScript script;
    script.fileName = scenario.setupPath;
    script.armature = setup.armature.empty() ? armatureName : setup.armature;
    script.updates = static_cast<int>(layersUpdateCount(setup));
    script.layers = setup;
    auto baked = bakeScript(skeleton, script);
    if (!baked)
        return baked.error();
    BlendBakeResult result;
    result.poses = std::move(baked->poses);
    result.poses.scenario = scenario.text;
    result.layerStates = std::move(baked->layerStates);
    return result;
}

} // namespace

Result<BlendBakeResult> runBlendBake(const SkeletonData& skeleton, const std::string& armature,
                                     const BlendScenario& scenario, const LayerSetup* layers)
{
    if (scenario.kind == BlendScenario::Kind::Layers)
        return layers ? runLayers(skeleton, armature, scenario, *layers)
                      : bakeError("a layers scenario needs its layer setup");
    if (scenario.kind == BlendScenario::Kind::Flipbook)
        return bakeError("a flipbook scenario needs an AnimationCache plist, not an armature");
    auto baked = bakeScript(skeleton, scenario.script(armature));
    if (!baked)
        return bakeError(baked.error().message);
    BlendBakeResult result;
    result.poses = std::move(baked->poses);
    result.poses.scenario = scenario.text;
    result.blendStates = std::move(baked->states);
    return result;
}

Result<std::vector<FlipbookStateRow>> runFlipbookBake(const FlipbookSet& set,
                                                      const BlendScenario& scenario)
{
    const FlipbookData* found = set.findAnimation(scenario.flipbook);
    if (!found)
        return bakeError("no animation \"" + scenario.flipbook + "\"");
    const FlipbookData& data = *found;
    const std::string original = data.frames.empty() ? std::string() : data.frames[0].spriteFrame;
    FlipbookPlayer player(data, scenario.reverse);
    player.start();
    std::vector<FlipbookStateRow> rows;
    int endedAt = -1;
    for (int frame = 1; endedAt < 0 || frame <= endedAt + kUpdatesAfterLastCall; ++frame) {
        player.step(kFrameSeconds);
        FlipbookStateRow row;
        row.frame = frame;
        row.loop = player.executedLoops();
        row.frameIndex = player.displayedFrame();
        row.spriteFrame =
            row.frameIndex < 0 ? original : data.frames[size_t(row.frameIndex)].spriteFrame;
        for (const auto& shown : player.shown()) {
            const auto& pairs = data.frames[size_t(shown.frameIndex)].notification;
            if (pairs.empty())
                continue;
            if (!row.notification.empty())
                row.notification += '|';
            for (size_t i = 0; i < pairs.size(); ++i)
                row.notification += (i ? ";" : "") + pairs[i].first + "=" + pairs[i].second;
        }
        rows.push_back(std::move(row));
        if (endedAt < 0 && player.done())
            endedAt = frame;
    }
    return rows;
}

} // namespace bonescope::core
