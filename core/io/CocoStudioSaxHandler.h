#pragma once

#include "io/CocoStudioCompactInput.h"
#include "io/CocoStudioRawExport.h"
#include "io/LoadError.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// nlohmann/json SAX handler that collects an ExportJson into a CocoStudioRawExport in one pass,
/// without building a DOM. It checks syntax, JSON types, integer and float ranges, duplicate
/// keys and required names; it stops at the first problem and keeps it as a LoadError with the
/// JSON pointer of the offending value (and the line, for syntax errors). Keys it does not know
/// are skipped, as cocos2d-x ignores them. Internal to readCocoStudioJson.
class CocoStudioSaxHandler {
public:
    // The types nlohmann::json's SAX interface passes.
    using number_integer_t = nlohmann::json::number_integer_t;
    using number_unsigned_t = nlohmann::json::number_unsigned_t;
    using number_float_t = nlohmann::json::number_float_t;
    using string_t = nlohmann::json::string_t;
    using binary_t = nlohmann::json::binary_t;

    /// `input` is what the parser reads; it turns a syntax error's offset into a line.
    explicit CocoStudioSaxHandler(const CocoStudioCompactInput& input);

    bool null();
    bool boolean(bool value);
    bool number_integer(number_integer_t value);
    bool number_unsigned(number_unsigned_t value);
    bool number_float(number_float_t value, const string_t& text);
    bool string(string_t& value);
    bool binary(binary_t& value);
    bool start_object(std::size_t elements);
    bool key(string_t& name);
    bool end_object();
    bool start_array(std::size_t elements);
    bool end_array();
    bool parse_error(std::size_t position, const std::string& lastToken,
                     const nlohmann::detail::exception& exception);

    /// The first problem met (file name left empty), or nothing.
    const std::optional<LoadError>& error() const { return m_error; }
    CocoStudioRawExport& result() { return m_raw; }

private:
    enum class Ctx : std::uint8_t;   // which object or array of the ExportJson schema
    enum class Field : std::uint8_t; // which known key
    enum class Kind : std::uint8_t;  // what a known key's value must be
    struct Scalar;
    struct Expect {
        Field field;
        Kind kind;
        Ctx child;
    };
    struct Level {
        Ctx ctx;
        bool isArray = false;
        int index = -1;         // arrays: the element being read
        Expect expect{};        // objects: what the key being read holds
        std::uint64_t seen = 0; // objects: bit per known key already met
        bool hasKey = false;
        bool valueDone = false; // objects: the key's value has been read
        std::string key;
    };

    static Expect lookupKey(Ctx ctx, std::string_view name);
    static Expect elementOf(Ctx ctx, int index);
    static const char* kindName(Kind kind);

    Expect expectHere();
    bool onScalar(const Scalar& value);
    bool readScalar(const Scalar& value);
    bool onStart(bool isObject);
    bool onEnd();
    bool push(Ctx ctx, bool isArray);
    bool storeFloat(Field field, float value, const Scalar& raw);
    bool storeInt(Field field, int value);
    bool storeBool(Field field, bool value);
    bool storeString(Field field, std::string& value);
    bool reject(std::string message);
    CocoStudioRawColor& colorOf(Ctx owner);
    bool finishDisplay();

    bool fail(std::string message, bool includeTop = true);
    std::string pointer(bool includeTop, bool pendingElement = false) const;

    CocoStudioRawArmature& armature() { return m_raw.armatures.back(); }
    CocoStudioRawBone& bone() { return armature().bones.back(); }
    CocoStudioRawAnimation& animation() { return m_raw.animations.back(); }
    CocoStudioRawMovement& movement() { return animation().movements.back(); }
    CocoStudioRawMovementBone& movementBone() { return movement().bones.back(); }
    CocoStudioRawFrame& frame() { return movementBone().frames.back(); }
    TextureData& texture() { return m_raw.textures.back(); }

    const CocoStudioCompactInput& m_input;
    std::vector<Level> m_levels;
    CocoStudioRawExport m_raw;
    std::optional<LoadError> m_error;
    CocoStudioRawColor* m_color = nullptr; // the colour object being read

    // The display being read: which of its members matter depends on `displayType`, which may
    // come after them.
    int m_displayType = 0;
    std::string m_displayName;
    std::string m_displayPlist;
    bool m_hasSkin = false;
    Transform m_skin;
};

} // namespace bonescope::core
