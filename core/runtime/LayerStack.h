#pragma once

#include "runtime/BlendClip.h"
#include "runtime/MovementPoseSource.h"
#include "runtime/PoseBlend.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// One layer of a LayerStack (seed 004): what it plays, how much it counts, where it applies.
struct Layer {
    std::string name;
    float weight = 1.f; ///< ratio 0..1 by which it pulls bones a lower layer has set
    BoneMask mask;      ///< bones it may touch; empty = every bone
    double speed = 1.0; ///< layer seconds per stack second
    BlendClip current;
    BlendClip next;               ///< the movement it is moving to; movement −1 = none
    double transitionSeconds = 0; ///< how long the move to `next` lasts
    double progress = 0;          ///< ratio 0..1 of that move done

    bool inTransition() const { return next.movement >= 0; }
};

/// What mixLayer takes of `layer`: its current movement (and next one, in transition) sampled
/// from `source` into `currentPose` (and `nextPose`), which the result points at, and the
/// layer's mask and weight.
LayerContribution sampleLayer(const MovementPoseSource& source, const Layer& layer,
                              Pose& currentPose, Pose& nextPose);

/// An ordered stack of layers, bottom first, mixed by seed 004's rule (see mixLayer): per bone,
/// the first layer that animates it sets it, later ones lerp it by their weight, and bones no
/// layer animates keep the base pose. Each layer plays a current movement and may be moving to
/// a next one: both advance, and the layer's value is the current one lerped toward the next by
/// the progress, which grows linearly to 1 where the next movement becomes current.
class LayerStack {
public:
    /// Borrows `source`, which must outlive the stack.
    explicit LayerStack(const MovementPoseSource& source);

    /// Adds a layer on top playing `movement` from time 0; returns its index.
    int addLayer(std::string name, float weight, BoneMask mask, int movement, bool loop,
                 double speed = 1.0);
    std::vector<Layer>& layers() { return m_layers; }
    const std::vector<Layer>& layers() const { return m_layers; }

    /// Starts moving layer `layer` to `movement` over `durationSeconds` (≤ 0: at once). A move
    /// already running is finished at once first (its next movement becomes current).
    void transition(int layer, int movement, bool loop, double durationSeconds);
    /// Advances every layer by `seconds` (times its speed).
    void addTime(double seconds);
    /// Mixes the layers over `base` into `out`: local channels only, `out`'s world and composed
    /// transforms are taken from `base` when `out` is resized and left as they are otherwise
    /// (run the hierarchy pass after). No allocation once `out` has boneCount() entries.
    void evaluate(const Pose& base, Pose& out);

private:
    const MovementPoseSource* m_source;
    std::vector<Layer> m_layers;
    Pose m_currentPose; ///< scratch
    Pose m_nextPose;    ///< scratch
    BoneMask m_isSet;   ///< scratch
};

} // namespace bonescope::core
