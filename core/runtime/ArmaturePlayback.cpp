#include "runtime/ArmaturePlayback.h"

#include "base/FrameRate.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Blender.h"
#include "runtime/Hierarchy.h"

#include <cmath>

namespace bonescope::core {

struct ArmaturePlayback::State {
    std::shared_ptr<const ArmatureRig> rig;
    std::unique_ptr<Armature> armature;
    std::unique_ptr<ArmatureMovementSource> source;
    std::unique_ptr<Blender> blender; ///< set while a blender crossfade runs
    Pose pose;
    int movement = -1;
    bool loop = true;
    bool sampled = false; ///< the pose comes from a seek: the player resumes from there
    double frame = 0.0;   ///< frames into the pass, as the ruler shows it
    double updates = 0.0; ///< 1/60 s updates of wall time since play()
    bool inUpdate = false;
    std::vector<PlaybackEvent> pending; ///< raised by the player, not yet handed out
    Crossfade fade;
    double fadeElapsed = -1.0; ///< frames since crossfade(); −1 when none ran

    const MovementData* data(int index) const
    {
        return index >= 0 && index < int(rig->movements().size()) ? &rig->movements()[size_t(index)]
                                                                  : nullptr;
    }
    void sampleInto(int index, double at, Pose& out) const
    {
        BlendClip clip;
        clip.start(index, loop);
        clip.timeSeconds = clip.elapsedSeconds = framesToSeconds(at);
        source->sample(clip, out);
        updateWorldTransforms(*rig, out);
    }
    void startPlayer(int index, int durationTo)
    {
        armature->animation().playByIndex(index, durationTo, loop ? 1 : 0);
    }
    /// Resumes the player at pass frame `at` of the current movement, where the sampler showed
    /// it: the pass is played from its start up to there, the events of that catch-up dropped.
    /// (cocos2d-x's gotoAndPlay would round to a whole timeline frame and set every bone's
    /// clock to it, losing the phase of bones of their own `sc` or `dl`: robot run's feet
    /// jumped 37 px.)
    void resumePlayer(double at)
    {
        startPlayer(movement, 0);
        Player& player = armature->animation();
        const double framesPerUpdate = double(player.speedScale()) * data(movement)->scale;
        const double updates = framesPerUpdate > 0 ? at / framesPerUpdate : 0;
        // Whole updates, as playing does, keep the clock's frames exact; then the fraction.
        const double whole = updatesCompleted(updates);
        for (double update = 0; update < whole; ++update)
            armature->update(kFrameSeconds);
        if (updates > whole + kUpdateNoise)
            armature->update(float((updates - whole) * kSecondsPerFrame));
        pending.clear();
    }
    /// An event raised during an update carries that update; one raised between updates (by
    /// play()) the last completed one (golden/README.md "Events files").
    int eventFrame() const
    {
        return inUpdate ? updateUnderWay(updates) : int(updatesCompleted(updates));
    }
    void posed() { pose = armature->pose(); }
};

ArmaturePlayback::ArmaturePlayback(const SkeletonData& skeleton, const ArmatureData& armature)
    : m_state(std::make_unique<State>())
{
    State& s = *m_state;
    s.rig = ArmatureRig::create(skeleton, armature.name);
    s.armature = std::make_unique<Armature>(s.rig);
    // A fresh armature is posed at the first movement's first keyframe: bones a movement leaves
    // out show that, as they do in cocos2d-x.
    s.source = std::make_unique<ArmatureMovementSource>(s.rig, s.armature->pose());
    s.posed();
    s.armature->animation().setListener([this](const ArmatureEvent& event) {
        State& st = *m_state;
        const bool frameEvent = event.kind == ArmatureEventKind::Frame;
        st.pending.push_back({event.kind, std::string(event.movement), std::string(event.name),
                              st.eventFrame(), frameEvent ? event.keyFrame : -1,
                              frameEvent ? event.playedFrame : -1});
    });
}

ArmaturePlayback::~ArmaturePlayback() = default;

void ArmaturePlayback::play(int movement, bool loop)
{
    State& s = *m_state;
    s.blender.reset();
    s.fadeElapsed = -1.0;
    s.sampled = false;
    s.pending.clear();
    s.movement = s.data(movement) ? movement : -1;
    s.loop = loop;
    s.frame = 0.0;
    s.updates = 0.0;
    if (s.movement < 0)
        return;
    s.startPlayer(s.movement, -1);
    s.posed();
}

void ArmaturePlayback::seek(double frame)
{
    State& s = *m_state;
    s.blender.reset();
    s.fadeElapsed = -1.0;
    if (s.movement < 0)
        return;
    s.frame = frame;
    s.updates = frame;
    s.sampled = true;
    s.sampleInto(s.movement, frame, s.pose);
}

void ArmaturePlayback::setSpeed(double ratio)
{
    m_state->armature->animation().setSpeedScale(float(ratio));
}

void ArmaturePlayback::update(double dtSeconds, std::vector<PlaybackEvent>& events)
{
    State& s = *m_state;
    if (s.movement < 0)
        return;
    const double speed = s.armature->animation().speedScale();
    s.updates += secondsToFrames(dtSeconds);
    if (s.fadeElapsed >= 0.0)
        s.fadeElapsed += secondsToFrames(dtSeconds) * speed *
                         crossfadeFramesPerUpdate(s.fade.type, *s.data(s.fade.target));
    s.inUpdate = true;
    if (s.blender) {
        AnimationBlender& state = s.blender->state();
        state.addTime(dtSeconds * speed);
        s.blender->evaluate(s.pose);
        updateWorldTransforms(*s.rig, s.pose);
        // A copy: the blender that owns the clip is freed below when the transition ends.
        const BlendClip current = state.source();
        s.frame = secondsToFrames(current.timeSeconds);
        if (!state.blending()) {
            // The transition is over: the player takes the target on from where it is.
            s.blender.reset();
            s.movement = current.movement;
            s.loop = current.loop;
            s.resumePlayer(s.frame);
        }
    } else {
        if (s.sampled) {
            // Resume the player where the seek left the pose; the jump raises no events.
            s.sampled = false;
            s.resumePlayer(s.frame);
        }
        s.armature->update(float(dtSeconds));
        s.frame = s.armature->animation().currentFrame();
        const int playing = s.armature->animation().movementIndex();
        if (playing >= 0)
            s.movement = playing;
        s.posed();
    }
    s.inUpdate = false;
    events.insert(events.end(), s.pending.begin(), s.pending.end());
    s.pending.clear();
}

void ArmaturePlayback::crossfade(const Crossfade& crossfade, bool loop)
{
    State& s = *m_state;
    if (!s.data(crossfade.source) || !s.data(crossfade.target))
        return;
    s.fade = crossfade;
    s.fadeElapsed = 0.0;
    if (crossfade.type == TransitionKind::DurationTo) {
        // cocos2d-x's own transition: the player tweens from the live pose into the target.
        s.blender.reset();
        s.sampled = false;
        s.loop = loop;
        s.startPlayer(crossfade.target, crossfade.durationFrames);
        s.movement = crossfade.target;
        s.frame = 0.0;
        s.posed();
        return;
    }
    s.blender = std::make_unique<Blender>(*s.source);
    AnimationBlender& state = s.blender->state();
    state.init(crossfade.source, s.loop);
    state.addTime(framesToSeconds(s.frame));
    state.blend(crossfade.target, blendTransition(crossfade.type),
                framesToSeconds(crossfade.durationFrames), loop);
    s.blender->evaluate(s.pose);
    updateWorldTransforms(*s.rig, s.pose);
}

int ArmaturePlayback::movement() const
{
    return m_state->movement;
}

double ArmaturePlayback::frame() const
{
    return m_state->frame;
}

bool ArmaturePlayback::showsPass() const
{
    const State& s = *m_state;
    // A seek samples the pass; the player catches up on the next update.
    return !s.blender && (s.sampled || !s.armature->animation().isBlendingIn());
}

const Pose& ArmaturePlayback::pose() const
{
    return m_state->pose;
}

Pose ArmaturePlayback::sample(int movement, double frame) const
{
    Pose out;
    if (m_state->data(movement))
        m_state->sampleInto(movement, frame, out);
    return out;
}

void ArmaturePlayback::composeNested(const Pose& parent, NestedPoses& out) const
{
    m_state->armature->composeNested(parent, out);
}

CrossfadeWeights ArmaturePlayback::crossfadeWeights() const
{
    const State& s = *m_state;
    if (s.blender)
        return core::crossfadeWeights(s.blender->state(), s.fade.source, s.fade.target);
    if (s.fadeElapsed < 0.0)
        return {};
    // cocos2d-x's durationTo tween, or a blender crossfade that has handed over.
    return crossfadeWeightsAt(s.fade.type, s.fade.durationFrames, s.fadeElapsed);
}

double ArmaturePlayback::crossfadeElapsedFrames() const
{
    return m_state->fadeElapsed;
}

} // namespace bonescope::core
