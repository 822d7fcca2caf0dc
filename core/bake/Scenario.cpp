#include "bake/Scenario.h"

#include "base/Limits.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace bonescope::core {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        const size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos)
            return parts;
        start = end + 1;
    }
}

std::optional<Scenario> fail(std::string* error, std::string message)
{
    if (error)
        *error = std::move(message);
    return std::nullopt;
}

/// Reads a whole number in [minimum, maximum]; otherwise sets `problem` naming `parameter`.
bool toCount(std::string_view text, std::string_view parameter, int minimum, int& value,
             std::string& problem)
{
    constexpr auto maximum = static_cast<int>(kMaxBakeUpdates);
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec == std::errc() && result.ptr == text.data() + text.size() && value >= minimum &&
        value <= maximum)
        return true;
    problem = std::string(parameter) + " is \"" + std::string(text) +
              "\"; it must be a whole number from " + std::to_string(minimum) + " to " +
              std::to_string(maximum) + " (the limit of updates in one bake)";
    return false;
}

bool toSpeed(std::string_view text, float& value, std::string& problem)
{
    // from_chars accepts "nan" and "inf": the speed rule refuses them.
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec == std::errc() && result.ptr == text.data() + text.size() &&
        withinSpeedScale(value))
        return true;
    problem = "S (speed scale) is \"" + std::string(text) + "\"; it must be a number from 0 to " +
              std::to_string(static_cast<int>(kMaxSpeedScale));
    return false;
}

} // namespace

std::optional<Scenario> Scenario::parse(std::string_view text, std::string* error)
{
    const auto parts = split(text, ':');
    const std::string_view kind = parts.front();
    Scenario s;
    s.text = std::string(text);
    const auto expect = [&](size_t count) { return parts.size() == count; };
    const auto movementAt = [&](size_t i) { return !parts[i].empty(); };
    std::string problem; // set by a parameter that does not parse or is out of range
    bool ok = false;
    if (kind == "play" && expect(2) && movementAt(1)) {
        s.kind = Kind::Play;
        ok = true;
    } else if (kind == "cross" && expect(5) && movementAt(1) && movementAt(2)) {
        s.kind = Kind::Cross;
        s.movements.emplace_back(parts[2]);
        ok = toCount(parts[3], "K (updates before the cross-fade)", 0, s.updates, problem) &&
             toCount(parts[4], "D (durationTo frames)", -1, s.durationTo, problem);
    } else if (kind == "speed" && expect(3) && movementAt(1)) {
        s.kind = Kind::Speed;
        ok = toSpeed(parts[2], s.speed, problem);
    } else if (kind == "names" && expect(4)) {
        s.kind = Kind::Names;
        int loop = 0;
        ok = toCount(parts[2], "D (durationTo frames)", -1, s.durationTo, problem) &&
             toCount(parts[3], "L (loop flag)", 0, loop, problem);
        s.loop = loop != 0;
        for (auto name : split(parts[1], '+')) {
            ok = ok && !name.empty();
            s.movements.emplace_back(name);
        }
    } else if ((kind == "goto" || kind == "gotoPause") && expect(3) && movementAt(1)) {
        s.kind = kind == "goto" ? Kind::Goto : Kind::GotoPause;
        ok = toCount(parts[2], "F (frame)", 0, s.frame, problem);
    } else if (kind == "pause" && expect(4) && movementAt(1)) {
        s.kind = Kind::Pause;
        ok = toCount(parts[2], "K (updates before the pause)", 0, s.updates, problem) &&
             toCount(parts[3], "P (updates paused)", 0, s.pauseUpdates, problem);
    } else if (kind == "speedAt" && expect(4) && movementAt(1)) {
        s.kind = Kind::SpeedAt;
        ok = toCount(parts[2], "K (updates before the speed change)", 0, s.updates, problem) &&
             toSpeed(parts[3], s.speed, problem);
    }
    if (!problem.empty())
        return fail(error, "bad scenario \"" + std::string(text) + "\": " + problem);
    if (!ok)
        return fail(error, "bad scenario \"" + std::string(text) +
                               "\" (expected play:MOV, cross:A:B:K:D, speed:MOV:S, "
                               "names:A+B:D:L, goto:MOV:F, gotoPause:MOV:F, pause:MOV:K:P "
                               "or speedAt:MOV:K:S)");
    if (s.kind != Kind::Names)
        s.movements.insert(s.movements.begin(), std::string(parts[1]));
    return s;
}

Scenario Scenario::playFirstPass(const MovementData& movement)
{
    Scenario scenario;
    scenario.movements = {movement.name};
    scenario.text = "play:" + movement.name;
    // The player's clock runs `sc` frames an update, through the blend-in and then the pass; one
    // more update shows the pass's end. A scale that never gets there, or takes over a minute,
    // keeps the golden length.
    const double updates =
        std::ceil((std::max(movement.durationTo, 0) + passFrames(movement)) / movement.scale) + 1;
    constexpr double kMostUpdates = 60.0 * kFramesPerSecond;
    if (updates > 0 && updates <= kMostUpdates)
        scenario.updates = static_cast<int>(updates);
    return scenario;
}

std::int64_t Scenario::updateCount(std::int64_t firstDurationFrames,
                                   std::int64_t listDurationFrames) const
{
    switch (kind) {
    case Kind::Play:
        return std::max<std::int64_t>(2 * firstDurationFrames + kPlayExtraUpdates, updates);
    case Kind::Cross:
        return std::int64_t{updates} + kCrossUpdatesAfter;
    case Kind::Speed:
        return kSpeedUpdates;
    case Kind::Names:
        return 2 * listDurationFrames + kNamesExtraUpdates;
    case Kind::Goto:
        return kGotoUpdates;
    case Kind::GotoPause:
        return kGotoPauseUpdates;
    case Kind::Pause:
        return std::int64_t{updates} + pauseUpdates + kResumeUpdates;
    case Kind::SpeedAt:
        return std::int64_t{updates} + kSpeedAtUpdatesAfter;
    }
    return 0;
}

std::string Scenario::fileStem() const
{
    std::string stem = text;
    for (char& c : stem) {
        if (c == ':')
            c = '_';
        else if (c == '+')
            c = '-';
    }
    return stem;
}

std::string goldenFileName(std::string_view armature, const Scenario& scenario)
{
    return goldenFileName(armature, scenario.fileStem());
}

std::string goldenFileName(std::string_view armature, std::string_view scenarioStem)
{
    std::string name(armature);
    for (char& c : name)
        if (c == '/')
            c = '_';
    return name + "__" + std::string(scenarioStem) + ".csv";
}

} // namespace bonescope::core
