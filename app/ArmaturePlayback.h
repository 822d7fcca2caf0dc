#pragma once

#include "panels/PlaybackEvent.h"
#include "panels/Transition.h"

#include "model/SkeletonData.h"
#include "runtime/Pose.h"

#include <QList>

#include <memory>

namespace bonescope::app {

/// Plays one armature of an export: the core player for ordinary playback (cocos2d-x
/// ArmatureAnimation semantics, events included), random-access sampling for seeks and
/// tables, and the blender for crossfades; every pose leaves with world transforms filled.
/// The data is borrowed and must outlive this object.
class ArmaturePlayback {
public:
    ArmaturePlayback(const core::SkeletonData& skeleton, const core::ArmatureData& armature,
                     const core::AnimationData& animation);
    ~ArmaturePlayback();

    /// Starts `movement` at its first frame (no durationTo blend-in: a preview starts clean).
    void play(int movement, bool loop);
    /// Pauses on `frame` (frames, whole or not) of the current movement with the exact pose.
    void seek(double frame);
    /// Advances by `frames` (frames, already scaled by the user's speed); appends the events
    /// raised to `events`.
    void advance(double frames, QList<widgets::PlaybackEvent>& events);
    /// Starts `transition` now from the current state (the source should be playing).
    void crossfade(const widgets::Transition& transition, bool loop);

    int movement() const;
    double frame() const; ///< frames into movement()
    const core::Pose& pose() const;
    /// Pose of `movement` at `frame` (frames) by random-access sampling, world filled.
    core::Pose sample(int movement, double frame) const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace bonescope::app
