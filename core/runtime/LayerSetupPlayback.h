#pragma once

#include "base/LoadError.h"
#include "model/LayerSetup.h"
#include "model/SkeletonData.h"
#include "runtime/BoneContribution.h"
#include "runtime/Pose.h"

#include <memory>
#include <vector>

namespace bonescope::core {

/// Plays a LayerSetup on one armature as the viewer shows it: the setup's LayerStack (seed 004)
/// with its scheduled transitions, on a clock of its own. Any time can be shown directly
/// (seek() builds the stack afresh and advances it from transition to transition), so editing
/// the setup and showing the same moment again is cheap. Every pose leaves with world transforms
/// filled. The data is borrowed and must outlive this object.
///
/// Time: seconds on the stack's clock (the setup's transition start times), each layer's clock
/// scaled by its speed.
/// True when a bone's layer weight sum (LayerSetupPlayback::weightSums) is worth flagging: some
/// layer moves the bone, and the weights add up to more or less than 1.
bool layerWeightsUnbalanced(float sum);

class LayerSetupPlayback {
public:
    /// Resolves `setup` against `armature` of `skeleton` (names as buildLayerStack checks
    /// them; errors name `fileName` and the JSON pointer of the offending value).
    static Result<std::unique_ptr<LayerSetupPlayback>> create(const SkeletonData& skeleton,
                                                              const ArmatureData& armature,
                                                              const LayerSetup& setup,
                                                              const std::string& fileName);
    ~LayerSetupPlayback();

    /// Shows the stack `seconds` after its start (transitions due by then applied).
    void seek(double seconds);
    /// Advances by `seconds`, starting the transitions that fall due.
    void update(double seconds);

    double timeSeconds() const;
    const Pose& pose() const;
    /// Per bone, the summed weight of the layers that move it (mask includes it and the
    /// layer's current movement animates it); 0 for a bone no layer moves.
    std::vector<float> weightSums() const;
    /// What makes each of `bones` now, as `bonescope-cli bake --script --trace` lists a layered
    /// script's bones (traceLayerStack), with `frame` as their update; bones the armature lacks
    /// are left out.
    std::vector<BoneContribution> trace(const std::vector<int>& bones, int frame) const;

private:
    struct State;
    explicit LayerSetupPlayback(std::unique_ptr<State> state);
    void evaluate();

    std::unique_ptr<State> m_state;
};

} // namespace bonescope::core
