#include "bake/BlendScenario.h"

#include "base/FrameRate.h"
#include "base/Limits.h"
#include "model/FlipbookTiming.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace bonescope::core {

namespace {

std::vector<std::string_view> splitColons(std::string_view text)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    for (size_t end; (end = text.find(':', start)) != std::string_view::npos; start = end + 1)
        parts.push_back(text.substr(start, end - start));
    parts.push_back(text.substr(start));
    return parts;
}

/// Reads seconds in [0, kMaxBakeSeconds]; otherwise sets `problem` naming `parameter`.
bool toSeconds(std::string_view text, std::string_view parameter, double& value,
               std::string& problem)
{
    // from_chars accepts "nan" and "inf": withinBakeSeconds refuses them.
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec == std::errc() && result.ptr == text.data() + text.size() &&
        withinBakeSeconds(value))
        return true;
    problem = std::string(parameter) + " is \"" + std::string(text) +
              "\"; it must be a number of seconds from 0 to " +
              std::to_string(static_cast<int>(kMaxBakeSeconds)) + " (the limit of one bake)";
    return false;
}

bool toMode(std::string_view text, BlendScenario::Mode& mode)
{
    using Mode = BlendScenario::Mode;
    const std::pair<std::string_view, Mode> modes[] = {{"switch", Mode::Switch},
                                                       {"while", Mode::WhileAnimating},
                                                       {"then", Mode::ThenAnimate},
                                                       {"to", Mode::DurationTo}};
    for (const auto& [name, value] : modes)
        if (text == name) {
            mode = value;
            return true;
        }
    return false;
}

std::optional<BlendScenario> fail(std::string* error, std::string message)
{
    if (error)
        *error = std::move(message);
    return std::nullopt;
}

} // namespace

int updatesAt(double seconds)
{
    return static_cast<int>(std::lround(secondsToFrames(seconds)));
}

bool BlendScenario::handles(std::string_view text)
{
    for (std::string_view prefix : {"blend:", "chain:", "trigger:", "layers:", "flipbook:"})
        if (text.substr(0, prefix.size()) == prefix)
            return true;
    return false;
}

std::optional<BlendScenario> BlendScenario::parse(std::string_view text, std::string* error)
{
    BlendScenario s;
    s.text = std::string(text);
    const std::string usage =
        "expected blend:A:B:MODE:SECONDS:AT, chain:A:B:MODE:SECONDS:AT:C:AT2, trigger:A:B:AT, "
        "layers:SETUP.json or flipbook:NAME[:reverse] (MODE switch|while|then|to)";
    if (text.starts_with("layers:")) {
        s.kind = Kind::Layers;
        s.setupPath = std::string(text.substr(7)); // a path may itself hold colons
        if (s.setupPath.empty())
            return fail(error, usage);
        return s;
    }
    const auto parts = splitColons(text);
    for (const auto& part : parts)
        if (part.empty())
            return fail(error, usage);
    if (parts[0] == "flipbook" && (parts.size() == 2 || parts.size() == 3)) {
        s.kind = Kind::Flipbook;
        s.flipbook = std::string(parts[1]);
        if (parts.size() == 3 && parts[2] != "reverse")
            return fail(error, usage);
        s.reverse = parts.size() == 3;
        return s;
    }
    if (parts[0] == "trigger" && parts.size() == 4) {
        double at = 0.0;
        std::string problem;
        if (!toSeconds(parts[3], "AT (seconds before the trigger)", at, problem))
            return fail(error, "bad scenario \"" + s.text + "\": " + problem);
        s.movements = {std::string(parts[1]), std::string(parts[2])};
        s.callUpdates.push_back(updatesAt(at));
        s.fromTransitionTable = true;
        return s;
    }
    const bool blend = parts[0] == "blend" && parts.size() == 6;
    const bool chain = parts[0] == "chain" && parts.size() == 8;
    if (!blend && !chain)
        return fail(error, usage);
    s.kind = blend ? Kind::Blend : Kind::Chain;
    s.movements = {std::string(parts[1]), std::string(parts[2])};
    if (!toMode(parts[3], s.mode))
        return fail(error, usage);
    const auto bad = [&](const std::string& problem) {
        return fail(error, "bad scenario \"" + s.text + "\": " + problem);
    };
    std::string problem;
    double at = 0.0;
    if (!toSeconds(parts[4], "SECONDS (transition duration)", s.seconds, problem) ||
        !toSeconds(parts[5], "AT (seconds before the blend)", at, problem))
        return bad(problem);
    s.callUpdates.push_back(updatesAt(at));
    if (chain) {
        double at2 = 0.0;
        if (!toSeconds(parts[7], "AT2 (seconds before the second blend)", at2, problem))
            return bad(problem);
        if (updatesAt(at2) < s.callUpdates.front())
            return fail(error, "AT2 must not come before AT");
        s.movements.emplace_back(parts[6]);
        s.callUpdates.push_back(updatesAt(at2));
    }
    return s;
}

std::string BlendScenario::useTransition(const TransitionSpec& spec, int targetToFrames)
{
    constexpr Mode modes[] = {Mode::Switch, Mode::WhileAnimating, Mode::ThenAnimate,
                              Mode::DurationTo};
    mode = modes[static_cast<int>(spec.kind)];
    seconds = spec.seconds(targetToFrames);
    fromTransitionTable = false;
    if (withinBakeSeconds(seconds))
        return {};
    std::ostringstream length; // %g, as the other figures of the CLI's messages
    length << seconds;
    return text + ": the transition lasts " + length.str() + " seconds; it must be from 0 to " +
           std::to_string(static_cast<int>(kMaxBakeSeconds));
}

BlendScript BlendScenario::script(const std::string& armature) const
{
    BlendScript script;
    script.fileName = text;
    script.armature = armature;
    ScriptCall first;
    first.movement = movements.front();
    if (mode == Mode::DurationTo) {
        first.kind = ScriptCall::Kind::Play;
    } else {
        // The blender plays A from its start, with no player phase before it.
        first.kind = ScriptCall::Kind::Crossfade;
        first.mode = TransitionKind::Switch;
    }
    script.calls.push_back(first);
    for (size_t i = 0; i < callUpdates.size(); ++i) {
        ScriptCall call;
        call.kind = ScriptCall::Kind::Crossfade;
        call.at = callUpdates[i];
        call.movement = movements[i + 1];
        call.mode = mode;
        if (mode == Mode::DurationTo)
            call.frames = updatesAt(seconds);
        else
            call.seconds = seconds;
        script.calls.push_back(call);
    }
    script.updates = callUpdates.back() + kUpdatesAfterLastCall;
    return script;
}

std::int64_t BlendScenario::updateCount() const
{
    return callUpdates.empty() ? 0 : std::int64_t{callUpdates.back()} + kUpdatesAfterLastCall;
}

std::string BlendScenario::fileStem() const
{
    std::string stem;
    if (kind == Kind::Layers) {
        const size_t slash = setupPath.find_last_of("/\\");
        std::string name = setupPath.substr(slash == std::string::npos ? 0 : slash + 1);
        if (const size_t dot = name.rfind('.'); dot != std::string::npos && dot > 0)
            name.resize(dot);
        return "layers_" + name;
    }
    for (char c : text)
        stem += c == ':' ? '_' : c;
    return stem;
}

std::string layerSetupLimitProblem(const LayerSetup& setup)
{
    const auto breach = layerSetupLimitBreach(setup);
    return breach ? breach->message : std::string();
}

std::int64_t layersUpdateCount(const LayerSetup& setup)
{
    int lastCall = 0;
    for (const auto& layer : setup.layers)
        if (layer.transition)
            lastCall = std::max(lastCall, updatesAt(layer.transition->startSeconds));
    return std::int64_t{lastCall} + kUpdatesAfterLastCall;
}

BlendScenario BlendScenario::flipbookOf(const std::string& animation)
{
    BlendScenario scenario;
    scenario.kind = Kind::Flipbook;
    scenario.text = "flipbook:" + animation;
    scenario.flipbook = animation;
    return scenario;
}

std::int64_t flipbookUpdateCount(const FlipbookData& data)
{
    const double seconds = flipbookSeconds(data);
    if (!std::isfinite(seconds) || seconds > kMaxBakeSeconds)
        return -1;
    // The first tick shows elapsed 0, so the end comes one update after the duration.
    return static_cast<std::int64_t>(std::ceil(secondsToFrames(std::max(seconds, 0.0)))) + 1 +
           kUpdatesAfterLastCall;
}

} // namespace bonescope::core
