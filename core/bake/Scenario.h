#pragma once

#include "model/MovementData.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// One golden-test playback script (golden/README.md "Scenarios"). Counts are updates of
/// 1/60 s; durations in frames.
struct Scenario {
    enum class Kind { Play, Cross, Speed, Names, Goto, GotoPause, Pause, SpeedAt };

    Kind kind = Kind::Play;
    std::string text;                   ///< as written, e.g. "cross:stand:walk:17:10"
    std::vector<std::string> movements; ///< one, two for Cross, the list for Names
    /// K: updates before the second action (Cross, Pause, SpeedAt); for Play, the least number
    /// of updates to run (more than the golden layout's when set).
    int updates = 0;
    int durationTo = 0;   ///< D: frames (Cross, Names)
    int frame = 0;        ///< F: timeline frame (Goto, GotoPause)
    int pauseUpdates = 0; ///< P: updates spent paused (Pause)
    float speed = 1.f;    ///< S (Speed, SpeedAt)
    bool loop = false;    ///< L != 0 (Names)

    /// Updates each kind runs after its last call (golden/README.md "Scenarios"); Play runs
    /// two passes plus kPlayExtraUpdates, Names two passes of the list plus kNamesExtraUpdates.
    static constexpr int kPlayExtraUpdates = 30;
    static constexpr int kCrossUpdatesAfter = 90;
    static constexpr int kSpeedUpdates = 120;
    static constexpr int kNamesExtraUpdates = 60;
    static constexpr int kGotoUpdates = 60;
    static constexpr int kGotoPauseUpdates = 10;
    static constexpr int kResumeUpdates = 60;
    static constexpr int kSpeedAtUpdatesAfter = 120;

    /// Parses `play:MOV`, `cross:A:B:K:D`, `speed:MOV:S`, `names:A+B+C:D:L`, `goto:MOV:F`,
    /// `gotoPause:MOV:F`, `pause:MOV:K:P`, `speedAt:MOV:K:S`; nullopt and `error` otherwise.
    /// Counts (K, P, F) run from 0 to kMaxBakeUpdates, D from −1 (the movement's own) to
    /// kMaxBakeUpdates, S from 0 to kMaxSpeedScale (core/base/Limits.h); NaN, infinities and
    /// numbers out of range are refused with the parameter named.
    static std::optional<Scenario> parse(std::string_view text, std::string* error = nullptr);

    /// `play:MOV` of `movement`, run on until it has blended in and played its first pass when
    /// the golden layout's two timelines stop before (a slow `sc`, a long `drTW`) and a minute of
    /// updates gets there: the viewer's bake of a movement, whose first pass its curves and values
    /// table follow.
    static Scenario playFirstPass(const MovementData& movement);

    /// Updates a bake of this scenario runs, given the first movement's duration and the sum of
    /// the durations of all its movements (frames). 64-bit: callers compare it with the limits.
    std::int64_t updateCount(std::int64_t firstDurationFrames,
                             std::int64_t listDurationFrames) const;

    /// The golden file stem: `:` becomes `_`, `+` becomes `-`.
    std::string fileStem() const;
};

/// The golden file name of a bake: armature name with `/` as `_`, two underscores, the
/// scenario's stem and ".csv" (e.g. "Knight_f_Knight__play_stand.csv").
std::string goldenFileName(std::string_view armature, const Scenario& scenario);

/// The same name for any scenario file stem (e.g. a BlendScenario's).
std::string goldenFileName(std::string_view armature, std::string_view scenarioStem);

} // namespace bonescope::core
