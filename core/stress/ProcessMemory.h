#pragma once

#include <cstddef>

namespace bonescope::core {

/// Resident memory of this process in bytes (/proc/self/statm); 0 where unknown.
std::size_t residentBytes();

/// Bytes of the heap in use by allocations (glibc's mallinfo2, main arena, so count what the
/// calling main thread allocates); 0 where unknown.
std::size_t heapBytesInUse();

} // namespace bonescope::core
