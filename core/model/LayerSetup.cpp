#include "model/LayerSetup.h"

#include "base/Limits.h"

namespace bonescope::core {

std::optional<LayerSetupLimitBreach> layerSetupLimitBreach(const LayerSetup& setup)
{
    const std::string seconds = std::to_string(static_cast<int>(kMaxBakeSeconds)) + " seconds";
    for (size_t i = 0; i < setup.layers.size(); ++i) {
        const LayerSetupLayer& layer = setup.layers[i];
        const std::string pointer = "/layers/" + std::to_string(i);
        const std::string where = "layer \"" + layer.name + "\": ";
        if (!withinSpeedScale(layer.speed))
            return LayerSetupLimitBreach{pointer + "/speed",
                                         where + "speed must be from 0 to " +
                                             std::to_string(static_cast<int>(kMaxSpeedScale))};
        if (!layer.transition)
            continue;
        if (!withinBakeSeconds(layer.transition->startSeconds))
            return LayerSetupLimitBreach{pointer + "/transition/start",
                                         where + "transition start must be from 0 to " + seconds};
        if (!withinBakeSeconds(layer.transition->durationSeconds))
            return LayerSetupLimitBreach{pointer + "/transition/duration",
                                         where + "transition duration must be from 0 to " +
                                             seconds};
    }
    return std::nullopt;
}

} // namespace bonescope::core
