#include "script/BlendScriptWriter.h"

#include "io/LayerSetupJson.h"

#include <nlohmann/json.hpp>

namespace bonescope::core {

namespace {

using Json = nlohmann::ordered_json;

Json callJson(const ScriptCall& call)
{
    Json out;
    out["at"] = call.at;
    using Kind = ScriptCall::Kind;
    switch (call.kind) {
    case Kind::Play:
        out["play"] = call.movement;
        break;
    case Kind::Crossfade:
        out["crossfade"] = call.movement;
        out["mode"] = transitionKindName(call.mode);
        if (call.mode == TransitionKind::DurationTo)
            out["frames"] = call.frames;
        else
            out["seconds"] = call.seconds;
        break;
    case Kind::Speed:
        out["speed"] = call.speed;
        break;
    case Kind::Pause:
        out["pause"] = true;
        break;
    case Kind::Resume:
        out["resume"] = true;
        break;
    case Kind::Goto:
        out["goto"] = call.frames;
        if (call.pause)
            out["pause"] = true;
        break;
    case Kind::LayerWeight:
        out["layer"] = call.layer;
        out["weight"] = call.weight;
        out["seconds"] = call.seconds;
        break;
    case Kind::LayerCrossfade:
        out["layer"] = call.layer;
        out["crossfade"] = call.movement;
        out["seconds"] = call.seconds;
        break;
    }
    const bool loops = call.kind == Kind::Play || call.kind == Kind::Crossfade ||
                       call.kind == Kind::LayerCrossfade;
    if (loops && call.loop >= 0)
        out["loop"] = call.loop != 0;
    return out;
}

} // namespace

std::string blendScriptJson(const BlendScript& script)
{
    Json out;
    if (!script.armature.empty())
        out["armature"] = script.armature;
    out["updates"] = script.updates;
    if (script.layers)
        out["layers"] = layerSetupJson(*script.layers)["layers"];
    Json calls = Json::array();
    for (const auto& call : script.calls)
        calls.push_back(callJson(call));
    out["calls"] = calls;
    return out.dump(2) + "\n";
}

} // namespace bonescope::core
