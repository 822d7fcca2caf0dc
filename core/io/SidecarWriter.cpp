#include "io/SidecarWriter.h"

#include "io/LayerSetupJson.h"

#include <nlohmann/json.hpp>

namespace bonescope::core {

namespace {

using Json = nlohmann::ordered_json;

Json transition(const TransitionSpec& spec)
{
    Json out;
    out["type"] = transitionKindName(spec.kind);
    if (spec.kind == TransitionKind::DurationTo && spec.targetDurationTo)
        return out;
    out[spec.unit == TransitionSpec::Unit::Frames ? "frames" : "seconds"] = spec.duration;
    return out;
}

template <typename T> void setIf(Json& object, const char* key, const std::optional<T>& value)
{
    if (value)
        object[key] = *value;
}

} // namespace

std::string writeSidecar(const Sidecar& sidecar)
{
    Json root;
    root["version"] = Sidecar::kVersion;
    Json transitions;
    transitions["default"] = transition(sidecar.transitions.fallback);
    if (!sidecar.transitions.rules.empty()) {
        Json pairs = Json::array();
        for (const auto& rule : sidecar.transitions.rules) {
            Json pair;
            pair["source"] = rule.source;
            pair["target"] = rule.target;
            pair.update(transition(rule.spec));
            pairs.push_back(std::move(pair));
        }
        transitions["pairs"] = std::move(pairs);
    }
    root["transitions"] = std::move(transitions);
    if (sidecar.layers)
        root["layers"] = layerSetupJson(*sidecar.layers);
    Json view = Json::object();
    const ViewChoices& v = sidecar.view;
    setIf(view, "armature", v.armature);
    setIf(view, "movement", v.movement);
    setIf(view, "showBones", v.showBones);
    setIf(view, "showPivots", v.showPivots);
    setIf(view, "showBounds", v.showBounds);
    setIf(view, "showGrid", v.showGrid);
    setIf(view, "checkerBackground", v.checkerBackground);
    setIf(view, "background", v.background);
    setIf(view, "onionBefore", v.onionBefore);
    setIf(view, "onionAfter", v.onionAfter);
    if (!view.empty())
        root["view"] = std::move(view);
    if (!sidecar.scripts.empty()) {
        Json scripts = Json::array();
        for (const auto& script : sidecar.scripts)
            scripts.push_back(Json::parse(script, nullptr, false));
        root["scripts"] = std::move(scripts);
    }
    return root.dump(2) + "\n";
}

} // namespace bonescope::core
