#include "stress/StressCrowd.h"

#include "stress/ProcessMemory.h"

#include "runtime/ParallelFor.h"

namespace bonescope::core {

namespace {
Pose restPose(const std::shared_ptr<const ArmatureRig>& rig)
{
    return Armature(rig).pose();
}
} // namespace

StressCrowd::StressCrowd(std::shared_ptr<const ArmatureRig> rig, int count, unsigned seed,
                         StressActivity activity)
    : m_source(rig, restPose(rig))
{
    m_instances.reserve(size_t(count > 0 ? count : 0));
    const std::size_t heapBefore = heapBytesInUse();
    for (int i = 0; i < count; ++i)
        m_instances.push_back(
            std::make_unique<StressInstance>(rig, m_source, seed + unsigned(i), activity));
    const std::size_t heapAfter = heapBytesInUse();
    if (count > 0 && heapAfter > heapBefore)
        m_heapBytesPerInstance = (heapAfter - heapBefore) / size_t(count);
}

StressCrowd::~StressCrowd() = default;

void StressCrowd::update(float dtSeconds, ParallelFor& loop)
{
    loop.run(m_instances.size(), [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i)
            m_instances[i]->update(dtSeconds);
    });
}

} // namespace bonescope::core
