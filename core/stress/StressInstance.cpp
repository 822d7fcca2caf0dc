#include "stress/StressInstance.h"

#include "runtime/Hierarchy.h"
#include "runtime/ProcessClock.h"

#include <cstdint>
#include <string>

namespace bonescope::core {

namespace {
// minstd_rand's first draws from nearby seeds are nearly equal (seed × 48271): scatter the
// seeds first (splitmix64's finaliser) so neighbouring instances start far apart.
unsigned scatter(unsigned seed)
{
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return unsigned((z ^ (z >> 31)) & 0x7fffffffu);
}
} // namespace

StressInstance::StressInstance(std::shared_ptr<const ArmatureRig> rig,
                               const ArmatureMovementSource& source, unsigned seed,
                               StressActivity activity)
    : m_source(source), m_random(scatter(seed)), m_movements(source.movementCount()),
      m_armature(std::move(rig))
{
    const int movement = pick();
    if (activity == StressActivity::Soak)
        startSoak(seed);
    m_armature.animation().playByIndex(movement, 0, 1);
    // A random phase anywhere in the movement's first pass, reached frame by frame: one long
    // step would skip the tweens' keyframe handling.
    const MovementData& data = source.rig().movements()[size_t(movement)];
    const int phaseFrames = int(chance() * float(passFrames(data)));
    for (int frame = 0; frame < phaseFrames; ++frame)
        advance(kFrameSeconds);
}

void StressInstance::startSoak(unsigned seed)
{
    m_soak = std::make_unique<Soak>(m_source);
    m_soak->shown = int(seed % 3);
    m_soak->blender.state().init(pick(), true);
    const size_t bones = m_source.rig().bones().size();
    for (int layer = 0; layer < 3; ++layer) {
        BoneMask mask;
        if (layer == 2) { // an upper layer touching every other bone
            mask.assign(bones, 0);
            for (size_t b = 0; b < mask.size(); b += 2)
                mask[b] = 1;
        }
        const float weight = chance();
        const int movement = pick();
        m_soak->stack.addLayer("layer" + std::to_string(layer), weight, std::move(mask), movement,
                               true);
    }
}

StressInstance::~StressInstance() = default;

void StressInstance::takeRandomActions(float dtSeconds)
{
    // Each kind about once per second of play, often mid-transition.
    if (chance() < dtSeconds) {
        const int movement = pick();
        const int durationTo = between(0, 20);
        m_armature.animation().playByIndex(movement, durationTo, between(-1, 1));
    }
    if (chance() < dtSeconds) {
        const int movement = pick();
        const auto transition = static_cast<BlendTransition>(between(0, 2));
        const double duration = chance() * 0.8;
        m_soak->blender.state().blend(movement, transition, duration, chance() < 0.7f);
    }
    if (chance() < dtSeconds) {
        const int layer = between(0, 2);
        const int movement = pick();
        const bool loop = chance() < 0.7f;
        m_soak->stack.transition(layer, movement, loop, chance() * 0.6);
    }
    if (chance() < 2 * dtSeconds)
        m_soak->stack.layers()[size_t(between(0, 2))].weight = chance();
}

void StressInstance::update(float dtSeconds)
{
    if (m_soak)
        takeRandomActions(dtSeconds);
    advance(dtSeconds);
}

void StressInstance::advance(float dtSeconds)
{
    m_armature.update(dtSeconds);
    if (!m_soak)
        return;
    const ArmatureRig& rig = m_source.rig();
    m_soak->blender.state().addTime(dtSeconds);
    m_soak->blender.evaluate(m_soak->blendPose);
    updateWorldTransforms(rig, m_soak->blendPose);
    m_soak->stack.addTime(dtSeconds);
    m_soak->stack.evaluate(m_source.restPose(), m_soak->stackPose);
    updateWorldTransforms(rig, m_soak->stackPose);
    if (!drawnArmature())
        m_armature.composeNested(pose(), m_soak->nestedPoses);
}

const Pose& StressInstance::pose() const
{
    if (m_soak && m_soak->shown == 1 && !m_soak->blendPose.empty())
        return m_soak->blendPose;
    if (m_soak && m_soak->shown == 2 && !m_soak->stackPose.empty())
        return m_soak->stackPose;
    return m_armature.pose();
}

const Armature* StressInstance::drawnArmature() const
{
    return &pose() == &m_armature.pose() ? &m_armature : nullptr;
}

const NestedPoses& StressInstance::nestedPoses() const
{
    static const NestedPoses none;
    return m_soak && !drawnArmature() ? m_soak->nestedPoses : none;
}

} // namespace bonescope::core
