#pragma once

#include "base/LoadError.h"

#include <string>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// One value of an XML property list, with the 1-based line it starts on for error messages.
/// Dictionaries keep their keys in document order; a key given twice keeps its first place
/// and its last value, as cocos2d-x's plist reader (FileUtils' DictMaker) does.
struct PlistValue {
    enum class Type { String, Integer, Real, Boolean, Date, Data, Array, Dict };

    Type type = Type::String;
    int line = 0;
    /// String, Date and Data text as written; Integer and Real text trimmed; "true"/"false".
    std::string text;
    /// Integer and Real value (always finite; integers fit in 32 bits like cocos2d-x's
    /// `atoi`); 1 or 0 for Boolean.
    double number = 0.0;
    std::vector<std::string> keys;    ///< Dict only: keys, parallel to `children`
    std::vector<PlistValue> children; ///< Dict values (parallel to `keys`) or Array items

    /// The value of `key` in a Dict, nullptr when absent or when this is not a Dict.
    const PlistValue* find(std::string_view key) const;
};

/// The element name of a type as it appears in a file ("<string>", "<dict>", ...).
std::string_view plistTypeName(PlistValue::Type type);

/// Parses an XML property list (UTF-8) into the value inside `<plist>`. Binary plists
/// ("bplist00"), other encodings, malformed XML and unknown elements are LoadErrors naming
/// the line; nesting deeper than 64 levels is refused so hostile input cannot exhaust the stack.
Result<PlistValue> parsePlist(std::string_view bytes, const std::string& fileName);

} // namespace bonescope::core
