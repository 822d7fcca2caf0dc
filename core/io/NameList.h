#pragma once

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace bonescope::core {

/// Named items (armatures, animations, movements, ExportJson timelines) as cocos2d-x's name maps
/// keep them: an item whose name an earlier one has replaces it, in the earlier one's place.
/// `Origin` says where an item was read (an array index, an XML node) for the warning a
/// replacement gets.
template <typename T, typename Origin> class NameList {
public:
    explicit NameList(std::vector<T>& items) : m_items(items) {}

    /// Adds `item`, read at `origin`. When it replaces an earlier one, first calls
    /// `replacing(name, earlierOrigin)`.
    template <typename Replacing> void add(T item, Origin origin, Replacing&& replacing)
    {
        const auto [place, isNew] = m_places.try_emplace(item.name, Place{m_items.size(), origin});
        if (isNew) {
            m_items.push_back(std::move(item));
            return;
        }
        replacing(item.name, place->second.origin);
        m_items[place->second.item] = std::move(item);
        place->second.origin = std::move(origin);
    }

private:
    struct Place {
        size_t item;   ///< in m_items
        Origin origin; ///< of the item there now
    };
    std::vector<T>& m_items;
    std::unordered_map<std::string, Place> m_places;
};

} // namespace bonescope::core
