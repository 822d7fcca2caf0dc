#include "runtime/BoneTween.h"

#include "runtime/Armature.h"
#include "runtime/MovementSampler.h"

#include <cmath>

namespace bonescope::core {

namespace {

/// Whether a value is −0, which `from + ratio × 0` turns into +0 for a positive ratio.
bool hasNegativeZero(const Transform& t)
{
    for (const float v : {t.x, t.y, t.skewX, t.skewY, t.scaleX, t.scaleY})
        if (v == 0 && std::signbit(v))
            return true;
    return false;
}

} // namespace

void BoneTween::resetSpan()
{
    m_spanStart = m_spanEnd = 0.f;
    m_toIndex = 0;
}

void BoneTween::play(Armature& armature, int bone, const MovementBoneData& track,
                     const ArmatureRig::SampledTrack& compiled, ProcessClock& clock,
                     int movementFrames, int durationToFrames, int durationTweenFrames, bool loop,
                     Easing movementEasing)
{
    clock.play(durationToFrames, movementEasing);
    clock.loopType = loop ? LoopType::ToLoopFront : LoopType::NoLoop;
    resetSpan();

    const bool otherMovement = &track != m_track;
    m_track = &track;
    m_firstKey = compiled.first;
    m_frameEvents = compiled.frameEvents;
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

    const TweenFrame& first = armature.rig().keyFrames()[compiled.first];
    if (clock.rawDuration == 0) {
        clock.loopType = LoopType::SingleFrame;
        if (durationToFrames == 0)
            setBetween(armature, bone, first, first, &firstKey);
        else
            setBetween(armature, bone, live, first, nullptr);
        m_frameTweenEasing = Easing::Linear;
    } else if (track.frames.size() > 1) {
        clock.durationTween = bonePassFrames(durationTweenFrames, track.scale);
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
    m_valuesChanged = true;
    settleSpan(movementEasing);
}

void BoneTween::settleSpan(Easing movementEasing)
{
    m_spanEasing = spanCurve(m_frameTweenEasing, movementEasing);
    // The values are from + ratio × difference. A hold keyframe fixes the ratio; a zero
    // difference fixes the values but for −0, which a positive ratio makes +0 and a negative
    // one keeps (cocos2d-x's goldens show both): only a ratio that is never negative, linear or
    // not eased, keeps those. A span of easing None writes nothing (cocos2d-x never tweens it).
    // An eased ratio that is NaN (easesToNaN) makes them NaN, difference or not.
    const bool ratioKeepsSign = m_passLastFrame || m_spanEasing == Easing::Linear;
    const bool ratioIsNaN =
        !m_passLastFrame && easesToNaN(m_spanEasing, m_from.easingParams, m_from.easingParamCount);
    const bool holds = !m_from.isTween || (m_between.isZero() && !ratioIsNaN &&
                                           (ratioKeepsSign || !hasNegativeZero(m_from.transform)));
    m_spanMoves = m_frameTweenEasing != Easing::None && !holds;
}

void BoneTween::updateHandler(Armature& armature, int bone, const TweenPlayhead& playhead)
{
    if (m_generation != playhead.generation()) {
        resetSpan();
        m_generation = playhead.generation();
    }
    float ratio = playhead.ratio();
    if (playhead.inPass())
        ratio =
            updateFrameData(armature, bone, playhead.played(), ratio, playhead.clock().tweenEasing);
    // Only a tween step marks the bone for the hierarchy pass, as cocos2d-x's tweenNodeTo
    // alone sets its bone's transform dirty: a hold keyframe of easing None copies its values
    // (setBetween) but leaves the world transform where it was (oracle: a stale matrix).
    if (m_frameTweenEasing != Easing::None) {
        tweenNodeTo(ratio, armature.tweenData(bone));
        m_valuesChanged = true;
    }
}

void BoneTween::setBetween(Armature& armature, int bone, const TweenFrame& from,
                           const TweenFrame& to, const FrameData* fromKey, bool limit)
{
    // A hidden neighbour makes the span hold the visible frame's values.
    const bool fromHidden = from.displayIndex < 0;
    const bool hiddenNeighbour = fromHidden != (to.displayIndex < 0);
    m_between.subtract(hiddenNeighbour ? to : from, to, limit);
    m_from.assign(hiddenNeighbour && fromHidden ? to : from);

    // A hold keyframe (tween off) sets the live values at once. `from` may be those live
    // values: the copy onto itself changes nothing arriveKeyFrame reads.
    if (!from.isTween) {
        TweenFrame& live = armature.tweenData(bone);
        live = from;
        live.isTween = true;
        armature.showLiveLocal(bone);
    }
    armature.arriveKeyFrame(bone, from, fromKey);
}

void BoneTween::raiseFrameEvents(Armature& armature, int bone, int target, float played) const
{
    // Every keyframe passed since the previous span raises its event.
    const auto& frames = m_track->frames;
    const int length = static_cast<int>(frames.size());
    int index = m_toIndex;
    while (true) {
        const FrameData& passed = frames[static_cast<size_t>(index)];
        if (!passed.event.empty())
            armature.animation().frameEvent(bone, passed.event, passed.startFrame,
                                            static_cast<int>(played));
        if (index == target)
            break;
        index = index + 1 >= length ? 0 : index + 1;
    }
}

bool BoneTween::enterSpan(Armature& armature, int bone, float played)
{
    const auto& frames = m_track->frames;
    const int length = static_cast<int>(frames.size());
    // The track's keyframes as the rig compiled them: the search and the span's values read
    // these, the keyframes themselves only for their events. Start frames are whole numbers
    // within kMaxFrames, so as floats they compare and subtract exactly as the ints.
    const float* starts = armature.rig().keyStarts() + m_firstKey;
    const TweenFrame* keys = armature.rig().keyFrames() + m_firstKey;
    if (played < starts[0]) {
        setBetween(armature, bone, keys[0], keys[0], &frames.front());
        return true;
    }
    if (played >= starts[length - 1]) {
        // Past the last keyframe: hold it (from the second time on).
        if (m_passLastFrame) {
            setBetween(armature, bone, keys[length - 1], keys[length - 1], &frames.back());
            return true;
        }
        m_passLastFrame = true;
    } else {
        m_passLastFrame = false;
    }

    // The span: the one after the cached span in sequential playback, else binary search;
    // except that cocos2d-x stops at the first keyframe it meets starting exactly at `played`
    // while walking forward from the previous span. (`played` is before the last keyframe and
    // not NaN when the first test holds, so the next span's end is a keyframe of the track.)
    int target;
    if (m_passLastFrame)
        target = length - 1;
    else if (played >= starts[m_toIndex] && played < starts[m_toIndex + 1])
        target = m_toIndex;
    else
        target = static_cast<int>(findKeyStart(starts, static_cast<unsigned>(length), played));
    const int walkStart = m_toIndex <= target ? m_toIndex : 0;
    if (starts[target] == played)
        while (target > walkStart && starts[target - 1] == starts[target])
            --target;

    if (m_frameEvents && !armature.animation().ignoresFrameEvents())
        raiseFrameEvents(armature, bone, target, played);

    m_toIndex = target + 1 >= length ? 0 : target + 1;
    m_spanStart = starts[target];
    m_spanEnd = starts[m_toIndex];
    m_frameTweenEasing = keys[target].easing;
    setBetween(armature, bone, keys[target], keys[m_toIndex], &frames[static_cast<size_t>(target)],
               false);
    return false;
}

float BoneTween::updateFrameData(Armature& armature, int bone, float played, float heldRatio,
                                 Easing movementEasing)
{
    // Sequential playback stays inside the cached span; entering another is the rare case.
    if (played < m_spanStart || played >= m_spanEnd) {
        const bool held = enterSpan(armature, bone, played);
        settleSpan(movementEasing);
        if (held)
            return heldRatio;
    }
    return spanRatio(played, movementEasing);
}

} // namespace bonescope::core
