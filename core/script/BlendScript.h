#pragma once

#include "model/LayerSetup.h"
#include "runtime/Crossfade.h"

#include <optional>
#include <string>
#include <vector>

namespace bonescope::core {

/// One timed call of a BlendScript. `at` counts the updates run before the call: 0 is before
/// the first update, and a call at 17 takes effect in update 18, whose rows are frame 18.
struct ScriptCall {
    enum class Kind { Play, Crossfade, Speed, Pause, Resume, Goto, LayerWeight, LayerCrossfade };

    Kind kind = Kind::Play;
    int at = 0;           ///< updates run before the call
    std::string movement; ///< Play, Crossfade, LayerCrossfade
    std::string layer;    ///< LayerWeight, LayerCrossfade
    int loop = -1; ///< Play, Crossfade, LayerCrossfade: −1 the movement's `lp`, 0 once, 1 loops
    /// Crossfade: the blender's switch / while / then, or cocos2d-x's durationTo ("to").
    TransitionKind mode = TransitionKind::WhileAnimating;
    double seconds = 0.0; ///< Crossfade switch / while / then, Layer*: transition length
    double weight = 1.0;  ///< LayerWeight: the weight reached after `seconds` (ratio 0..1)
    int frames = -1;      ///< Crossfade to: durationTo frames. Goto: the timeline frame
    double speed = 1.0;   ///< Speed: the player's speed scale (ratio, ≥ 0)
    bool pause = false;   ///< Goto: gotoAndPause instead of gotoAndPlay
    friend bool operator==(const ScriptCall&, const ScriptCall&) = default;
};

/// A timed list of calls on one armature, run for `updates` updates of 1/60 s
/// (script/BlendScriptReader.h reads the JSON form; ScriptRunner runs it).
struct BlendScript {
    std::string fileName; ///< where it was read from, for errors
    std::string armature; ///< empty: the export's first armature
    /// When set, the pose is this layer stack (seed 004) instead of the player and blender.
    std::optional<LayerSetup> layers;
    int updates = 0;
    std::vector<ScriptCall> calls; ///< in `at` order; equal `at`s run in list order
};

} // namespace bonescope::core
