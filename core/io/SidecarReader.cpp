#include "io/SidecarReader.h"

#include "io/FileBytes.h"
#include "io/JsonFields.h"
#include "io/JsonPointer.h"
#include "io/LayerSetupReader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <utility>

namespace bonescope::core {

namespace {

using Json = nlohmann::json;

constexpr double kUnbounded = 1e308;

class Parser : public JsonFields {
public:
    using JsonFields::JsonFields;

    // A default (`pair` false) or a per-pair transition.
    std::optional<LoadError> transition(const Json& object, const std::string& pointer, bool pair,
                                        TransitionSpec& out) const
    {
        if (auto e =
                pair ? onlyKeys(object, pointer, {"source", "target", "type", "frames", "seconds"})
                     : onlyKeys(object, pointer, {"type", "frames", "seconds"}))
            return e;
        std::string type;
        if (auto e = string(object, pointer, "type", true, type))
            return e;
        const auto kind = transitionKindNamed(type);
        if (!kind)
            return error(pointer + "/type", "expected switch, while, then or to");
        out.kind = *kind;
        const bool frames = object.contains("frames");
        const bool seconds = object.contains("seconds");
        if (frames && seconds)
            return error(pointer, "give either frames or seconds, not both");
        if (!frames && !seconds) {
            if (out.kind != TransitionKind::DurationTo)
                return error(pointer, "missing frames or seconds");
            out.targetDurationTo = true;
            return {};
        }
        out.unit = frames ? TransitionSpec::Unit::Frames : TransitionSpec::Unit::Seconds;
        return number(object, pointer, frames ? "frames" : "seconds", true, 0.0,
                      TransitionSpec::maxDuration(out.unit), out.duration);
    }

    std::optional<LoadError> transitions(const Json& object, TransitionTable& out) const
    {
        const std::string pointer = "/transitions";
        if (auto e = onlyKeys(object, pointer, {"default", "pairs"}))
            return e;
        if (object.contains("default"))
            if (auto e = transition(object["default"], pointer + "/default", false, out.fallback))
                return e;
        if (!object.contains("pairs"))
            return {};
        const Json& pairs = object["pairs"];
        if (!pairs.is_array())
            return error(pointer + "/pairs", "expected an array of transitions");
        std::set<std::pair<std::string, std::string>> seen;
        for (size_t i = 0; i < pairs.size(); ++i) {
            const std::string at = pointer + "/pairs/" + std::to_string(i);
            TransitionRule rule;
            if (auto e = transition(pairs[i], at, true, rule.spec))
                return e;
            if (auto e = string(pairs[i], at, "source", true, rule.source))
                return e;
            if (auto e = string(pairs[i], at, "target", true, rule.target))
                return e;
            if (!seen.emplace(rule.source, rule.target).second)
                return error(at, "a second transition for " + rule.source + " -> " + rule.target);
            out.rules.push_back(std::move(rule));
        }
        return {};
    }

    std::optional<LoadError> view(const Json& object, ViewChoices& out) const
    {
        const std::string pointer = "/view";
        if (auto e = onlyKeys(object, pointer,
                              {"armature", "movement", "showBones", "showPivots", "showBounds",
                               "showGrid", "checkerBackground", "background", "onionBefore",
                               "onionAfter"}))
            return e;
        for (const auto& [key, target] :
             {std::pair{"armature", &out.armature}, std::pair{"movement", &out.movement},
              std::pair{"background", &out.background}}) {
            std::string text;
            if (!object.contains(key))
                continue;
            if (auto e = string(object, pointer, key, true, text))
                return e;
            *target = text;
        }
        if (out.background && !validColour(*out.background))
            return error(pointer + "/background", "expected a colour \"#rrggbb\"");
        for (const auto& [key, target] :
             {std::pair{"showBones", &out.showBones}, std::pair{"showPivots", &out.showPivots},
              std::pair{"showBounds", &out.showBounds}, std::pair{"showGrid", &out.showGrid},
              std::pair{"checkerBackground", &out.checkerBackground}})
            if (auto e = boolean(object, pointer, key, *target))
                return e;
        for (const auto& [key, target] : {std::pair{"onionBefore", &out.onionBefore},
                                          std::pair{"onionAfter", &out.onionAfter}}) {
            double frames = 0.0;
            if (!object.contains(key))
                continue;
            if (auto e = number(object, pointer, key, true, 0.0, 100.0, frames))
                return e;
            if (frames != static_cast<int>(frames))
                return error(pointer + "/" + key, "expected a whole number of frames");
            *target = static_cast<int>(frames);
        }
        return {};
    }

    Result<Sidecar> document(const Json& root) const
    {
        if (auto e = onlyKeys(root, "", {"version", "transitions", "layers", "view", "scripts"}))
            return *e;
        double version = 0.0;
        if (auto e = number(root, "", "version", true, 1.0, kUnbounded, version))
            return *e;
        if (version != Sidecar::kVersion)
            return error("/version", "version " + Json(version).dump() +
                                         " is not one this Bonescope reads (it reads " +
                                         std::to_string(Sidecar::kVersion) + ")");
        Sidecar sidecar;
        if (root.contains("transitions"))
            if (auto e = transitions(root["transitions"], sidecar.transitions))
                return *e;
        if (root.contains("layers")) {
            auto layers = layerSetupFromJson(root["layers"], fileName(), "/layers");
            if (!layers)
                return layers.error();
            sidecar.layers = std::move(layers.value());
        }
        if (root.contains("view"))
            if (auto e = view(root["view"], sidecar.view))
                return *e;
        if (root.contains("scripts")) {
            const Json& scripts = root["scripts"];
            if (!scripts.is_array())
                return error("/scripts", "expected an array of blend scripts");
            for (size_t i = 0; i < scripts.size(); ++i) {
                if (!scripts[i].is_object())
                    return error("/scripts/" + std::to_string(i), "expected a script object");
                sidecar.scripts.push_back(scripts[i].dump());
            }
        }
        return sidecar;
    }

private:
    static bool validColour(const std::string& text)
    {
        return text.size() == 7 && text[0] == '#' &&
               std::all_of(text.begin() + 1, text.end(),
                           [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
    }
};

} // namespace

std::string sidecarPathFor(const std::string& exportPath)
{
    return exportPath + ".bonescope.json";
}

Result<Sidecar> parseSidecar(std::string_view text, const std::string& fileName)
{
    const auto root = parseJsonText(text, fileName);
    if (!root)
        return root.error();
    return placedIn(text, Parser(fileName).document(root.value()));
}

Result<Sidecar> readSidecar(const std::string& path)
{
    const auto bytes = readFileBytes(path);
    if (!bytes)
        return bytes.error();
    return parseSidecar(bytes.value(), path);
}

} // namespace bonescope::core
