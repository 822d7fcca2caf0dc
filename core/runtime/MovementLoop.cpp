#include "runtime/MovementLoop.h"

#include "runtime/ArmatureRig.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bonescope::core {

MovementLoop movementLoop(const ArmatureRig& rig, int movement, int maxPasses)
{
    const MovementData& data = rig.movements()[static_cast<size_t>(movement)];
    MovementLoop loop;
    if (!(data.scale > 0.f))
        return loop;
    // Passes are whole frames of the clock (truncated as cocos2d-x's int conversion does, at
    // most a kMaxFrames long); the clock runs `sc` frames an update.
    const std::int64_t pass = std::max(passFrames(data), 1);
    const ArmatureRig::SampledTrack* tracks = rig.sampledTracks(movement);
    const auto bonePass = [&](size_t b) {
        return tracks[b].count == 0 || !(tracks[b].passFrames >= 1.f)
                   ? std::int64_t{0}
                   : static_cast<std::int64_t>(tracks[b].passFrames);
    };
    std::int64_t frames = pass;
    for (size_t b = 0; b < rig.bones().size(); ++b)
        if (const std::int64_t own = bonePass(b); own > 0)
            frames = data.loop ? std::min(std::lcm(frames, own), (maxPasses + 1) * pass)
                               : std::max(frames, own);
    if (data.loop && frames > maxPasses * pass) {
        frames = pass;
        for (size_t b = 0; b < rig.bones().size(); ++b)
            if (const std::int64_t own = bonePass(b); own > 0 && pass % own != 0)
                loop.offBeat.push_back(static_cast<int>(b));
    }
    loop.updates =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(frames / data.scale)));
    return loop;
}

} // namespace bonescope::core
