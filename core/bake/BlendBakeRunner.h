#pragma once

#include "bake/BakeRunner.h"
#include "bake/BlendScenario.h"
#include "base/LoadError.h"
#include "model/FlipbookData.h"
#include "model/LayerSetup.h"
#include "model/SkeletonData.h"
#include "script/BlendStateRow.h"
#include "script/LayerStateRow.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// The frame animation's state after one update of a flipbook bake.
struct FlipbookStateRow {
    int frame = 0;
    int loop = 0;        ///< 0-based loop (cocos2d-x executed loops)
    int frameIndex = -1; ///< index into the animation's frames; −1 = the original frame
    std::string spriteFrame;
    /// Notifications raised during the update, in order: a frame's pairs as `key=value`
    /// joined by `;`, frames joined by `|`.
    std::string notification;
};
/// The header of a flipbook bake's state rows as CSV (its .state.csv): a field a row.
inline constexpr std::string_view kFlipbookStateHeader =
    "frame,loop,frameIndex,spriteFrame,notification";

/// A blending bake: the poses in the golden layout (events are not recorded) and the state
/// rows of its kind (blendStates for blend/chain, layerStates for layers).
struct BlendBakeResult {
    BakeResult poses;
    std::vector<BlendStateRow> blendStates;
    std::vector<LayerStateRow> layerStates;
};

/// Runs a blend, chain or layers scenario on a fresh instance of `armature` (for layers, the
/// setup's armature when it names one). `layers` is the parsed file scenario.setupPath names
/// (io/LayerSetupReader.h; the caller reads it, the bake reads no file); a layers scenario
/// without it is an error. Poses: the blended local values, then the hierarchy pass. Errors
/// name an unknown armature, movement, or a setup that does not fit (file and JSON pointer).
Result<BlendBakeResult> runBlendBake(const SkeletonData& skeleton, const std::string& armature,
                                     const BlendScenario& scenario,
                                     const LayerSetup* layers = nullptr);

/// Runs a flipbook scenario on `set` (its animation named by the scenario). The sprite starts
/// on the animation's first frame (as cocos2d-x's tests create it), which restoreOriginalFrame
/// puts back.
Result<std::vector<FlipbookStateRow>> runFlipbookBake(const FlipbookSet& set,
                                                      const BlendScenario& scenario);

} // namespace bonescope::core
