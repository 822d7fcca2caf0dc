#pragma once

#include "base/LoadError.h"
#include "script/BlendScript.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// Reads a blend script (README "Blend scripts"). Schema; `at` and `updates` count updates of
/// 1/60 s, `seconds` are seconds, `frames` are frames:
///
///     {
///       "armature": "Dragon",      optional string: default the export's first armature
///       "updates": 150,            required integer ≥ 1: how many updates the script runs
///       "calls": [                 required array, `at` never decreasing
///         { "at": 0,  "play": "stand", "loop": true },                      loop optional
///         { "at": 30, "crossfade": "walk", "mode": "while", "seconds": 0.5 },
///         { "at": 45, "crossfade": "jump", "mode": "to", "frames": 10 },
///         { "at": 60, "speed": 0.5 },
///         { "at": 70, "pause": true }, { "at": 80, "resume": true },
///         { "at": 90, "goto": 12, "pause": false }                          pause optional
///       ]
///     }
///
/// or, for a layer stack (seed 004) instead of the player and blender:
///
///     { "updates": 120,
///       "layers": [ { "name": "body", "movement": "walk" },    io/LayerSetupReader.h's layers
///                   { "name": "arms", "movement": "jump", "weight": 0, "mask": ["armL"] } ],
///       "calls": [ { "at": 10, "layer": "arms", "weight": 0.8, "seconds": 0.5 },
///                  { "at": 40, "layer": "body", "crossfade": "stand", "seconds": 0.25 },
///                  { "at": 60, "speed": 2 } ] }
///
/// Each call has a required integer `at` (0 ≤ at < updates) and exactly one of play,
/// crossfade, speed, pause, resume, goto, layer (weight or crossfade, with `seconds`). A crossfade
/// needs `mode` (switch, while, then, to) and `seconds` (switch / while / then) or `frames` (to);
/// both take an optional `loop`. Unknown keys, numbers that are not finite or do not fit, and calls
/// out of order are errors naming the call's index, with the JSON pointer of the value. Movement
/// names are checked when the script is run on an armature (ScriptRunner::create).
Result<BlendScript> parseBlendScript(std::string_view text, const std::string& fileName);

/// Reads and parses the file at `path`.
Result<BlendScript> readBlendScript(const std::string& path);

} // namespace bonescope::core
