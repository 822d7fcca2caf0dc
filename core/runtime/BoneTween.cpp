#include "runtime/BoneTween.h"

#include "runtime/Armature.h"
#include "runtime/MovementSampler.h"
#include "runtime/TweenFunction.h"


namespace bonescope::core {

void BoneTween::resetSpan()
{
    m_spanStart = m_spanEnd = m_spanLength = 0.f;
    m_toIndex = 0;
}

void BoneTween::play(Armature& armature, int bone, const MovementBoneData& track,
                     ProcessClock& clock, int movementFrames, int durationToFrames,
                     int durationTweenFrames, bool loop, Easing movementEasing)
{
    clock.play(durationToFrames, movementEasing);
    clock.loopType = loop ? LoopType::ToLoopFront : LoopType::NoLoop;
    resetSpan();

    const bool otherMovement = &track != m_track;
    m_track = &track;
    clock.rawDuration = movementFrames;

    const FrameData& firstKey = track.frames.front();
    TweenFrame& live = armature.tweenData(bone);
    live.displayIndex = firstKey.displayIndex;
    if (armature.rig().combined()) {
        // cocos2d-x 3.14+ still subtracts the setup pose here although the live values are
        // already deltas (Bone::update no longer adds the setup into them): a blend from a
        // non-identity setup starts displaced. The goldens show it, so it is reproduced.
        const Transform& setup = armature.rig().bones()[static_cast<size_t>(bone)].transform;
        live.transform.x -= setup.x;
        live.transform.y -= setup.y;
        live.transform.skewX -= setup.skewX;
        live.transform.skewY -= setup.skewY;
        live.transform.scaleX -= setup.scaleX;
        live.transform.scaleY -= setup.scaleY;
        live.transform.scaleX += 1;
        live.transform.scaleY += 1;
    }

    const TweenFrame first = TweenFrame::fromKey(firstKey);
    if (clock.rawDuration == 0) {
        clock.loopType = LoopType::SingleFrame;
        if (durationToFrames == 0)
            setBetween(armature, bone, first, first, &firstKey);
        else
            setBetween(armature, bone, live, first, nullptr);
        m_frameTweenEasing = Easing::Linear;
    } else if (track.frames.size() > 1) {
        clock.durationTween = static_cast<int>(durationTweenFrames * track.scale);
        if (loop && track.delay != 0) {
            // Start the pass (1 − dl) of the way in: blend toward the pose there.
            const float played = TweenPlayhead::timelineFrame(clock, 1 - track.delay, track.delay);
            const float ratio =
                updateFrameData(armature, bone, played, clock.currentPercent, movementEasing);
            // cocos2d-x tweens its _between in place and blends to it: a frame with default
            // fields but for the transform and colour.
            TweenFrame target;
            target.transform = m_between.transform;
            target.color = m_between.color;
            target.useColor = m_between.useColor;
            tweenNodeTo(ratio, target);
            setBetween(armature, bone, live, target, nullptr);
        } else if (!otherMovement || durationToFrames == 0) {
            setBetween(armature, bone, first, first, &firstKey);
        } else {
            setBetween(armature, bone, live, first, nullptr);
        }
    }
    tweenNodeTo(0, armature.tweenData(bone));
}

void BoneTween::updateHandler(Armature& armature, int bone, const TweenPlayhead& playhead)
{
    if (m_generation != playhead.generation()) {
        resetSpan();
        m_generation = playhead.generation();
    }
    float ratio = playhead.ratio();
    if (playhead.inPass())
        ratio = updateFrameData(armature, bone, playhead.played(), ratio,
                                playhead.clock().tweenEasing);
    if (m_frameTweenEasing != Easing::None)
        tweenNodeTo(ratio, armature.tweenData(bone));
}

void BoneTween::setBetween(Armature& armature, int bone, const TweenFrame& from,
                           const TweenFrame& to, const FrameData* fromKey, bool limit)
{
    // A hidden neighbour makes the span hold the visible frame's values.
    TweenDelta between = m_between;
    if (from.displayIndex < 0 && to.displayIndex >= 0) {
        between.subtract(to, to, limit);
        m_from = SpanStart::of(to);
    } else if (to.displayIndex < 0 && from.displayIndex >= 0) {
        between.subtract(to, to, limit);
        m_from = SpanStart::of(from);
    } else {
        between.subtract(from, to, limit);
        m_from = SpanStart::of(from);
    }
    m_between = between;

    // A hold keyframe (tween off) sets the live values at once.
    const TweenFrame arrived = from;
    if (!arrived.isTween) {
        TweenFrame& live = armature.tweenData(bone);
        live = arrived;
        live.isTween = true;
    }
    armature.arriveKeyFrame(bone, arrived, fromKey);
}

bool BoneTween::enterSpan(Armature& armature, int bone, float played)
{
    const auto& frames = m_track->frames;
    const int length = static_cast<int>(frames.size());
    if (played < static_cast<float>(frames.front().startFrame)) {
        const TweenFrame first = TweenFrame::fromKey(frames.front());
        setBetween(armature, bone, first, first, &frames.front());
        return true;
    }
    if (played >= static_cast<float>(frames.back().startFrame)) {
        // Past the last keyframe: hold it (from the second time on).
        if (m_passLastFrame) {
            const TweenFrame last = TweenFrame::fromKey(frames.back());
            setBetween(armature, bone, last, last, &frames.back());
            return true;
        }
        m_passLastFrame = true;
    } else {
        m_passLastFrame = false;
    }

    // The span: binary search, except that cocos2d-x stops at the first keyframe it meets
    // starting exactly at `played` while walking forward from the previous span.
    int target = m_passLastFrame ? length - 1 : findKeyFrame(frames, played);
    const int walkStart = m_toIndex <= target ? m_toIndex : 0;
    if (static_cast<float>(frames[static_cast<size_t>(target)].startFrame) == played)
        while (target > walkStart && frames[static_cast<size_t>(target - 1)].startFrame ==
                                         frames[static_cast<size_t>(target)].startFrame)
            --target;

    // Every keyframe passed since the previous span raises its event (wrapping on loops).
    const bool raise = !armature.animation().ignoresFrameEvents();
    int index = m_toIndex;
    while (true) {
        const FrameData& passed = frames[static_cast<size_t>(index)];
        if (raise && !passed.event.empty())
            armature.animation().frameEvent(bone, passed.event, passed.startFrame,
                                            static_cast<int>(played));
        if (index == target)
            break;
        index = index + 1 >= length ? 0 : index + 1;
    }

    m_toIndex = target + 1 >= length ? 0 : target + 1;
    const FrameData& fromKey = frames[static_cast<size_t>(target)];
    const FrameData& toKey = frames[static_cast<size_t>(m_toIndex)];
    m_spanStart = static_cast<float>(fromKey.startFrame);
    m_spanEnd = static_cast<float>(toKey.startFrame);
    m_spanLength = static_cast<float>(toKey.startFrame - fromKey.startFrame);
    m_frameTweenEasing = fromKey.easing;
    setBetween(armature, bone, TweenFrame::fromKey(fromKey), TweenFrame::fromKey(toKey), &fromKey,
               false);
    return false;
}

float BoneTween::updateFrameData(Armature& armature, int bone, float played, float heldRatio,
                                 Easing movementEasing)
{
    // Sequential playback stays inside the cached span; entering another is the rare case.
    if (played < m_spanStart || played >= m_spanEnd) {
        if (enterSpan(armature, bone, played))
            return heldRatio;
    }
    return spanRatio(played, movementEasing);
}

} // namespace bonescope::core
