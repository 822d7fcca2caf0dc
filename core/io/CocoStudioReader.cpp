#include "io/CocoStudioReader.h"

#include "base/Limits.h"
#include "base/Quoted.h"
#include "base/Utf8.h"

#include "io/CocoStudioSaxHandler.h"
#include "io/JsonPointer.h"
#include "io/JsonSaxParser.h"
#include "io/NameList.h"
#include "io/ReaderWarnings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <numbers>
#include <optional>
#include <queue>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace bonescope::core {

namespace {

// cocos2d-x's CCArmatureDefine.h: data versions at which the JSON reading changes.
constexpr float kVersionCombined = 0.30f;
constexpr float kVersionChangeRotationRange = 1.0f;
constexpr float kVersionColorReading = 1.1f;

constexpr float kMaxTextureSize = 65536.f;
// tweenfunc::customEase reads easingParams[1], [3], [5] and [7].
constexpr size_t kCustomEasingParams = 8;

using Error = std::optional<LoadError>;

LoadError errorAt(std::string pointer, std::string message)
{
    return LoadError{{}, 0, std::move(pointer), std::move(message)};
}

/// The warning for a `kind` (bone, movement, armature, animation, texture) named `name` at
/// `pointer` that replaces the earlier one at `earlierPointer`, as cocos2d-x's name maps do.
LoadError redefinedAt(const std::string& pointer, const char* kind, const std::string& name,
                      const std::string& earlierPointer)
{
    return errorAt(pointer + "/name", std::string(kind) + " " + inQuotes(name) +
                                          " is defined again (earlier at " + earlierPointer +
                                          "); " + std::string(kRedefinitionPlay));
}

/// A raw bone's name, for NameList.
struct RawBoneName {
    const std::string& operator()(const CocoStudioRawBone& bone) const { return bone.data.name; }
};

std::string bonePointer(size_t armature, size_t bone)
{
    return "/armature_data/" + std::to_string(armature) + "/bone_data/" + std::to_string(bone);
}

std::string movementPointer(size_t animation, size_t movement)
{
    return "/animation_data/" + std::to_string(animation) + "/mov_data/" + std::to_string(movement);
}

std::string movementBonePointer(size_t animation, size_t movement, size_t bone)
{
    return movementPointer(animation, movement) + "/mov_bone_data/" + std::to_string(bone);
}

std::string framePointer(size_t animation, size_t movement, size_t bone, size_t frame)
{
    return movementBonePointer(animation, movement, bone) + "/frame_data/" + std::to_string(frame);
}

std::string frameRange()
{
    return "1.." + std::to_string(kCocoStudioMaxFrames);
}

std::string formatNumber(float value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
    return text;
}

std::string stem(const std::string& fileName)
{
    const size_t slash = fileName.find_last_of("/\\");
    std::string name = slash == std::string::npos ? fileName : fileName.substr(slash + 1);
    const size_t dot = name.find_last_of('.');
    if (dot != std::string::npos && dot > 0)
        name.erase(dot);
    return name;
}

/// DataReaderHelper::decodeNode's colour branch (see the header for the version rule).
Error resolveColor(const CocoStudioRawColor& raw, float version, bool& useColor,
                   ColorTransform& color, WarningList& warnings)
{
    if (version < kVersionColorReading)
        return {};
    switch (raw.kind) {
    case CocoStudioRawColor::Kind::Absent:
        break;
    case CocoStudioRawColor::Kind::Object:
        useColor = true;
        color = raw.value;
        break;
    case CocoStudioRawColor::Kind::Null:
        useColor = true;
        color = ColorTransform{};
        break;
    case CocoStudioRawColor::Kind::Array:
        // rapidjson finds no "a", "r", "g" or "b" member in an array: every channel keeps 255.
        useColor = true;
        color = ColorTransform{};
        warnings.add([&] {
            return errorAt(raw.pointer, "a color given as an array; as in cocos2d-x, it reads as "
                                        "white (255 in every channel)");
        });
        break;
    case CocoStudioRawColor::Kind::Invalid:
        return errorAt(raw.pointer, "bad color: " + raw.invalidMessage);
    }
    return {};
}

/// "\"a\" → \"b\" → \"a\"", starting at the cycle's first bone in file order.
std::string describeCycle(const std::vector<CocoStudioRawBone>& bones,
                          const std::vector<int>& parentOf, int start, int& first)
{
    // Walking up n steps from any bone above which there is a cycle lands inside the cycle.
    int inCycle = start;
    for (size_t step = 0; step < bones.size(); ++step)
        inCycle = parentOf[static_cast<size_t>(inCycle)];
    first = inCycle;
    for (int b = parentOf[static_cast<size_t>(inCycle)]; b != inCycle;
         b = parentOf[static_cast<size_t>(b)])
        first = std::min(first, b);
    std::string text = inQuotes(bones[static_cast<size_t>(first)].data.name);
    int b = first;
    do {
        b = parentOf[static_cast<size_t>(b)];
        text += " → " + inQuotes(bones[static_cast<size_t>(b)].data.name);
    } while (b != first);
    return text;
}

Result<ArmatureData> buildArmature(CocoStudioRawArmature& raw, size_t index, float contentScale,
                                   WarningList& warnings)
{
    // The SAX handler refused more than kMaxBonesPerArmature bones while reading.
    // cocos2d-x's bone map keeps the later of two bones of one name, in the earlier one's place.
    std::vector<size_t> source; ///< per bone kept, its index in bone_data (for messages)
    {
        std::vector<CocoStudioRawBone> kept;
        kept.reserve(raw.bones.size());
        NameList<CocoStudioRawBone, size_t, RawBoneName> named(kept);
        for (size_t b = 0; b < raw.bones.size(); ++b)
            named.add(std::move(raw.bones[b]), b, [&](const std::string& name, size_t earlier) {
                warnings.add([&] {
                    return redefinedAt(bonePointer(index, b), "bone", name,
                                       bonePointer(index, earlier));
                });
            });
        source = named.origins();
        raw.bones = std::move(kept);
    }
    const size_t count = raw.bones.size();
    std::unordered_map<std::string_view, int> byName;
    byName.reserve(count);
    for (size_t b = 0; b < count; ++b)
        byName.emplace(raw.bones[b].data.name, static_cast<int>(b));

    std::vector<int> parentOf(count, -1);
    std::vector<std::vector<int>> children(count);
    for (size_t b = 0; b < count; ++b) {
        const std::string& parent = raw.bones[b].data.parentName;
        if (parent.empty())
            continue;
        const auto found = byName.find(parent);
        if (found == byName.end())
            return errorAt(bonePointer(index, source[b]) + "/parent",
                           "unknown parent " + inQuotes(parent));
        parentOf[b] = found->second;
        children[static_cast<size_t>(found->second)].push_back(static_cast<int>(b));
    }

    // Parents before children; among bones whose parent is placed, the lowest file index
    // first, so a file already in that order keeps it.
    std::priority_queue<int, std::vector<int>, std::greater<>> ready;
    for (size_t b = 0; b < count; ++b)
        if (parentOf[b] < 0)
            ready.push(static_cast<int>(b));
    std::vector<int> order;
    order.reserve(count);
    while (!ready.empty()) {
        const int b = ready.top();
        ready.pop();
        order.push_back(b);
        for (int child : children[static_cast<size_t>(b)])
            ready.push(child);
    }
    if (order.size() < count) {
        std::vector<bool> placed(count, false);
        for (int b : order)
            placed[static_cast<size_t>(b)] = true;
        const auto unplaced = std::find(placed.begin(), placed.end(), false) - placed.begin();
        int first = 0;
        const std::string cycle =
            describeCycle(raw.bones, parentOf, static_cast<int>(unplaced), first);
        return errorAt(bonePointer(index, source[static_cast<size_t>(first)]) + "/parent",
                       "parent cycle: " + cycle);
    }

    ArmatureData armature;
    armature.name = std::move(raw.name);
    armature.dataVersion = raw.version;
    armature.bones.reserve(count);
    std::vector<int> newIndex(count, -1);
    for (int old : order) {
        CocoStudioRawBone& rawBone = raw.bones[static_cast<size_t>(old)];
        BoneData bone = std::move(rawBone.data);
        if (Error error =
                resolveColor(rawBone.color, raw.version, bone.useColor, bone.color, warnings))
            return *error;
        bone.transform.x *= contentScale;
        bone.transform.y *= contentScale;
        for (DisplayData& display : bone.displays) {
            display.skin.x *= contentScale;
            display.skin.y *= contentScale;
        }
        const int parent = parentOf[static_cast<size_t>(old)];
        bone.parentIndex = parent < 0 ? -1 : newIndex[static_cast<size_t>(parent)];
        newIndex[static_cast<size_t>(old)] = static_cast<int>(armature.bones.size());
        armature.bones.push_back(std::move(bone));
    }
    return armature;
}

/// DataReaderHelper::decodeMovementBone's rotation-range fix for data before version 1.0.
void unwrapSkews(std::vector<FrameData>& frames)
{
    constexpr double pi = std::numbers::pi; // M_PI: the comparison and the ±2π are in double
    for (size_t i = frames.size(); i-- > 1;) {
        Transform& previous = frames[i - 1].transform;
        const Transform& current = frames[i].transform;
        const float difSkewX = current.skewX - previous.skewX;
        const float difSkewY = current.skewY - previous.skewY;
        if (difSkewX < -pi || difSkewX > pi)
            previous.skewX = static_cast<float>(difSkewX < 0 ? previous.skewX - 2 * pi
                                                             : previous.skewX + 2 * pi);
        if (difSkewY < -pi || difSkewY > pi)
            previous.skewY = static_cast<float>(difSkewY < 0 ? previous.skewY - 2 * pi
                                                             : previous.skewY + 2 * pi);
    }
}

// A tween type as cocos2d-x plays it (playedEasing), with a warning at `pointer()` (built only
// then) for a type it does not know.
template <typename Pointer>
Easing playedEasingOf(Easing read, const Pointer& pointer, WarningList& warnings)
{
    const int type = static_cast<int>(read);
    if (!isKnownEasing(type))
        warnings.add([&] {
            return errorAt(pointer(), "tween type " + std::to_string(type) + " " +
                                          std::string(kUnknownEasingPlay));
        });
    return playedEasing(type);
}

Result<MovementBoneData> buildMovementBone(CocoStudioRawMovementBone& raw, float version,
                                           float contentScale, const std::string& where,
                                           WarningList& warnings)
{
    MovementBoneData bone = std::move(raw.data);
    const bool combined = version >= kVersionCombined;
    bone.frames.reserve(raw.frames.size() + (combined ? 0 : 1));
    int previousIndex = 0;
    for (size_t f = 0; f < raw.frames.size(); ++f) {
        CocoStudioRawFrame& rawFrame = raw.frames[f];
        // Built only for an error: most files have thousands of frames and none.
        const auto pointer = [&where, f] { return where + "/frame_data/" + std::to_string(f); };
        FrameData frame = std::move(rawFrame.data);
        frame.easing = playedEasingOf(
            frame.easing, [&pointer] { return pointer() + "/twE"; }, warnings);
        frame.transform.x *= contentScale;
        frame.transform.y *= contentScale;
        if (Error error =
                resolveColor(rawFrame.color, version, frame.useColor, frame.color, warnings))
            return *error;
        if (frame.easing == Easing::CustomEasing && !frame.easingParams.empty() &&
            frame.easingParams.size() < kCustomEasingParams)
            return errorAt(pointer() + "/twEP", "custom easing needs " +
                                                    std::to_string(kCustomEasingParams) +
                                                    " Bezier values, found " +
                                                    std::to_string(frame.easingParams.size()));
        if (combined) {
            const int index = rawFrame.frameIndex;
            if (index < 0 || index > kCocoStudioMaxFrames)
                return errorAt(pointer() + "/fi", "frame index " + std::to_string(index) +
                                                      " is outside 0.." +
                                                      std::to_string(kCocoStudioMaxFrames));
            if (f > 0 && index < previousIndex)
                return errorAt(pointer() + "/fi", "frame index " + std::to_string(index) +
                                                      " comes before the previous keyframe's " +
                                                      std::to_string(previousIndex));
            if (f > 0 && index == previousIndex)
                warnings.add([&] {
                    return errorAt(pointer() + "/fi", "frame index " + std::to_string(index) +
                                                          " repeats the previous keyframe's: that "
                                                          "keyframe lasts no frame; " +
                                                          std::string(kZeroLengthKeyframePlay));
                });
            previousIndex = index;
            frame.startFrame = index;
        } else {
            const int duration = rawFrame.duration;
            if (duration < 0 || duration > kCocoStudioMaxFrames - bone.duration)
                return errorAt(pointer() + "/dr", "frame duration " + std::to_string(duration) +
                                                      " would end outside " + frameRange());
            if (duration == 0)
                warnings.add([&] {
                    return errorAt(pointer() + "/dr", "the keyframe lasts no frame (dr 0); " +
                                                          std::string(kZeroLengthKeyframePlay));
                });
            frame.duration = duration;
            frame.startFrame = bone.duration;
            bone.duration += duration;
        }
        bone.frames.push_back(std::move(frame));
    }
    if (version < kVersionChangeRotationRange)
        unwrapSkews(bone.frames);
    if (!combined && !bone.frames.empty()) {
        // FrameData::copy leaves the event, movement and sound strings out.
        FrameData closing = bone.frames.back();
        closing.event.clear();
        closing.movement.clear();
        closing.sound.clear();
        closing.soundEffect.clear();
        closing.startFrame = bone.duration;
        bone.frames.push_back(std::move(closing));
    }
    return bone;
}

Result<MovementData> buildMovement(CocoStudioRawMovement& raw, float version, float contentScale,
                                   const std::string& where, WarningList& warnings)
{
    // cocos2d-x reads `sc` only when the movement has a `dr` key; a movement without one is
    // rejected below, so the scale as read always applies.
    MovementData movement = std::move(raw.data);
    if (!raw.hasDuration)
        return errorAt(where, "movement " + inQuotes(movement.name) +
                                  " has no \"dr\" (its length in frames)");
    if (movement.duration < 0 || movement.duration > kCocoStudioMaxFrames)
        return errorAt(where + "/dr", "movement duration " + std::to_string(movement.duration) +
                                          " is outside 0.." + std::to_string(kCocoStudioMaxFrames));
    if (movement.duration == 0)
        warnings.add([&] {
            return errorAt(where + "/dr", "movement " + inQuotes(movement.name) +
                                              " lasts 0 frames; cocos2d-x shows it as a still "
                                              "pose of its first keyframes");
        });
    if (movement.durationTo < 0 || movement.durationTo > kCocoStudioMaxFrames)
        return errorAt(where + "/to", "durationTo " + std::to_string(movement.durationTo) +
                                          " is outside 0.." + std::to_string(kCocoStudioMaxFrames));
    if (movement.durationTween < 0 || movement.durationTween > kCocoStudioMaxFrames)
        return errorAt(where + "/drTW", "durationTween " + std::to_string(movement.durationTween) +
                                            " is outside 0.." +
                                            std::to_string(kCocoStudioMaxFrames));
    if (movement.scale < 0.f)
        return errorAt(where + "/sc", "movement speed scale cannot be negative");
    movement.easing = playedEasingOf(
        movement.easing, [&where] { return where + "/twE"; }, warnings);

    movement.bones.reserve(raw.bones.size());
    NameList<MovementBoneData, size_t> timelines(movement.bones);
    for (size_t b = 0; b < raw.bones.size(); ++b) {
        const std::string boneWhere = where + "/mov_bone_data/" + std::to_string(b);
        auto bone = buildMovementBone(raw.bones[b], version, contentScale, boneWhere, warnings);
        if (!bone)
            return bone.error();
        timelines.add(std::move(bone.value()), b, [&](const std::string& name, size_t earlier) {
            warnings.add([&] {
                return errorAt(boneWhere + "/name",
                               "bone " + inQuotes(name) + " has a timeline again (earlier at " +
                                   where + "/mov_bone_data/" + std::to_string(earlier) +
                                   "); as in cocos2d-x, this later one plays");
            });
        });
    }
    return movement;
}

Result<AnimationData> buildAnimation(CocoStudioRawAnimation& raw, size_t index, float version,
                                     float contentScale, WarningList& warnings)
{
    AnimationData animation;
    animation.name = std::move(raw.name);
    animation.movements.reserve(raw.movements.size());
    NameList<MovementData, size_t> movements(animation.movements);
    for (size_t m = 0; m < raw.movements.size(); ++m) {
        const std::string where = movementPointer(index, m);
        auto movement = buildMovement(raw.movements[m], version, contentScale, where, warnings);
        if (!movement)
            return movement.error();
        movements.add(std::move(movement.value()), m, [&](const std::string& name, size_t earlier) {
            warnings.add([&] {
                return redefinedAt(where, "movement", name, movementPointer(index, earlier));
            });
        });
    }
    return animation;
}

/// A frame's display index must name one of its bone's displays (or be negative: hidden);
/// cocos2d-x's DisplayManager indexes its list with it unchecked.
Error checkDisplayIndices(const SkeletonData& skeleton)
{
    for (size_t a = 0; a < skeleton.animations.size(); ++a) {
        const AnimationData& animation = skeleton.animations[a];
        const ArmatureData* armature = skeleton.findArmature(animation.name);
        if (!armature)
            continue;
        std::unordered_map<std::string_view, size_t> boneIndex;
        boneIndex.reserve(armature->bones.size());
        for (size_t b = 0; b < armature->bones.size(); ++b)
            boneIndex.emplace(armature->bones[b].name, b);
        for (size_t m = 0; m < animation.movements.size(); ++m) {
            const MovementData& movement = animation.movements[m];
            for (size_t b = 0; b < movement.bones.size(); ++b) {
                const auto found = boneIndex.find(movement.bones[b].name);
                if (found == boneIndex.end())
                    continue; // cocos2d-x ignores timelines of bones the armature lacks
                const BoneData& bone = armature->bones[found->second];
                const auto& frames = movement.bones[b].frames;
                for (size_t f = 0; f < frames.size(); ++f) {
                    const int display = frames[f].displayIndex;
                    if (display >= 0 && static_cast<size_t>(display) >= bone.displays.size())
                        return errorAt(framePointer(a, m, b, f) + "/dI",
                                       "display index " + std::to_string(display) + " but bone " +
                                           inQuotes(bone.name) + " has " +
                                           std::to_string(bone.displays.size()) + " display(s)");
                }
            }
        }
    }
    return {};
}

/// The skeleton `raw` holds, its warnings placed at their lines of `text`, the file's JSON.
Result<SkeletonData> build(CocoStudioRawExport& raw, const std::string& fileName,
                           std::string_view text)
{
    if (!raw.hasArmatureData)
        return errorAt({}, "not a CocoStudio export: no \"armature_data\"");
    if (raw.armatures.empty())
        return errorAt("/armature_data", "no armature in \"armature_data\"");
    if (!(raw.contentScale > 0.f))
        return errorAt("/content_scale", "content_scale must be positive");

    SkeletonData skeleton;
    skeleton.format = SourceFormat::CocoStudioJson;
    skeleton.name = stem(fileName);
    skeleton.contentScale = raw.contentScale;

    WarningList& warnings = raw.warnings;
    // cocos2d-x's name maps keep the later of two armatures, animations or textures of one
    // name.
    const auto redefined = [&warnings](const char* kind, const std::string& array, size_t index) {
        return [&warnings, kind, array, index](const std::string& name, size_t earlier) {
            warnings.add([&] {
                return redefinedAt(array + std::to_string(index), kind, name,
                                   array + std::to_string(earlier));
            });
        };
    };
    skeleton.armatures.reserve(raw.armatures.size());
    NameList<ArmatureData, size_t> armatures(skeleton.armatures);
    for (size_t a = 0; a < raw.armatures.size(); ++a) {
        auto armature = buildArmature(raw.armatures[a], a, raw.contentScale, warnings);
        if (!armature)
            return armature.error();
        armatures.add(std::move(armature.value()), a, redefined("armature", "/armature_data/", a));
    }

    // cocos2d-x decodes every armature before any animation, so all animations see the
    // version of the last armature.
    const CocoStudioRawArmature& last = raw.armatures.back();
    const float animationVersion = last.version;
    skeleton.version = !last.strVersion.empty() ? last.strVersion : last.versionText;

    skeleton.animations.reserve(raw.animations.size());
    NameList<AnimationData, size_t> animations(skeleton.animations);
    for (size_t a = 0; a < raw.animations.size(); ++a) {
        auto animation =
            buildAnimation(raw.animations[a], a, animationVersion, raw.contentScale, warnings);
        if (!animation)
            return animation.error();
        animations.add(std::move(animation.value()), a,
                       redefined("animation", "/animation_data/", a));
    }

    skeleton.textures.reserve(raw.textures.size());
    NameList<TextureData, size_t> textures(skeleton.textures);
    for (size_t t = 0; t < raw.textures.size(); ++t) {
        const TextureData& texture = raw.textures[t];
        for (const auto& field :
             {std::pair{"width", texture.width}, std::pair{"height", texture.height}}) {
            // Not a structured binding: Clang 14 cannot capture one.
            const char* const key = field.first;
            const float size = field.second;
            const auto pointer = [t, key] {
                return "/texture_data/" + std::to_string(t) + "/" + key;
            };
            const std::string what = "texture " + std::string(key) + " " + formatNumber(size);
            if (std::abs(size) > kMaxTextureSize)
                return errorAt(pointer(), what + " is outside -" + formatNumber(kMaxTextureSize) +
                                              ".." + formatNumber(kMaxTextureSize));
            // The pivot is a ratio here: cocos2d-x places the image without the size.
            if (size < 0.f)
                warnings.add([&] {
                    return errorAt(pointer(), what + " is negative; cocos2d-x does not use it "
                                                     "(the pivot is a ratio of the image)");
                });
        }
        textures.add(std::move(raw.textures[t]), t, redefined("texture", "/texture_data/", t));
    }
    skeleton.atlasFiles = std::move(raw.configFiles);
    skeleton.atlasImages = std::move(raw.configImages);

    if (Error error = checkDisplayIndices(skeleton))
        return *error;
    placeJsonPointers(text, warnings.detailed());
    skeleton.warnings = warnings.take(fileName);
    return skeleton;
}

} // namespace

Result<SkeletonData> readCocoStudioJson(std::string_view bytes, const std::string& fileName)
{
    const std::string_view content = withoutUtf8Bom(bytes);
    auto failure = [&fileName, content](LoadError error) {
        error.file = fileName;
        placeJsonPointers(content, std::span(&error, 1));
        return Result<SkeletonData>(std::move(error));
    };
    if (content.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return failure(errorAt({}, "empty file"));

    CocoStudioSaxHandler handler;
    bool parsed = false;
    try {
        parsed = JsonSaxParser::parse(content, handler);
    } catch (const std::exception& exception) {
        // Only resource exhaustion can get here: the handler reports every parse error.
        return failure(errorAt({}, std::string("cannot read: ") + exception.what()));
    }
    if (handler.error())
        return failure(*handler.error());
    if (!parsed)
        return failure(errorAt({}, "cannot read the JSON"));

    auto skeleton = build(handler.result(), fileName, content);
    if (!skeleton)
        return failure(skeleton.error());
    for (LoadError& warning : skeleton->warnings)
        warning.file = fileName;
    return skeleton;
}

} // namespace bonescope::core
