#include "io/CocoStudioSaxHandler.h"

#include "base/Limits.h"
#include "io/JsonPointer.h"
#include "model/Easing.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <span>
#include <utility>

namespace bonescope::core {

enum class CocoStudioSaxHandler::Ctx : std::uint8_t {
    Root,
    ArmatureList,
    Armature,
    BoneList,
    Bone,
    DisplayList,
    Display,
    SkinList,
    Skin,
    AnimationList,
    Animation,
    MovementList,
    Movement,
    MovementBoneList,
    MovementBone,
    FrameList,
    Frame,
    EasingParams,
    Color,
    TextureList,
    Texture,
    ContourList,
    Contour,
    VertexList,
    Vertex,
    ConfigFileList,
    ConfigPngList,
    Skip,
};

enum class CocoStudioSaxHandler::Field : std::uint8_t {
    Unknown,
    Element,
    ArmatureData,
    AnimationData,
    TextureData,
    ConfigFilePath,
    ConfigPngPath,
    ContentScale,
    Name,
    Version,
    StrVersion,
    BoneData,
    Parent,
    X,
    Y,
    Z,
    SkewX,
    SkewY,
    ScaleX,
    ScaleY,
    ArrowX,
    ArrowY,
    Color,
    DisplayData,
    DisplayType,
    Plist,
    SkinData,
    MovementData,
    Duration,
    Loop,
    DurationTo,
    DurationTween,
    Easing,
    Scale,
    MovementBoneData,
    Delay,
    FrameData,
    DisplayIndex,
    TweenFrame,
    Event,
    FrameIndex,
    BlendSrc,
    BlendDst,
    EasingParams,
    Width,
    Height,
    PivotX,
    PivotY,
    ContourData,
    Vertex,
    Alpha,
    Red,
    Green,
    Blue,
    Count,
};

enum class CocoStudioSaxHandler::Kind : std::uint8_t {
    Ignore,      // unknown key or unused element: skipped, whatever it holds
    Float,       // any number, read as float (DictionaryHelper::getFloatValue_json)
    Int,         // an integer within int range (getIntValue_json)
    Bool,        // true or false (getBooleanValue_json)
    String,      // (getStringValue_json)
    Object,      // an object of context `child`
    Array,       // an array of context `child`
    Color,       // a `color` member: judged later, by data version
    FirstSkin,   // a skin_data element: the first (object or null) is the skin, others unused
    EasingParam, // a twEP element: a number, null counting as 0
};

struct CocoStudioSaxHandler::Scalar {
    enum class Type { Null, Bool, Integer, Float, String };
    Type type = Type::Null;
    bool boolean = false;
    std::int64_t integer = 0;
    bool integerFits = true; // false for an unsigned value beyond int64
    double number = 0.;      // Integer and Float
    std::string_view text;   // Float: as written
    std::string* string = nullptr;
};

namespace {

// Deeper than any ExportJson needs (11 levels); bounds the level stack on hostile input.
constexpr size_t kMaxDepth = 64;

// A key or string of the file in a message: its first 40 bytes, "..." marking the cut.
std::string inQuotesAbbreviated(std::string_view text)
{
    constexpr size_t kMax = 40;
    std::string out(1, '"');
    out += text.substr(0, kMax);
    out += text.size() > kMax ? "...\"" : "\"";
    return out;
}

/// A problem at JSON pointer `pointer` (readCocoStudioJson names the file, and finds the line
/// when `line` is 0).
LoadError problemAt(std::string pointer, std::string message, int line = 0)
{
    return LoadError{{}, line, std::move(pointer), std::move(message)};
}

} // namespace

CocoStudioSaxHandler::CocoStudioSaxHandler()
{
    m_levels.reserve(16);
}

CocoStudioSaxHandler::Expect CocoStudioSaxHandler::lookupKey(Ctx ctx, std::string_view name)
{
    static_assert(static_cast<int>(Field::Count) <= 64, "Level::seen has one bit per field");
    struct Spec {
        std::string_view key;
        Field field;
        Kind kind;
        Ctx child = Ctx::Skip;
    };
    static constexpr Spec kRoot[] = {
        {"armature_data", Field::ArmatureData, Kind::Array, Ctx::ArmatureList},
        {"animation_data", Field::AnimationData, Kind::Array, Ctx::AnimationList},
        {"texture_data", Field::TextureData, Kind::Array, Ctx::TextureList},
        {"config_file_path", Field::ConfigFilePath, Kind::Array, Ctx::ConfigFileList},
        {"config_png_path", Field::ConfigPngPath, Kind::Array, Ctx::ConfigPngList},
        {"content_scale", Field::ContentScale, Kind::Float},
    };
    static constexpr Spec kArmature[] = {
        {"name", Field::Name, Kind::String},
        {"version", Field::Version, Kind::Float},
        {"strVersion", Field::StrVersion, Kind::String},
        {"bone_data", Field::BoneData, Kind::Array, Ctx::BoneList},
    };
    static constexpr Spec kBone[] = {
        {"name", Field::Name, Kind::String},
        {"parent", Field::Parent, Kind::String},
        {"x", Field::X, Kind::Float},
        {"y", Field::Y, Kind::Float},
        {"z", Field::Z, Kind::Int},
        {"kX", Field::SkewX, Kind::Float},
        {"kY", Field::SkewY, Kind::Float},
        {"cX", Field::ScaleX, Kind::Float},
        {"cY", Field::ScaleY, Kind::Float},
        {"arrow_x", Field::ArrowX, Kind::Float},
        {"arrow_y", Field::ArrowY, Kind::Float},
        {"color", Field::Color, Kind::Color},
        {"display_data", Field::DisplayData, Kind::Array, Ctx::DisplayList},
    };
    static constexpr Spec kDisplay[] = {
        {"name", Field::Name, Kind::String},
        {"displayType", Field::DisplayType, Kind::Int},
        {"plist", Field::Plist, Kind::String},
        {"skin_data", Field::SkinData, Kind::Array, Ctx::SkinList},
    };
    static constexpr Spec kSkin[] = {
        {"x", Field::X, Kind::Float},       {"y", Field::Y, Kind::Float},
        {"kX", Field::SkewX, Kind::Float},  {"kY", Field::SkewY, Kind::Float},
        {"cX", Field::ScaleX, Kind::Float}, {"cY", Field::ScaleY, Kind::Float},
    };
    static constexpr Spec kAnimation[] = {
        {"name", Field::Name, Kind::String},
        {"mov_data", Field::MovementData, Kind::Array, Ctx::MovementList},
    };
    static constexpr Spec kMovement[] = {
        {"name", Field::Name, Kind::String},
        {"dr", Field::Duration, Kind::Int},
        {"lp", Field::Loop, Kind::Bool},
        {"to", Field::DurationTo, Kind::Int},
        {"drTW", Field::DurationTween, Kind::Int},
        {"twE", Field::Easing, Kind::Int},
        {"sc", Field::Scale, Kind::Float},
        {"mov_bone_data", Field::MovementBoneData, Kind::Array, Ctx::MovementBoneList},
    };
    static constexpr Spec kMovementBone[] = {
        {"name", Field::Name, Kind::String},
        {"dl", Field::Delay, Kind::Float},
        {"frame_data", Field::FrameData, Kind::Array, Ctx::FrameList},
    };
    // In the order CocoStudio writes them: most lookups end at the first few entries.
    static constexpr Spec kFrame[] = {
        {"dI", Field::DisplayIndex, Kind::Int},
        {"x", Field::X, Kind::Float},
        {"y", Field::Y, Kind::Float},
        {"z", Field::Z, Kind::Int},
        {"cX", Field::ScaleX, Kind::Float},
        {"cY", Field::ScaleY, Kind::Float},
        {"kX", Field::SkewX, Kind::Float},
        {"kY", Field::SkewY, Kind::Float},
        {"fi", Field::FrameIndex, Kind::Int},
        {"twE", Field::Easing, Kind::Int},
        {"tweenFrame", Field::TweenFrame, Kind::Bool},
        {"evt", Field::Event, Kind::String},
        {"color", Field::Color, Kind::Color},
        {"twEP", Field::EasingParams, Kind::Array, Ctx::EasingParams},
        {"dr", Field::Duration, Kind::Int},
        {"bd_src", Field::BlendSrc, Kind::Int},
        {"bd_dst", Field::BlendDst, Kind::Int},
    };
    static constexpr Spec kColor[] = {
        {"a", Field::Alpha, Kind::Int},
        {"r", Field::Red, Kind::Int},
        {"g", Field::Green, Kind::Int},
        {"b", Field::Blue, Kind::Int},
    };
    static constexpr Spec kTexture[] = {
        {"name", Field::Name, Kind::String},
        {"width", Field::Width, Kind::Float},
        {"height", Field::Height, Kind::Float},
        {"pX", Field::PivotX, Kind::Float},
        {"pY", Field::PivotY, Kind::Float},
        {"contour_data", Field::ContourData, Kind::Array, Ctx::ContourList},
    };
    static constexpr Spec kContour[] = {
        {"vertex", Field::Vertex, Kind::Array, Ctx::VertexList},
    };
    static constexpr Spec kVertex[] = {
        {"x", Field::X, Kind::Float},
        {"y", Field::Y, Kind::Float},
    };

    std::span<const Spec> table;
    switch (ctx) {
    case Ctx::Root:
        table = kRoot;
        break;
    case Ctx::Armature:
        table = kArmature;
        break;
    case Ctx::Bone:
        table = kBone;
        break;
    case Ctx::Display:
        table = kDisplay;
        break;
    case Ctx::Skin:
        table = kSkin;
        break;
    case Ctx::Animation:
        table = kAnimation;
        break;
    case Ctx::Movement:
        table = kMovement;
        break;
    case Ctx::MovementBone:
        table = kMovementBone;
        break;
    case Ctx::Frame:
        table = kFrame;
        break;
    case Ctx::Color:
        table = kColor;
        break;
    case Ctx::Texture:
        table = kTexture;
        break;
    case Ctx::Contour:
        table = kContour;
        break;
    case Ctx::Vertex:
        table = kVertex;
        break;
    default:
        break;
    }
    for (const Spec& spec : table) {
        // Keys are short: the first byte and the length rule out nearly every mismatch.
        if (spec.key.size() == name.size() && spec.key.front() == name.front() && spec.key == name)
            return {spec.field, spec.kind, spec.child, spec.key};
    }
    return {Field::Unknown, Kind::Ignore, Ctx::Skip};
}

CocoStudioSaxHandler::Expect CocoStudioSaxHandler::elementOf(Ctx ctx, int index)
{
    switch (ctx) {
    case Ctx::ArmatureList:
        return {Field::Element, Kind::Object, Ctx::Armature};
    case Ctx::BoneList:
        return {Field::Element, Kind::Object, Ctx::Bone};
    case Ctx::DisplayList:
        return {Field::Element, Kind::Object, Ctx::Display};
    case Ctx::SkinList:
        // cocos2d-x reads skin_data[0] only.
        if (index == 0)
            return {Field::Element, Kind::FirstSkin, Ctx::Skin};
        break;
    case Ctx::AnimationList:
        return {Field::Element, Kind::Object, Ctx::Animation};
    case Ctx::MovementList:
        return {Field::Element, Kind::Object, Ctx::Movement};
    case Ctx::MovementBoneList:
        return {Field::Element, Kind::Object, Ctx::MovementBone};
    case Ctx::FrameList:
        return {Field::Element, Kind::Object, Ctx::Frame};
    case Ctx::EasingParams:
        return {Field::Element, Kind::EasingParam, Ctx::Skip};
    case Ctx::TextureList:
        return {Field::Element, Kind::Object, Ctx::Texture};
    case Ctx::ContourList:
        return {Field::Element, Kind::Object, Ctx::Contour};
    case Ctx::VertexList:
        return {Field::Element, Kind::Object, Ctx::Vertex};
    case Ctx::ConfigFileList:
    case Ctx::ConfigPngList:
        return {Field::Element, Kind::String, Ctx::Skip};
    default:
        break;
    }
    return {Field::Unknown, Kind::Ignore, Ctx::Skip};
}

const char* CocoStudioSaxHandler::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Float:
    case Kind::EasingParam:
        return "a number";
    case Kind::Int:
        return "an integer";
    case Kind::Bool:
        return "true or false";
    case Kind::String:
        return "a string";
    case Kind::Array:
        return "an array";
    default:
        return "an object";
    }
}

CocoStudioSaxHandler::Expect CocoStudioSaxHandler::expectHere()
{
    Level& top = m_levels.back();
    if (!top.isArray)
        return top.expect;
    ++top.index;
    return elementOf(top.ctx, top.index);
}

bool CocoStudioSaxHandler::null()
{
    return onScalar(Scalar{});
}

bool CocoStudioSaxHandler::boolean(bool value)
{
    Scalar scalar;
    scalar.type = Scalar::Type::Bool;
    scalar.boolean = value;
    return onScalar(scalar);
}

bool CocoStudioSaxHandler::number_integer(std::int64_t value)
{
    Scalar scalar;
    scalar.type = Scalar::Type::Integer;
    scalar.integer = value;
    scalar.number = static_cast<double>(value);
    return onScalar(scalar);
}

bool CocoStudioSaxHandler::number_unsigned(std::uint64_t value)
{
    Scalar scalar;
    scalar.type = Scalar::Type::Integer;
    scalar.integerFits =
        value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    scalar.integer = scalar.integerFits ? static_cast<std::int64_t>(value) : 0;
    scalar.number = static_cast<double>(value);
    return onScalar(scalar);
}

bool CocoStudioSaxHandler::number_float(double value, std::string_view text)
{
    Scalar scalar;
    scalar.type = Scalar::Type::Float;
    scalar.number = value;
    scalar.text = text;
    return onScalar(scalar);
}

bool CocoStudioSaxHandler::string(std::string& value)
{
    Scalar scalar;
    scalar.type = Scalar::Type::String;
    scalar.string = &value;
    return onScalar(scalar);
}

bool CocoStudioSaxHandler::start_object()
{
    return onStart(true);
}

bool CocoStudioSaxHandler::start_array()
{
    return onStart(false);
}

bool CocoStudioSaxHandler::end_object()
{
    return onEnd();
}

bool CocoStudioSaxHandler::end_array()
{
    return onEnd();
}

bool CocoStudioSaxHandler::key(std::string_view name)
{
    Level& top = m_levels.back();
    top.hasKey = true;
    top.valueDone = false;
    top.expect = lookupKey(top.ctx, name);
    if (top.expect.field == Field::Unknown) {
        top.unknownKey = name;
        return true;
    }
    const std::uint64_t bit = std::uint64_t{1} << static_cast<int>(top.expect.field);
    if (top.seen & bit) {
        // rapidjson, as cocos2d-x uses it, finds the first of two equal keys: skip the later.
        top.expect = {Field::Unknown, Kind::Ignore, Ctx::Skip};
        top.unknownKey = name;
        // The pointer names the first key: the line says which one is meant.
        m_raw.warnings.add([&] {
            return problemAt(pointer(true),
                             "duplicate key " + inQuotesAbbreviated(name) +
                                 "; as in cocos2d-x, the first one is read and this one ignored",
                             line());
        });
        return true;
    }
    top.seen |= bit;
    // cocos2d-x tests `dr` with HasMember: even `"dr": null` counts as present.
    if (top.ctx == Ctx::Movement && top.expect.field == Field::Duration)
        movement().hasDuration = true;
    return true;
}

void CocoStudioSaxHandler::parse_error(std::size_t, int line, const std::string& message)
{
    if (!m_error)
        m_error =
            LoadError{{}, line, m_levels.empty() ? std::string() : pointer(true, true), message};
}

bool CocoStudioSaxHandler::onScalar(const Scalar& value)
{
    if (m_levels.empty())
        return fail("the top level must be an object");
    const bool ok = readScalar(value);
    m_levels.back().valueDone = true;
    return ok;
}

bool CocoStudioSaxHandler::readScalar(const Scalar& value)
{
    const Expect expect = expectHere();

    auto describe = [&value]() -> std::string {
        switch (value.type) {
        case Scalar::Type::Null:
            return "null";
        case Scalar::Type::Bool:
            return value.boolean ? "true" : "false";
        case Scalar::Type::Integer:
        case Scalar::Type::Float:
            return "a number";
        case Scalar::Type::String:
            return "the string " + inQuotesAbbreviated(*value.string);
        }
        return {};
    };
    auto typeError = [&]() {
        return reject(std::string("expected ") + kindName(expect.kind) + ", found " + describe());
    };
    auto asFloat = [&](float& out) {
        if (value.type != Scalar::Type::Integer && value.type != Scalar::Type::Float)
            return typeError();
        out = static_cast<float>(value.number);
        if (!std::isfinite(out))
            return reject("number " + std::string(value.text) + " does not fit a float");
        return true;
    };

    const bool isNull = value.type == Scalar::Type::Null;
    switch (expect.kind) {
    case Kind::Ignore:
        return true;
    case Kind::Float: {
        // DictionaryHelper treats null as a missing key: the default stays.
        float number = 0.f;
        if (isNull)
            return true;
        return asFloat(number) && storeFloat(expect.field, number, value);
    }
    case Kind::EasingParam: {
        float number = 0.f;
        if (!isNull && !asFloat(number))
            return false;
        frame().data.easingParams.push_back(number);
        return true;
    }
    case Kind::Int: {
        if (isNull)
            return true;
        if (value.type == Scalar::Type::Float)
            return reject("expected an integer, found " + std::string(value.text));
        if (value.type != Scalar::Type::Integer)
            return typeError();
        if (!value.integerFits || value.integer < std::numeric_limits<int>::min() ||
            value.integer > std::numeric_limits<int>::max())
            return reject(
                "integer " +
                (value.integerFits ? std::to_string(value.integer) : std::to_string(value.number)) +
                " is out of range");
        return storeInt(expect.field, static_cast<int>(value.integer));
    }
    case Kind::Bool:
        if (isNull)
            return true;
        if (value.type != Scalar::Type::Bool)
            return readAsFalse(expect.field, describe());
        return storeBool(expect.field, value.boolean);
    case Kind::String:
        if (isNull)
            return true;
        if (value.type != Scalar::Type::String)
            return typeError();
        return storeString(expect.field, *value.string);
    case Kind::Array:
        return isNull || typeError();
    case Kind::Color: {
        CocoStudioRawColor& color = colorOf(m_levels.back().ctx);
        if (isNull) {
            color.kind = CocoStudioRawColor::Kind::Null;
        } else {
            color.kind = CocoStudioRawColor::Kind::Invalid;
            color.pointer = pointer(true);
            color.invalidMessage = "expected an object, found " + describe();
        }
        return true;
    }
    case Kind::FirstSkin:
        return isNull || typeError();
    case Kind::Object:
        return typeError();
    }
    return true;
}

bool CocoStudioSaxHandler::onStart(bool isObject)
{
    if (m_levels.empty())
        return isObject ? push(Ctx::Root, false) : fail("the top level must be an object");
    const Expect expect = expectHere();
    switch (expect.kind) {
    case Kind::Ignore:
        return push(Ctx::Skip, !isObject);
    case Kind::Object:
        if (isObject)
            return push(expect.child, false);
        break;
    case Kind::Array:
        if (!isObject)
            return push(expect.child, true);
        break;
    case Kind::FirstSkin:
        if (isObject) {
            // A skin object's missing kX / kY read as 1 (the default cocos2d-x passes).
            m_hasSkin = true;
            m_skin = Transform{0.f, 0.f, 1.f, 1.f, 1.f, 1.f};
            return push(Ctx::Skin, false);
        }
        break;
    case Kind::Bool:
        return readAsFalse(expect.field, isObject ? "an object" : "an array") &&
               push(Ctx::Skip, !isObject);
    case Kind::Color: {
        CocoStudioRawColor& color = colorOf(m_levels.back().ctx);
        if (isObject) {
            color.kind = CocoStudioRawColor::Kind::Object;
            color.value = ColorTransform{};
            m_color = &color;
            return push(Ctx::Color, false);
        }
        color.kind = CocoStudioRawColor::Kind::Array;
        color.pointer = pointer(true);
        return push(Ctx::Skip, true);
    }
    default:
        break;
    }
    if (!reject(std::string("expected ") + kindName(expect.kind) + ", found " +
                (isObject ? "an object" : "an array")))
        return false;
    return push(Ctx::Skip, !isObject); // a bad member inside a colour: skip it, judge later
}

bool CocoStudioSaxHandler::push(Ctx ctx, bool isArray)
{
    if (m_levels.size() >= kMaxDepth)
        return fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    switch (ctx) {
    case Ctx::ArmatureList:
        m_raw.hasArmatureData = true;
        break;
    case Ctx::Armature:
        m_raw.armatures.emplace_back();
        break;
    case Ctx::Bone:
        // Refused at the first bone past the limit, before the rest is read and held.
        if (armature().bones.size() == size_t(kMaxBonesPerArmature))
            return refuse("the armature has more than " + std::to_string(kMaxBonesPerArmature) +
                          " bones, the most Bonescope accepts");
        armature().bones.emplace_back();
        break;
    case Ctx::Display:
        m_displayType = 0; // cocos2d-x's default: CS_DISPLAY_SPRITE
        m_displayName.clear();
        m_displayPlist.clear();
        m_hasSkin = false;
        break;
    case Ctx::Animation:
        m_raw.animations.emplace_back();
        break;
    case Ctx::Movement:
        animation().movements.emplace_back();
        break;
    case Ctx::MovementBone:
        movement().bones.emplace_back();
        break;
    case Ctx::Frame:
        movementBone().frames.emplace_back();
        break;
    case Ctx::Texture:
        // decodeTexture reads every number with getFloatValue_json's default 0, replacing
        // TextureData's own 0.5 pivot.
        m_raw.textures.emplace_back();
        texture().pivotX = texture().pivotY = 0.f;
        break;
    case Ctx::Contour:
        texture().contours.emplace_back();
        break;
    case Ctx::Vertex:
        texture().contours.back().emplace_back();
        break;
    default:
        break;
    }
    Level level;
    level.ctx = ctx;
    level.isArray = isArray;
    m_levels.push_back(std::move(level));
    return true;
}

bool CocoStudioSaxHandler::onEnd()
{
    const Ctx ctx = m_levels.back().ctx;
    auto requireName = [this](const std::string& name, const char* what) {
        return !name.empty() || fail(std::string(what) + " has no \"name\"", false);
    };
    bool ok = true;
    switch (ctx) {
    case Ctx::Armature:
        ok = requireName(armature().name, "armature");
        break;
    case Ctx::Bone:
        ok = requireName(bone().data.name, "bone");
        break;
    case Ctx::Animation:
        ok = requireName(animation().name, "animation");
        break;
    case Ctx::Movement:
        ok = requireName(movement().data.name, "movement");
        break;
    case Ctx::MovementBone:
        ok = requireName(movementBone().data.name, "movement bone");
        break;
    case Ctx::Display:
        ok = finishDisplay();
        break;
    case Ctx::Contour: {
        // cocos2d-x reads the vertex list from the last to the first.
        auto& contour = texture().contours.back();
        std::reverse(contour.begin(), contour.end());
        break;
    }
    case Ctx::Color:
        m_color = nullptr;
        break;
    default:
        break;
    }
    if (!ok)
        return false;
    m_levels.pop_back();
    if (!m_levels.empty())
        m_levels.back().valueDone = true;
    return true;
}

bool CocoStudioSaxHandler::finishDisplay()
{
    DisplayData display;
    switch (m_displayType) {
    case 0:
        display.type = DisplayType::Image;
        display.name = std::move(m_displayName);
        if (m_hasSkin)
            display.skin = m_skin;
        break;
    case 1:
        display.type = DisplayType::Armature;
        display.name = std::move(m_displayName);
        break;
    case 2:
        display.type = DisplayType::Particle;
        display.name = std::move(m_displayPlist);
        break;
    default:
        // decodeBoneDisplay keeps such a display and DisplayFactory makes nothing of it.
        display.type = DisplayType::Unknown;
        m_raw.warnings.add([&] {
            return problemAt(pointer(false) + "/displayType",
                             "displayType " + std::to_string(m_displayType) +
                                 " is none of cocos2d-x's (0 image, 1 armature, 2 particle); as "
                                 "in cocos2d-x, the display shows nothing");
        });
        break;
    }
    bone().data.displays.push_back(std::move(display));
    return true;
}

CocoStudioRawColor& CocoStudioSaxHandler::colorOf(Ctx owner)
{
    return owner == Ctx::Bone ? bone().color : frame().color;
}

bool CocoStudioSaxHandler::storeFloat(Field field, float value, const Scalar& raw)
{
    auto setNode = [field, value](Transform& t) {
        switch (field) {
        case Field::X:
            t.x = value;
            break;
        case Field::Y:
            t.y = value;
            break;
        case Field::SkewX:
            t.skewX = value;
            break;
        case Field::SkewY:
            t.skewY = value;
            break;
        case Field::ScaleX:
            t.scaleX = value;
            break;
        case Field::ScaleY:
            t.scaleY = value;
            break;
        default:
            break;
        }
    };
    switch (m_levels.back().ctx) {
    case Ctx::Root:
        m_raw.contentScale = value;
        break;
    case Ctx::Armature:
        armature().version = value;
        armature().versionText =
            raw.type == Scalar::Type::Float ? std::string(raw.text) : std::to_string(raw.integer);
        break;
    case Ctx::Bone:
        if (field == Field::ArrowX)
            bone().data.pivotX = value;
        else if (field == Field::ArrowY)
            bone().data.pivotY = value;
        else
            setNode(bone().data.transform);
        break;
    case Ctx::Skin:
        setNode(m_skin);
        break;
    case Ctx::Frame:
        setNode(frame().data.transform);
        break;
    case Ctx::Movement:
        movement().data.scale = value;
        break;
    case Ctx::MovementBone:
        movementBone().data.delay = value;
        break;
    case Ctx::Texture:
        switch (field) {
        case Field::Width:
            texture().width = value;
            break;
        case Field::Height:
            texture().height = value;
            break;
        case Field::PivotX:
            texture().pivotX = value;
            break;
        case Field::PivotY:
            texture().pivotY = value;
            break;
        default:
            break;
        }
        break;
    case Ctx::Vertex: {
        PointF& point = texture().contours.back().back();
        (field == Field::X ? point.x : point.y) = value;
        break;
    }
    default:
        break;
    }
    return true;
}

bool CocoStudioSaxHandler::storeInt(Field field, int value)
{
    if ((field == Field::BlendSrc || field == Field::BlendDst) && value < 0)
        return fail("a blend factor cannot be negative");
    switch (m_levels.back().ctx) {
    case Ctx::Bone:
        bone().data.zOrder = value;
        break;
    case Ctx::Display:
        m_displayType = value;
        break;
    case Ctx::Movement: {
        MovementData& data = movement().data;
        switch (field) {
        case Field::Duration:
            data.duration = value;
            break;
        case Field::DurationTo:
            data.durationTo = value;
            break;
        case Field::DurationTween:
            data.durationTween = value;
            break;
        case Field::Easing:
            data.easing = static_cast<Easing>(value);
            break;
        default:
            break;
        }
        break;
    }
    case Ctx::Frame: {
        CocoStudioRawFrame& raw = frame();
        switch (field) {
        case Field::Z:
            raw.data.zOrder = value;
            break;
        case Field::DisplayIndex:
            raw.data.displayIndex = value;
            break;
        case Field::Easing:
            raw.data.easing = static_cast<Easing>(value);
            break;
        case Field::FrameIndex:
            raw.frameIndex = value;
            break;
        case Field::Duration:
            raw.duration = value;
            break;
        case Field::BlendSrc:
            raw.data.blend.src = static_cast<unsigned>(value);
            break;
        case Field::BlendDst:
            raw.data.blend.dst = static_cast<unsigned>(value);
            break;
        default:
            break;
        }
        break;
    }
    case Ctx::Color:
        if (value > kMaxColorChannel || value < -kMaxColorChannel)
            return refuse("a colour channel of " + std::to_string(value) + " is beyond ±" +
                          std::to_string(kMaxColorChannel));
        switch (field) {
        case Field::Alpha:
            m_color->value.alpha = value;
            break;
        case Field::Red:
            m_color->value.red = value;
            break;
        case Field::Green:
            m_color->value.green = value;
            break;
        case Field::Blue:
            m_color->value.blue = value;
            break;
        default:
            break;
        }
        break;
    default:
        break;
    }
    return true;
}

bool CocoStudioSaxHandler::storeBool(Field field, bool value)
{
    const Ctx ctx = m_levels.back().ctx;
    if (ctx == Ctx::Movement && field == Field::Loop)
        movement().data.loop = value;
    else if (ctx == Ctx::Frame && field == Field::TweenFrame)
        frame().data.tween = value;
    return true;
}

bool CocoStudioSaxHandler::readAsFalse(Field field, const std::string& found)
{
    // rapidjson's GetBool, which cocos2d-x calls unchecked, is true only for `true`.
    m_raw.warnings.add([&] {
        return problemAt(pointer(true),
                         "expected true or false, found " + found +
                             "; as in cocos2d-x, it reads as false",
                         line());
    });
    return storeBool(field, false);
}

bool CocoStudioSaxHandler::storeString(Field field, std::string& value)
{
    switch (m_levels.back().ctx) {
    case Ctx::Armature:
        (field == Field::Name ? armature().name : armature().strVersion) = std::move(value);
        break;
    case Ctx::Bone:
        (field == Field::Name ? bone().data.name : bone().data.parentName) = std::move(value);
        break;
    case Ctx::Display:
        (field == Field::Name ? m_displayName : m_displayPlist) = std::move(value);
        break;
    case Ctx::Animation:
        animation().name = std::move(value);
        break;
    case Ctx::Movement:
        movement().data.name = std::move(value);
        break;
    case Ctx::MovementBone:
        movementBone().data.name = std::move(value);
        break;
    case Ctx::Frame:
        frame().data.event = std::move(value);
        break;
    case Ctx::Texture:
        texture().name = std::move(value);
        break;
    case Ctx::ConfigFileList:
        m_raw.configFiles.push_back(std::move(value));
        break;
    case Ctx::ConfigPngList:
        m_raw.configImages.push_back(std::move(value));
        break;
    default:
        break;
    }
    return true;
}

bool CocoStudioSaxHandler::reject(std::string message)
{
    // Inside a colour object a bad member is only an error if cocos2d-x would read the colour,
    // which depends on the data version: note it and go on.
    if (m_levels.back().ctx == Ctx::Color) {
        if (m_color->kind != CocoStudioRawColor::Kind::Invalid) {
            m_color->kind = CocoStudioRawColor::Kind::Invalid;
            m_color->pointer = pointer(true);
            m_color->invalidMessage = std::move(message);
        }
        return true;
    }
    return fail(std::move(message));
}

bool CocoStudioSaxHandler::fail(std::string message, bool includeTop)
{
    if (!m_error)
        m_error = problemAt(pointer(includeTop), std::move(message));
    return false;
}

bool CocoStudioSaxHandler::refuse(std::string message)
{
    fail(std::move(message));
    m_error->refused = true;
    return false;
}

std::string CocoStudioSaxHandler::pointer(bool includeTop, bool pendingElement) const
{
    std::string out;
    const size_t count = includeTop ? m_levels.size() : m_levels.size() - 1;
    for (size_t i = 0; i < count; ++i) {
        const Level& level = m_levels[i];
        if (level.isArray) {
            // A syntax error inside an element comes before that element's SAX event.
            const bool pending = pendingElement && i + 1 == m_levels.size();
            const int index = level.index + (pending ? 1 : 0);
            if (index >= 0) {
                out += '/';
                out += std::to_string(index);
            }
        } else if (level.hasKey && !(pendingElement && level.valueDone)) {
            // After a complete member a syntax error belongs to the object, not that member.
            out += '/';
            out += escapePointerToken(level.expect.field == Field::Unknown ? level.unknownKey
                                                                           : level.expect.key);
        }
    }
    return out;
}

} // namespace bonescope::core
