#pragma once

#include "base/LoadError.h"

#include <cstdint>
#include <string>

namespace bonescope::core {

/// Largest file any reader accepts (bytes): far above every real export, low enough that a
/// mistaken or hostile path cannot make Bonescope allocate without bound.
inline constexpr std::uintmax_t kMaxFileBytes = 256u * 1024u * 1024u;

/// Reads a whole file; a LoadError names the file when it is missing, unreadable, a folder or
/// larger than kMaxFileBytes.
Result<std::string> readFileBytes(const std::string& path);

} // namespace bonescope::core
