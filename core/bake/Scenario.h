#pragma once

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
    int updates = 0;      ///< K: updates before the second action (Cross, Pause, SpeedAt)
    int durationTo = 0;   ///< D: frames (Cross, Names)
    int frame = 0;        ///< F: timeline frame (Goto, GotoPause)
    int pauseUpdates = 0; ///< P: updates spent paused (Pause)
    float speed = 1.f;    ///< S (Speed, SpeedAt)
    bool loop = false;    ///< L != 0 (Names)

    /// Parses `play:MOV`, `cross:A:B:K:D`, `speed:MOV:S`, `names:A+B+C:D:L`, `goto:MOV:F`,
    /// `gotoPause:MOV:F`, `pause:MOV:K:P`, `speedAt:MOV:K:S`; nullopt and `error` otherwise.
    static std::optional<Scenario> parse(std::string_view text, std::string* error = nullptr);

    /// The golden file stem: `:` becomes `_`, `+` becomes `-`.
    std::string fileStem() const;
};

/// The golden file name of a bake: armature name with `/` as `_`, two underscores, the
/// scenario's stem and ".csv" (e.g. "Knight_f_Knight__play_stand.csv").
std::string goldenFileName(std::string_view armature, const Scenario& scenario);

} // namespace bonescope::core
