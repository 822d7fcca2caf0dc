#pragma once

// Heap use seen by a benchmark: HeapCounter.cpp replaces the global allocation functions
// (malloc-backed) for the executable it is linked into and counts through them.
namespace bonescope::bench {

/// Allocations made so far (operator new calls).
long allocationCount();
/// Heap bytes currently held through operator new, as malloc counts them (glibc's
/// malloc_usable_size, so including its rounding).
long liveHeapBytes();

} // namespace bonescope::bench
