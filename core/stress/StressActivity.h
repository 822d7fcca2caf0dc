#pragma once

namespace bonescope::core {

/// What each instance of a stress crowd does on every update.
enum class StressActivity {
    /// Loops one random movement from a random frame with the cocos2d-x player.
    Play,
    /// Issue 13's soak: a cocos2d-x player, a seed-002 crossfade and a seed-004 stack of three
    /// layers, crossfading, interrupting and changing layer weights at random.
    Soak,
};

} // namespace bonescope::core
