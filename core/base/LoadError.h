#pragma once

#include "base/Limits.h"

#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace bonescope::core {

/// Why a file could not be read, and where: `line` (1-based, 0 when unknown), and for JSON also
/// `jsonPointer` (RFC 6901, e.g. "/armature_data/0/bone_data/3/x"; its line is found by
/// io/JsonPointer.h).
struct LoadError {
    std::string file;
    int line = 0;
    std::string jsonPointer;
    std::string message;
    /// The file reads, but is refused as unsafe to load: a nested-armature cycle or a size past
    /// a limit of core/base/Limits.h. `validate` reports it as a problem of the export, not as
    /// an unreadable file.
    bool refused = false;

    /// "file:line: message" or "file (at /json/pointer): message".
    std::string toString() const;
};

/// A file's warnings as a reader collects them: the first kMaxWarningsPerFile in detail, the
/// rest only counted.
class WarningList {
public:
    /// Adds the warning `make()` returns; once the detailed ones are full, only counts it
    /// (without calling `make`: a file may warn on every frame).
    template <typename Make> void add(Make&& make)
    {
        if (int(m_detailed.size()) < kMaxWarningsPerFile)
            m_detailed.push_back(make());
        else
            ++m_onlyCounted;
    }
    /// The detailed warnings so far, for a reader to complete their places before take().
    std::span<LoadError> detailed() { return m_detailed; }
    /// The warnings in line order (stable: those of one line, or without lines, as they came),
    /// with one last "and N more" warning (for `file`) when some were only counted.
    std::vector<LoadError> take(const std::string& file);

private:
    std::vector<LoadError> m_detailed;
    int m_onlyCounted = 0;
};

/// Either a value or the LoadError that prevented it; readers return this, never throw.
template <typename T> class Result {
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(LoadError error) : m_state(std::move(error)) {}

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() { return std::get<0>(m_state); }
    const T& value() const { return std::get<0>(m_state); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    LoadError& error() { return std::get<1>(m_state); }
    const LoadError& error() const { return std::get<1>(m_state); }

private:
    std::variant<T, LoadError> m_state;
};

} // namespace bonescope::core
