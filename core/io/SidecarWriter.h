#pragma once

#include "model/Sidecar.h"

#include <string>

namespace bonescope::core {

/// The sidecar as JSON text in the schema of io/SidecarReader.h (version Sidecar::kVersion),
/// indented by two spaces, sections in schema order, empty sections left out; parseSidecar
/// reads it back to the same data. Each of `sidecar.scripts` must be a JSON object's text; one
/// that is not JSON is written as null, which parseSidecar then refuses.
std::string writeSidecar(const Sidecar& sidecar);

} // namespace bonescope::core
