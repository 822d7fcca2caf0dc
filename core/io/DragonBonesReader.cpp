#include "io/DragonBonesReader.h"

#include "base/Limits.h"
#include "base/Quoted.h"
#include "io/DragonBonesEasing.h"
#include "io/DragonBonesTransform.h"
#include "io/NameList.h"
#include "io/ReaderWarnings.h"
#include "io/TinyxmlNumbers.h"
#include "io/XmlBoneScan.h"
#include "io/XmlErrors.h"

#include <pugixml.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iterator>
#include <new>
#include <numbers>
#include <optional>
#include <queue>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace bonescope::core {

namespace {

/// cocos2d-x's VERSION_2_0: from this `<skeleton version>` on, frames give the pivot position
/// in `cocos2d_x`/`cocos2d_y` and SubTextures their pivot in `cocos2d_pX`/`cocos2d_pY`.
constexpr float kVersion2 = 2.0f;
/// Largest SubTexture edge or coordinate accepted (pixels): the biggest texture GPUs load.
constexpr float kMaxTextureSize = 16384.f;

/// Unwinds the reader to readDragonBonesXml, which turns it into the returned LoadError.
struct Failure {
    LoadError error;
};

using NameIndex = std::unordered_map<std::string_view, int>;

/// Clinger's fast path for the plain decimals exports are made of ("-106.15"), read straight
/// from pugixml's zero-terminated value: with at most 7 digits the mantissa m and 10^k (k ≤ 7)
/// are exact floats, so one float division m / 10^k is the correctly rounded value that
/// from_chars (and tinyxml2's sscanf) give. Anything else (white space, '+', exponents, more
/// digits, junk) is left to readTinyxmlNumber.
std::optional<float> simpleDecimal(const char* text)
{
    static constexpr float kPowers[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f};
    const bool negative = *text == '-';
    if (negative)
        ++text;
    std::uint32_t mantissa = 0;
    int digits = 0;
    int fractionDigits = 0;
    bool dot = false;
    for (; *text; ++text) {
        const char c = *text;
        if (c >= '0' && c <= '9') {
            if (++digits > 7)
                return std::nullopt;
            mantissa = mantissa * 10 + static_cast<std::uint32_t>(c - '0');
            fractionDigits += dot;
        } else if (c == '.' && !dot) {
            dot = true;
        } else {
            return std::nullopt;
        }
    }
    if (digits == 0)
        return std::nullopt;
    const float value = static_cast<float>(mantissa) / kPowers[fractionDigits];
    return negative ? -value : value;
}

/// Human description of where an element sits ("frame 2 of bone "tail" in movement "stand"
/// of animation "Dragon""), built only when an error is reported.
std::string describe(const pugi::xml_node& node)
{
    std::string text;
    const auto append = [&text](const std::string& part) {
        text += text.empty() ? part : " of " + part;
    };
    for (pugi::xml_node n = node; n && n.type() == pugi::node_element; n = n.parent()) {
        const std::string_view tag = n.name();
        const char* name = n.attribute("name").value();
        const std::string named = *name ? " " + inQuotes(name) : std::string();
        if (tag == "f" || tag == "d") {
            int index = 1;
            for (pugi::xml_node s = n.previous_sibling(n.name()); s;
                 s = s.previous_sibling(n.name()))
                ++index;
            append((tag == "f" ? "frame " : "display ") + std::to_string(index));
        } else if (tag == "b") {
            append("bone" + named);
        } else if (tag == "mov") {
            append("movement" + named);
        } else if (tag == "animation") {
            append("animation" + named);
        } else if (tag == "armature") {
            append("armature" + named);
        } else if (tag == "SubTexture") {
            append("SubTexture" + named);
        } else if (tag == "colorTransform") {
            append("<colorTransform>");
        } else if (text.empty()) {
            append(tagOf(tag));
        }
    }
    return text;
}

/// The raw attributes of one `<f>` that matter when it is the parent frame of another bone's
/// frame (cocos2d-x re-reads them from the XML: position per version, kX, kY, dr).
struct ParentFrame {
    float x = 0.f;
    float y = 0.f;
    float skewXDegrees = 0.f;
    float skewYDegrees = 0.f;
    int duration = 0;
};

/// One `<b>` timeline of a movement before conversion: `bone.frames` hold the `<f>` as
/// decodeFrame builds them before its parent step, `raw` their attributes as a parent.
struct ParsedTimeline {
    pugi::xml_node node; ///< the <b> it was read from
    int boneIndex = -1;
    MovementBoneData bone;
    std::vector<ParentFrame> raw;
};

/// The `<f>` attributes cocos2d-x reads (see frameAttributeOf).
enum FrameAttribute {
    kPositionX,
    kPositionY,
    kScaleX,
    kScaleY,
    kSkewX,
    kSkewY,
    kDuration,
    kDisplayIndex,
    kZ,
    kTweenRotate,
    kBlend,
    kEasing,
    kTweenFrame,
    kMov,
    kEvt,
    kSd,
    kSdE,
    kFrameAttributeCount
};
using FrameAttributes = std::array<pugi::xml_attribute, kFrameAttributeCount>;

/// The FrameAttribute an `<f>` attribute name stands for, or −1 for attributes cocos2d-x does not
/// read (pX, pY, hide, tweenRotate, and x/y or cocos2d_x/cocos2d_y per version). Frames are most
/// of a file, so this dispatches on the first character instead of comparing every name.
int frameAttributeOf(const char* name, bool version2)
{
    const auto rest = [name](const char* tail) {
        const char* a = name + 1;
        while (*a && *a == *tail) {
            ++a;
            ++tail;
        }
        return *a == *tail;
    };
    switch (name[0]) {
    // Version rule (VERSION_2_0): the position is cocos2d_x/cocos2d_y (the absolute pivot) in
    // 2.x files and x/y in 1.x files.
    case 'x':
        return !version2 && rest("") ? kPositionX : -1;
    case 'y':
        return !version2 && rest("") ? kPositionY : -1;
    case 'c':
        if (rest("X"))
            return kScaleX;
        if (rest("Y"))
            return kScaleY;
        if (version2 && rest("ocos2d_x"))
            return kPositionX;
        return version2 && rest("ocos2d_y") ? kPositionY : -1;
    case 'k':
        return rest("X") ? kSkewX : rest("Y") ? kSkewY : -1;
    case 'd':
        return rest("r") ? kDuration : rest("I") ? kDisplayIndex : -1;
    case 'z':
        return rest("") ? kZ : -1;
    case 't':
        return rest("wR")          ? kTweenRotate
               : rest("wE")        ? kEasing
               : rest("weenFrame") ? kTweenFrame
                                   : -1;
    case 'b':
        return rest("d") ? kBlend : -1;
    case 'm':
        return rest("ov") ? kMov : -1;
    case 'e':
        return rest("vt") ? kEvt : -1;
    case 's':
        return rest("d") ? kSd : rest("dE") ? kSdE : -1;
    default:
        return -1;
    }
}

class Reader {
public:
    Reader(std::string_view bytes, const std::string& fileName)
        : m_bytes(bytes), m_errors(bytes, fileName), m_fileName(fileName)
    {
    }

    SkeletonData read()
    {
        // Refused before pugixml holds the whole tree (readArmature checks the same limit).
        if (const size_t past = firstBonePastLimit(m_bytes); past != std::string_view::npos) {
            LoadError error =
                m_errors.atOffset(std::ptrdiff_t(past), "an armature has more than " +
                                                            std::to_string(kMaxBonesPerArmature) +
                                                            " bones, the most Bonescope accepts");
            error.refused = true;
            throw Failure{std::move(error)};
        }
        pugi::xml_document document;
        if (auto error = m_errors.parse(document))
            throw Failure{std::move(*error)};
        const pugi::xml_node root = document.document_element();
        if (std::string_view(root.name()) != "skeleton")
            fail(root, "the root element is <" + std::string(root.name()) +
                           ">, but a DragonBones skeleton starts with <skeleton>");

        SkeletonData skeleton;
        skeleton.format = SourceFormat::DragonBonesXml;
        skeleton.name = root.attribute("name").value();
        if (const pugi::xml_attribute version = root.attribute("version")) {
            skeleton.version = version.value();
            m_version2 = optionalFloat(root, version).value_or(0.f) >= kVersion2;
        } else {
            // cocos2d-x leaves DataInfo's flashToolVersion uninitialized here: its runtime
            // reads such a file either way from run to run. Bonescope takes the reading of a
            // zeroed value.
            m_version2 = false;
            warn(root, "no version attribute: cocos2d-x compares a version it never set with "
                       "2.0, so a game reads this file one way or the other from run to run; "
                       "Bonescope reads it as older than DragonBones 2.0 (positions from x and "
                       "y, pivots from pX and pY, not from cocos2d_x, cocos2d_pX and the like). "
                       "A version attribute on <skeleton> settles it");
        }
        if (const auto rate = optionalFloat(root, root.attribute("frameRate"))) {
            // Informational: cocos2d-x never reads it (it plays a frame an update).
            if (*rate > 0.f)
                skeleton.frameRate = *rate;
            else
                warn(root, shown(root.attribute("frameRate")) +
                               " is not a rate; cocos2d-x does not read it, and Bonescope "
                               "shows none");
        }

        const pugi::xml_node armatures = root.child("armatures");
        if (!armatures)
            fail(root, "<skeleton> has no <armatures>");
        NameList<ArmatureData, pugi::xml_node> armatureList(skeleton.armatures);
        for (const pugi::xml_node armature : armatures.children("armature"))
            armatureList.add(readArmature(armature), armature, redefined(armature, "armature"));
        if (skeleton.armatures.empty())
            fail(armatures, "<armatures> defines no <armature>");
        indexArmatures(skeleton);

        NameList<AnimationData, pugi::xml_node> animationList(skeleton.animations);
        for (const pugi::xml_node animation : root.child("animations").children("animation"))
            animationList.add(readAnimation(animation, skeleton), animation,
                              redefined(animation, "animation"));

        if (const pugi::xml_node atlas = root.child("TextureAtlas"))
            readAtlas(atlas, skeleton);
        skeleton.warnings = m_warnings.take(m_fileName);
        return skeleton;
    }

private:
    /// Stops reading with an error at `node`; `refused` marks a size past a limit of
    /// core/base/Limits.h (LoadError::refused).
    [[noreturn]] void fail(const pugi::xml_node& node, const std::string& problem,
                           bool refused = false) const
    {
        const std::string where = describe(node);
        LoadError error = m_errors.at(node, where.empty() ? problem : where + ": " + problem);
        error.refused = refused;
        throw Failure{std::move(error)};
    }

    /// Something cocos2d-x accepts and plays, but that is likely a mistake in the export.
    void warn(const pugi::xml_node& node, const std::string& problem) const
    {
        m_warnings.add([&] {
            const std::string where = describe(node);
            return m_errors.at(node, where.empty() ? problem : where + ": " + problem);
        });
    }

    // ---- attributes ------------------------------------------------------------------------

    std::string_view requiredText(const pugi::xml_node& node, const char* name) const
    {
        const pugi::xml_attribute attribute = node.attribute(name);
        if (!attribute)
            fail(node, std::string("the ") + name + " attribute is missing");
        if (!*attribute.value())
            fail(node, std::string(name) + "=\"\" is empty");
        return attribute.value();
    }

    /// `name="value"` for messages.
    static std::string shown(const pugi::xml_attribute& attribute)
    {
        return std::string(attribute.name()) + "=" + inQuotes(attribute.value());
    }

    /// The attribute's number as tinyxml2 reads it (TinyxmlNumbers.h): a number followed by
    /// more text ("12,5", "3px") is read as its leading number, with a warning; refused when out
    /// of range or not finite. nullopt when the text starts with no number: the caller says
    /// what cocos2d-x makes of that.
    template <typename Number>
    std::optional<Number> leadingNumber(const pugi::xml_node& node,
                                        const pugi::xml_attribute& attribute) const
    {
        if constexpr (std::is_same_v<Number, float>)
            if (const auto simple = simpleDecimal(attribute.value()))
                return *simple;
        const TinyxmlNumber<Number> number = readTinyxmlNumber<Number>(attribute.value());
        using Read = typename TinyxmlNumber<Number>::Read;
        if (number.read == Read::None)
            return std::nullopt;
        if (number.read == Read::OutOfRange)
            fail(node, shown(attribute) + " is out of range" +
                           (std::is_same_v<Number, float> ? " for a float" : ""));
        if constexpr (std::is_same_v<Number, float>)
            if (!std::isfinite(number.value))
                fail(node, shown(attribute) + " is not a finite number");
        if (number.read == Read::Leading)
            warn(node, shown(attribute) + " is read as " + std::string(number.taken) +
                           ", its leading number, as cocos2d-x does");
        return number.value;
    }

    // The optional readers take an attribute that may be absent (a null xml_attribute).

    /// leadingNumber of an attribute cocos2d-x reads only when it holds a number: one that does
    /// not is ignored, with a warning, as if it were absent.
    template <typename Number>
    std::optional<Number> optionalNumber(const pugi::xml_node& node,
                                         const pugi::xml_attribute& attribute) const
    {
        if (!attribute)
            return std::nullopt;
        const auto number = leadingNumber<Number>(node, attribute);
        if (!number)
            warn(node, shown(attribute) + " is not a number; cocos2d-x ignores it");
        return number;
    }

    std::optional<float> optionalFloat(const pugi::xml_node& node,
                                       const pugi::xml_attribute& attribute) const
    {
        return optionalNumber<float>(node, attribute);
    }

    float floatOr(const pugi::xml_node& node, const pugi::xml_attribute& attribute,
                  float fallback) const
    {
        return optionalNumber<float>(node, attribute).value_or(fallback);
    }

    int intOr(const pugi::xml_node& node, const pugi::xml_attribute& attribute, int fallback) const
    {
        return optionalNumber<int>(node, attribute).value_or(fallback);
    }

    /// A count of frames in [0, kMaxFrames] (cocos2d-x plays a dr of 0: see readMovement and
    /// readFrame).
    std::optional<int> optionalFrames(const pugi::xml_node& node,
                                      const pugi::xml_attribute& attribute) const
    {
        const std::optional<int> frames = optionalNumber<int>(node, attribute);
        if (!frames)
            return std::nullopt;
        if (*frames < 0)
            fail(node, shown(attribute) + " must not be negative");
        if (*frames > kMaxFrames)
            fail(node, shown(attribute) + " is more than " + std::to_string(kMaxFrames) + " frames",
                 true);
        return frames;
    }

    /// tinyxml2's QueryBoolAttribute, which cocos2d-x uses for flags: a leading integer
    /// (non-zero is true), else one of its words (tinyxmlBoolWord); anything else is ignored.
    std::optional<bool> optionalFlag(const pugi::xml_node& node,
                                     const pugi::xml_attribute& attribute) const
    {
        if (!attribute)
            return std::nullopt;
        if (const auto number = leadingNumber<int>(node, attribute))
            return *number != 0;
        if (const auto word = tinyxmlBoolWord(attribute.value()))
            return word;
        warn(node, shown(attribute) + " is neither a number nor true or false; cocos2d-x "
                                      "ignores it");
        return std::nullopt;
    }

    /// `lp` as cocos2d-x reads it (dragonBonesLoops): lp="true" and lp="false" both loop.
    bool loopOf(const pugi::xml_node& node, const pugi::xml_attribute& attribute) const
    {
        if (!attribute)
            return true;
        const TinyxmlInteger integer = readTinyxmlNumber<int>(attribute.value());
        switch (integer.read) {
        case TinyxmlInteger::Read::Whole:
            break;
        case TinyxmlInteger::Read::Leading:
            warn(node, shown(attribute) + " is read as " + std::to_string(integer.value) +
                           ", its leading integer, as cocos2d-x does");
            break;
        case TinyxmlInteger::Read::None:
            warn(node, shown(attribute) + " is not an integer; cocos2d-x ignores it and loops");
            break;
        case TinyxmlInteger::Read::OutOfRange:
            fail(node, shown(attribute) + " is out of range");
        }
        return dragonBonesLoops(integer);
    }

    /// cocos2d-x's twE rule (io/DragonBonesEasing.h); no twE is Linear.
    Easing easingOf(const pugi::xml_node& node, const pugi::xml_attribute& attribute) const
    {
        if (!attribute)
            return Easing::Linear;
        const auto type = dragonBonesEasingType(attribute.value(), [&](std::string_view) {
            return optionalNumber<int>(node, attribute);
        });
        if (!type) // no integer, ignored (optionalNumber warned): the default stays
            return Easing::Linear;
        if (!isKnownEasing(*type))
            warn(node, shown(attribute) + " " + std::string(kUnknownEasingPlay));
        return playedEasing(*type);
    }

    // ---- armatures -------------------------------------------------------------------------

    /// What NameList calls when the `kind` (armature, animation, movement, bone) read at `node`
    /// replaces an earlier one of its name: a warning naming the earlier one's line.
    struct Redefinition {
        const Reader* reader;
        pugi::xml_node node;
        const char* kind;
        void operator()(const std::string&, const pugi::xml_node& earlier) const
        {
            reader->warn(node, std::string("this ") + kind + " name is already used on line " +
                                   std::to_string(reader->m_errors.at(earlier, {}).line) + "; " +
                                   std::string(kRedefinitionPlay));
        }
    };
    Redefinition redefined(const pugi::xml_node& node, const char* kind) const
    {
        return {this, node, kind};
    }

    /// The names the animations find armatures and bones by, once every armature is read.
    void indexArmatures(const SkeletonData& skeleton)
    {
        for (size_t a = 0; a < skeleton.armatures.size(); ++a) {
            const ArmatureData& armature = skeleton.armatures[a];
            m_armatureNames.emplace(armature.name, static_cast<int>(a));
            NameIndex& bones = m_boneIndex.emplace_back();
            for (size_t b = 0; b < armature.bones.size(); ++b)
                bones.emplace(armature.bones[b].name, static_cast<int>(b));
        }
    }

    ArmatureData readArmature(const pugi::xml_node& node)
    {
        ArmatureData armature;
        const std::string_view name = requiredText(node, "name");
        armature.name = name;
        armature.dataVersion = 0.1f; // cocos2d-x's ArmatureData default; the XML never sets it

        // cocos2d-x's bone map keeps the later of two bones of one name, in the earlier one's
        // place; but a child's setup is made relative to the first <b> of its parent's name.
        std::vector<BoneData> bones;
        NameList<BoneData, pugi::xml_node> named(bones);
        std::vector<pugi::xml_node> firstNodes; ///< per bone, the first <b> of its name
        size_t definitions = 0;
        for (const pugi::xml_node bone : node.children("b")) {
            if (definitions++ == size_t(kMaxBonesPerArmature))
                fail(node,
                     "the armature has more than " + std::to_string(kMaxBonesPerArmature) +
                         " bones, the most Bonescope accepts",
                     true);
            requiredText(bone, "name");
            if (named.add(readBone(bone), bone, redefined(bone, "bone")))
                firstNodes.push_back(bone);
        }
        const std::vector<pugi::xml_node>& nodes = named.origins(); ///< the definitions kept
        NameIndex byName;
        for (size_t i = 0; i < bones.size(); ++i)
            byName.emplace(bones[i].name, static_cast<int>(i));

        std::vector<int> parents(bones.size(), -1);
        for (size_t i = 0; i < bones.size(); ++i) {
            if (bones[i].parentName.empty())
                continue;
            const auto parent = byName.find(bones[i].parentName);
            if (parent == byName.end())
                fail(nodes[i],
                     "parent " + inQuotes(bones[i].parentName) + " is not a bone of this armature");
            parents[i] = parent->second;
            // The setup pose is stored relative to the parent `<b>`, as frames are (see header).
            setupRelativeToParent(bones[i].transform, firstNodes[parent->second]);
        }

        const std::vector<int> order = parentFirstOrder(parents, nodes);
        std::vector<int> newIndex(bones.size());
        for (size_t k = 0; k < order.size(); ++k)
            newIndex[order[k]] = static_cast<int>(k);
        for (const int i : order) {
            bones[i].parentIndex = parents[i] < 0 ? -1 : newIndex[parents[i]];
            armature.bones.push_back(std::move(bones[i]));
        }
        return armature;
    }

    /// Stable topological order: repeatedly place the earliest bone (in file order) whose
    /// parent is already placed. Bones left over sit on a parent cycle.
    std::vector<int> parentFirstOrder(const std::vector<int>& parents,
                                      const std::vector<pugi::xml_node>& nodes) const
    {
        const int count = static_cast<int>(parents.size());
        std::vector<std::vector<int>> children(count);
        std::priority_queue<int, std::vector<int>, std::greater<>> ready;
        for (int i = 0; i < count; ++i) {
            if (parents[i] < 0)
                ready.push(i);
            else
                children[parents[i]].push_back(i);
        }
        std::vector<int> order;
        order.reserve(count);
        while (!ready.empty()) {
            const int bone = ready.top();
            ready.pop();
            order.push_back(bone);
            for (const int child : children[bone])
                ready.push(child);
        }
        if (static_cast<int>(order.size()) == count)
            return order;

        std::vector<bool> placed(count, false);
        for (const int bone : order)
            placed[bone] = true;
        int start = 0;
        while (placed[start])
            ++start;
        // Walk up from the first unplaced bone until a bone repeats: that bone is on the cycle.
        std::vector<int> seenAt(count, -1);
        std::vector<int> path;
        int bone = start;
        while (seenAt[bone] < 0) {
            seenAt[bone] = static_cast<int>(path.size());
            path.push_back(bone);
            bone = parents[bone];
        }
        std::string cycle;
        for (size_t k = seenAt[bone]; k < path.size(); ++k)
            cycle += inQuotes(nodes[path[k]].attribute("name").value()) + " → ";
        cycle += inQuotes(nodes[bone].attribute("name").value());
        fail(nodes[bone], "the parent chain is a cycle: " + cycle);
    }

    BoneData readBone(const pugi::xml_node& node) const
    {
        BoneData bone;
        bone.name = node.attribute("name").value();
        bone.parentName = node.attribute("parent").value();
        bone.zOrder = intOr(node, node.attribute("z"), 0);
        bone.pivotX = floatOr(node, node.attribute("pX"), 0.f);
        bone.pivotY = floatOr(node, node.attribute("pY"), 0.f);
        Transform& t = bone.transform;
        t.x = floatOr(node, node.attribute("x"), 0.f);
        t.y = -floatOr(node, node.attribute("y"), 0.f);
        t.skewX = radians(floatOr(node, node.attribute("kX"), 0.f));
        t.skewY = radians(-floatOr(node, node.attribute("kY"), 0.f));
        t.scaleX = floatOr(node, node.attribute("cX"), 1.f);
        t.scaleY = floatOr(node, node.attribute("cY"), 1.f);
        for (const pugi::xml_node display : node.children("d"))
            bone.displays.push_back(readDisplay(display));
        return bone;
    }

    void setupRelativeToParent(Transform& transform, const pugi::xml_node& parent) const
    {
        Transform parentPose;
        parentPose.x = floatOr(parent, parent.attribute("x"), 0.f);
        parentPose.y = -floatOr(parent, parent.attribute("y"), 0.f);
        parentPose.skewX = radians(floatOr(parent, parent.attribute("kX"), 0.f));
        parentPose.skewY = radians(-floatOr(parent, parent.attribute("kY"), 0.f));
        transformFromParent(transform, parentPose);
    }

    DisplayData readDisplay(const pugi::xml_node& node) const
    {
        DisplayData display;
        const bool isArmature = intOr(node, node.attribute("isArmature"), 0) != 0;
        display.type = isArmature ? DisplayType::Armature : DisplayType::Image;
        display.name = node.attribute("name").value();
        if (!isArmature) {
            // cocos2d-x's DisplayData::changeDisplayToTexture: drop everything from the last '.'.
            if (const size_t dot = display.name.find_last_of('.'); dot != std::string::npos)
                display.name.erase(dot);
        }
        display.pivotX = floatOr(node, node.attribute("pX"), 0.f);
        display.pivotY = floatOr(node, node.attribute("pY"), 0.f);
        return display;
    }

    // ---- animations ------------------------------------------------------------------------

    AnimationData readAnimation(const pugi::xml_node& node, const SkeletonData& skeleton)
    {
        AnimationData animation;
        const std::string_view name = requiredText(node, "name");
        const auto armature = m_armatureNames.find(name);
        if (armature == m_armatureNames.end())
            fail(node, "there is no armature called " + inQuotes(name) + " to animate");
        animation.name = name;
        NameList<MovementData, pugi::xml_node> movements(animation.movements);
        for (const pugi::xml_node movement : node.children("mov"))
            movements.add(
                readMovement(movement, skeleton.armatures[armature->second], armature->second),
                movement, redefined(movement, "movement"));
        return animation;
    }

    MovementData readMovement(const pugi::xml_node& node, const ArmatureData& armature,
                              int armatureIndex) const
    {
        MovementData movement;
        movement.name = requiredText(node, "name");
        // A missing dr leaves MovementData's default, 0.
        const auto duration = optionalFrames(node, node.attribute("dr"));
        movement.duration = duration.value_or(0);
        if (movement.duration == 0)
            warn(node, std::string(duration ? "dr=\"0\"" : "no dr attribute") +
                           ": the movement lasts no frame; as in cocos2d-x, it shows a still pose "
                           "of its first keyframes");
        movement.durationTo = optionalFrames(node, node.attribute("to")).value_or(0);
        movement.durationTween = optionalFrames(node, node.attribute("drTW")).value_or(0);
        movement.loop = loopOf(node, node.attribute("lp"));
        movement.easing = easingOf(node, node.attribute("twE"));

        const NameIndex& boneIndex = m_boneIndex[armatureIndex];
        std::vector<ParsedTimeline> timelines;
        std::vector<int> timelineOfBone(armature.bones.size(), -1);
        for (const pugi::xml_node bone : node.children("b")) {
            const std::string_view boneName = requiredText(bone, "name");
            const auto found = boneIndex.find(boneName);
            if (found == boneIndex.end())
                fail(bone, "armature " + inQuotes(armature.name) + " has no bone of this name");
            if (const int earlier = timelineOfBone[found->second]; earlier >= 0) {
                // decodeMovement skips a bone's later timelines unread.
                warn(bone,
                     "this bone already has a timeline in the movement, on line " +
                         std::to_string(m_errors.at(timelines[size_t(earlier)].node, {}).line) +
                         "; as in cocos2d-x, that one plays and this one is ignored");
                continue;
            }
            timelineOfBone[found->second] = static_cast<int>(timelines.size());
            timelines.push_back(
                readTimeline(bone, found->second, movement.duration, passFrames(movement)));
        }

        // Frames are converted only now: a parent's timeline may come after its child's.
        for (ParsedTimeline& timeline : timelines) {
            const int parentBone = armature.bones[timeline.boneIndex].parentIndex;
            const ParsedTimeline* parent = parentBone < 0 || timelineOfBone[parentBone] < 0
                                               ? nullptr
                                               : &timelines[timelineOfBone[parentBone]];
            movement.bones.push_back(convertTimeline(timeline, parent));
        }
        return movement;
    }

    ParsedTimeline readTimeline(const pugi::xml_node& node, int boneIndex, int movementDuration,
                                int movementPassFrames) const
    {
        ParsedTimeline timeline;
        timeline.node = node;
        timeline.boneIndex = boneIndex;
        MovementBoneData& bone = timeline.bone;
        bone.name = node.attribute("name").value();
        bone.scale = floatOr(node, node.attribute("sc"), 1.f);
        // The bone's pass lasts the movement's times sc frames (bonePassFrames): no export's
        // timing past kMaxFrames, and past int's range not even a number of frames.
        if (const double pass = static_cast<double>(bone.scale) * movementPassFrames;
            std::abs(pass) > kMaxFrames)
            fail(node,
                 shown(node.attribute("sc")) + " makes the bone's pass " +
                     std::to_string(static_cast<long long>(std::min(std::abs(pass), 1e18))) +
                     " frames long, more than " + std::to_string(kMaxFrames),
                 true);
        if (auto delay = optionalFloat(node, node.attribute("dl"))) {
            // cocos2d-x stores a positive delay minus one (decodeMovementBone).
            if (*delay > 0)
                *delay -= 1;
            bone.delay = *delay;
        }
        const auto frameNodes = node.children("f");
        const auto count = std::distance(frameNodes.begin(), frameNodes.end());
        bone.frames.reserve(count + 1); // + the closing frame
        timeline.raw.reserve(count);
        int total = 0;
        for (const pugi::xml_node frame : frameNodes) {
            total += readFrame(frame, bone.frames.emplace_back(), timeline.raw.emplace_back());
            if (total > kMaxFrames)
                fail(frame,
                     "the frames' dr add up to more than " + std::to_string(kMaxFrames) + " frames",
                     true);
        }
        if (count == 0)
            fail(node, "the timeline has no <f> frames");
        // cocos2d-x times each bone by its own frames: a shorter track holds its last frame
        // until the movement ends, a longer one is cut off when the movement loops or ends.
        if (total != movementDuration)
            warn(node, "the frames' dr add up to " + std::to_string(total) +
                           ", but the movement's dr is " + std::to_string(movementDuration) +
                           (total < movementDuration
                                ? "; as in cocos2d-x, the bone then holds its last frame"
                                : "; as in cocos2d-x, what lies past the movement's end is "
                                  "never shown"));
        return timeline;
    }

    /// decodeFrame up to (not including) the parent step, into `frame` and `raw`; returns dr.
    int readFrame(const pugi::xml_node& node, FrameData& frame, ParentFrame& raw) const
    {
        // Frames are most of a file: their attributes are looked up in one pass.
        FrameAttributes a;
        for (pugi::xml_attribute attribute = node.first_attribute(); attribute;
             attribute = attribute.next_attribute()) {
            const int index = frameAttributeOf(attribute.name(), m_version2);
            if (index >= 0 && !a[index]) // like pugixml's attribute(name), the first one counts
                a[index] = attribute;
        }

        if (a[kMov])
            frame.movement = a[kMov].value();
        if (a[kEvt])
            frame.event = a[kEvt].value();
        if (a[kSd])
            frame.sound = a[kSd].value();
        if (a[kSdE])
            frame.soundEffect = a[kSdE].value();
        frame.tween = optionalFlag(node, a[kTweenFrame]).value_or(true);

        // The position (cocos2d_x/cocos2d_y in 2.x, x/y in 1.x: see frameAttributeOf) is in
        // Flash space, y down: y is negated (y up).
        if (const auto x = optionalFloat(node, a[kPositionX])) {
            frame.transform.x = *x;
            raw.x = *x;
        }
        if (const auto y = optionalFloat(node, a[kPositionY])) {
            frame.transform.y = -*y;
            raw.y = *y;
        }
        frame.transform.scaleX = floatOr(node, a[kScaleX], 1.f);
        frame.transform.scaleY = floatOr(node, a[kScaleY], 1.f);
        // Degrees to radians; skewY changes sign with the y flip.
        if (const auto skewX = optionalFloat(node, a[kSkewX])) {
            frame.transform.skewX = radians(*skewX);
            raw.skewXDegrees = *skewX;
        }
        if (const auto skewY = optionalFloat(node, a[kSkewY])) {
            frame.transform.skewY = radians(-*skewY);
            raw.skewYDegrees = *skewY;
        }
        // A keyframe of dr="0" starts on the frame the next one starts on (exports write them
        // for instant changes); cocos2d-x plays it as below.
        if (const auto duration = optionalFrames(node, a[kDuration])) {
            frame.duration = *duration;
            if (frame.duration == 0)
                warn(node, "dr=\"0\": the keyframe lasts no frame; " +
                               std::string(kZeroLengthKeyframePlay));
        } else {
            frame.duration = 1; // FrameData's default, which decodeFrame keeps
            warn(node, "no dr attribute (duration in frames); as in cocos2d-x, the keyframe "
                       "lasts 1 frame");
        }
        raw.duration = frame.duration;
        frame.displayIndex = intOr(node, a[kDisplayIndex], 0);
        frame.zOrder = intOr(node, a[kZ], 0);
        frame.tweenRotate = floatOr(node, a[kTweenRotate], 0.f);
        if (const auto blendType = optionalNumber<int>(node, a[kBlend]))
            frame.blend = blendOf(*blendType);
        if (const pugi::xml_node color = node.child("colorTransform")) {
            frame.color = readColor(color);
            frame.useColor = true;
        }
        frame.easing = easingOf(node, a[kEasing]);
        return frame.duration;
    }

    /// cocos2d-x's BlendType (CCDatas.h) to GL factors, as decodeFrame does.
    static BlendFunc blendOf(int blendType)
    {
        constexpr unsigned one = 1, srcAlpha = 0x0302, oneMinusSrcAlpha = 0x0303, dstColor = 0x0306,
                           oneMinusSrcColor = 0x0301;
        switch (blendType) {
        case 3: // BLEND_MULTIPLY
            return {dstColor, oneMinusSrcAlpha};
        case 5: // BLEND_SCREEN
            return {one, oneMinusSrcColor};
        case 8: // BLEND_ADD
            return {srcAlpha, one};
        default: // BLEND_NORMAL and the rest: premultiplied alpha
            return {};
        }
    }

    ColorTransform readColor(const pugi::xml_node& node) const
    {
        // cocos2d-x: channel = 2.55 * <xM> + <x>, in double, truncated to int on assignment.
        const auto channel = [&](const char* offsetName, const char* percentName) {
            const int offset = intOr(node, node.attribute(offsetName), 0);
            const int percent = intOr(node, node.attribute(percentName), 100);
            const double value = 2.55 * percent + offset;
            // Named with the values used, defaults included (an absent attribute has no text).
            const auto spelled = [](const char* name, int number) {
                return std::string(name) + "=" + inQuotes(std::to_string(number));
            };
            if (std::abs(value) > kMaxColorChannel)
                fail(node,
                     spelled(percentName, percent) + " and " + spelled(offsetName, offset) +
                         " make a colour channel of " +
                         std::to_string(static_cast<long long>(value)) + ", beyond ±" +
                         std::to_string(kMaxColorChannel),
                     true);
            return static_cast<int>(value);
        };
        ColorTransform color;
        color.alpha = channel("a", "aM");
        color.red = channel("r", "rM");
        color.green = channel("g", "gM");
        color.blue = channel("b", "bM");
        return color;
    }

    /// decodeMovementBone after the frames are read: the parent step of decodeFrame, the skew
    /// unwrapping and the closing frame.
    MovementBoneData convertTimeline(ParsedTimeline& timeline, const ParsedTimeline* parent) const
    {
        MovementBoneData bone = std::move(timeline.bone);

        // cocos2d-x's pairing: the parent frame is the first one (in order) whose span
        // [start, start + dr) holds this frame's start, advancing only forward; when none
        // does, the last parent frame reached stays in use.
        size_t parentIndex = 0;
        const ParentFrame* parentFrame = nullptr;
        int parentStart = 0;
        int parentDuration = 0;
        int start = 0;
        for (FrameData& frame : bone.frames) {
            if (parent) {
                const size_t count = parent->raw.size();
                while (parentIndex < count && (!parentFrame || start < parentStart ||
                                               start >= parentStart + parentDuration)) {
                    parentFrame = &parent->raw[parentIndex];
                    parentStart += parentDuration;
                    parentDuration = parentFrame->duration;
                    ++parentIndex;
                }
            }
            if (parentFrame) {
                // Version rule: frames are absolute in the file; cocos2d-x makes them relative
                // to the parent's frame (its position, kX, kY; scale 1) with
                // TransformHelp::transformFromParent. Applies to 1.x and 2.x alike.
                Transform parentPose;
                parentPose.x = parentFrame->x;
                parentPose.y = -parentFrame->y;
                parentPose.skewX = radians(parentFrame->skewXDegrees);
                parentPose.skewY = radians(-parentFrame->skewYDegrees);
                transformFromParent(frame.transform, parentPose);
            }
            frame.startFrame = start;
            start += frame.duration;
        }
        bone.duration = start;

        // Rotation range (−180, 180] to unbounded: each earlier frame moves by a full turn when
        // the step to the next frame is longer than half a turn (float difference, compared
        // and adjusted in double like cocos2d-x's M_PI arithmetic).
        auto& frames = bone.frames;
        for (size_t j = frames.size() - 1; j > 0; --j) {
            Transform& previous = frames[j - 1].transform;
            const float differenceX = frames[j].transform.skewX - previous.skewX;
            const float differenceY = frames[j].transform.skewY - previous.skewY;
            if (differenceX < -std::numbers::pi || differenceX > std::numbers::pi)
                previous.skewX =
                    static_cast<float>(differenceX < 0 ? previous.skewX - 2 * std::numbers::pi
                                                       : previous.skewX + 2 * std::numbers::pi);
            if (differenceY < -std::numbers::pi || differenceY > std::numbers::pi)
                previous.skewY =
                    static_cast<float>(differenceY < 0 ? previous.skewY - 2 * std::numbers::pi
                                                       : previous.skewY + 2 * std::numbers::pi);
        }

        // The closing frame cocos2d-x appends: FrameData::copy of the last keyframe, which
        // leaves the event, movement and sound strings empty.
        FrameData closing = frames.back();
        closing.event.clear();
        closing.movement.clear();
        closing.sound.clear();
        closing.soundEffect.clear();
        closing.startFrame = bone.duration;
        frames.push_back(std::move(closing));
        return bone;
    }

    // ---- texture atlas ---------------------------------------------------------------------

    /// One SubTexture as read: its image's placement and, when its x and y are usable, its
    /// region of the image for the atlas Bonescope falls back to.
    struct SubTexture {
        TextureData texture;
        std::optional<SpriteFrame> region;
    };
    /// The name NameList keys a SubTexture by.
    struct SubTextureName {
        const std::string& operator()(const SubTexture& sub) const { return sub.texture.name; }
    };

    void readAtlas(const pugi::xml_node& node, SkeletonData& skeleton) const
    {
        SpriteAtlas atlas;
        atlas.width = atlasEdge(node, "width");
        atlas.height = atlasEdge(node, "height");
        // cocos2d-x's texture map keeps the later of two SubTextures of one name.
        std::vector<SubTexture> subTextures;
        NameList<SubTexture, pugi::xml_node, SubTextureName> named(subTextures);
        for (const pugi::xml_node sub : node.children("SubTexture"))
            named.add(readSubTexture(sub), sub, redefined(sub, "SubTexture"));
        for (SubTexture& sub : subTextures) {
            skeleton.textures.push_back(std::move(sub.texture));
            if (sub.region)
                atlas.frames.push_back(std::move(*sub.region));
        }
        if (atlas.frames.empty())
            return;
        std::string stem = std::filesystem::path(m_fileName).stem().string();
        if (stem.empty())
            stem = node.attribute("name").value();
        atlas.imagePath = stem + ".png";
        skeleton.atlases.push_back(std::move(atlas));
    }

    SubTexture readSubTexture(const pugi::xml_node& sub) const
    {
        SubTexture read;
        TextureData& texture = read.texture;
        texture.name = requiredText(sub, "name");
        const float width = textureSize(sub, "width");
        const float height = textureSize(sub, "height");
        // Version rule (VERSION_2_0): 2.x gives the pivot in cocos2d_pX/cocos2d_pY.
        const float pivotX = pivotOf(sub, m_version2 ? "cocos2d_pX" : "pX");
        const float pivotY = pivotOf(sub, m_version2 ? "cocos2d_pY" : "pY");

        texture.width = width;
        texture.height = height;
        texture.pivotX = pivotX / width;
        texture.pivotY = (height - pivotY) / height;
        if (!std::isfinite(texture.pivotX) || !std::isfinite(texture.pivotY)) {
            texture.hasAnchor = false; // the size of 0 textureSize warned of
            texture.pivotX = texture.pivotY = TextureData{}.pivotX;
        }

        const std::optional<float> x = texturePosition(sub, "x");
        const std::optional<float> y = texturePosition(sub, "y");
        if (!x || !y || !(width > 0.f) || !(height > 0.f))
            return read; // no region of the image for the atlas Bonescope falls back to
        SpriteFrame& frame = read.region.emplace();
        frame.name = texture.name;
        frame.rect = {*x, *y, width, height};
        frame.sourceWidth = width;
        frame.sourceHeight = height;
        return read;
    }

    /// A SubTexture's pivot. Without one cocos2d-x places the image by an uninitialized float
    /// (decodeTexture), so there is no placement to reproduce.
    float pivotOf(const pugi::xml_node& node, const char* name) const
    {
        if (!node.attribute(name))
            fail(node, std::string("the ") + name +
                           " attribute is missing: cocos2d-x would place the image by an "
                           "uninitialized pivot (is this a DragonBones export without "
                           "cocos2d-x's attributes?)");
        return requiredFloat(node, name);
    }

    float requiredFloat(const pugi::xml_node& node, const char* name) const
    {
        const pugi::xml_attribute attribute = node.attribute(name);
        if (!attribute)
            fail(node, std::string("the ") + name + " attribute is missing");
        const auto value = leadingNumber<float>(node, attribute);
        if (!value)
            fail(node, shown(attribute) + " is not a number");
        return *value;
    }

    /// The TextureAtlas's width or height: what the metadata claims, 0 when unknown. cocos2d-x
    /// never reads them, so one outside 0..kMaxTextureSize is a warning.
    int atlasEdge(const pugi::xml_node& node, const char* name) const
    {
        const pugi::xml_attribute attribute = node.attribute(name);
        const int value = intOr(node, attribute, 0);
        if (value >= 0 && value <= kMaxTextureSize)
            return value;
        warn(node, shown(attribute) + " is outside 0.." + std::to_string(int(kMaxTextureSize)) +
                       " pixels; cocos2d-x does not read it, and Bonescope takes no size from it");
        return 0;
    }

    /// A SubTexture's width or height, by which cocos2d-x divides the pivot for the image's
    /// anchor. One of 0 or less plays, with a warning: a 0 gives no number, and cocos2d-x draws
    /// no image then. Refused past ±kMaxTextureSize.
    float textureSize(const pugi::xml_node& node, const char* name) const
    {
        const pugi::xml_attribute attribute = node.attribute(name);
        const float value = requiredFloat(node, name);
        if (std::abs(value) > kMaxTextureSize)
            fail(node, shown(attribute) + " is outside -" + std::to_string(int(kMaxTextureSize)) +
                           ".." + std::to_string(int(kMaxTextureSize)) + " pixels");
        if (value == 0.f)
            warn(node, shown(attribute) + " is no size: cocos2d-x divides the pivot by it, and "
                                          "with an anchor that is not a number draws no image");
        else if (value < 0.f)
            warn(node, shown(attribute) + " is negative: cocos2d-x divides the pivot by it for "
                                          "the image's anchor, as Bonescope does");
        return value;
    }

    /// A SubTexture's x or y in the image. cocos2d-x never reads them (its sprite frames come
    /// from the plist an exporter writes beside the XML), so a file with a bad one plays; only
    /// the atlas Bonescope falls back to without that plist places images by them. nullopt, with
    /// a warning, when the value is missing, not a number or outside 0..kMaxTextureSize.
    std::optional<float> texturePosition(const pugi::xml_node& node, const char* name) const
    {
        const pugi::xml_attribute attribute = node.attribute(name);
        const TinyxmlNumber<float> number = readTinyxmlNumber<float>(attribute.value());
        if (number.read == TinyxmlNumber<float>::Read::Whole && number.value >= 0.f &&
            number.value <= kMaxTextureSize)
            return number.value;
        warn(node, (attribute ? shown(attribute) + " is not a position within 0.." +
                                    std::to_string(int(kMaxTextureSize)) + " pixels"
                              : std::string("the ") + name + " attribute is missing") +
                       "; cocos2d-x never reads it, but without the sprite sheet plist beside "
                       "the XML this image has no place in the atlas and is not shown");
        return std::nullopt;
    }

    std::string_view m_bytes;
    XmlErrors m_errors;
    std::string m_fileName;
    mutable WarningList m_warnings;
    bool m_version2 = true;
    NameIndex m_armatureNames;          ///< armature name → index in SkeletonData::armatures
    std::vector<NameIndex> m_boneIndex; ///< per armature: bone name → index in its bones
};

} // namespace

Result<SkeletonData> readDragonBonesXml(std::string_view bytes, const std::string& fileName)
{
    try {
        return Reader(bytes, fileName).read();
    } catch (Failure& failure) {
        return std::move(failure.error);
    } catch (const std::bad_alloc&) {
        return LoadError{fileName, 0, {}, "out of memory while reading the skeleton"};
    }
}

} // namespace bonescope::core
