#include "io/SpriteSheetReader.h"

#include "base/Limits.h"
#include "io/Plist.h"
#include "io/PlistFields.h"

#include <cmath>
#include <filesystem>
#include <unordered_map>

namespace bonescope::core {

namespace {

using Type = PlistValue::Type;

constexpr PlistLimits kOffset{-kMaxTexturePixels, kMaxTexturePixels};
/// Format 0 sizes may be negative: cocos2d-x takes their absolute value.
constexpr PlistLimits kSignedSize{-kMaxTexturePixels, kMaxTexturePixels};

/// The frame keys cocos2d-x reads through Value::asFloat / RectFromString / SizeFromString,
/// which turn a missing key into 0 or an empty rect without a word: read as 0 here too, and
/// the missing keys are named in one warning per frame.
class FrameKeys {
public:
    FrameKeys(PlistFields& fields, const PlistValue& dict, const std::string& context)
        : m_fields(fields), m_dict(dict), m_context(context)
    {
    }

    double number(std::string_view key, PlistLimits limits)
    {
        return m_fields.number(m_dict, key, m_context, limits,
                               present(key) ? std::nullopt : std::optional(0.0));
    }
    int integer(std::string_view key, PlistLimits limits)
    {
        return m_fields.integer(m_dict, key, m_context, limits,
                                present(key) ? std::nullopt : std::optional(0));
    }
    RectF rect(std::string_view key)
    {
        return present(key) ? m_fields.rect(m_dict, key, m_context) : RectF{};
    }
    std::pair<float, float> pair(std::string_view key, PlistLimits limits)
    {
        return m_fields.pair(m_dict, key, m_context, limits,
                             present(key) ? std::nullopt : std::optional(std::pair{0.f, 0.f}));
    }
    /// "frame 'a.png' has no x, y: cocos2d-x reads them as 0", or empty when none was missing.
    std::string missingText() const
    {
        if (m_missing.empty())
            return {};
        return m_context + " has no " + m_missing + "; cocos2d-x reads " +
               (m_missingCount > 1 ? "them" : "it") + " as 0";
    }

private:
    bool present(std::string_view key)
    {
        if (m_dict.find(key))
            return true;
        m_missing += (m_missing.empty() ? "'" : ", '") + std::string(key) + "'";
        ++m_missingCount;
        return false;
    }

    PlistFields& m_fields;
    const PlistValue& m_dict;
    const std::string& m_context;
    std::string m_missing;
    int m_missingCount = 0;
};

/// Zwoptex "legacy" (Flash) frames: plain numbers.
SpriteFrame readFormat0(PlistFields& fields, FrameKeys& keys, const PlistValue& dict,
                        const std::string& context)
{
    SpriteFrame frame;
    frame.rect.x = static_cast<float>(keys.number("x", kRectOrigin));
    frame.rect.y = static_cast<float>(keys.number("y", kRectOrigin));
    frame.rect.width = static_cast<float>(keys.number("width", kRectSize));
    frame.rect.height = static_cast<float>(keys.number("height", kRectSize));
    frame.offsetX = static_cast<float>(fields.number(dict, "offsetX", context, kOffset, 0.0));
    frame.offsetY = static_cast<float>(fields.number(dict, "offsetY", context, kOffset, 0.0));
    // cocos2d-x reads the original size as int and keeps its absolute value (old exporters
    // wrote the height negated, as grossini.plist does).
    frame.sourceWidth = static_cast<float>(std::abs(keys.integer("originalWidth", kSignedSize)));
    frame.sourceHeight = static_cast<float>(std::abs(keys.integer("originalHeight", kSignedSize)));
    return frame;
}

/// Zwoptex desktop 0.x (format 1) and 1.0 (format 2, which adds `rotated`) frames.
SpriteFrame readFormat1Or2(PlistFields& fields, FrameKeys& keys, const PlistValue& dict,
                           const std::string& context, int format)
{
    SpriteFrame frame;
    frame.rect = keys.rect("frame");
    // Format 1 has no rotation; cocos2d-x ignores a `rotated` key there.
    frame.rotated = format == 2 && fields.boolean(dict, "rotated", context, false);
    const auto [offsetX, offsetY] = fields.pair(dict, "offset", context, kOffset, {{0.f, 0.f}});
    frame.offsetX = offsetX;
    frame.offsetY = offsetY;
    const auto [sourceWidth, sourceHeight] = keys.pair("sourceSize", kRectSize);
    frame.sourceWidth = sourceWidth;
    frame.sourceHeight = sourceHeight;
    return frame;
}

/// TexturePacker / Zwoptex 1.0.2+ frames: the rect is textureRect's origin with spriteSize.
SpriteFrame readFormat3(PlistFields& fields, FrameKeys& keys, const PlistValue& dict,
                        const std::string& context)
{
    SpriteFrame frame;
    const auto [width, height] = keys.pair("spriteSize", kRectSize);
    const RectF textureRect = keys.rect("textureRect");
    frame.rect = RectF{textureRect.x, textureRect.y, width, height};
    frame.rotated = fields.boolean(dict, "textureRotated", context, false);
    const auto [offsetX, offsetY] =
        fields.pair(dict, "spriteOffset", context, kOffset, {{0.f, 0.f}});
    frame.offsetX = offsetX;
    frame.offsetY = offsetY;
    const auto [sourceWidth, sourceHeight] = keys.pair("spriteSourceSize", kRectSize);
    frame.sourceWidth = sourceWidth;
    frame.sourceHeight = sourceHeight;
    return frame;
}

std::string fallbackImageName(const std::string& fileName)
{
    return std::filesystem::path(fileName).filename().replace_extension(".png").string();
}

} // namespace

Result<SpriteAtlas> readSpriteSheetPlist(std::string_view bytes, const std::string& fileName)
{
    Result<PlistValue> parsed = parsePlist(bytes, fileName);
    if (!parsed)
        return parsed.error();
    const PlistValue& root = parsed.value();

    PlistFields fields(fileName);
    if (!fields.expectType(root, Type::Dict, "a sprite sheet plist's top level"))
        return fields.error();
    const PlistValue* frames = root.find("frames");
    if (!frames)
        return LoadError{
            fileName, root.line, {}, "no 'frames' dictionary: this is not a sprite sheet plist"};
    fields.entry(root, "frames", Type::Dict, "");

    SpriteAtlas atlas;
    int format = 0;
    const PlistValue* metadata = fields.entry(root, "metadata", Type::Dict, "", true);
    if (metadata) {
        format = fields.integer(*metadata, "format", "metadata", {-1e9, 1e9}, 0);
        if (!fields.failed() && (format < 0 || format > 3))
            fields.fail(metadata->find("format")->line, "unknown sprite sheet format " +
                                                            std::to_string(format) +
                                                            " (cocos2d-x reads formats 0 to 3)");
        atlas.imagePath = fields.string(*metadata, "textureFileName", "metadata", "");
        if (atlas.imagePath.empty())
            atlas.imagePath = fields.string(*metadata, "realTextureFileName", "metadata", "");
        const auto [width, height] =
            fields.pair(*metadata, "size", "metadata", kRectSize, {{0.f, 0.f}});
        atlas.width = static_cast<int>(width);
        atlas.height = static_cast<int>(height);
    } else if (const PlistValue* texture = fields.entry(root, "texture", Type::Dict, "", true)) {
        atlas.width = fields.integer(*texture, "width", "texture", kRectSize, 0);
        atlas.height = fields.integer(*texture, "height", "texture", kRectSize, 0);
    }
    if (atlas.imagePath.empty())
        atlas.imagePath = fallbackImageName(fileName);
    if (fields.failed())
        return fields.error();

    if (frames->children.empty())
        atlas.warnings.push_back({fileName, frames->line, {}, "the sprite sheet has no frames"});

    std::vector<std::pair<std::string, std::size_t>> aliases; // alias, index of its frame
    atlas.frames.reserve(frames->children.size());
    for (std::size_t i = 0; i < frames->children.size(); ++i) {
        const std::string& name = frames->keys[i];
        const PlistValue& dict = frames->children[i];
        const std::string context = "frame '" + name + "'";
        if (name.empty())
            fields.fail(dict.line, "a frame has an empty name");
        if (!fields.expectType(dict, Type::Dict, context))
            return fields.error();

        FrameKeys keys(fields, dict, context);
        SpriteFrame frame = format == 0   ? readFormat0(fields, keys, dict, context)
                            : format == 3 ? readFormat3(fields, keys, dict, context)
                                          : readFormat1Or2(fields, keys, dict, context, format);
        if (const std::string missing = keys.missingText();
            !missing.empty() && atlas.warnings.size() < size_t(kMaxWarningsPerFile))
            atlas.warnings.push_back({fileName, dict.line, {}, missing});
        if (format == 3) {
            if (const PlistValue* list = fields.entry(dict, "aliases", Type::Array, context, true))
                for (const PlistValue& alias : list->children)
                    if (fields.expectType(alias, Type::String, context + ": an alias"))
                        aliases.emplace_back(alias.text, atlas.frames.size());
        }
        if (fields.failed())
            return fields.error();
        frame.name = name;
        frame.line = dict.line;
        atlas.frames.push_back(std::move(frame));
    }

    // Format 3 aliases: other names for a frame. As in cocos2d-x, a real frame of the same
    // name wins over an alias, and a later alias of a name replaces an earlier one.
    std::unordered_map<std::string, std::size_t> byName;
    for (std::size_t i = 0; i < atlas.frames.size(); ++i)
        byName.emplace(atlas.frames[i].name, i);
    const std::size_t realFrameCount = atlas.frames.size();
    for (const auto& [alias, target] : aliases) {
        SpriteFrame copy = atlas.frames[target];
        copy.name = alias;
        const auto [position, inserted] = byName.emplace(alias, atlas.frames.size());
        if (inserted)
            atlas.frames.push_back(std::move(copy));
        else if (position->second >= realFrameCount)
            atlas.frames[position->second] = std::move(copy);
    }
    return atlas;
}

} // namespace bonescope::core
