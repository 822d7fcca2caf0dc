#include "io/LayerSetupReader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <set>

namespace bonescope::core {

namespace {

using Json = nlohmann::json;

/// Walks the document, remembering the file for every error it reports.
class Parser {
public:
    explicit Parser(const std::string& fileName) : m_fileName(fileName) {}

    LoadError error(const std::string& pointer, const std::string& message) const
    {
        return LoadError{m_fileName, 0, pointer.empty() ? "/" : pointer, message};
    }

    // Each check returns an error message, or nothing when the value is acceptable.
    std::optional<LoadError> onlyKeys(const Json& object, const std::string& pointer,
                                      std::initializer_list<const char*> keys) const
    {
        if (!object.is_object())
            return error(pointer, "expected an object");
        // No structured binding: Clang before 16 cannot capture one in the lambda.
        for (const auto& item : object.items()) {
            const std::string& key = item.key();
            if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; }))
                return error(pointer + "/" + key, "unknown key \"" + key + "\"");
        }
        return {};
    }

    std::optional<LoadError> string(const Json& object, const std::string& pointer, const char* key,
                                    bool required, std::string& out) const
    {
        if (!object.contains(key))
            return required ? error(pointer + "/" + key, "missing required string")
                            : std::optional<LoadError>{};
        const Json& value = object[key];
        if (!value.is_string() || value.get_ref<const std::string&>().empty())
            return error(pointer + "/" + key, "expected a non-empty string");
        out = value.get<std::string>();
        return {};
    }

    std::optional<LoadError> number(const Json& object, const std::string& pointer, const char* key,
                                    bool required, double min, double max, double& out) const
    {
        if (!object.contains(key))
            return required ? error(pointer + "/" + key, "missing required number")
                            : std::optional<LoadError>{};
        const Json& value = object[key];
        if (!value.is_number())
            return error(pointer + "/" + key, "expected a number");
        const double number = value.get<double>();
        if (!(number >= min && number <= max))
            return error(pointer + "/" + key, "number out of range " + Json(min).dump() + ".." +
                                                  (max > 1e300 ? "" : Json(max).dump()));
        out = number;
        return {};
    }

    std::optional<LoadError> boolean(const Json& object, const std::string& pointer,
                                     const char* key, std::optional<bool>& out) const
    {
        if (!object.contains(key))
            return {};
        if (!object[key].is_boolean())
            return error(pointer + "/" + key, "expected true or false");
        out = object[key].get<bool>();
        return {};
    }

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

    Result<LayerSetup> document(const Json& root) const
    {
        if (auto e = onlyKeys(root, "", {"armature", "layers"}))
            return *e;
        LayerSetup setup;
        if (auto e = string(root, "", "armature", false, setup.armature))
            return *e;
        if (!root.contains("layers") || !root["layers"].is_array() || root["layers"].empty())
            return error("/layers", "expected a non-empty array of layers");
        std::set<std::string> names;
        const Json& layers = root["layers"];
        for (size_t i = 0; i < layers.size(); ++i) {
            const std::string pointer = "/layers/" + std::to_string(i);
            LayerSetupLayer layer;
            if (auto e = this->layer(layers[i], pointer, layer))
                return *e;
            if (!names.insert(layer.name).second)
                return error(pointer + "/name", "duplicate layer name \"" + layer.name + "\"");
            setup.layers.push_back(std::move(layer));
        }
        return setup;
    }

private:
    const std::string& m_fileName;
};

} // namespace

Result<LayerSetup> parseLayerSetup(std::string_view text, const std::string& fileName)
{
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        const size_t end = std::min(e.byte, text.size());
        const int line = 1 + int(std::count(text.begin(), text.begin() + end, '\n'));
        return LoadError{fileName, line, {}, e.what()};
    } catch (const Json::exception& e) {
        // Not a syntax error: a number past double's range ("1e999"), no byte offset known.
        return LoadError{fileName, 0, {}, e.what()};
    }
    return Parser(fileName).document(root);
}

Result<LayerSetup> readLayerSetup(const std::string& path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return LoadError{path, 0, {}, "cannot open the file"};
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    return parseLayerSetup(text, path);
}

} // namespace bonescope::core
