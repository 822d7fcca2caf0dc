#pragma once

#include "base/Limits.h"
#include "base/LoadError.h"

#include <cstddef>
#include <string>

namespace bonescope::core {

/// Reads a whole regular file of at most kMaxFileBytes; every file Bonescope reads goes through
/// here. Never blocks: the file is opened non-blocking and checked with fstat before any read,
/// so a FIFO, a device (/dev/zero), a socket or a folder is refused instead of read. A
/// LoadError names the file and says why: not found, permission denied, a symbolic link loop,
/// not a regular file (which kind), too large (its size and the limit), or a read failure.
Result<std::string> readFileBytes(const std::string& path);

/// The first `maxBytes` bytes of a regular file (all of it when shorter), with readFileBytes'
/// checks and errors except the size limit: for reading image headers.
Result<std::string> readFileHead(const std::string& path, std::size_t maxBytes);

} // namespace bonescope::core
