#pragma once

#include "base/LoadError.h"
#include "model/Sidecar.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// The sidecar of the export at `exportPath`: the same path with ".bonescope.json" appended.
std::string sidecarPathFor(const std::string& exportPath);

/// Reads a Bonescope sidecar (`FILE.bonescope.json`). Schema, version 1 (every section but
/// "version" optional; durations in frames of 1/60 s or in seconds):
///
///     {
///       "version": 1,                         required: 1 (a newer version is refused)
///       "transitions": {
///         "default": TRANSITION,              optional: default while, 10 frames
///         "pairs": [                          optional: per source → target pair, each once
///           { "source": "stand", "target": "walk", ...TRANSITION }
///         ]
///       },
///       "layers": { ... },                    a layer setup (io/LayerSetupReader.h)
///       "view": {                             view choices for this export
///         "armature": "Dragon", "movement": "walk",
///         "showBones": true, "showPivots": false, "showBounds": false, "showGrid": false,
///         "checkerBackground": false, "background": "#303038",
///         "onionBefore": 0, "onionAfter": 0   frames, 0..100
///       },
///       "scripts": [ { ... } ]                recorded blend scripts: JSON objects, kept as
///                                             written (their schema is the scripts' own)
///     }
///
/// TRANSITION is `"type"`: "switch" | "while" | "then" (the blender, seed 002) | "to"
/// (cocos2d-x's play(target, durationTo)), with exactly one of `"frames"` or `"seconds"`
/// (a number ≥ 0); a "to" transition without either uses the target movement's own
/// durationTo. Unknown keys are errors; errors carry the line and JSON pointer of the offending
/// value. Movement names are not checked here (the sidecar may outlive a renamed movement).
Result<Sidecar> parseSidecar(std::string_view text, const std::string& fileName);

/// Reads and parses the file at `path`.
Result<Sidecar> readSidecar(const std::string& path);

} // namespace bonescope::core
