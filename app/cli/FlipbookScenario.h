#pragma once

#include "bake/BlendScenario.h"
#include "io/ExportLoader.h"

#include <string>

namespace bonescope::cli {

/// What refuses flipbook scenario `scenario` on `loaded` (bake and render alike): a file that
/// is not an AnimationCache plist, an animation it does not hold (the names it does hold are
/// listed), or one playing past the bake limits. Empty when there is nothing.
std::string flipbookScenarioProblem(const core::LoadedExport& loaded,
                                    const core::BlendScenario& scenario);

} // namespace bonescope::cli
