#pragma once

#include "base/LoadError.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// The values of a JSON text with their byte offsets, so an editor can replace one value, or
/// add a key to an object, without touching any other byte. Meant for text a strict reader
/// has already accepted: it checks structure, not every detail of the grammar.
class JsonSpans {
public:
    struct Member {
        std::string key;      ///< decoded
        size_t keyBegin = 0;  ///< the key's opening quote
        size_t keyEnd = 0;    ///< after its closing quote
        int value = -1;       ///< node index
        size_t separator = 0; ///< after the ',' or '{' that precedes the key
    };
    struct Node {
        enum class Kind { Object, Array, Scalar } kind = Kind::Scalar;
        size_t begin = 0;
        size_t end = 0;              ///< one past the value's last byte
        std::vector<Member> members; ///< Object
        std::vector<int> elements;   ///< Array
    };

    /// Scans `text`, which must outlive the result; errors name `fileName` and the line.
    static Result<JsonSpans> scan(std::string_view text, const std::string& fileName);

    const Node& node(int index) const { return m_nodes[static_cast<size_t>(index)]; }
    int root() const { return 0; }
    /// The value of `key` in object `object`, or −1.
    int member(int object, std::string_view key) const;
    /// The last element of array `array` whose "name" member is the string `name`, or −1: of
    /// two equal names, cocos2d-x keeps the later.
    int elementNamed(int array, std::string_view name) const;
    /// The node's text as written.
    std::string_view text(int node) const;

    /// A JSON string token's contents, or nullopt when `token` is not a string.
    static std::optional<std::string> decodeString(std::string_view token);

private:
    std::string_view m_text;
    std::vector<Node> m_nodes;
};

} // namespace bonescope::core
