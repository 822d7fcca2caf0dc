#include "ArmaturePlayback.h"

#include "bake/BakeWriter.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Blender.h"
#include "runtime/Hierarchy.h"

#include <algorithm>
#include <cmath>

namespace bonescope::app {

namespace {
constexpr double kFps = 60.0; // cocos2d-x armatures advance one frame per 1/60 s update

/// Frames (updates at speed 1) one pass of `movement` takes: durationTween, or dr without it.
int passFrames(const core::MovementData& movement)
{
    return movement.durationTween > 0 ? movement.durationTween : movement.duration;
}

core::BlendTransition blendTransition(widgets::TransitionType type)
{
    switch (type) {
    case widgets::TransitionType::Switch:
        return core::BlendTransition::Switch;
    case widgets::TransitionType::ThenAnimate:
        return core::BlendTransition::ThenAnimate;
    case widgets::TransitionType::WhileAnimating:
    case widgets::TransitionType::DurationTo: // run by the player, never by the blender
        break;
    }
    return core::BlendTransition::WhileAnimating;
}
} // namespace

struct ArmaturePlayback::State {
    std::shared_ptr<const core::ArmatureRig> rig;
    std::unique_ptr<core::Armature> armature;
    std::unique_ptr<core::ArmatureMovementSource> source;
    std::unique_ptr<core::Blender> blender; ///< set while a blender crossfade runs
    core::Pose pose;
    int movement = -1;
    bool loop = true;
    bool sampled = false; ///< the pose comes from a seek: the player resumes from there
    double frame = 0.0;   ///< frames into the pass, as the ruler shows it
    QList<widgets::PlaybackEvent> events; ///< filled by the player's listener

    const core::MovementData* data(int index) const
    {
        return index >= 0 && index < int(rig->movements().size()) ? &rig->movements()[size_t(index)]
                                                                  : nullptr;
    }
    void sampleInto(int index, double at, core::Pose& out) const
    {
        core::BlendClip clip;
        clip.start(index, loop);
        clip.timeSeconds = clip.elapsedSeconds = at / kFps;
        source->sample(clip, out);
        core::updateWorldTransforms(rig->bones(), out);
    }
    void startPlayer(int index, int durationTo)
    {
        armature->animation().playByIndex(index, durationTo, loop ? 1 : 0);
    }
    /// Timeline frame (0..dr−1) a pass reaches after `at` frames, as cocos2d-x's gotoAndPlay
    /// maps them the other way.
    int timelineFrame(int index, double at) const
    {
        const core::MovementData& movement = *data(index);
        const double pass = std::max(passFrames(movement), 1);
        const int frame = int(std::lround(at / pass * (movement.duration - 1)));
        return std::clamp(frame, 0, std::max(movement.duration - 1, 0));
    }
};

ArmaturePlayback::ArmaturePlayback(const core::SkeletonData& skeleton,
                                   const core::ArmatureData& armature)
    : m_state(std::make_unique<State>())
{
    State& s = *m_state;
    s.rig = core::ArmatureRig::create(skeleton, armature.name);
    s.armature = std::make_unique<core::Armature>(s.rig);
    // A fresh armature is posed at the first movement's first keyframe: bones a movement leaves
    // out show that, as they do in cocos2d-x.
    s.source = std::make_unique<core::ArmatureMovementSource>(s.rig, s.armature->pose());
    s.pose = s.armature->pose();
    s.armature->animation().setListener([this](const core::ArmatureEvent& event) {
        State& st = *m_state;
        const bool frameEvent = event.kind == core::ArmatureEventKind::Frame;
        const std::string_view kind = core::eventKindName(event.kind);
        st.events.append(
            {QString::fromUtf8(kind.data(), qsizetype(kind.size())),
             QString::fromUtf8(event.movement.data(), qsizetype(event.movement.size())),
             QString::fromUtf8(event.name.data(), qsizetype(event.name.size())),
             frameEvent ? event.playedFrame : int(st.armature->animation().currentFrame()), 0.0});
    });
}

ArmaturePlayback::~ArmaturePlayback() = default;

void ArmaturePlayback::play(int movement, bool loop)
{
    State& s = *m_state;
    s.blender.reset();
    s.sampled = false;
    s.movement = s.data(movement) ? movement : -1;
    s.loop = loop;
    s.frame = 0.0;
    if (s.movement < 0)
        return;
    s.startPlayer(s.movement, 0);
    s.pose = s.armature->pose();
}

void ArmaturePlayback::seek(double frame)
{
    State& s = *m_state;
    s.blender.reset();
    if (s.movement < 0)
        return;
    s.frame = frame;
    s.sampled = true;
    s.sampleInto(s.movement, frame, s.pose);
}

void ArmaturePlayback::advance(double frames, QList<widgets::PlaybackEvent>& events)
{
    State& s = *m_state;
    if (s.movement < 0)
        return;
    if (s.blender) {
        core::AnimationBlender& state = s.blender->state();
        state.addTime(frames / kFps);
        s.blender->evaluate(s.pose);
        core::updateWorldTransforms(s.rig->bones(), s.pose);
        const core::BlendClip& current = state.source();
        s.frame = current.timeSeconds * kFps;
        if (!state.blending()) {
            // The transition is over: the player takes the target on from where it is.
            s.blender.reset();
            s.movement = current.movement;
            s.loop = current.loop;
            s.startPlayer(s.movement, 0);
            s.armature->animation().gotoAndPlay(s.timelineFrame(s.movement, s.frame));
        }
        events.append(s.events);
        s.events.clear();
        return;
    }
    if (s.sampled) {
        // Resume the player where the seek left the pose.
        s.sampled = false;
        s.startPlayer(s.movement, 0);
        s.armature->animation().gotoAndPlay(s.timelineFrame(s.movement, s.frame));
        s.events.clear();
    }
    s.armature->update(float(frames / kFps));
    s.pose = s.armature->pose();
    s.frame = s.armature->animation().currentFrame();
    const int playing = s.armature->animation().movementIndex();
    if (playing >= 0)
        s.movement = playing;
    events.append(s.events);
    s.events.clear();
}

void ArmaturePlayback::crossfade(const widgets::Transition& transition, bool loop)
{
    State& s = *m_state;
    if (!s.data(transition.source) || !s.data(transition.target))
        return;
    if (transition.type == widgets::TransitionType::DurationTo) {
        // cocos2d-x's own transition: the player tweens from the live pose into the target.
        s.blender.reset();
        s.sampled = false;
        s.loop = loop;
        s.startPlayer(transition.target, transition.durationFrames);
        s.movement = transition.target;
        s.frame = 0.0;
        s.pose = s.armature->pose();
        return;
    }
    s.blender = std::make_unique<core::Blender>(*s.source);
    core::AnimationBlender& state = s.blender->state();
    state.init(transition.source, s.loop);
    state.addTime(s.frame / kFps);
    state.blend(transition.target, blendTransition(transition.type),
                transition.durationFrames / kFps, loop);
    s.blender->evaluate(s.pose);
    core::updateWorldTransforms(s.rig->bones(), s.pose);
}

int ArmaturePlayback::movement() const
{
    return m_state->movement;
}

double ArmaturePlayback::frame() const
{
    return m_state->frame;
}

const core::Pose& ArmaturePlayback::pose() const
{
    return m_state->pose;
}

const core::Pose* ArmaturePlayback::nestedPose(int bone) const
{
    const State& s = *m_state;
    if (s.blender || s.sampled || bone < 0 || bone >= int(s.pose.size()))
        return nullptr;
    const core::Armature* child = s.armature->childArmature(bone);
    return child ? &child->pose() : nullptr;
}

core::Pose ArmaturePlayback::sample(int movement, double frame) const
{
    core::Pose out;
    if (m_state->data(movement))
        m_state->sampleInto(movement, frame, out);
    return out;
}

} // namespace bonescope::app
