#pragma once

#include "base/LoadError.h"
#include "model/SkeletonData.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// Reads a DragonBones 1.x/2.x XML skeleton (`<skeleton>` with `<armatures>`, `<animations>`
/// and `<TextureAtlas>`) from its bytes; `fileName` only names the file in errors and gives the
/// atlas image its name. Pure: no file access, no exceptions.
///
/// The model holds what cocos2d-x 4.0's DataReaderHelper (XML branch) stores, computed with
/// the same float arithmetic, so the runtime can replay cocos2d-x's Tween/Bone code on it.
/// "version" below is the `<skeleton version>` attribute read as a float; "2.x" means
/// version ≥ 2.0 (cocos2d-x's VERSION_2_0), "1.x" anything below.
///
/// SkeletonData: `format` DragonBonesXml, `name` = `<skeleton name>`, `version` = the attribute
/// text (empty when absent: cocos2d-x then reads the file as older than 2.0, and so does this
/// reader, with a warning), `frameRate` = `<skeleton frameRate>` (0 when absent, or not above
/// 0: a warning; cocos2d-x never reads it), `contentScale` 1.
/// `armatures`, `animations` and `textures` are in file order; `atlases` holds one SpriteAtlas
/// built from `<TextureAtlas>` when it has SubTextures (below). `atlasFiles`/`atlasImages` stay
/// empty: a DragonBones XML names no sprite sheet.
///
/// ArmatureData: `name` as written (it may contain '/'); `dataVersion` is 0.1, cocos2d-x's
/// ArmatureData default, which the XML branch never changes — it is NOT the DragonBones
/// version, so code that checks cocos2d-x's `dataVersion >= VERSION_COMBINED (0.3)` treats
/// DragonBones data as cocos2d-x does. `bones` are in parent-before-child order: a stable
/// topological reordering of file order (among bones whose parent is placed, the earliest in
/// the file comes first), so the order of `<b>` in the file does not matter.
///
/// BoneData: `name`, `parentName` (empty for a root; `parent=""` is a root too) and
/// `parentIndex` into `bones`; `zOrder` = `z` (0 when absent); `pivotX/pivotY` = `<b pX pY>` as
/// written (Flash points, y down; for overlays). `transform` is the `<b>` setup pose, which
/// cocos2d-x 4.0 does not read at all (its runtime starts every bone at the first movement's
/// first frame): x = x, y = −y, skewX = kX·π/180, skewY = −kY·π/180, scaleX = cX, scaleY = cY,
/// then made relative to the parent `<b>` with TransformHelp::transformFromParent as for
/// frames (below). In 2.x files `<b x y>` is Flash's registration point, not the pivot that
/// 2.x frames position (`cocos2d_x`), so the two differ by the rotated pivot offset.
/// `displays` in file order; `useColor`, `color`, `blend` keep their defaults.
///
/// DisplayData: `<d isArmature="1">` (any non-zero integer) is DisplayType::Armature whose
/// `name` is the nested armature's name; anything else is DisplayType::Image whose `name` has
/// its last ".ext" removed (cocos2d-x's changeDisplayToTexture). `pivotX/pivotY` = `<d pX pY>`
/// as written; `skin` is the identity (the XML has no skin data).
///
/// AnimationData: `name` = `<animation name>`, which must name an armature of the file. Of two
/// `<mov>` of one name the later is kept (in the earlier's place), as cocos2d-x's map does; of
/// two `<b>` timelines of one bone in a movement the first (decodeMovement skips the later).
/// MovementData: `name`; `duration` = `dr` (frames; absent or 0: a still pose); `durationTo` =
/// `to`, `durationTween` = `drTW` (0 when absent); `loop` = `lp` ≠ 0 (true when absent; read like
/// tinyxml2's QueryIntAttribute: "1.5" is 1, and text that does not start with an integer,
/// such as "true" or "false", leaves it true, with a warning); `scale` 1;
/// `easing` from `twE` as below; `bones` (timelines) in file order.
///
/// Easing (`twE` on `<mov>` and `<f>`): absent or "NaN" → Linear (cocos2d-x 4.0 maps "NaN" to
/// Linear, so Easing::None is never produced); otherwise the integer tinyxml2's
/// QueryIntAttribute reads, as every integer attribute here is read (io/TinyxmlNumbers.h): the
/// leading one ("0.5", which DragonBones writes, is 0: Linear; "1e9" is 1), hexadecimal after
/// a leading "0x"; 2 becomes SineEaseInOut (cocos2d-x's special case); other values are cast,
/// and a type cocos2d-x does not know plays as SineEaseInOut (playedEasing).
///
/// MovementBoneData: `name` = the bone; `scale` = `sc` (1 when absent); `delay` = `dl` − 1
/// when `dl` > 0, else `dl` (0 when absent) — cocos2d-x's rule, so a positive dl of 0.3 is
/// stored as −0.7; `duration` = sum of the frames' `dr`. When that differs from the movement's
/// `dr` the track keeps its own length, as in cocos2d-x (a shorter one holds its last frame, a
/// longer one is cut when the movement ends or loops), and a warning is added.
/// `frames` = the `<f>` keyframes plus one closing frame (below), so frames.size() is the
/// number of `<f>` + 1.
///
/// FrameData, per `<f>`: `startFrame` = sum of the previous frames' `dr`; `duration` = `dr`
/// (1, FrameData's default, when absent; 0 lasts no frame);
/// position: 2.x reads `cocos2d_x`/`cocos2d_y`, 1.x reads `x`/`y` (0 when absent), y negated
/// (y up); skewX = kX·π/180, skewY = −kY·π/180 (radians, float product with cocos2d-x's
/// 0.01745329252f; 0 when absent); scaleX/scaleY = cX/cY (1 when absent); then, when the
/// bone's parent has a timeline in the same movement, the frame is made parent-relative with
/// TransformHelp::transformFromParent against the parent's raw frame covering this frame's
/// start (its position, kX, kY; scale 1), exactly as cocos2d-x pairs them; this rewrites all
/// six values (scales come back as matrix column lengths). `displayIndex` = `dI` (0 when
/// absent; −1 hides), `zOrder` = `z`, `tweenRotate` = `twR` (cocos2d-x's name; a `tweenRotate`
/// attribute is not read), `tween` = `tweenFrame` (true when absent), `blend` from `bd`
/// (0 normal, 3 multiply, 5 screen, 8 add, other → default), `event` = `evt`, `sound` = `sd`,
/// `soundEffect` = `sdE`, `movement` = `mov`. `<colorTransform>` sets `useColor` and each
/// channel to int(2.55 × `xM` + `x`) in double arithmetic truncated toward zero (aM/rM/gM/bM
/// are percentages, default 100; a/r/g/b offsets, default 0), so aM="100" a="0" gives 254,
/// as in cocos2d-x. `hide` is not read (cocos2d-x ignores it).
/// After all frames of a timeline are read, walking from the last frame to the second, when
/// skewX (or skewY) of frame j minus that of frame j−1 is outside [−π, π], frame j−1's value
/// gets −2π (difference < 0) or +2π, so tweens take the short way round.
/// The closing frame is a copy of the last keyframe (transform, zOrder, tweenRotate, colour,
/// duration, displayIndex, easing, tween, blend; not event/movement/sound, which cocos2d-x's
/// FrameData::copy leaves empty) with `startFrame` = the timeline's duration.
///
/// TextureData, per `<SubTexture>` name (a later one of a name replaces the earlier): `name`,
/// `width`, `height` as written (cocos2d-x leaves its own width/height at 0); pivot from
/// `cocos2d_pX`/`cocos2d_pY` in 2.x, `pX`/`pY` in 1.x: pivotX = px / width,
/// pivotY = (height − py) / height (float).
/// SpriteAtlas: imagePath = the stem of `fileName` + ".png" (relative), `width`/`height` =
/// `<TextureAtlas width height>` (0 when absent or outside 0..16384), one SpriteFrame per
/// TextureData with rect (x, y, width, height), not rotated, no offset, sourceSize = (width,
/// height); none for a SubTexture whose x or y is missing, not a number or outside 0..16384 (a
/// warning: cocos2d-x never reads them, its frames come from the plist beside the XML).
///
/// Errors (LoadError with `fileName`, the 1-based line of the offending element, a message
/// naming the element and attribute): empty input, invalid UTF-8, malformed or truncated XML,
/// a root other than `<skeleton>`, no `<armatures>` or no armature, missing names (armature,
/// bone, animation, movement, timeline, SubTexture), a number that does not parse or is
/// NaN/infinite (twE="NaN" is allowed), an unknown parent, a parent cycle, an animation or
/// timeline naming no armature or bone, a timeline without frames, negative durations or
/// durations above kMaxFrames (frame durations also in sum), more than kMaxBonesPerArmature
/// bones in an armature, a SubTexture without its pivot (cocos2d-x would read an uninitialized
/// float), SubTexture sizes past ±16384.
///
/// Warnings (SkeletonData::warnings, with the line; at most kMaxWarningsPerFile, then a count):
/// patterns cocos2d-x accepts that are likely export mistakes (a missing version or `dr`, a
/// `dr` of 0, a repeated armature, bone, animation, movement, timeline or SubTexture name (the
/// later is kept, as cocos2d-x's name maps keep it), an unknown tween type, track lengths, `lp`
/// text above, a TextureAtlas size above, SubTexture positions above, SubTexture sizes of 0 or
/// less: cocos2d-x divides the pivot by them, and draws no image for a 0, whose TextureData has
/// no anchor).
Result<SkeletonData> readDragonBonesXml(std::string_view bytes, const std::string& fileName);

} // namespace bonescope::core
