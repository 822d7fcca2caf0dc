#include "runtime/MovementSampler.h"

#include "runtime/ArmatureRig.h"
#include "runtime/TweenFunction.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bonescope::core {

int findKeyFrame(const std::vector<FrameData>& frames, float playedFrame)
{
    const auto after = std::upper_bound(
        frames.begin(), frames.end(), playedFrame,
        [](float t, const FrameData& frame) { return t < static_cast<float>(frame.startFrame); });
    return after == frames.begin() ? 0 : static_cast<int>(after - frames.begin()) - 1;
}

namespace {

// keyRatio on the span's two keyframes, inlined into the sampler's loop.
inline float spanRatio(const FrameData& from, const FrameData& to, float playedFrame,
                       Easing movementEasing)
{
    const int span = to.startFrame - from.startFrame;
    const float ratio =
        span == 0 ? 0.f
                  : (playedFrame - static_cast<float>(from.startFrame)) / static_cast<float>(span);
    return easeSpan(ratio, from.easing, movementEasing, from.easingParams.data(),
                    static_cast<int>(from.easingParams.size()));
}

} // namespace

float keyRatio(const std::vector<FrameData>& frames, int key, float playedFrame,
               Easing movementEasing)
{
    const size_t index = static_cast<size_t>(key);
    if (index + 1 >= frames.size())
        return 0.f;
    return spanRatio(frames[index], frames[index + 1], playedFrame, movementEasing);
}

namespace {

// sampleTrack's values without building TweenFrames (the sampler's hot path): interpolates
// `transform` and `color` and returns the keyframe whose discrete values (z order, display
// index, …) apply. Same arithmetic as TweenDelta::subtract and BoneTween::tweenNodeTo.
const FrameData& sampleValues(const std::vector<FrameData>& frames, float playedFrame,
                              Easing movementEasing, Transform& transform, ColorTransform& color)
{
    const int key = findKeyFrame(frames, playedFrame);
    const size_t index = static_cast<size_t>(key);
    const FrameData& from = frames[index];
    const FrameData* held = &from;
    if (index + 1 < frames.size() && from.tween) {
        const FrameData& to = frames[index + 1];
        // cocos2d-x Tween::setBetween: a hidden neighbour holds the visible frame's values.
        if (from.displayIndex < 0 && to.displayIndex >= 0) {
            held = &to;
        } else if (!(to.displayIndex < 0 && from.displayIndex >= 0)) {
            const float ratio = spanRatio(from, to, playedFrame, movementEasing);
            const Transform& f = from.transform;
            const Transform& t = to.transform;
            float skewX = t.skewX - f.skewX;
            float skewY = t.skewY - f.skewY;
            if (to.tweenRotate != 0.f) {
                constexpr double pi = std::numbers::pi;
                skewX = static_cast<float>(skewX + to.tweenRotate * pi * 2);
                skewY = static_cast<float>(skewY - to.tweenRotate * pi * 2);
            }
            transform.x = f.x + ratio * (t.x - f.x);
            transform.y = f.y + ratio * (t.y - f.y);
            transform.scaleX = f.scaleX + ratio * (t.scaleX - f.scaleX);
            transform.scaleY = f.scaleY + ratio * (t.scaleY - f.scaleY);
            transform.skewX = f.skewX + ratio * skewX;
            transform.skewY = f.skewY + ratio * skewY;
            if (from.useColor || to.useColor) {
                // int + float × int, truncated back to int, as cocos2d-x's colour channels.
                const ColorTransform& a = from.color;
                const ColorTransform& b = to.color;
                color.alpha = static_cast<int>(a.alpha + ratio * (b.alpha - a.alpha));
                color.red = static_cast<int>(a.red + ratio * (b.red - a.red));
                color.green = static_cast<int>(a.green + ratio * (b.green - a.green));
                color.blue = static_cast<int>(a.blue + ratio * (b.blue - a.blue));
            } else {
                color = from.color;
            }
            return from;
        }
    }
    transform = held->transform;
    color = held->color;
    return *held;
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

TweenFrame sampleTrack(const MovementBoneData& track, float playedFrame, Easing movementEasing)
{
    Transform transform;
    ColorTransform color;
    const FrameData& key =
        sampleValues(track.frames, playedFrame, movementEasing, transform, color);
    TweenFrame out = TweenFrame::fromKey(key);
    out.transform = transform;
    out.color = color;
    return out;
}

void sampleMovement(const ArmatureRig& rig, int movement, float elapsedFrames, Pose& pose)
{
    const MovementData& data = rig.movements()[static_cast<size_t>(movement)];
    const int pass = passFrames(data);
    const auto& bones = rig.bones();
    for (size_t b = 0; b < bones.size(); ++b) {
        const MovementBoneData* track = rig.track(movement, static_cast<int>(b));
        if (!track || track->frames.empty())
            continue;
        // A bone runs its pass over durationTween × sc frames; looping, it starts (1 − dl) of
        // the way in and wraps, showing the pass's end on the update that completes it (as
        // cocos2d-x's Tween does).
        const float boneFrames = static_cast<float>(static_cast<int>(pass * track->scale));
        float ratio = boneFrames > 0 ? elapsedFrames / boneFrames : 1.f;
        if (data.loop) {
            if (track->delay != 0.f)
                ratio += 1.f - track->delay;
            if (ratio >= 1.f) {
                const float wrapped = fractionOf(ratio);
                ratio = wrapped == 0.f ? 1.f : wrapped;
            }
        } else {
            ratio = std::min(ratio, 1.f);
        }
        const float played = static_cast<float>(data.duration - 1) * ratio;
        BonePose& out = pose[b];
        const FrameData& key =
            sampleValues(track->frames, played, data.easing, out.local, out.color);
        out.displayIndex = key.displayIndex < 0 ? -1 : key.displayIndex;
        const BoneData& setup = bones[b];
        if (rig.combined()) {
            out.local.x += setup.transform.x;
            out.local.y += setup.transform.y;
            out.local.skewX += setup.transform.skewX;
            out.local.skewY += setup.transform.skewY;
            out.local.scaleX += setup.transform.scaleX - 1;
            out.local.scaleY += setup.transform.scaleY - 1;
            out.zOrder = key.zOrder + setup.zOrder;
        } else {
            out.zOrder = key.zOrder;
        }
    }
}

} // namespace bonescope::core
