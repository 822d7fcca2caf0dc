#pragma once

#include "model/LayerSetup.h"

#include <nlohmann/json.hpp>

namespace bonescope::core {

/// A layer setup as the JSON object io/LayerSetupReader.h reads back to the same setup
/// (`armature` when set, then `layers`); sidecars and blend scripts embed it.
nlohmann::ordered_json layerSetupJson(const LayerSetup& setup);

} // namespace bonescope::core
