#include "io/LayerSetupJson.h"

namespace bonescope::core {

namespace {
using Json = nlohmann::ordered_json;
} // namespace

nlohmann::ordered_json layerSetupJson(const LayerSetup& setup)
{
    Json out;
    if (!setup.armature.empty())
        out["armature"] = setup.armature;
    out["layers"] = Json::array();
    for (const auto& layer : setup.layers) {
        Json item;
        item["name"] = layer.name;
        item["movement"] = layer.movement;
        item["weight"] = layer.weight;
        if (layer.loop)
            item["loop"] = *layer.loop;
        item["speed"] = layer.speed;
        if (layer.mask)
            item["mask"] = *layer.mask;
        if (layer.transition) {
            Json next;
            next["movement"] = layer.transition->movement;
            next["start"] = layer.transition->startSeconds;
            next["duration"] = layer.transition->durationSeconds;
            if (layer.transition->loop)
                next["loop"] = *layer.transition->loop;
            item["transition"] = std::move(next);
        }
        out["layers"].push_back(std::move(item));
    }
    return out;
}

} // namespace bonescope::core
