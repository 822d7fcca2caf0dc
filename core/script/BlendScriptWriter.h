#pragma once

#include "script/BlendScript.h"

#include <string>

namespace bonescope::core {

/// The JSON text of `script` in the schema script/BlendScriptReader.h reads back to an equal
/// script (optional keys written only when they differ from their default).
std::string blendScriptJson(const BlendScript& script);

} // namespace bonescope::core
