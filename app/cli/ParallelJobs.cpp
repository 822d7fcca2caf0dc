#include "cli/ParallelJobs.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace bonescope::cli {

void runParallel(std::size_t count, int threads, const std::function<void(std::size_t)>& job)
{
    if (count == 0)
        return;
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < count; i = next++)
            job(i);
    };
    const auto helpers = std::min<std::size_t>(count, std::size_t(std::max(threads, 1))) - 1;
    std::vector<std::jthread> pool;
    pool.reserve(helpers);
    for (std::size_t i = 0; i < helpers; ++i)
        pool.emplace_back(work);
    work(); // this thread is one of the workers; the jthreads join on scope exit
}

} // namespace bonescope::cli
