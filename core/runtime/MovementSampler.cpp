#include "runtime/MovementSampler.h"

#include "runtime/ArmatureRig.h"
#include "runtime/TweenFunction.h"

#include <algorithm>
#include <cmath>

namespace bonescope::core {

namespace {

// The values of a track at `playedFrame` from its compiled spans: interpolates `transform` and
// `color` and returns the span, whose discrete values (z order, display index) apply. Same
// arithmetic as TweenDelta::subtract and BoneTween::tweenNodeTo.
// `timeline` (the track's keyframes) is read only for the easing parameters of eased spans.
const KeySpan& sampleValues(const ArmatureRig::SampledTrack& track, const float* starts,
                            const KeySpan* spans, const SpanColor* colors,
                            const MovementBoneData& timeline, float playedFrame,
                            Transform& transform, ColorTransform& color)
{
    // The last span starting at or before playedFrame (the first when none does).
    const size_t index = findKeyStart(starts, track.count, playedFrame);
    const float* found = starts + index;
    const KeySpan& span = spans[index];
    const SpanColor& spanColor = colors[span.color];
    if (span.hold) {
        transform = span.from;
        color = spanColor.color;
        return span;
    }
    // A tweened span is never a track's last: it lasts until the next keyframe's start.
    const float length = found[1] - found[0];
    float ratio = length == 0.f ? 0.f : (playedFrame - *found) / length;
    if (span.easing != Easing::Linear) {
        const std::vector<float>& params = timeline.frames[index].easingParams;
        ratio = tweenTo(ratio, span.easing, params.data(), static_cast<int>(params.size()));
    }
    const Transform& f = span.from;
    const Transform& d = span.delta;
    transform.x = f.x + ratio * d.x;
    transform.y = f.y + ratio * d.y;
    transform.scaleX = f.scaleX + ratio * d.scaleX;
    transform.scaleY = f.scaleY + ratio * d.scaleY;
    transform.skewX = f.skewX + ratio * d.skewX;
    transform.skewY = f.skewY + ratio * d.skewY;
    if (span.useColor) {
        // int + float × int, truncated back to int, as cocos2d-x's colour channels.
        const ColorTransform& a = spanColor.color;
        const ColorTransform& b = spanColor.delta;
        color.alpha = static_cast<int>(a.alpha + ratio * b.alpha);
        color.red = static_cast<int>(a.red + ratio * b.red);
        color.green = static_cast<int>(a.green + ratio * b.green);
        color.blue = static_cast<int>(a.blue + ratio * b.blue);
    } else {
        color = spanColor.color;
    }
    return span;
}

// fmod(ratio, 1) for ratio ≥ 0 without the libm call: below 2^23 the integer part converts
// exactly and the subtraction is exact, as fmod's result is.
float fractionOf(float ratio)
{
    if (ratio < 8388608.f)
        return ratio - static_cast<float>(static_cast<int>(ratio));
    return std::fmod(ratio, 1.f);
}

} // namespace

void sampleMovement(const ArmatureRig& rig, int movement, float elapsedFrames, Pose& pose)
{
    const MovementData& data = rig.movements()[static_cast<size_t>(movement)];
    // Read once: the pose's int stores could alias the movement's and rig's fields.
    const bool loop = data.loop;
    const float lastFrame = static_cast<float>(data.duration - 1);
    const bool combined = rig.combined();
    const ArmatureRig::SampledTrack* tracks = rig.sampledTracks(movement);
    const MovementBoneData* const* timelines = rig.tracks(movement);
    const float* starts = rig.keyStarts();
    const KeySpan* spans = rig.keySpans();
    const SpanColor* colors = rig.spanColors();
    const BoneData* bones = rig.bones().data();
    BonePose* poses = pose.data();
    const size_t count = rig.bones().size();
    float played = 0.f;
    for (size_t b = 0; b < count; ++b) {
        const ArmatureRig::SampledTrack& track = tracks[b];
        if (track.count == 0)
            continue;
        // A bone runs its pass over durationTween × sc frames; looping, it starts (1 − dl) of
        // the way in and wraps, showing the pass's end on the update that completes it (as
        // cocos2d-x's Tween does). Most bones share sc and dl with the bone before them: the
        // position is computed again only when they differ.
        if (!track.sharesPosition) {
            float ratio = track.passFrames > 0 ? elapsedFrames / track.passFrames : 1.f;
            if (loop) {
                if (track.delay != 0.f)
                    ratio += 1.f - track.delay;
                if (ratio >= 1.f) {
                    const float wrapped = fractionOf(ratio);
                    ratio = wrapped == 0.f ? 1.f : wrapped;
                }
            } else {
                ratio = std::min(ratio, 1.f);
            }
            played = lastFrame * ratio;
        }
        BonePose& out = poses[b];
        const KeySpan& key = sampleValues(track, starts + track.first, spans + track.first, colors,
                                          *timelines[b], played, out.local, out.color);
        out.displayIndex = key.displayIndex;
        out.zOrder = key.zOrder;
        if (combined) {
            const Transform& setup = bones[b].transform;
            out.local.x += setup.x;
            out.local.y += setup.y;
            out.local.skewX += setup.skewX;
            out.local.skewY += setup.skewY;
            out.local.scaleX += setup.scaleX - 1;
            out.local.scaleY += setup.scaleY - 1;
        }
    }
}

} // namespace bonescope::core
