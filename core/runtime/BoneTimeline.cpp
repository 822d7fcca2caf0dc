#include "runtime/BoneTimeline.h"

#include <tuple>

namespace bonescope::core {

float boneTimelineFrame(const MovementData& movement, const MovementBoneData& track,
                        double passFrame, bool loop)
{
    return bonePlayedFrame(float(bonePassFrames(movement, track)), track.delay,
                           static_cast<float>(passFrame), loop, 0.f,
                           static_cast<float>(movement.duration - 1));
}

int keyFrameShownAt(const MovementData& movement, const MovementBoneData& track, double passFrame,
                    bool loop)
{
    // The timeline frame is a float: a keyframe it reaches within rounding counts as reached.
    const float played = boneTimelineFrame(movement, track, passFrame, loop);
    int index = 0;
    for (size_t i = 0; i < track.frames.size(); ++i)
        if (float(track.frames[i].startFrame) <= played + 1e-3f)
            index = int(i);
    return index;
}

std::vector<KeyFrameReach> keyFrameReaches(const MovementData& movement,
                                           const MovementBoneData& track, bool loop, int pass)
{
    std::vector<KeyFrameReach> reaches;
    const double rulerEnd = passFrames(movement);
    const double lastFrame = movement.duration - 1;
    const double bonePass = bonePassFrames(movement, track);
    if (!(bonePass > 0) || !(lastFrame > 0)) {
        // One timeline frame, or a bone pass of no frames (it shows its last frame throughout).
        const int shown = bonePass > 0 ? 0 : movement.duration - 1;
        for (size_t k = 0; k < track.frames.size(); ++k)
            if (track.frames[k].startFrame == shown)
                reaches.push_back({0.0, int(k)});
        return reaches;
    }
    // How far into its own pass the bone is at the ruler's frame 0 of this pass: it starts
    // (1 − dl) of the way in and has played `pass` whole movement passes since.
    double offset = 0;
    if (loop)
        offset = std::fmod((track.delay != 0 ? (1 - double(track.delay)) * bonePass : 0) +
                               std::max(pass, 0) * rulerEnd,
                           bonePass);
    if (offset < 0)
        offset += bonePass;
    for (size_t k = 0; k < track.frames.size(); ++k) {
        const double key = track.frames[k].startFrame;
        if (key < 0 || key > lastFrame)
            continue; // a keyframe outside the timeline is never shown
        const double ownFrame = key / lastFrame * bonePass; // into the bone's pass
        const bool endsPass = key == lastFrame;
        if (!loop) {
            if (ownFrame <= rulerEnd)
                reaches.push_back({ownFrame, int(k)});
            continue;
        }
        // The first time at or after the ruler's start, then every bone pass.
        double at = ownFrame - offset;
        if (at < 0)
            at += bonePass;
        for (; at <= rulerEnd; at += bonePass)
            if (at < rulerEnd || endsPass)
                reaches.push_back({at, int(k)});
    }
    // Where the bone's pass ends and the next starts, the last keyframe comes first: the span
    // after that frame is the first keyframe's.
    const auto order = [&](const KeyFrameReach& reach) {
        const bool endsPass = track.frames[size_t(reach.keyFrame)].startFrame == lastFrame;
        return std::tuple(reach.passFrame, !endsPass, reach.keyFrame);
    };
    std::sort(reaches.begin(), reaches.end(),
              [&](const KeyFrameReach& a, const KeyFrameReach& b) { return order(a) < order(b); });
    return reaches;
}

} // namespace bonescope::core
