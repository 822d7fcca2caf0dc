#pragma once

#include <cstddef>
#include <string>
#include <utility>

namespace bonescope::test {

/// Where an editor's `after` differs from `before`: the bytes they share at the start and at
/// the end.
struct SharedEnds {
    size_t prefix = 0;
    size_t suffix = 0;
};

inline SharedEnds sharedEnds(const std::string& before, const std::string& after)
{
    SharedEnds ends;
    while (ends.prefix < before.size() && ends.prefix < after.size() &&
           before[ends.prefix] == after[ends.prefix])
        ++ends.prefix;
    while (ends.suffix < before.size() - ends.prefix && ends.suffix < after.size() - ends.prefix &&
           before[before.size() - 1 - ends.suffix] == after[after.size() - 1 - ends.suffix])
        ++ends.suffix;
    return ends;
}

/// Bytes of `before` that `after` replaced, and what replaced them (the shared ends removed).
inline std::pair<std::string, std::string> changedBytes(const std::string& before,
                                                        const std::string& after)
{
    const auto [prefix, suffix] = sharedEnds(before, after);
    return {before.substr(prefix, before.size() - prefix - suffix),
            after.substr(prefix, after.size() - prefix - suffix)};
}

} // namespace bonescope::test
