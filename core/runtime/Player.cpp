#include "runtime/Player.h"

#include "base/Clones.h"
#include "runtime/Armature.h"

#include <cmath>

namespace bonescope::core {

Player::Player(Armature& armature) : m_armature(armature)
{
    const size_t bones = armature.rig().bones().size();
    m_tweenList.reserve(bones);
    // Every bone's tween starts on playhead 0, stopped. A movement needs a few playheads: the
    // two vectors grow to the most any play() needed and keep that capacity (they swap).
    m_playheads.push_back({TweenPlayhead(ProcessClock{}, 0.f), false});
    m_frameEvents.reserve(bones + 4);
    m_movementEvents.reserve(8);
}

void Player::copyStateFrom(const Player& other)
{
    m_clock = other.m_clock;
    m_movement = other.m_movement;
    m_movementIndex = other.m_movementIndex;
    m_speedScale = other.m_speedScale;
    m_ignoreFrameEvent = other.m_ignoreFrameEvent;
    m_tweenList = other.m_tweenList;
    m_playheads = other.m_playheads;
    m_onMovementList = other.m_onMovementList;
    m_movementListLoop = other.m_movementListLoop;
    m_movementListDurationTo = other.m_movementListDurationTo;
    m_movementListIndex = other.m_movementListIndex;
    m_movementList = other.m_movementList;
    m_frameEvents = other.m_frameEvents;
    m_movementEvents = other.m_movementEvents;
}

bool Player::play(std::string_view movement, int durationToFrames, int loop)
{
    return playByIndex(m_armature.rig().movementIndex(movement), durationToFrames, loop);
}

bool Player::playByIndex(int movementIndex, int durationToFrames, int loop)
{
    const auto& movements = m_armature.rig().movements();
    if (movementIndex < 0 || movementIndex >= static_cast<int>(movements.size()))
        return false;
    m_movement = &movements[static_cast<size_t>(movementIndex)];
    m_movementIndex = movementIndex;
    const MovementData& data = *m_movement;

    m_clock.rawDuration = data.duration;
    m_clock.processScale = m_speedScale * data.scale;
    const int durationTo = durationToFrames == -1 ? data.durationTo : durationToFrames;
    const int durationTween = passFrames(data);
    const bool loops = loop < 0 ? data.loop : loop != 0;
    m_onMovementList = false;

    m_clock.play(durationTo, data.easing);
    if (m_clock.rawDuration == 0) {
        m_clock.loopType = LoopType::SingleFrame;
    } else {
        m_clock.loopType = loops ? LoopType::ToLoopFront : LoopType::NoLoop;
        m_clock.durationTween = durationTween;
    }

    m_tweenList.clear();
    m_nextPlayheads.clear();
    const int boneCount = static_cast<int>(m_armature.rig().bones().size());
    for (int bone = 0; bone < boneCount; ++bone) {
        const MovementBoneData* track = m_armature.rig().track(movementIndex, bone);
        BoneTween& tween = m_armature.tween(bone);
        // Each bone starts from its own clock, as cocos2d-x's tweens (some fields carry over).
        ProcessClock clock = m_playheads[tween.playhead()].playhead.clock();
        if (track && !track->frames.empty()) {
            m_tweenList.push_back(bone);
            tween.play(m_armature, bone, *track,
                       m_armature.rig().sampledTracks(movementIndex)[bone], clock, data.duration,
                       durationTo, durationTween, loops, data.easing);
            clock.processScale = m_clock.processScale;
            joinPlayhead(tween, clock, track->delay, true);
            if (Armature* child = m_armature.childArmature(bone))
                child->animation().setSpeedScale(m_clock.processScale);
        } else {
            // A bone the movement leaves out is hidden and stops.
            m_armature.changeDisplay(bone, -1);
            clock.stop();
            joinPlayhead(tween, clock, 0.f, false);
        }
    }
    m_playheads.swap(m_nextPlayheads);
    m_armature.update(0);
    return true;
}

void Player::playWithNames(const std::vector<std::string>& movements, int durationToFrames,
                           bool loop)
{
    m_movementList.clear();
    for (const auto& name : movements)
        m_movementList.push_back(m_armature.rig().movementIndex(name));
    m_movementListLoop = loop;
    m_movementListDurationTo = durationToFrames;
    m_onMovementList = true;
    m_movementListIndex = 0;
    updateMovementList();
}

void Player::updateMovementList()
{
    // cocos2d-x reads an empty list out of range; here it plays nothing.
    if (!m_onMovementList || m_movementList.empty())
        return;
    if (m_movementListLoop) {
        playByIndex(m_movementList.at(m_movementListIndex), m_movementListDurationTo, 0);
        if (++m_movementListIndex >= m_movementList.size())
            m_movementListIndex = 0;
    } else if (m_movementListIndex < m_movementList.size()) {
        playByIndex(m_movementList[m_movementListIndex], m_movementListDurationTo, 0);
        ++m_movementListIndex;
    }
    // cocos2d-x leaves the list flag set even after the last movement (nothing more plays).
    m_onMovementList = true;
}

void Player::gotoAndPlay(int frame)
{
    if (!m_movement || frame < 0 || frame >= m_movement->duration)
        return;
    const bool ignore = m_ignoreFrameEvent;
    m_ignoreFrameEvent = true;

    m_clock.gotoAndPlay(frame);
    for (SharedPlayhead& shared : m_playheads)
        if (shared.listed)
            shared.playhead.gotoAndPlay(frame);
    m_armature.update(0);

    m_ignoreFrameEvent = ignore;
}

void Player::gotoAndPause(int frame)
{
    gotoAndPlay(frame);
    pause();
}

void Player::pause()
{
    for (SharedPlayhead& shared : m_playheads)
        if (shared.listed)
            shared.playhead.clock().pause();
    m_clock.pause();
}

void Player::resume()
{
    for (SharedPlayhead& shared : m_playheads)
        if (shared.listed)
            shared.playhead.clock().resume();
    m_clock.resume();
}

void Player::stop()
{
    for (SharedPlayhead& shared : m_playheads) {
        if (shared.listed)
            shared.playhead.clock().stop();
        shared.listed = false;
    }
    m_tweenList.clear();
    m_clock.stop();
}

void Player::setSpeedScale(float scale)
{
    if (scale == m_speedScale)
        return;
    m_speedScale = scale;
    m_clock.processScale = m_movement ? m_speedScale * m_movement->scale : m_speedScale;
    for (SharedPlayhead& shared : m_playheads)
        shared.playhead.clock().processScale = m_clock.processScale;
    const int boneCount = static_cast<int>(m_armature.rig().bones().size());
    for (int bone = 0; bone < boneCount; ++bone) {
        if (Armature* child = m_armature.childArmature(bone))
            child->animation().setSpeedScale(m_clock.processScale);
    }
}

void Player::joinPlayhead(BoneTween& tween, const ProcessClock& clock, float delay, bool listed)
{
    for (size_t i = 0; i < m_nextPlayheads.size(); ++i) {
        const SharedPlayhead& shared = m_nextPlayheads[i];
        if (shared.listed == listed && shared.playhead.keepsTimeWith(clock, delay)) {
            tween.joinPlayhead(static_cast<unsigned>(i), shared.playhead.generation());
            return;
        }
    }
    m_nextPlayheads.push_back({TweenPlayhead(clock, delay), listed});
    tween.joinPlayhead(static_cast<unsigned>(m_nextPlayheads.size() - 1), 0);
}

bool Player::tweenStepped(int bone) const
{
    const BoneTween& tween = std::as_const(m_armature).tween(bone);
    const SharedPlayhead& shared = m_playheads[tween.playhead()];
    return m_tweensRan && shared.listed && shared.playhead.advanced() && tween.stepsValues();
}

const ProcessClock& Player::tweenClock(int bone) const
{
    return m_playheads[m_armature.tween(bone).playhead()].playhead.clock();
}

std::string_view Player::currentMovementId() const
{
    if (m_clock.isComplete || !m_movement)
        return {};
    return m_movement->name;
}

BONESCOPE_AVX2_CLONES
void Player::update(float dtSeconds)
{
    if (m_clock.advance(dtSeconds))
        updateHandler();
    m_tweensRan = !(dtSeconds > 1); // as ProcessClock::advance, which ignores longer steps
    if (m_tweensRan) {
        const float frames = dtSeconds / kFrameSeconds;
        // The playheads and the list are read after updateHandler (which may start the next
        // movement of a list and rebuild them); the tweens never change them.
        for (SharedPlayhead& shared : m_playheads)
            if (shared.listed)
                shared.playhead.advance(frames);
        // Held in locals: the calls below (a span entry, an easing) could not change them, but
        // members would be read again after each.
        Armature& armature = m_armature;
        const SharedPlayhead* const playheads = m_playheads.data();
        BoneTween::EasedValues eased{{}};
        for (const int bone : m_tweenList) {
            BoneTween& tween = armature.tween(bone);
            tween.update(armature, bone, armature.tweenData(bone),
                         playheads[tween.playhead()].playhead, eased);
        }
        eased.flush();
    }
    dispatchEvents();
}

void Player::updateHandler()
{
    ProcessClock& c = m_clock;
    // Written as cocos2d-x's `>= 1` test: a NaN ratio (goto on a one-frame movement) must not
    // count as the end of the pass.
    if (!(c.currentPercent >= 1))
        return;
    switch (c.loopType) {
    case LoopType::NoLoop:
        c.loopType = LoopType::Max;
        c.currentFrame = (c.currentPercent - 1) * static_cast<float>(c.nextFrameIndex);
        c.currentPercent = c.currentFrame / static_cast<float>(c.durationTween);
        if (!(c.currentPercent >= 1.0f)) {
            c.nextFrameIndex = c.durationTween;
            movementEvent(ArmatureEventKind::Start);
        }
        break;
    case LoopType::Max:
    case LoopType::SingleFrame:
        c.currentPercent = 1;
        c.isComplete = true;
        c.isPlaying = false;
        movementEvent(ArmatureEventKind::Complete);
        updateMovementList();
        break;
    case LoopType::ToLoopFront:
        c.loopType = LoopType::LoopFront;
        c.currentPercent = std::fmod(c.currentPercent, 1.f);
        c.currentFrame = c.nextFrameIndex == 0
                             ? 0
                             : std::fmod(c.currentFrame, static_cast<float>(c.nextFrameIndex));
        c.nextFrameIndex = c.durationTween > 0 ? c.durationTween : 1;
        movementEvent(ArmatureEventKind::Start);
        break;
    default:
        c.currentFrame = std::fmod(c.currentFrame, static_cast<float>(c.nextFrameIndex));
        movementEvent(ArmatureEventKind::LoopComplete);
        break;
    }
}

void Player::movementEvent(ArmatureEventKind kind)
{
    if (!m_listener)
        return;
    ArmatureEvent event;
    event.kind = kind;
    event.movement = m_movement->name;
    m_movementEvents.push_back(event);
}

void Player::frameEvent(int bone, std::string_view name, int keyFrame, int playedFrame)
{
    if (!m_listener)
        return;
    ArmatureEvent event;
    event.kind = ArmatureEventKind::Frame;
    event.name = name;
    event.bone = bone;
    event.keyFrame = keyFrame;
    event.playedFrame = playedFrame;
    m_frameEvents.push_back(event);
}

void Player::dispatchEvents()
{
    // Frame events first, then movement events, oldest first, as cocos2d-x's queues. A
    // listener may re-enter play(), which dispatches what is queued by then.
    while (!m_frameEvents.empty()) {
        ArmatureEvent event = m_frameEvents.front();
        m_frameEvents.erase(m_frameEvents.begin());
        event.movement = currentMovementId();
        m_ignoreFrameEvent = true;
        m_listener(event);
        m_ignoreFrameEvent = false;
    }
    while (!m_movementEvents.empty()) {
        const ArmatureEvent event = m_movementEvents.front();
        m_movementEvents.erase(m_movementEvents.begin());
        m_listener(event);
    }
}

} // namespace bonescope::core
