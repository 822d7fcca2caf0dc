#pragma once

#include "base/LoadError.h"
#include "io/CocoStudioRawExport.h"
#include "io/JsonSaxParser.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// JsonSaxParser handler that collects an ExportJson into a CocoStudioRawExport in one pass,
/// without building a DOM. It checks JSON types, integer and float ranges and required names,
/// and keeps the parser's syntax errors; it stops at the first problem and keeps it as a
/// LoadError with the JSON pointer of the offending value (and the line, for syntax errors;
/// readCocoStudioJson places the others).
/// Keys it does not know are skipped, as cocos2d-x ignores them; of equal keys it reads the
/// first, as rapidjson finds it, and warns. Internal to readCocoStudioJson.
class CocoStudioSaxHandler final : public JsonSaxParser::Handler {
public:
    CocoStudioSaxHandler();

    bool null() override;
    bool boolean(bool value) override;
    bool number_integer(std::int64_t value) override;
    bool number_unsigned(std::uint64_t value) override;
    bool number_float(double value, std::string_view text) override;
    bool string(std::string& value) override;
    bool start_object() override;
    bool key(std::string_view name) override;
    bool end_object() override;
    bool start_array() override;
    bool end_array() override;
    void parse_error(std::size_t offset, int line, const std::string& message) override;

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
        std::string_view key{}; // objects: the known key's name (static storage)
    };
    struct Level {
        Ctx ctx;
        bool isArray = false;
        int index = -1;         // arrays: the element being read
        Expect expect{};        // objects: what the key being read holds
        std::uint64_t seen = 0; // objects: bit per known key already met
        bool hasKey = false;
        bool valueDone = false; // objects: the key's value has been read
        std::string unknownKey; // objects: the key being read, when it is not a known one
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
    /// A true-or-false key holding something else (`found`): false, with a warning.
    bool readAsFalse(Field field, const std::string& found);
    bool storeString(Field field, std::string& value);
    bool reject(std::string message);
    CocoStudioRawColor& colorOf(Ctx owner);
    bool finishDisplay();

    bool fail(std::string message, bool includeTop = true);
    /// fail() for a file past one of core/base/Limits.h's limits (LoadError::refused).
    bool refuse(std::string message);
    std::string pointer(bool includeTop, bool pendingElement = false) const;

    CocoStudioRawArmature& armature() { return m_raw.armatures.back(); }
    CocoStudioRawBone& bone() { return armature().bones.back(); }
    CocoStudioRawAnimation& animation() { return m_raw.animations.back(); }
    CocoStudioRawMovement& movement() { return animation().movements.back(); }
    CocoStudioRawMovementBone& movementBone() { return movement().bones.back(); }
    CocoStudioRawFrame& frame() { return movementBone().frames.back(); }
    TextureData& texture() { return m_raw.textures.back(); }

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
