#pragma once

#include "bake/BlendBakeRunner.h"
#include "script/ScriptRunner.h"

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
/// The same rows as JSON: {"animation", "scenario", "frames": [{"frame", "loop", "frameIndex",
/// "spriteFrame", "notification"}, ...]}, one object per update.
void writeFlipbookStateJson(std::string_view animation, std::string_view scenario,
                            const std::vector<FlipbookStateRow>& rows, std::ostream& out);

/// `frame,bone,contributor,weight,x,y,skewX,skewY,scaleX,scaleY`: one row per traced bone,
/// update and contributor, then its `result` row; `boneNames` in data order.
void writeTraceCsv(const std::vector<BoneContribution>& trace,
                   const std::vector<std::string>& boneNames, std::ostream& out);

/// The trace file beside a pose CSV: "x.csv" → "x.trace.csv" (else + ".trace.csv").
std::string tracePathFor(std::string_view csvPath);

/// The state file beside a pose CSV: "x.csv" → "x.state.csv" (else + ".state.csv").
std::string statePathFor(std::string_view csvPath);

} // namespace bonescope::core
