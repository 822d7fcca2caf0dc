#pragma once

#include "model/LayerSetup.h"
#include "model/TransitionTable.h"

#include <optional>
#include <string>
#include <vector>

namespace bonescope::core {

/// View choices that belong to one export (not to the user's preferences): what to show
/// first and how. Unset fields leave the viewer's own settings alone.
struct ViewChoices {
    std::optional<std::string> armature;
    std::optional<std::string> movement;
    std::optional<bool> showBones;
    std::optional<bool> showPivots;
    std::optional<bool> showBounds;
    std::optional<bool> showGrid;
    std::optional<bool> checkerBackground;
    std::optional<std::string> background; ///< "#rrggbb"
    std::optional<int> onionBefore;        ///< frames
    std::optional<int> onionAfter;         ///< frames
    friend bool operator==(const ViewChoices&, const ViewChoices&) = default;
};

/// `FILE.bonescope.json`: what belongs to an export but not to its format — the transition
/// table, the layer setup, recorded blend scripts and view choices (io/SidecarReader.h has the
/// schema).
struct Sidecar {
    static constexpr int kVersion = 1;

    TransitionTable transitions;
    std::optional<LayerSetup> layers;
    ViewChoices view;
    /// Recorded blend scripts, each a JSON object kept as its compact text: their schema is
    /// the blend-script reader's, not the sidecar's.
    std::vector<std::string> scripts;

    friend bool operator==(const Sidecar&, const Sidecar&) = default;
};

} // namespace bonescope::core
