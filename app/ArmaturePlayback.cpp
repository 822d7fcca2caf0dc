#include "ArmaturePlayback.h"

#include "runtime/ArmatureRig.h"
#include "runtime/Blender.h"
#include "runtime/Hierarchy.h"
#include "runtime/MovementPoseSource.h"
#include "runtime/MovementSampler.h"

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

/// The sampler as the blender's pose source. Bones a movement leaves out keep the setup pose.
class RigPoseSource : public core::MovementPoseSource {
public:
    RigPoseSource(const core::ArmatureRig& rig, const core::Pose& setup) : m_rig(rig), m_setup(setup)
    {
        const auto& movements = rig.movements();
        m_masks.resize(movements.size());
        for (size_t m = 0; m < movements.size(); ++m) {
            m_masks[m].assign(rig.bones().size(), 0);
            for (size_t b = 0; b < rig.bones().size(); ++b)
                m_masks[m][b] = rig.track(int(m), int(b)) ? 1 : 0;
        }
    }
    int boneCount() const override { return int(m_rig.bones().size()); }
    int movementCount() const override { return int(m_rig.movements().size()); }
    core::MovementTiming timing(int movement) const override
    {
        return {passFrames(m_rig.movements()[size_t(movement)]) / kFps, 1.0};
    }
    const core::BoneMask& animatedBones(int movement) const override
    {
        return m_masks[size_t(movement)];
    }
    void sample(const core::BlendClip& clip, core::Pose& out) const override
    {
        std::copy(m_setup.begin(), m_setup.end(), out.begin());
        core::sampleMovement(m_rig, clip.movement, float(clip.timeSeconds * kFps), out);
    }

private:
    const core::ArmatureRig& m_rig;
    const core::Pose& m_setup;
    std::vector<core::BoneMask> m_masks;
};

core::BlendTransition blendTransition(widgets::TransitionType type)
{
    switch (type) {
    case widgets::TransitionType::Switch:
        return core::BlendTransition::Switch;
    case widgets::TransitionType::ThenAnimate:
    // Until the cocos2d-x player runs play(target, durationTo) itself, ThenAnimate is the
    // nearest blend: the target waits on its first frame while the pose moves toward it.
    case widgets::TransitionType::DurationTo:
        return core::BlendTransition::ThenAnimate;
    case widgets::TransitionType::WhileAnimating:
        break;
    }
    return core::BlendTransition::WhileAnimating;
}
} // namespace

struct ArmaturePlayback::State {
    std::shared_ptr<const core::ArmatureRig> rig;
    core::Pose setup; ///< every bone at its setup values, the base every sample starts from
    core::Pose pose;
    std::unique_ptr<RigPoseSource> source;
    std::unique_ptr<core::Blender> blender;
    int movement = -1;
    bool loop = true;
    double elapsed = 0.0; ///< frames into the current pass
    QList<widgets::PlaybackEvent> pending; ///< raised by play(), delivered by the next advance

    const core::MovementData* data(int index) const
    {
        return index >= 0 && index < int(rig->movements().size())
                   ? &rig->movements()[size_t(index)]
                   : nullptr;
    }
    void sampleInto(int index, double frame, core::Pose& out) const
    {
        out = setup;
        core::sampleMovement(*rig, index, float(frame), out);
        core::updateWorldTransforms(rig->bones(), out);
    }
    QString name(int index) const
    {
        const core::MovementData* movement = data(index);
        return movement ? QString::fromStdString(movement->name) : QString();
    }
    /// Frame events of keyframes whose time lies in (from, to], in elapsed frames.
    void frameEvents(double from, double to, QList<widgets::PlaybackEvent>& events) const
    {
        const core::MovementData* movement = data(this->movement);
        const double span = std::max(movement->duration - 1, 1);
        const double scale = passFrames(*movement) / span;
        for (const core::MovementBoneData& bone : movement->bones)
            for (const core::FrameData& key : bone.frames) {
                const double at = key.startFrame * scale;
                if (!key.event.empty() && at > from && at <= to)
                    events.append({QStringLiteral("FRAME"), name(this->movement),
                                   QString::fromStdString(key.event), key.startFrame, 0.0});
            }
    }
};

ArmaturePlayback::ArmaturePlayback(const core::SkeletonData& skeleton,
                                   const core::ArmatureData& armature, const core::AnimationData&)
    : m_state(std::make_unique<State>())
{
    m_state->rig = core::ArmatureRig::create(skeleton, armature.name);
    m_state->setup.resize(armature.bones.size());
    for (size_t b = 0; b < armature.bones.size(); ++b) {
        core::BonePose& bone = m_state->setup[b];
        bone.local = armature.bones[b].transform;
        bone.zOrder = armature.bones[b].zOrder;
        bone.displayIndex = armature.bones[b].displays.empty() ? -1 : 0;
    }
    core::updateWorldTransforms(armature.bones, m_state->setup);
    m_state->pose = m_state->setup;
    m_state->source = std::make_unique<RigPoseSource>(*m_state->rig, m_state->setup);
}

ArmaturePlayback::~ArmaturePlayback() = default;

void ArmaturePlayback::play(int movement, bool loop)
{
    State& s = *m_state;
    s.blender.reset();
    s.movement = s.data(movement) ? movement : -1;
    s.loop = loop;
    s.elapsed = 0.0;
    if (s.movement < 0) {
        s.pose = s.setup;
        return;
    }
    s.sampleInto(s.movement, 0.0, s.pose);
    s.pending.append({QStringLiteral("START"), s.name(movement), {}, 0, 0.0});
    s.frameEvents(-1.0, 0.0, s.pending);
}

void ArmaturePlayback::seek(double frame)
{
    State& s = *m_state;
    s.blender.reset();
    if (s.movement < 0)
        return;
    s.elapsed = frame;
    s.sampleInto(s.movement, frame, s.pose);
}

void ArmaturePlayback::advance(double frames, QList<widgets::PlaybackEvent>& events)
{
    State& s = *m_state;
    events.append(s.pending);
    s.pending.clear();
    if (s.movement < 0)
        return;
    if (s.blender) {
        core::AnimationBlender& state = s.blender->state();
        state.addTime(frames / kFps);
        s.blender->evaluate(s.pose);
        core::updateWorldTransforms(s.rig->bones(), s.pose);
        const core::BlendClip& current = state.source();
        if (!state.blending()) {
            // The transition is over: the target plays on by itself.
            if (current.movement != s.movement)
                events.append({QStringLiteral("START"), s.name(current.movement), {}, 0, 0.0});
            s.movement = current.movement;
            s.loop = current.loop;
            s.elapsed = current.timeSeconds * kFps;
            s.blender.reset();
        } else {
            s.elapsed = current.timeSeconds * kFps;
        }
        return;
    }
    const core::MovementData& movement = *s.data(s.movement);
    const double pass = std::max(passFrames(movement), 1);
    const double before = s.elapsed;
    double after = before + frames;
    s.frameEvents(before, std::min(after, pass), events);
    if (after >= pass) {
        if (s.loop) {
            events.append({QStringLiteral("LOOP_COMPLETE"), s.name(s.movement), {}, 0, 0.0});
            after = std::fmod(after, pass);
            s.frameEvents(-1.0, after, events);
        } else if (before < pass) {
            events.append({QStringLiteral("COMPLETE"), s.name(s.movement), {}, 0, 0.0});
            after = pass;
        } else {
            after = pass;
        }
    }
    s.elapsed = after;
    // The data's own flag decides wrapping inside the sampler; a preview loop wraps above, so a
    // non-looping movement is sampled within its single pass.
    s.sampleInto(s.movement, s.elapsed, s.pose);
}

void ArmaturePlayback::crossfade(const widgets::Transition& transition, bool loop)
{
    State& s = *m_state;
    if (!s.data(transition.source) || !s.data(transition.target))
        return;
    s.blender = std::make_unique<core::Blender>(*s.source);
    core::AnimationBlender& state = s.blender->state();
    state.init(transition.source, s.loop);
    state.addTime(s.elapsed / kFps);
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
    return m_state->elapsed;
}

const core::Pose& ArmaturePlayback::pose() const
{
    return m_state->pose;
}

core::Pose ArmaturePlayback::sample(int movement, double frame) const
{
    core::Pose out;
    if (m_state->data(movement))
        m_state->sampleInto(movement, frame, out);
    return out;
}

} // namespace bonescope::app
