#include "runtime/MovementSampler.h"

#include "runtime/ArmatureRig.h"
#include "runtime/TweenFunction.h"

#include <algorithm>
#include <cmath>

namespace bonescope::core {

int findKeyFrame(const std::vector<FrameData>& frames, float playedFrame)
{
    const auto after = std::upper_bound(
        frames.begin(), frames.end(), playedFrame,
        [](float t, const FrameData& frame) { return t < static_cast<float>(frame.startFrame); });
    return after == frames.begin() ? 0 : static_cast<int>(after - frames.begin()) - 1;
}

float keyRatio(const std::vector<FrameData>& frames, int key, float playedFrame,
               Easing movementEasing)
{
    const size_t index = static_cast<size_t>(key);
    if (index + 1 >= frames.size())
        return 0.f;
    const FrameData& from = frames[index];
    const int span = frames[index + 1].startFrame - from.startFrame;
    float ratio =
        span == 0 ? 0.f
                  : (playedFrame - static_cast<float>(from.startFrame)) / static_cast<float>(span);
    const Easing type = from.easing != Easing::Linear ? from.easing : movementEasing;
    if (type != Easing::None && type != Easing::Linear)
        ratio = tweenTo(ratio, type, from.easingParams.data(),
                        static_cast<int>(from.easingParams.size()));
    return ratio;
}

TweenFrame sampleTrack(const MovementBoneData& track, float playedFrame, Easing movementEasing)
{
    const auto& frames = track.frames;
    const int key = findKeyFrame(frames, playedFrame);
    const size_t index = static_cast<size_t>(key);
    TweenFrame from = TweenFrame::fromKey(frames[index]);
    if (index + 1 >= frames.size() || !from.isTween)
        return from;
    const TweenFrame to = TweenFrame::fromKey(frames[index + 1]);
    // cocos2d-x Tween::setBetween: a hidden neighbour holds the visible frame's values.
    if (from.displayIndex < 0 && to.displayIndex >= 0)
        return to;
    if (to.displayIndex < 0 && from.displayIndex >= 0)
        return from;
    TweenFrame between;
    between.subtract(from, to, false);
    const float ratio = keyRatio(frames, key, playedFrame, movementEasing);
    TweenFrame out = from;
    Transform& t = out.transform;
    t.x = from.transform.x + ratio * between.transform.x;
    t.y = from.transform.y + ratio * between.transform.y;
    t.scaleX = from.transform.scaleX + ratio * between.transform.scaleX;
    t.scaleY = from.transform.scaleY + ratio * between.transform.scaleY;
    t.skewX = from.transform.skewX + ratio * between.transform.skewX;
    t.skewY = from.transform.skewY + ratio * between.transform.skewY;
    if (between.useColor) {
        out.color.alpha = static_cast<int>(from.color.alpha + ratio * between.color.alpha);
        out.color.red = static_cast<int>(from.color.red + ratio * between.color.red);
        out.color.green = static_cast<int>(from.color.green + ratio * between.color.green);
        out.color.blue = static_cast<int>(from.color.blue + ratio * between.color.blue);
    }
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
                const float wrapped = std::fmod(ratio, 1.f);
                ratio = wrapped == 0.f ? 1.f : wrapped;
            }
        } else {
            ratio = std::min(ratio, 1.f);
        }
        const float played = static_cast<float>(data.duration - 1) * ratio;
        const TweenFrame values = sampleTrack(*track, played, data.easing);
        BonePose& out = pose[b];
        out.local = values.transform;
        out.displayIndex = values.displayIndex < 0 ? -1 : values.displayIndex;
        out.color = values.color;
        const BoneData& setup = bones[b];
        if (rig.combined()) {
            out.local.x += setup.transform.x;
            out.local.y += setup.transform.y;
            out.local.skewX += setup.transform.skewX;
            out.local.skewY += setup.transform.skewY;
            out.local.scaleX += setup.transform.scaleX - 1;
            out.local.scaleY += setup.transform.scaleY - 1;
            out.zOrder = values.zOrder + setup.zOrder;
        } else {
            out.zOrder = values.zOrder;
        }
    }
}

} // namespace bonescope::core
