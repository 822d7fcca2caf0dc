#pragma once

#include "model/TextureAtlas.h"

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace bonescope::core {

/// How a display's sprite frame was found.
enum class SpriteMatch {
    None,     ///< no sheet holds it: drawn as a placeholder
    Exact,    ///< the key cocos2d-x asks for
    Fallback, ///< only by a spelling cocos2d-x does not try (see findDisplaySprite)
};

struct SpriteLookup {
    SpriteMatch match = SpriteMatch::None;
    const SpriteAtlas* atlas = nullptr;
    const SpriteFrame* frame = nullptr;
    std::string wanted; ///< the key cocos2d-x asks the sprite-frame cache for
};

/// The display name without its extension (the part after the last '.' of the last path
/// component), as cocos2d-x's CCDisplayFactory strips it: "arm.png" → "arm", "a/b" → "a/b".
std::string displayStem(std::string_view displayName);

/// Finds the sprite frame an image display shows, in constant time per lookup. cocos2d-x asks
/// for displayStem(name) + ".png" and shows nothing when no sheet has that key; exports made by
/// other tools often key their sheets with a doubled or different extension or another case
/// ("arm.png.png", "arm.jpg", "ARM.PNG", "arm"), so those are tried next and the result says
/// SpriteMatch::Fallback, for the caller to warn. Where several atlases hold a key, the first
/// wins. Borrows the atlases, which must outlive it and not change.
class SpriteIndex {
public:
    explicit SpriteIndex(std::span<const SpriteAtlas> atlases);

    SpriteLookup find(std::string_view displayName) const;

private:
    struct Entry {
        const SpriteAtlas* atlas;
        const SpriteFrame* frame;
    };
    const Entry* exact(const std::string& key) const;

    std::unordered_map<std::string, Entry> m_byKey;
    std::unordered_map<std::string, Entry> m_byBareLowerKey;
};

} // namespace bonescope::core
