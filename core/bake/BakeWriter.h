#pragma once

#include "bake/BakeRunner.h"

#include <ostream>
#include <string>
#include <string_view>

namespace bonescope::core {

/// The golden CSV layout (golden/README.md "Columns"): header, then per frame one row per
/// bone in name order, floats as `%.6f`.
void writeBakeCsv(const BakeResult& bake, std::ostream& out);

/// The golden events layout's header line (without its line end).
inline constexpr std::string_view kBakeEventsHeader = "frame,kind,movement,name";

/// The golden events layout: kBakeEventsHeader, then one row per event.
void writeBakeEventsCsv(const BakeResult& bake, std::ostream& out);

/// One row of the events layout, without its line end: `kind` as eventKindName names it.
std::string bakeEventsRow(int frame, std::string_view kind, std::string_view movement,
                          std::string_view name);

/// The same values as JSON: {"armature", "scenario", "bones", "frames": [{"frame", "bones":
/// [{"bone", "x", ...}]}], "events": [...]}, bones in name order.
void writeBakeJson(const BakeResult& bake, std::ostream& out);

/// The events file path beside a CSV path: "x.csv" → "x.events.csv" (else + ".events.csv").
std::string eventsPathFor(std::string_view csvPath);

} // namespace bonescope::core
