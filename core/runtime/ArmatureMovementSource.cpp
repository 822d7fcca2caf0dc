#include "runtime/ArmatureMovementSource.h"

#include "runtime/MovementSampler.h"

#include "base/FrameRate.h"

#include <cmath>
#include <utility>

namespace bonescope::core {

ArmatureMovementSource::ArmatureMovementSource(std::shared_ptr<const ArmatureRig> rig,
                                               Pose restPose)
    : m_rig(std::move(rig)), m_rest(std::move(restPose))
{
    const auto& movements = m_rig->movements();
    const int bones = int(m_rig->bones().size());
    m_rest.resize(bones);
    for (int m = 0; m < int(movements.size()); ++m) {
        const MovementData& data = movements[m];
        m_timings.push_back({framesToSeconds(passFrames(data)), data.scale});
        BoneMask animated(bones, 0);
        std::vector<int> rest;
        for (int b = 0; b < bones; ++b) {
            const MovementBoneData* track = m_rig->track(m, b);
            animated[b] = track && !track->frames.empty();
            if (!animated[b])
                rest.push_back(b);
        }
        m_animated.push_back(std::move(animated));
        m_restBones.push_back(std::move(rest));
    }
}

void ArmatureMovementSource::sample(const BlendClip& clip, Pose& out) const
{
    // The rest pose goes only to the bones the movement leaves alone (sampleMovement writes the
    // others' local channels), and world and composed are left as they are once out is sized.
    if (out.size() != m_rest.size()) {
        out = m_rest;
    } else {
        for (const int bone : m_restBones[size_t(clip.movement)])
            copyLocalChannels(m_rest[size_t(bone)], out[size_t(bone)]);
    }
    const bool dataLoops = m_rig->movements()[clip.movement].loop;
    const double seconds = clip.loop == dataLoops ? clip.elapsedSeconds : clip.timeSeconds;
    // Seconds summed from 1/60 s steps land a hair off whole frames (29.999999999 for 30);
    // rounding to 1e-6 frame keeps a keyframe boundary on the frame the player reaches it.
    const double frames = std::round(secondsToFrames(seconds) * 1e6) / 1e6;
    sampleMovement(*m_rig, clip.movement, float(frames), out);
}

} // namespace bonescope::core
