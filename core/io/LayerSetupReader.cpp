#include "io/LayerSetupReader.h"

#include "io/FileBytes.h"
#include "io/JsonFields.h"
#include "io/JsonPointer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <initializer_list>
#include <set>

namespace bonescope::core {

namespace {

using Json = nlohmann::json;

/// Walks the document, remembering the file for every error it reports.
class Parser : public JsonFields {
public:
    using JsonFields::JsonFields;

    std::optional<LoadError> transition(const Json& object, const std::string& pointer,
                                        LayerTransitionSetup& out) const
    {
        if (auto e = onlyKeys(object, pointer, {"movement", "start", "duration", "loop"}))
            return e;
        constexpr double unbounded = 1e308;
        if (auto e = string(object, pointer, "movement", true, out.movement))
            return e;
        if (auto e = number(object, pointer, "start", true, 0.0, unbounded, out.startSeconds))
            return e;
        if (auto e = number(object, pointer, "duration", true, 0.0, unbounded, out.durationSeconds))
            return e;
        return boolean(object, pointer, "loop", out.loop);
    }

    std::optional<LoadError> layer(const Json& object, const std::string& pointer,
                                   LayerSetupLayer& out) const
    {
        if (auto e =
                onlyKeys(object, pointer,
                         {"name", "movement", "weight", "loop", "speed", "mask", "transition"}))
            return e;
        if (auto e = string(object, pointer, "name", true, out.name))
            return e;
        if (auto e = string(object, pointer, "movement", true, out.movement))
            return e;
        double weight = 1.0;
        if (auto e = number(object, pointer, "weight", false, 0.0, 1.0, weight))
            return e;
        out.weight = float(weight);
        if (auto e = boolean(object, pointer, "loop", out.loop))
            return e;
        if (auto e = number(object, pointer, "speed", false, 0.0, 1e308, out.speed))
            return e;
        if (object.contains("mask")) {
            const Json& mask = object["mask"];
            if (!mask.is_array())
                return error(pointer + "/mask", "expected an array of bone names");
            out.mask.emplace();
            for (size_t i = 0; i < mask.size(); ++i) {
                if (!mask[i].is_string())
                    return error(pointer + "/mask/" + std::to_string(i), "expected a bone name");
                out.mask->push_back(mask[i].get<std::string>());
            }
        }
        if (object.contains("transition")) {
            out.transition.emplace();
            if (auto e = transition(object["transition"], pointer + "/transition", *out.transition))
                return e;
        }
        return {};
    }

    Result<LayerSetup> document(const Json& root, const std::string& base) const
    {
        if (auto e = onlyKeys(root, base, {"armature", "layers"}))
            return *e;
        LayerSetup setup;
        if (auto e = string(root, base, "armature", false, setup.armature))
            return *e;
        if (!root.contains("layers") || !root["layers"].is_array() || root["layers"].empty())
            return error(base + "/layers", "expected a non-empty array of layers");
        std::set<std::string> names;
        const Json& layers = root["layers"];
        for (size_t i = 0; i < layers.size(); ++i) {
            const std::string pointer = base + "/layers/" + std::to_string(i);
            LayerSetupLayer layer;
            if (auto e = this->layer(layers[i], pointer, layer))
                return *e;
            if (!names.insert(layer.name).second)
                return error(pointer + "/name", "duplicate layer name \"" + layer.name + "\"");
            setup.layers.push_back(std::move(layer));
        }
        return setup;
    }
};

} // namespace

Result<LayerSetup> parseLayerSetup(std::string_view text, const std::string& fileName)
{
    const auto root = parseJsonText(text, fileName);
    if (!root)
        return root.error();
    return placedIn(text, Parser(fileName).document(root.value(), ""));
}

Result<LayerSetup> layerSetupFromJson(const nlohmann::json& setup, const std::string& fileName,
                                      const std::string& pointer)
{
    return Parser(fileName).document(setup, pointer);
}

Result<LayerSetup> readLayerSetup(const std::string& path)
{
    const auto text = readFileBytes(path);
    if (!text)
        return text.error();
    return parseLayerSetup(text.value(), path);
}

} // namespace bonescope::core
