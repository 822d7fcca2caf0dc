#pragma once

#include "base/FrameRate.h"
#include "base/Limits.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// How a move from one movement to another runs: the blender's Ogre-style transitions (seed
/// 002) or cocos2d-x's own `play(target, durationTo)` tween.
enum class TransitionKind { Switch, WhileAnimating, ThenAnimate, DurationTo };

/// The name sidecars and blend scripts give `kind`: "switch", "while", "then" or "to".
inline const char* transitionKindName(TransitionKind kind)
{
    constexpr const char* names[] = {"switch", "while", "then", "to"};
    return names[static_cast<int>(kind)];
}

/// Whether a transition of `kind` lasts: a Switch hands over in the update it is called, and
/// the blender and the comparisons ignore the duration it is given.
inline bool transitionLasts(TransitionKind kind)
{
    return kind != TransitionKind::Switch;
}

/// The kind called `name` (see transitionKindName), or none.
inline std::optional<TransitionKind> transitionKindNamed(std::string_view name)
{
    for (const TransitionKind kind : {TransitionKind::Switch, TransitionKind::WhileAnimating,
                                      TransitionKind::ThenAnimate, TransitionKind::DurationTo})
        if (name == transitionKindName(kind))
            return kind;
    return std::nullopt;
}

/// One transition: its kind and duration, kept in the unit the user chose (frames of 1/60 s
/// at speed 1, or seconds). A DurationTo transition may instead use the target movement's own
/// `to`, which is what `play(target)` does in a game.
struct TransitionSpec {
    enum class Unit { Frames, Seconds };

    TransitionKind kind = TransitionKind::WhileAnimating;
    Unit unit = Unit::Frames;
    double duration = 10.0;        ///< in `unit`, ≥ 0
    bool targetDurationTo = false; ///< DurationTo only: the target's own `to`; duration unused

    /// The duration in frames; `targetToFrames` is the target movement's `to`.
    double frames(int targetToFrames) const
    {
        if (kind == TransitionKind::DurationTo && targetDurationTo)
            return targetToFrames;
        return unit == Unit::Frames ? duration : secondsToFrames(duration);
    }
    double seconds(int targetToFrames) const { return framesToSeconds(frames(targetToFrames)); }
    /// The same length of time in `to` (30 frames become 0.5 seconds).
    void convertTo(Unit to)
    {
        if (to != unit)
            duration = to == Unit::Frames ? secondsToFrames(duration) : framesToSeconds(duration);
        unit = to;
    }
    /// The longest duration a transition may take in `unit`: a bake's length (Limits.h), so
    /// every table the editor writes reads back and plays.
    static constexpr double maxDuration(Unit unit)
    {
        return unit == Unit::Frames ? double(kMaxBakeUpdates) : kMaxBakeSeconds;
    }

    friend bool operator==(const TransitionSpec&, const TransitionSpec&) = default;
};

/// The transition for one source → target pair of movements.
struct TransitionRule {
    std::string source;
    std::string target;
    TransitionSpec spec;
    friend bool operator==(const TransitionRule&, const TransitionRule&) = default;
};

/// A default transition plus per-pair overrides (as spine's AnimationStateData mixes).
struct TransitionTable {
    TransitionSpec fallback; ///< "default": pairs without a rule
    std::vector<TransitionRule> rules;

    /// The rule's spec for source → target, else the default.
    const TransitionSpec& find(std::string_view source, std::string_view target) const
    {
        for (const auto& rule : rules)
            if (rule.source == source && rule.target == target)
                return rule.spec;
        return fallback;
    }

    friend bool operator==(const TransitionTable&, const TransitionTable&) = default;
};

} // namespace bonescope::core
