#pragma once

#include "runtime/MovementPoseSource.h"

#include <cstddef>
#include <vector>

/// A MovementPoseSource with poses simple enough to blend by hand: movement m sets, on every
/// bone it animates, x = base[m] + slope[m] × seconds, skewX = skewY = angle[m], z order and
/// display index m, alpha 255; bones it does not animate get x = −1.
class FakeMovementSource : public bonescope::core::MovementPoseSource {
public:
    struct Movement {
        double lengthSeconds;
        bonescope::core::BoneMask animated;
        float base;
        float slope = 0.f;
        float angle = 0.f;
    };

    explicit FakeMovementSource(std::vector<Movement> movements) : m_movements(std::move(movements))
    {
    }

    int boneCount() const override { return int(m_movements.front().animated.size()); }
    int movementCount() const override { return int(m_movements.size()); }
    bonescope::core::MovementTiming timing(int movement) const override
    {
        return {m_movements.at(movement).lengthSeconds, 1.0};
    }
    const bonescope::core::BoneMask& animatedBones(int movement) const override
    {
        return m_movements.at(movement).animated;
    }
    void sample(const bonescope::core::BlendClip& clip, bonescope::core::Pose& out) const override
    {
        const int movement = clip.movement;
        const double seconds = clip.timeSeconds;
        const Movement& m = m_movements.at(movement);
        for (std::size_t bone = 0; bone < out.size(); ++bone) {
            out[bone] = {};
            if (!m.animated[bone]) {
                out[bone].local.x = -1.f;
                continue;
            }
            out[bone].local.x = m.base + m.slope * float(seconds);
            out[bone].local.skewX = m.angle;
            out[bone].local.skewY = m.angle;
            out[bone].zOrder = movement;
            out[bone].displayIndex = movement;
        }
    }

private:
    std::vector<Movement> m_movements;
};
