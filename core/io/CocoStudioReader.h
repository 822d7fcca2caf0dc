#pragma once

#include "base/Limits.h"
#include "base/LoadError.h"
#include "model/SkeletonData.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// Reads a CocoStudio `.ExportJson` held in `bytes` (a UTF-8 BOM is skipped); `fileName` only
/// labels errors and names the result (its stem). Pure: no file I/O. Parsed in one SAX pass
/// (JsonSaxParser, no DOM), which accepts and rejects what nlohmann/json's strict parse does.
///
/// The model holds what cocos2d-x 4.0's DataReaderHelper (JSON branch) stores, with the same
/// float arithmetic, so the runtime can replay ArmatureAnimation / Tween / Bone exactly:
/// - Numbers are read as double and cast to float (DictionaryHelper). Positions (bone, frame
///   and skin x, y) are then multiplied by `content_scale` (default 1).
/// - Data version: each armature's `version` (default 0.1) sets ArmatureData::dataVersion and
///   governs its bones; every animation is read with the version of the LAST armature in the
///   file, as cocos2d-x does (it reads all armatures first, then the animations).
/// - Frames, data version ≥ 0.3 (VERSION_COMBINED): startFrame = `fi` (default 0); `dr` is
///   ignored and FrameData::duration keeps cocos2d-x's default 1; MovementBoneData::duration
///   stays 0 (cocos2d-x's ArmatureAnimation::play sets it to the movement's `dr` when playing);
///   no closing frame is added. The transform is a DELTA from the bone's setup pose (the
///   runtime combines them, as Tween / Bone::update do); it is kept as written, not combined.
/// - Frames, data version < 0.3: duration = `dr` (default 1), startFrame = running sum of the
///   durations, MovementBoneData::duration = that sum, and a copy of the last frame (without
///   its event) is appended at startFrame = the sum.
/// - Data version < 1.0 (VERSION_CHANGE_ROTATION_RANGE): going from the last frame back, when
///   skewX (or skewY) of a frame differs from the previous frame's by more than π, the previous
///   frame's skew moves by 2π toward it (in double, stored as float), so tweens take the short
///   way round.
/// - Colour: data version < 1.1 (VERSION_COLOR_READING) ignores `color` entirely (cocos2d-x
///   looks for it at index 0 of the node, which is never an array), so useColor stays false;
///   from 1.1 on a `color` object {a r g b} (missing channels 255) sets useColor, and so do
///   `"color": null` and a `color` array (all 255: rapidjson finds no channel in either).
/// - Bones: `x y z kX kY cX cY`; `arrow_x arrow_y` go to pivotX/pivotY (not used by cocos2d-x).
///   Stored parent-before-child (the lowest-file-index-first topological order; the identity
///   when the file already lists parents first) with parentIndex set.
/// - Displays: displayType 0 (default) image: `name` as written (with its extension) and
///   `skin_data[0]` (x, y scaled; cX cY default 1; kX kY default 1 when the skin object lacks
///   them, as cocos2d-x passes 1 there; no skin_data: identity); 1 armature: `name`;
///   2 particle: `plist`, relative to the export's folder (cocos2d-x prefixes the folder); any
///   other: DisplayType::Unknown, which shows nothing.
/// - Movements: `dr` (0 is a still pose, as in cocos2d-x), `to` (default 0), `drTW` (0), `lp`
///   (true), `twE` (Linear), `sc` (1; cocos2d-x reads it only when `dr` is present, which this
///   reader requires). Of two movements of one name in an animation, or two timelines of one
///   bone in a movement, the later is kept, in the earlier's place. Movement bones: `dl` (0); their
///   `sc` is not read (scale 1). Timelines of bones the armature lacks are kept (cocos2d-x ignores
///   them at play).
/// - Frame fields read: `x y z kX kY cX cY dI twE tweenFrame(true) evt bd_src bd_dst twEP` (and
///   `fi` / `dr` as above). NOT read, as in cocos2d-x's JSON reader: `tweenRotate`/`twR` (0),
///   `mov`, `sd`, `sdE`, `bd`; so FrameData::movement / sound / soundEffect stay empty.
/// - Tween types cocos2d-x does not know play as it plays them (playedEasing: SineEaseInOut).
/// - Textures: `name width height pX pY` (missing numbers 0, not 0.5), `contour_data` vertices
///   stored last-to-first. config_file_path → atlasFiles and config_png_path → atlasImages, as
///   written. SkeletonData::version = the last armature's `strVersion` (else its `version`).
/// - null counts as a missing key, as in DictionaryHelper; unknown keys are ignored; of equal
///   keys in one object the first is read (rapidjson's FindMember); `lp` and `tweenFrame` read
///   anything but `true` as false (rapidjson's GetBool).
/// Each of those departures from a tidy file that cocos2d-x plays all the same (a still
/// movement, a keyframe lasting no frame, an unknown display or tween type, a colour array, a
/// repeated key, movement or timeline, a non-boolean flag) adds a warning to
/// SkeletonData::warnings.
///
/// Rejected with a LoadError (line, JSON pointer and message; see placeJsonPointers) where
/// cocos2d-x would crash, hang or misread undefinedly: syntax errors (including NaN / Infinity
/// and truncation), invalid UTF-8, a top level that is not an object, values of the wrong JSON
/// type elsewhere (an integer field given 1.5, a number given a string, ...), integers beyond
/// int, numbers beyond float, nesting deeper than 64 levels, missing `armature_data` or no
/// armature, missing or empty names (armature, bone, animation, movement, movement bone),
/// duplicate armature / animation / bone names, unknown parents, parent cycles,
/// movement `dr` outside 0..kCocoStudioMaxFrames, more than kMaxBonesPerArmature bones in an
/// armature, negative `to`, `drTW`, `sc` or blend factors, frame `fi` negative, decreasing or
/// beyond kCocoStudioMaxFrames, frame `dr` negative or summing beyond kCocoStudioMaxFrames,
/// custom easing (`twE` −1) with 1 to 7 `twEP` values, `dI` beyond the bone's displays, a
/// `color` that is neither an object, null nor an array (version ≥ 1.1), `content_scale` ≤ 0,
/// texture sizes outside 0..65536. Nothing is allocated from a claimed size: memory is
/// proportional to the input.
Result<SkeletonData> readCocoStudioJson(std::string_view bytes, const std::string& fileName);

/// Largest frame count (durations, frame indices) the reader accepts: core/base/Limits.h.
inline constexpr int kCocoStudioMaxFrames = kMaxFrames;

} // namespace bonescope::core
