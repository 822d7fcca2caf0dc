#include "edit/EditRecovery.h"

#include "io/JsonFields.h"
#include "io/SidecarReader.h"
#include "io/SidecarWriter.h"
#include "model/Easing.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <variant>

namespace bonescope::core {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr double kUnbounded = std::numeric_limits<double>::max();

OrderedJson valueJson(const EditValue& value)
{
    return std::visit(
        [](const auto& v) -> OrderedJson {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, Easing>)
                return static_cast<int>(v);
            else
                return v;
        },
        value);
}

class Parser : public JsonFields {
public:
    using JsonFields::JsonFields;

    std::optional<LoadError> wholeNumber(const Json& object, const std::string& pointer,
                                         const char* key, bool required, int min, int max,
                                         int& out) const
    {
        double number = out;
        if (auto e = this->number(object, pointer, key, required, min, max, number))
            return e;
        if (number != std::floor(number))
            return error(pointer + "/" + key, "expected a whole number");
        out = static_cast<int>(number);
        return {};
    }

    /// The value of `key` at `pointer`: of the JSON type writeEditRecovery gives that key.
    std::optional<LoadError> editValue(const Json& edit, const std::string& pointer, EditKey key,
                                       EditValue& out) const
    {
        if (!edit.contains("value"))
            return error(pointer, "missing value");
        const Json& value = edit["value"];
        const std::string at = pointer + "/value";
        const EditValue expected = defaultEditValue(key);
        if (std::holds_alternative<int>(expected)) { // frames
            int frames = 0;
            if (auto e = wholeNumber(edit, pointer, "value", true, 0, kMaxEditFrames, frames))
                return e;
            out = frames;
        } else if (std::holds_alternative<bool>(expected)) {
            if (!value.is_boolean())
                return error(at, "expected true or false");
            out = value.get<bool>();
        } else if (std::holds_alternative<double>(expected)) {
            double number = 0;
            if (auto e =
                    this->number(edit, pointer, "value", true, -kUnbounded, kUnbounded, number))
                return e;
            out = number;
        } else if (std::holds_alternative<Easing>(expected)) {
            int type = 0;
            if (auto e = wholeNumber(edit, pointer, "value", true, std::numeric_limits<int>::min(),
                                     std::numeric_limits<int>::max(), type))
                return e;
            if (!isKnownEasing(type))
                return error(at, "not a cocos2d-x tween type");
            out = static_cast<Easing>(type);
        } else {
            if (!value.is_string())
                return error(at, "expected a string");
            out = value.get<std::string>();
        }
        return {};
    }

    std::optional<LoadError> exportEdit(const Json& edit, const std::string& pointer,
                                        ExportEdit& out) const
    {
        if (auto e = onlyKeys(edit, pointer,
                              {"armature", "movement", "bone", "keyframe", "key", "value"}))
            return e;
        std::string keyName;
        if (auto e = string(edit, pointer, "key", true, keyName))
            return e;
        const auto key = parseEditKey(keyName);
        if (!key)
            return error(pointer + "/key", "not a key Bonescope edits: " + keyName);
        out.key = *key;
        if (auto e = string(edit, pointer, "armature", true, out.target.armature))
            return e;
        if (auto e = string(edit, pointer, "movement", true, out.target.movement))
            return e;
        if (isKeyframeKey(*key)) {
            if (auto e = string(edit, pointer, "bone", true, out.target.bone))
                return e;
            if (auto e = wholeNumber(edit, pointer, "keyframe", true, 0, kMaxFrames,
                                     out.target.keyframe))
                return e;
        } else if (edit.contains("bone") || edit.contains("keyframe")) {
            return error(pointer, keyName + " is a movement's: no bone or keyframe");
        }
        return editValue(edit, pointer, *key, out.value);
    }

    std::optional<LoadError> flipbookEdit(const Json& edit, const std::string& pointer,
                                          FlipbookEdit& out) const
    {
        if (auto e = onlyKeys(edit, pointer, {"animation", "frame", "key", "value"}))
            return e;
        std::string keyName;
        if (auto e = string(edit, pointer, "key", true, keyName))
            return e;
        const auto key = parseFlipbookKey(keyName);
        if (!key)
            return error(pointer + "/key", "not a timing key Bonescope edits: " + keyName);
        out.key = *key;
        if (auto e = string(edit, pointer, "animation", true, out.target.animation))
            return e;
        if (*key == FlipbookKey::DelayUnits) {
            if (auto e = wholeNumber(edit, pointer, "frame", true, 0, kMaxFrames, out.target.frame))
                return e;
        } else if (edit.contains("frame")) {
            return error(pointer, keyName + " is an animation's: no frame");
        }
        return number(edit, pointer, "value", true, -kUnbounded, kUnbounded, out.value);
    }

    template <typename Edit, typename ReadOne>
    std::optional<LoadError> list(const Json& root, const char* key, std::vector<Edit>& out,
                                  ReadOne readOne) const
    {
        if (!root.contains(key))
            return {};
        const std::string pointer = std::string("/") + key;
        const Json& edits = root[key];
        if (!edits.is_array())
            return error(pointer, "expected an array of edits");
        for (size_t i = 0; i < edits.size(); ++i) {
            Edit edit;
            if (auto e = (this->*readOne)(edits[i], pointer + "/" + std::to_string(i), edit))
                return e;
            out.push_back(std::move(edit));
        }
        return {};
    }

    Result<EditRecovery> recovery(const Json& root) const
    {
        if (!root.is_object())
            return error("", "expected an object");
        if (auto e = onlyKeys(root, "",
                              {"bonescopeRecovery", "export", "savedAt", "base", "edits",
                               "flipbookEdits", "sidecar"}))
            return *e;
        int version = 0;
        if (auto e = wholeNumber(root, "", "bonescopeRecovery", true, 1,
                                 std::numeric_limits<int>::max(), version))
            return *e;
        if (version > EditRecovery::kVersion)
            return error("/bonescopeRecovery",
                         "written by a newer Bonescope (version " + std::to_string(version) + ")");
        EditRecovery out;
        if (auto e = string(root, "", "export", true, out.exportPath))
            return *e;
        if (auto e = string(root, "", "savedAt", true, out.savedAt))
            return *e;
        if (!root.contains("base") || !root["base"].is_object())
            return error("/base", "expected the size and digest of the edited file");
        double size = 0;
        if (auto e = onlyKeys(root["base"], "/base", {"size", "digest"}))
            return *e;
        if (auto e = number(root["base"], "/base", "size", true, 0, 9.0e15, size))
            return *e;
        out.baseSize = static_cast<std::uint64_t>(size);
        if (auto e = string(root["base"], "/base", "digest", true, out.baseDigest))
            return *e;
        if (auto e = list(root, "edits", out.edits, &Parser::exportEdit))
            return *e;
        if (auto e = list(root, "flipbookEdits", out.flipbookEdits, &Parser::flipbookEdit))
            return *e;
        if (root.contains("sidecar")) {
            auto sidecar = parseSidecar(root["sidecar"].dump(), fileName());
            if (!sidecar) {
                LoadError problem = sidecar.error();
                problem.jsonPointer = "/sidecar" + problem.jsonPointer;
                problem.line = 0; // a line of the copy, not of the file
                return problem;
            }
            out.sidecar = std::move(sidecar.value());
        }
        return out;
    }
};

} // namespace

std::string contentDigest(std::string_view bytes)
{
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const unsigned char byte : bytes) {
        hash ^= byte;
        hash *= 0x100000001b3ULL;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::string writeEditRecovery(const EditRecovery& recovery)
{
    OrderedJson root;
    root["bonescopeRecovery"] = EditRecovery::kVersion;
    root["export"] = recovery.exportPath;
    root["savedAt"] = recovery.savedAt;
    root["base"] = {{"size", recovery.baseSize}, {"digest", recovery.baseDigest}};
    OrderedJson edits = OrderedJson::array();
    for (const ExportEdit& edit : recovery.edits) {
        OrderedJson out;
        out["armature"] = edit.target.armature;
        out["movement"] = edit.target.movement;
        if (isKeyframeKey(edit.key)) {
            out["bone"] = edit.target.bone;
            out["keyframe"] = edit.target.keyframe;
        }
        out["key"] = editKeyName(edit.key);
        out["value"] = valueJson(edit.value);
        edits.push_back(std::move(out));
    }
    root["edits"] = std::move(edits);
    OrderedJson flipbookEdits = OrderedJson::array();
    for (const FlipbookEdit& edit : recovery.flipbookEdits) {
        OrderedJson out;
        out["animation"] = edit.target.animation;
        if (edit.key == FlipbookKey::DelayUnits)
            out["frame"] = edit.target.frame;
        out["key"] = flipbookKeyName(edit.key);
        out["value"] = edit.value;
        flipbookEdits.push_back(std::move(out));
    }
    root["flipbookEdits"] = std::move(flipbookEdits);
    root["sidecar"] = OrderedJson::parse(writeSidecar(recovery.sidecar));
    return root.dump(2) + "\n";
}

Result<EditRecovery> parseEditRecovery(std::string_view text, const std::string& fileName)
{
    auto root = parseJsonText(text, fileName);
    if (!root)
        return root.error();
    return Parser(fileName).recovery(root.value());
}

} // namespace bonescope::core
