#include "script/BlendScriptReader.h"

#include "base/Limits.h"
#include "io/FileBytes.h"
#include "io/JsonFields.h"
#include "io/JsonPointer.h"
#include "io/LayerSetupReader.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <optional>

namespace bonescope::core {

namespace {

using Json = nlohmann::json;

/// Every check returns the error, or nothing when the value is acceptable.
using Check = std::optional<LoadError>;

/// Reads one object of the document; errors carry its pointer and, inside a call, its index.
class ObjectReader {
public:
    ObjectReader(const Json& object, std::string pointer, std::string prefix,
                 const std::string& fileName)
        : m_object(object), m_pointer(std::move(pointer)), m_prefix(std::move(prefix)),
          m_fileName(fileName)
    {
    }

    LoadError error(const std::string& key, const std::string& message) const
    {
        const std::string pointer = key.empty() ? m_pointer : m_pointer + "/" + key;
        return LoadError{m_fileName, 0, pointer.empty() ? "/" : pointer, m_prefix + message};
    }

    bool has(const char* key) const { return m_object.contains(key); }

    Check onlyKeys(std::initializer_list<const char*> keys) const
    {
        if (!m_object.is_object())
            return error({}, "expected an object");
        for (const auto& item : m_object.items())
            if (std::none_of(keys.begin(), keys.end(),
                             [&](const char* key) { return item.key() == key; }))
                return error(item.key(), "unknown key \"" + item.key() + "\"");
        return {};
    }

    Check string(const char* key, std::string& out) const
    {
        const Json& value = m_object[key];
        if (!value.is_string() || value.get_ref<const std::string&>().empty())
            return error(key, "expected a non-empty string");
        out = value.get<std::string>();
        return {};
    }

    /// A JSON integer in min..max (a fraction or an exponent form is refused: counts are exact).
    Check integer(const char* key, long long min, long long max, int& out) const
    {
        if (!has(key))
            return error(key, "missing required integer");
        const Json& value = m_object[key];
        if (!value.is_number_integer())
            return error(key, "expected an integer");
        const bool fits = !value.is_number_unsigned() ||
                          value.get<unsigned long long>() <= static_cast<unsigned long long>(max);
        if (!fits || value.get<long long>() < min || value.get<long long>() > max)
            return error(key, "integer out of range " + std::to_string(min) + ".." +
                                  std::to_string(max));
        out = int(value.get<long long>());
        return {};
    }

    /// A finite number ≥ 0 (JSON "1e999" reads as infinity and is refused here).
    /// A finite number in 0..max (a length, a weight, a speed: the limits of core/base/Limits.h).
    Check nonNegative(const char* key, double max, double& out) const
    {
        if (!has(key))
            return error(key, "missing required number");
        const Json& value = m_object[key];
        if (!value.is_number())
            return error(key, "expected a number");
        const double number = value.get<double>();
        if (!std::isfinite(number) || number < 0 || number > max)
            return error(key, "expected a finite number from 0 to " + Json(max).dump());
        out = number;
        return {};
    }

    Check boolean(const char* key, bool& out) const
    {
        if (!m_object[key].is_boolean())
            return error(key, "expected true or false");
        out = m_object[key].get<bool>();
        return {};
    }

    /// The optional `loop` flag: −1 when absent.
    Check loop(int& out) const
    {
        if (!has("loop"))
            return {};
        bool loops = false;
        if (auto e = boolean("loop", loops))
            return e;
        out = loops ? 1 : 0;
        return {};
    }

private:
    const Json& m_object;
    std::string m_pointer;
    std::string m_prefix;
    const std::string& m_fileName;
};

Check crossfade(const ObjectReader& in, ScriptCall& call)
{
    if (auto e = in.onlyKeys({"at", "crossfade", "mode", "seconds", "frames", "loop"}))
        return e;
    call.kind = ScriptCall::Kind::Crossfade;
    if (auto e = in.string("crossfade", call.movement))
        return e;
    std::string mode;
    if (!in.has("mode"))
        return in.error("mode", "missing required mode (switch, while, then or to)");
    if (auto e = in.string("mode", mode))
        return e;
    const auto found = transitionKindNamed(mode);
    if (!found)
        return in.error("mode", "unknown mode \"" + mode + "\" (switch, while, then or to)");
    call.mode = *found;
    if (auto e = in.loop(call.loop))
        return e;
    if (call.mode == TransitionKind::DurationTo) {
        if (in.has("seconds"))
            return in.error("seconds", "mode to takes frames (durationTo), not seconds");
        return in.integer("frames", 0, kMaxBakeUpdates, call.frames);
    }
    if (in.has("frames"))
        return in.error("frames", "mode " + mode + " takes seconds, not frames");
    return in.nonNegative("seconds", kMaxBakeSeconds, call.seconds);
}

/// `{"layer": L, "weight": W, "seconds": S}` or `{"layer": L, "crossfade": M, "seconds": S}`.
Check layerCall(const ObjectReader& in, ScriptCall& call)
{
    if (auto e = in.string("layer", call.layer))
        return e;
    if (in.has("crossfade")) {
        call.kind = ScriptCall::Kind::LayerCrossfade;
        if (auto e = in.onlyKeys({"at", "layer", "crossfade", "seconds", "loop"}))
            return e;
        if (auto e = in.string("crossfade", call.movement))
            return e;
        if (auto e = in.loop(call.loop))
            return e;
        return in.nonNegative("seconds", kMaxBakeSeconds, call.seconds);
    }
    call.kind = ScriptCall::Kind::LayerWeight;
    if (auto e = in.onlyKeys({"at", "layer", "weight", "seconds"}))
        return e;
    if (auto e = in.nonNegative("weight", 1.0, call.weight))
        return e;
    return in.nonNegative("seconds", kMaxBakeSeconds, call.seconds);
}

Check call(const ObjectReader& in, ScriptCall& call)
{
    if (in.has("layer"))
        return layerCall(in, call);
    if (in.has("crossfade"))
        return crossfade(in, call);
    if (in.has("play")) {
        call.kind = ScriptCall::Kind::Play;
        if (auto e = in.onlyKeys({"at", "play", "loop"}))
            return e;
        if (auto e = in.string("play", call.movement))
            return e;
        return in.loop(call.loop);
    }
    if (in.has("speed")) {
        call.kind = ScriptCall::Kind::Speed;
        if (auto e = in.onlyKeys({"at", "speed"}))
            return e;
        return in.nonNegative("speed", kMaxSpeedScale, call.speed);
    }
    if (in.has("goto")) {
        call.kind = ScriptCall::Kind::Goto;
        if (auto e = in.onlyKeys({"at", "goto", "pause"}))
            return e;
        if (in.has("pause"))
            if (auto e = in.boolean("pause", call.pause))
                return e;
        return in.integer("goto", 0, kMaxBakeUpdates, call.frames);
    }
    for (const auto& [key, kind] : {std::pair{"pause", ScriptCall::Kind::Pause},
                                    std::pair{"resume", ScriptCall::Kind::Resume}})
        if (in.has(key)) {
            call.kind = kind;
            if (auto e = in.onlyKeys({"at", key}))
                return e;
            bool value = false;
            if (auto e = in.boolean(key, value))
                return e;
            if (!value)
                return in.error(key, "expected true");
            return {};
        }
    if (auto e = in.onlyKeys({"at"}))
        return e;
    return in.error({}, "expected one of play, crossfade, speed, pause, resume, goto, layer");
}

Result<BlendScript> document(const Json& root, const std::string& fileName)
{
    const ObjectReader in(root, {}, {}, fileName);
    if (auto e = in.onlyKeys({"armature", "layers", "updates", "calls"}))
        return *e;
    BlendScript script;
    script.fileName = fileName;
    if (in.has("armature"))
        if (auto e = in.string("armature", script.armature))
            return *e;
    if (in.has("layers")) {
        // The layer-setup schema, whose pointers ("/layers/1/mask/0") are the script's too.
        const Json setup = {{"layers", root["layers"]}};
        auto layers = layerSetupFromJson(setup, fileName, "");
        if (!layers)
            return layers.error();
        script.layers = std::move(layers.value());
    }
    if (auto e = in.integer("updates", 1, std::numeric_limits<int>::max(), script.updates))
        return *e;
    if (!root.contains("calls") || !root["calls"].is_array())
        return in.error("calls", "expected an array of calls");
    const Json& calls = root["calls"];
    for (size_t i = 0; i < calls.size(); ++i) {
        const std::string index = std::to_string(i);
        const ObjectReader callIn(calls[i], "/calls/" + index, "call " + index + ": ", fileName);
        ScriptCall parsed;
        if (calls[i].is_object())
            if (auto e = callIn.integer("at", 0, script.updates - 1, parsed.at))
                return *e;
        if (auto e = call(callIn, parsed))
            return *e;
        if (!script.calls.empty() && parsed.at < script.calls.back().at)
            return callIn.error("at", "out of order: at " + std::to_string(parsed.at) +
                                          " comes after at " +
                                          std::to_string(script.calls.back().at));
        script.calls.push_back(std::move(parsed));
    }
    return script;
}

} // namespace

Result<BlendScript> parseBlendScript(std::string_view text, const std::string& fileName)
{
    const auto root = parseJsonText(text, fileName);
    if (!root)
        return root.error();
    return placedIn(text, document(root.value(), fileName));
}

Result<BlendScript> readBlendScript(const std::string& path)
{
    const auto text = readFileBytes(path);
    if (!text)
        return text.error();
    return parseBlendScript(text.value(), path);
}

} // namespace bonescope::core
