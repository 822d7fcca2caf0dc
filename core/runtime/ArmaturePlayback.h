#pragma once

#include "model/SkeletonData.h"
#include "runtime/Crossfade.h"
#include "runtime/NestedPose.h"
#include "runtime/PlaybackEvent.h"
#include "runtime/Pose.h"

#include <memory>
#include <vector>

namespace bonescope::core {

/// Plays one armature of an export as the viewer shows it: the cocos2d-x player (Armature) for
/// ordinary playback and cocos2d-x's durationTo transitions, events included; the random-access
/// sampler for seeks and onion skin; the seed-002 Blender for Switch, WhileAnimating and
/// ThenAnimate crossfades. Every pose leaves with world transforms filled. The data is borrowed
/// and must outlive this object.
///
/// Time: update() takes wall seconds, which the speed ratio scales; "frames" are frames into
/// the current pass at speed 1 (updates of FrameRate.h's 1/60 s). Events are numbered by the
/// 1/60 s updates of wall time since play(), so a viewer ticking 1/60 s at speed 1 logs the
/// frame numbers of the golden events files.
class ArmaturePlayback {
public:
    ArmaturePlayback(const SkeletonData& skeleton, const ArmatureData& armature);
    ~ArmaturePlayback();

    /// Plays `movement` as cocos2d-x's play(movement) does, blending in over the data's
    /// durationTo from the current pose (so events and poses keep the golden files' frame
    /// numbers); `loop` overrides the data's flag. Its START event comes with the next update().
    void play(int movement, bool loop);
    /// Shows `frame` (frames into the pass, fractional allowed) of the current movement with
    /// the exact sampled pose; playback resumes from there.
    void seek(double frame);
    /// Speed ratio (1 = the data's own speed), cocos2d-x's speed scale.
    void setSpeed(double ratio);
    /// Advances by `dtSeconds` of wall time; appends the events raised to `events`.
    void update(double dtSeconds, std::vector<PlaybackEvent>& events);
    /// Starts `crossfade` now from the current state; `loop` is the target's loop flag.
    void crossfade(const Crossfade& crossfade, bool loop);

    int movement() const;
    double frame() const; ///< frames into the current pass (or blend-in) of movement()
    const Pose& pose() const;
    /// Whether pose() is movement()'s pass at frame(), as a bake of `play:MOVEMENT` lists it:
    /// false during a durationTo blend-in (from whatever pose was shown before) and while a
    /// blender crossfade runs.
    bool showsPass() const;
    /// Pose of `movement` at `frame` (frames into a pass) by random-access sampling.
    Pose sample(int movement, double frame) const;
    /// The nested armatures the live instance shows, composed onto the bones of `parent` (pose(),
    /// or another pose of this armature: a sampled onion-skin ghost), at any depth
    /// (Armature::composeNested). Reuses `out`'s storage.
    void composeNested(const Pose& parent, NestedPoses& out) const;

    /// The last crossfade's weights as its blender reports them (cocos2d-x's tween, for
    /// DurationTo, fades as WhileAnimating); {1, 0} when none ran since play() or seek().
    CrossfadeWeights crossfadeWeights() const;
    /// Frames of the fade's clock (crossfadeFramesPerUpdate: updates at speed 1, or the target's
    /// clock frames for DurationTo) since crossfade() was called; −1 when none ran since play()
    /// or seek().
    double crossfadeElapsedFrames() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace bonescope::core
