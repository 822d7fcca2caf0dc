#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bonescope::core {

/// A scheduled move of a layer to another movement (seconds on the stack's clock).
struct LayerTransitionSetup {
    std::string movement;
    double startSeconds = 0.0;    ///< when the move begins
    double durationSeconds = 0.0; ///< how long the next movement takes to fade in; 0 = at once
    std::optional<bool> loop;     ///< unset: the movement's own `lp`

    bool operator==(const LayerTransitionSetup&) const = default;
};

/// One layer as a layer-setup file describes it (names, not indices: resolved against an
/// armature when the stack is built).
struct LayerSetupLayer {
    std::string name;
    float weight = 1.f; ///< ratio 0..1
    std::string movement;
    std::optional<bool> loop; ///< unset: the movement's own `lp`
    double speed = 1.0;
    std::optional<std::vector<std::string>> mask; ///< bone names; unset = every bone
    std::optional<LayerTransitionSetup> transition;

    bool operator==(const LayerSetupLayer&) const = default;
};

/// Bonescope's layer-setup file (see io/LayerSetupReader.h for the JSON schema).
struct LayerSetup {
    std::string armature;                ///< empty: the export's first armature
    std::vector<LayerSetupLayer> layers; ///< bottom first

    bool operator==(const LayerSetup&) const = default;
};

/// A value of a layer setup past what a layer stack may be asked: where it is (a JSON pointer
/// into the setup, "/layers/1/speed") and why, naming the layer.
struct LayerSetupLimitBreach {
    std::string pointer;
    std::string message;
};

/// The first value of `setup` past the limits every layer stack keeps, in the viewer as in a
/// bake (base/Limits.h): a speed from 0 to kMaxSpeedScale, a transition start and duration
/// from 0 to kMaxBakeSeconds; nullopt when all are within them.
std::optional<LayerSetupLimitBreach> layerSetupLimitBreach(const LayerSetup& setup);

} // namespace bonescope::core
