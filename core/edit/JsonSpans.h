#pragma once

#include "base/LoadError.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// The values of a JSON text with their byte offsets, so an editor can replace one value, or
/// add a key to an object, without touching any other byte. Meant for text a strict reader
/// has already accepted: it checks structure, not every detail of the grammar. Each value keeps
/// only its place and its links to its container's other values; a key is decoded when looked
/// up (an export's keyframes hold millions of values, and keeping every key and member list
/// took eight times the file's size).
class JsonSpans {
public:
    /// A member of an object: its key and where it is written.
    struct Member {
        std::string key;      ///< decoded
        size_t keyBegin = 0;  ///< the key's opening quote
        size_t keyEnd = 0;    ///< after its closing quote
        int value = -1;       ///< node index
        size_t separator = 0; ///< after the ',' or '{' that precedes the key
    };
    struct Node {
        enum class Kind : std::uint8_t { Object, Array, Scalar } kind = Kind::Scalar;
        size_t begin = 0;
        size_t end = 0; ///< one past the value's last byte
    };

    /// Scans `text`, which must outlive the result; errors name `fileName` and the line.
    static Result<JsonSpans> scan(std::string_view text, const std::string& fileName);

    Node node(int index) const;
    int root() const { return 0; }
    /// The value of `key` in object `object` (the first of equal keys), or −1.
    int member(int object, std::string_view key) const;
    /// The last member of object `object`; nullopt for an empty object or another value.
    std::optional<Member> lastMember(int object) const;
    /// The elements of array `array`, in order; none for another value.
    std::vector<int> elements(int array) const;
    /// The last element of array `array` whose "name" member is the string `name`, or −1: of
    /// two equal names, cocos2d-x keeps the later.
    int elementNamed(int array, std::string_view name) const;
    /// The node's text as written.
    std::string_view text(int node) const;
    /// A JSON string token's contents, or nullopt when `token` is not a string.
    static std::optional<std::string> decodeString(std::string_view token);

private:
    class Scanner; ///< recursive descent, in JsonSpans.cpp
    /// Offsets into the text, which scan refuses past 4 GiB (exports stop at kMaxFileBytes).
    struct Value {
        std::uint32_t begin = 0;
        std::uint32_t end = 0;
        /// The member whose value this is (an object's values only): its key's quotes, and
        /// what follows the ',' or '{' before it.
        std::uint32_t keyBegin = 0;
        std::uint32_t keyEnd = 0;
        std::uint32_t separator = 0;
        int firstChild = -1; ///< an object's or array's first value
        int nextSibling = -1;
        Node::Kind kind = Node::Kind::Scalar;
    };
    /// The children of `container` in order, when it is of kind `kind`.
    template <typename Visit> void forEachChild(int container, Node::Kind kind, Visit visit) const
    {
        const Value& parent = m_values[static_cast<size_t>(container)];
        if (parent.kind != kind)
            return;
        for (int child = parent.firstChild; child >= 0;
             child = m_values[static_cast<size_t>(child)].nextSibling)
            if (!visit(child))
                return;
    }

    std::string_view m_text;
    std::vector<Value> m_values;
};

} // namespace bonescope::core
