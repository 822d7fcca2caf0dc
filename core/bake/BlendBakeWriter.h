#pragma once

#include "bake/BlendBakeRunner.h"

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// `frame,source,target,timeLeft,duration,sourceWeight,targetWeight,sourceTime,targetTime,
/// complete`: one row per update, times in seconds, floats `%.6f`, complete 0/1.
void writeBlendStateCsv(const std::vector<BlendStateRow>& rows, std::ostream& out);

/// `frame,layer,current,next,currentTime,nextTime,progress,weight`: one row per update and
/// layer, bottom layer first.
void writeLayerStateCsv(const std::vector<LayerStateRow>& rows, std::ostream& out);

/// `frame,loop,frameIndex,spriteFrame,notification`: one row per update.
void writeFlipbookStateCsv(const std::vector<FlipbookStateRow>& rows, std::ostream& out);

/// The state file beside a pose CSV: "x.csv" → "x.state.csv" (else + ".state.csv").
std::string statePathFor(std::string_view csvPath);

} // namespace bonescope::core
