#include "stress/ProcessMemory.h"

#include <fstream>

#if defined(__linux__)
#include <unistd.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace bonescope::core {

std::size_t residentBytes()
{
#if defined(__linux__)
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    if (!(statm >> pages >> resident))
        return 0;
    return std::size_t(resident) * std::size_t(sysconf(_SC_PAGESIZE));
#else
    return 0;
#endif
}

std::size_t heapBytesInUse()
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}

} // namespace bonescope::core
