#pragma once

#include "panels/PlaybackEvent.h"
#include "panels/Transition.h"

#include "model/SkeletonData.h"
#include "runtime/Pose.h"

#include <QList>

#include <memory>

namespace bonescope::app {

/// Plays one armature of an export: the cocos2d-x player (core::Armature) for ordinary
/// playback and cocos2d-x's durationTo transitions, events included; the random-access
/// sampler for seeks, tables and onion skin; the seed-002 Blender for Switch, WhileAnimating
/// and ThenAnimate crossfades. Every pose leaves with world transforms filled. The data is
/// borrowed and must outlive this object. Times are frames (1/60 s updates at speed 1).
class ArmaturePlayback {
public:
    ArmaturePlayback(const core::SkeletonData& skeleton, const core::ArmatureData& armature);
    ~ArmaturePlayback();

    /// Starts `movement` at its first frame, with no durationTo blend-in (a preview starts
    /// clean); `loop` overrides the data's flag.
    void play(int movement, bool loop);
    /// Shows `frame` (frames into the pass, fractional allowed) of the current movement with the
    /// exact sampled pose; playback resumes from there.
    void seek(double frame);
    /// Advances by `frames` (already scaled by the user's speed); appends the events raised.
    void advance(double frames, QList<widgets::PlaybackEvent>& events);
    /// Starts `transition` now from the current state; `loop` is the target's loop flag.
    void crossfade(const widgets::Transition& transition, bool loop);

    int movement() const;
    double frame() const; ///< frames into the current pass (or blend-in) of movement()
    const core::Pose& pose() const;
    /// Pose of the armature nested in `bone` (already in this armature's space) while the
    /// player drives the pose; null otherwise, or when the bone shows no armature.
    const core::Pose* nestedPose(int bone) const;
    /// Pose of `movement` at `frame` (frames into a pass) by random-access sampling.
    core::Pose sample(int movement, double frame) const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace bonescope::app
