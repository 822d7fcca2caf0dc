#include "io/AnimationCacheReader.h"

#include "io/Plist.h"
#include "io/PlistFields.h"

namespace bonescope::core {

namespace {

using Type = PlistValue::Type;

/// A delay per unit (seconds) beyond an hour is a broken file, not an animation.
constexpr PlistLimits kDelaySeconds{0.0, 3600.0};
constexpr PlistLimits kDelayUnits{0.0, 1e6};
constexpr PlistLimits kLoops{1.0, 1e6};

/// A notification value as text: scalars as written, containers in a compact plist-like form.
std::string notificationText(const PlistValue& value)
{
    if (value.type == Type::Array || value.type == Type::Dict) {
        std::string text = value.type == Type::Array ? "[" : "{";
        for (std::size_t i = 0; i < value.children.size(); ++i) {
            if (i > 0)
                text += ", ";
            if (value.type == Type::Dict)
                text += value.keys[i] + ": ";
            text += notificationText(value.children[i]);
        }
        return text + (value.type == Type::Array ? "]" : "}");
    }
    return value.text;
}

/// A delay must be strictly positive: a zero delay gives cocos2d-x an animation of no
/// duration, which a viewer cannot show or scrub.
double positiveDelay(PlistFields& fields, const PlistValue& dict, std::string_view key,
                     const std::string& context, PlistLimits limits)
{
    const double delay = fields.number(dict, key, context, limits);
    if (!fields.failed() && delay <= 0.0)
        fields.fail(dict.find(key)->line,
                    context + ": '" + std::string(key) + "' must be more than 0");
    return delay;
}

/// An empty name is kept: cocos2d-x finds no sprite frame for it, as for any name no sheet
/// holds, and the loader reports those.
std::string spriteFrameName(PlistFields& fields, const PlistValue& value,
                            const std::string& context)
{
    if (!fields.expectType(value, Type::String, context))
        return {};
    return value.text;
}

/// Format 1: an animation is `delay` plus a list of frame names, each shown for one unit.
void readVersion1(PlistFields& fields, const PlistValue& dict, const std::string& context,
                  FlipbookData& animation)
{
    const PlistValue* frames = fields.entry(dict, "frames", Type::Array, context);
    animation.delayPerUnit =
        static_cast<float>(positiveDelay(fields, dict, "delay", context, kDelaySeconds));
    if (!frames)
        return;
    if (frames->children.empty())
        fields.fail(frames->line, context + " has no frames");
    for (std::size_t i = 0; i < frames->children.size() && !fields.failed(); ++i) {
        FlipbookFrame frame;
        frame.spriteFrame = spriteFrameName(fields, frames->children[i],
                                            context + ", frame " + std::to_string(i + 1));
        animation.frames.push_back(std::move(frame));
    }
}

/// Format 2: per-frame delay units and notifications, loops and restoreOriginalFrame.
void readVersion2(PlistFields& fields, const PlistValue& dict, const std::string& context,
                  FlipbookData& animation)
{
    animation.loops = fields.integer(dict, "loops", context, kLoops, 1);
    animation.restoreOriginalFrame = fields.boolean(dict, "restoreOriginalFrame", context, false);
    animation.delayPerUnit =
        static_cast<float>(positiveDelay(fields, dict, "delayPerUnit", context, kDelaySeconds));
    const PlistValue* frames = fields.entry(dict, "frames", Type::Array, context);
    if (!frames)
        return;
    if (frames->children.empty())
        fields.fail(frames->line, context + " has no frames");
    for (std::size_t i = 0; i < frames->children.size() && !fields.failed(); ++i) {
        const PlistValue& entry = frames->children[i];
        const std::string frameContext = context + ", frame " + std::to_string(i + 1);
        if (!fields.expectType(entry, Type::Dict, frameContext))
            return;
        FlipbookFrame frame;
        // cocos2d-x reads a missing name as "" (Value::asString).
        const PlistValue* name =
            fields.entry(entry, "spriteframe", Type::String, frameContext, true);
        if (name)
            frame.spriteFrame = spriteFrameName(fields, *name, frameContext);
        frame.delayUnits = static_cast<float>(
            positiveDelay(fields, entry, "delayUnits", frameContext, kDelayUnits));
        if (const PlistValue* notification =
                fields.entry(entry, "notification", Type::Dict, frameContext, true))
            for (std::size_t k = 0; k < notification->keys.size(); ++k)
                frame.notification.emplace_back(notification->keys[k],
                                                notificationText(notification->children[k]));
        animation.frames.push_back(std::move(frame));
    }
}

} // namespace

Result<FlipbookSet> readAnimationCachePlist(std::string_view bytes, const std::string& fileName)
{
    Result<PlistValue> parsed = parsePlist(bytes, fileName);
    if (!parsed)
        return parsed.error();
    const PlistValue& root = parsed.value();

    PlistFields fields(fileName);
    if (!fields.expectType(root, Type::Dict, "an animation plist's top level"))
        return fields.error();
    if (!root.find("animations"))
        return LoadError{
            fileName, root.line, {}, "no 'animations' dictionary: this is not an animation plist"};
    const PlistValue* animations = fields.entry(root, "animations", Type::Dict, "");

    FlipbookSet set;
    int format = 1;
    if (const PlistValue* properties = fields.entry(root, "properties", Type::Dict, "", true)) {
        format = fields.integer(*properties, "format", "properties", {-1e9, 1e9});
        if (!fields.failed() && format != 1 && format != 2)
            fields.fail(properties->find("format")->line, "unknown animation format " +
                                                              std::to_string(format) +
                                                              " (cocos2d-x reads formats 1 and 2)");
        if (const PlistValue* sheets =
                fields.entry(*properties, "spritesheets", Type::Array, "properties"))
            for (const PlistValue& sheet : sheets->children)
                if (fields.expectType(sheet, Type::String, "a 'spritesheets' entry"))
                    set.spriteSheetFiles.push_back(sheet.text);
    }
    if (fields.failed())
        return fields.error();
    if (animations->children.empty())
        return LoadError{fileName, animations->line, {}, "the file has no animations"};

    set.animations.reserve(animations->children.size());
    for (std::size_t i = 0; i < animations->children.size(); ++i) {
        const std::string context = "animation '" + animations->keys[i] + "'";
        const PlistValue& dict = animations->children[i];
        if (!fields.expectType(dict, Type::Dict, context))
            return fields.error();
        FlipbookData animation;
        animation.name = animations->keys[i];
        if (format == 1)
            readVersion1(fields, dict, context, animation);
        else
            readVersion2(fields, dict, context, animation);
        if (fields.failed())
            return fields.error();
        set.animations.push_back(std::move(animation));
    }
    return set;
}

} // namespace bonescope::core
