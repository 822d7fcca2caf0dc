#pragma once

#include "stress/StressInstance.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace bonescope::core {

class ParallelFor;

/// N instances of one armature for stress and soak runs (issue 13): instance i is seeded with
/// `seed + i`, so a crowd is reproducible and its results do not depend on how its updates
/// are spread over threads. Not copyable or movable (the instances borrow its movement source).
class StressCrowd {
public:
    /// `count` ≥ 0 instances of `rig`, which must have at least one movement.
    StressCrowd(std::shared_ptr<const ArmatureRig> rig, int count, unsigned seed,
                StressActivity activity);
    ~StressCrowd();
    StressCrowd(const StressCrowd&) = delete;
    StressCrowd& operator=(const StressCrowd&) = delete;

    /// Updates every instance by `dtSeconds`, in contiguous chunks over `loop`'s threads (a
    /// ParallelFor of one thread updates them one after the other, with the same result).
    void update(float dtSeconds, ParallelFor& loop);

    int size() const { return int(m_instances.size()); }
    const StressInstance& instance(int index) const { return *m_instances[size_t(index)]; }
    const ArmatureRig& rig() const { return m_source.rig(); }

    /// Heap bytes the instances took when created, per instance (glibc's count of bytes in use
    /// before and after; 0 where unknown): the player, tween and pose state of one armature.
    std::size_t heapBytesPerInstance() const { return m_heapBytesPerInstance; }

private:
    ArmatureMovementSource m_source;
    std::vector<std::unique_ptr<StressInstance>> m_instances;
    std::size_t m_heapBytesPerInstance = 0;
};

} // namespace bonescope::core
