#pragma once

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace bonescope::core {

/// The name NameList keys an item by: its `name`.
struct ItemName {
    template <typename T> const std::string& operator()(const T& item) const { return item.name; }
};

/// Named items (armatures, animations, movements, bones, ExportJson timelines) as cocos2d-x's
/// name maps keep them: an item whose name an earlier one has replaces it, in the earlier one's
/// place. `Origin` says where an item was read (an array index, an XML node) for the warning a
/// replacement gets; `Name` gives an item's name.
template <typename T, typename Origin, typename Name = ItemName> class NameList {
public:
    explicit NameList(std::vector<T>& items) : m_items(items) {}

    /// Adds `item`, read at `origin`; true when its name is new. When it replaces an earlier
    /// one, first calls `replacing(name, earlierOrigin)`.
    template <typename Replacing> bool add(T item, Origin origin, Replacing&& replacing)
    {
        const auto [place, isNew] = m_places.try_emplace(Name{}(item), m_items.size());
        if (isNew) {
            m_items.push_back(std::move(item));
            m_origins.push_back(std::move(origin));
            return true;
        }
        replacing(Name{}(item), m_origins[place->second]);
        m_items[place->second] = std::move(item);
        m_origins[place->second] = std::move(origin);
        return false;
    }

    /// Where each item now in the list was read, indexed like the items.
    const std::vector<Origin>& origins() const { return m_origins; }

private:
    std::vector<T>& m_items;
    std::vector<Origin> m_origins;
    std::unordered_map<std::string, size_t> m_places; ///< name -> index in m_items
};

} // namespace bonescope::core
