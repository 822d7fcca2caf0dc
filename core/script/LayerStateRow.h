#pragma once

#include <string>

namespace bonescope::core {

/// One layer's state after one update of a layered blend script.
struct LayerStateRow {
    int frame = 0;
    std::string layer;
    std::string current;
    std::string next;         ///< empty when not in transition
    double currentTime = 0.0; ///< seconds into its pass
    double nextTime = 0.0;
    double progress = 0.0; ///< ratio 0..1 of the transition
    double weight = 1.0;
};

} // namespace bonescope::core
