#include "io/SpriteLookup.h"

#include <algorithm>
#include <cctype>

namespace bonescope::core {

namespace {

std::string_view withoutExtension(std::string_view name)
{
    const size_t dot = name.find_last_of('.');
    const size_t slash = name.find_last_of('/');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return name;
    return name.substr(0, dot);
}

/// A sheet key with every extension removed ("arm.png.png" → "arm"), lower-cased.
std::string bareLowerKey(std::string_view key)
{
    std::string_view stem = key;
    for (std::string_view shorter = withoutExtension(stem); shorter.size() < stem.size();
         shorter = withoutExtension(stem))
        stem = shorter;
    std::string lower(stem);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

} // namespace

std::string displayStem(std::string_view displayName)
{
    return std::string(withoutExtension(displayName));
}

SpriteIndex::SpriteIndex(std::span<const SpriteAtlas> atlases)
{
    for (const SpriteAtlas& atlas : atlases)
        for (const SpriteFrame& frame : atlas.frames) {
            m_byKey.emplace(frame.name, Entry{&atlas, &frame});
            m_byBareLowerKey.emplace(bareLowerKey(frame.name), Entry{&atlas, &frame});
        }
}

const SpriteIndex::Entry* SpriteIndex::exact(const std::string& key) const
{
    const auto it = m_byKey.find(key);
    return it == m_byKey.end() ? nullptr : &it->second;
}

SpriteLookup SpriteIndex::find(std::string_view displayName) const
{
    const std::string stem = displayStem(displayName);
    SpriteLookup result;
    result.wanted = stem + ".png";
    const Entry* entry = exact(result.wanted);
    result.match = SpriteMatch::Exact;
    if (!entry && !stem.empty()) {
        result.match = SpriteMatch::Fallback;
        for (const std::string& spelling :
             {result.wanted + ".png", std::string(displayName), stem}) {
            if ((entry = exact(spelling)))
                break;
        }
        if (!entry) {
            // Any extension, any case.
            const auto it = m_byBareLowerKey.find(bareLowerKey(stem));
            if (it != m_byBareLowerKey.end())
                entry = &it->second;
        }
    }
    if (!entry) {
        result.match = SpriteMatch::None;
        return result;
    }
    result.atlas = entry->atlas;
    result.frame = entry->frame;
    return result;
}

} // namespace bonescope::core
