#pragma once

#include "base/LoadError.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace bonescope::core {

/// Parses Bonescope's own small JSON files (layer setups, sidecars) with nlohmann/json; a
/// syntax error carries its line.
Result<nlohmann::json> parseJsonText(std::string_view text, const std::string& fileName);

/// Checks and reads the fields of a parsed JSON document; every error is a LoadError naming
/// the file and the JSON pointer of the offending value. Each check returns the error, or
/// nothing when the value is acceptable (an optional field may be absent).
class JsonFields {
public:
    explicit JsonFields(std::string fileName) : m_fileName(std::move(fileName)) {}

    const std::string& fileName() const { return m_fileName; }
    LoadError error(const std::string& pointer, const std::string& message) const;
    /// `object` is an object whose keys are all among `keys` (a typo must not go unnoticed).
    std::optional<LoadError> onlyKeys(const nlohmann::json& object, const std::string& pointer,
                                      std::initializer_list<const char*> keys) const;
    /// A non-empty string.
    std::optional<LoadError> string(const nlohmann::json& object, const std::string& pointer,
                                    const char* key, bool required, std::string& out) const;
    /// A number in min..max.
    std::optional<LoadError> number(const nlohmann::json& object, const std::string& pointer,
                                    const char* key, bool required, double min, double max,
                                    double& out) const;
    std::optional<LoadError> boolean(const nlohmann::json& object, const std::string& pointer,
                                     const char* key, std::optional<bool>& out) const;

private:
    std::string m_fileName;
};

} // namespace bonescope::core
