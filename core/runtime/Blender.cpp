#include "runtime/Blender.h"

#include <cstddef>

namespace bonescope::core {

namespace {

std::vector<MovementTiming> timingsOf(const MovementPoseSource& source)
{
    std::vector<MovementTiming> timings;
    timings.reserve(source.movementCount());
    for (int movement = 0; movement < source.movementCount(); ++movement)
        timings.push_back(source.timing(movement));
    return timings;
}

} // namespace

Blender::Blender(const MovementPoseSource& source)
    : m_source(&source), m_state(timingsOf(source)), m_targetPose(source.boneCount())
{
}

void Blender::evaluate(Pose& out)
{
    if (out.size() != std::size_t(m_source->boneCount()))
        out.resize(m_source->boneCount());
    const BlendClip& source = m_state.source();
    if (source.movement < 0)
        return;
    m_source->sample(source, out);
    if (!m_state.blending())
        return;
    const BlendClip& target = m_state.target();
    m_source->sample(target, m_targetPose);
    blendPoses(out, m_targetPose, float(m_state.targetWeight()), out);
}

} // namespace bonescope::core
