#pragma once

#include "model/TransitionTable.h"
#include "script/BlendScript.h"

#include "model/FlipbookData.h"
#include "model/LayerSetup.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// A blending bake script. Times are seconds; updates are 1/60 s, and a call "at T seconds"
/// happens after round(T × 60) updates. Each scenario runs until 120 updates after its last
/// call (a flipbook: until 120 updates after the animation ends, its last state change).
///   blend:A:B:MODE:SECONDS:AT         play A; at AT call blend(B, MODE, SECONDS)
///   chain:A:B:MODE:SECONDS:AT:C:AT2   as blend, then at AT2 call blend(C, MODE, SECONDS)
///   trigger:A:B:AT                    as blend, with the MODE and SECONDS that a transition
///                                     table gives A → B (useTransition), as the GUI's Trigger
///   layers:SETUP.json                 a layer stack (io/LayerSetupReader.h), its transitions
///                                     at their start times
///   flipbook:NAME[:reverse]           an AnimationCache animation played by cocos2d-x Animate
/// MODE is switch | while | then (the Ogre-style blender) or to (cocos2d-x's own
/// play(B, durationTo = SECONDS × 60 frames)). Movements loop as their data says.
struct BlendScenario {
    enum class Kind { Blend, Chain, Layers, Flipbook };
    using Mode = TransitionKind;

    Kind kind = Kind::Blend;
    std::string text;                   ///< as written
    std::vector<std::string> movements; ///< A, B (and C for Chain)
    Mode mode = Mode::WhileAnimating;
    double seconds = 0.0;         ///< transition duration
    std::vector<int> callUpdates; ///< updates before each blend call (Blend: 1, Chain: 2)
    std::string setupPath;        ///< Layers
    std::string flipbook;         ///< Flipbook: animation name
    bool reverse = false;         ///< Flipbook
    /// trigger: mode and seconds still to come from a transition table (useTransition).
    bool fromTransitionTable = false;

    /// True when `text` names one of these kinds (so it is not a golden Scenario).
    static bool handles(std::string_view text);
    /// Parses the forms above; nullopt and `error` otherwise. SECONDS, AT and AT2 run from 0
    /// to kMaxBakeSeconds (core/base/Limits.h); NaN, infinities and numbers out of range are
    /// refused with the parameter named.
    static std::optional<BlendScenario> parse(std::string_view text, std::string* error = nullptr);
    /// flipbook:NAME, played forwards: for a name parse could not split (it may hold a colon).
    static BlendScenario flipbookOf(const std::string& animation);
    /// Takes mode and seconds from `spec`; `targetToFrames` is the target movement's own
    /// durationTo (frames), for a DurationTo spec that uses it. Returns why the transition
    /// cannot be baked — its length is not a number of seconds from 0 to kMaxBakeSeconds, the
    /// rule parse keeps for SECONDS — naming the scenario and the length; empty when it can.
    [[nodiscard]] std::string useTransition(const TransitionSpec& spec, int targetToFrames);
    /// A Blend or Chain scenario as the blend script it stands for: play A (mode to) or
    /// crossfade to A by a switch at 0, then the crossfade calls, for 120 updates after the last.
    BlendScript script(const std::string& armature) const;
    /// Updates a blend or chain bake runs (its last call plus kUpdatesAfterLastCall); layers
    /// and flipbook lengths depend on their data (layersUpdateCount, flipbookUpdateCount).
    std::int64_t updateCount() const;
    /// File stem as golden names it: `:` becomes `_`; for Layers the setup's file stem.
    std::string fileStem() const;
};

/// How long every blending scenario runs on after its last call (updates).
inline constexpr int kUpdatesAfterLastCall = 120;

/// round(secondsToFrames(seconds)): the update count at which a call due at `seconds` happens.
/// `seconds` must be finite and at most kMaxBakeSeconds.
int updatesAt(double seconds);

/// Why a layers bake of `setup` would be unbounded or not a number: a transition start or
/// duration beyond kMaxBakeSeconds, or a speed beyond kMaxSpeedScale, naming the layer and the
/// parameter; empty when the setup is within the limits (core/base/Limits.h).
std::string layerSetupLimitProblem(const LayerSetup& setup);

/// Updates a layers bake of `setup` runs: its latest transition start plus
/// kUpdatesAfterLastCall. Only for a setup layerSetupLimitProblem accepts.
std::int64_t layersUpdateCount(const LayerSetup& setup);

/// At most the updates a flipbook bake of `data` runs (every loop, then
/// kUpdatesAfterLastCall), or −1 when flipbookSeconds (model/FlipbookTiming.h) is not a finite
/// number within kMaxBakeSeconds.
std::int64_t flipbookUpdateCount(const FlipbookData& data);

} // namespace bonescope::core
