#pragma once

#include "base/LoadError.h"
#include "edit/ExportEditor.h"
#include "edit/FlipbookEditor.h"
#include "model/Sidecar.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// What a document had not saved, kept aside while it is open so that a crash or a kill loses
/// none of it: the value edits of its export, to be set again on the file, and the sidecar a
/// save would write (its transition table, layer setup and the recording as its only script).
struct EditRecovery {
    static constexpr int kVersion = 1;

    std::string exportPath; ///< absolute, as the document opened it
    std::string savedAt;    ///< when this was written: ISO 8601, UTC
    /// The bytes the edits were made to: contentDigest() of them, and their size.
    std::string baseDigest;
    std::uint64_t baseSize = 0;
    std::vector<ExportEdit> edits;
    std::vector<FlipbookEdit> flipbookEdits;
    Sidecar sidecar;

    friend bool operator==(const EditRecovery&, const EditRecovery&) = default;
};

/// A short fingerprint of `bytes` (64-bit FNV-1a, 16 hexadecimal digits): whether the file
/// changed since the edits were made, not a security check.
std::string contentDigest(std::string_view bytes);

/// The recovery as JSON:
///
///     {
///       "bonescopeRecovery": 1,
///       "export": "/path/Dragon.xml", "savedAt": "2026-12-05T15:40:12Z",
///       "base": { "size": 51234, "digest": "89ab…" },
///       "edits": [ { "armature": "Dragon", "movement": "walk", "bone": "head",
///                    "keyframe": 2, "key": "frameTweenEasing", "value": 3 } ],
///       "flipbookEdits": [ { "animation": "run", "frame": 0, "key": "delayUnits",
///                            "value": 2 } ],
///       "sidecar": { ... }                    io/SidecarReader.h's schema
///     }
///
/// An edit's "bone" and "keyframe" are written for keyframe keys only, a flipbook edit's
/// "frame" for delayUnits only. A value has the JSON type of its key: durations are whole
/// numbers, loop is true or false, easings are cocos2d-x's tween type numbers (None is 10000),
/// scale and tweenRotate are numbers, an event is a string; a flipbook value is a number.
std::string writeEditRecovery(const EditRecovery& recovery);

/// Reads writeEditRecovery's JSON. Anything else is refused with the file and JSON pointer of
/// the value: a newer version, an unknown key, a value of the wrong type or out of range.
Result<EditRecovery> parseEditRecovery(std::string_view text, const std::string& fileName);

} // namespace bonescope::core
