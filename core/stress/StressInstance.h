#pragma once

#include "stress/StressActivity.h"

#include "runtime/Armature.h"
#include "runtime/ArmatureMovementSource.h"
#include "runtime/Blender.h"
#include "runtime/LayerStack.h"

#include <memory>
#include <random>
#include <vector>

namespace bonescope::core {

/// One armature of a stress crowd, driven by its own random stream (seeded, so a run is
/// reproducible and does not depend on which thread updates it). Play: a random movement,
/// looping, from a random point of its first pass. Soak: additionally a Blender and a three-layer
/// LayerStack, and on average once a second each of: a new play with a random durationTo
/// (interrupting the player's transition), a new crossfade, a layer transition, and twice a layer
/// weight change.
class StressInstance {
public:
    /// An instance of `rig`; borrows `source` (the movements of the same rig), which must
    /// outlive it.
    StressInstance(std::shared_ptr<const ArmatureRig> rig, const ArmatureMovementSource& source,
                   unsigned seed, StressActivity activity);
    ~StressInstance();
    StressInstance(const StressInstance&) = delete;
    StressInstance& operator=(const StressInstance&) = delete;

    /// Takes this update's random actions, then advances everything by `dtSeconds` and runs
    /// the hierarchy pass. No allocation.
    void update(float dtSeconds);

    /// The pose to draw (world transforms filled): the player's; in Soak, by seed, the
    /// player's, the crossfade's or the layer stack's, so all three runtimes show.
    const Pose& pose() const;
    /// The player's armature, nested armatures (cyborg's weapons) included, when pose() is its
    /// pose; null for a soak instance showing its crossfade or layer stack.
    const Armature* drawnArmature() const;
    /// The player's armature, whatever pose() shows.
    const Armature& armature() const { return m_armature; }
    /// When drawnArmature() is null: the nested armatures the player's bones show, composed
    /// onto pose() at any depth (Armature::composeNested); empty otherwise.
    const NestedPoses& nestedPoses() const;

private:
    float chance() { return std::uniform_real_distribution<float>(0.f, 1.f)(m_random); }
    int between(int low, int high)
    {
        return std::uniform_int_distribution<int>(low, high)(m_random);
    }
    int pick() { return between(0, m_movements - 1); }
    void startSoak(unsigned seed);
    void takeRandomActions(float dtSeconds);
    /// Advances the player (and the crossfade and layers) by `dtSeconds`, with world transforms.
    void advance(float dtSeconds);

    struct Soak {
        explicit Soak(const ArmatureMovementSource& source) : blender(source), stack(source) {}
        Blender blender;
        LayerStack stack;
        Pose blendPose;
        Pose stackPose;
        NestedPoses nestedPoses;       ///< composed onto the shown pose unless the player's
        int shown = 0;                 ///< 0 player, 1 crossfade, 2 layer stack
    };

    const ArmatureMovementSource& m_source;
    std::minstd_rand m_random;
    int m_movements;
    Armature m_armature;
    std::unique_ptr<Soak> m_soak; ///< null in Play
};

} // namespace bonescope::core
