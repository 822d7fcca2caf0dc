#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <vector>

namespace bonescope::cli {

/// Runs job(0) … job(count − 1) on up to `threads` threads; returns when all are done. Jobs
/// must be independent: each writes only its own result slot. No job (count 0): no thread.
void runParallel(std::size_t count, int threads, const std::function<void(std::size_t)>& job);

/// work(0) … work(count − 1) on up to `threads` threads, the results in input order.
/// `inOrder` sees each result in input order as soon as it and every earlier one are done
/// (one call at a time), so a report can print while later files are still at work.
template <typename Result>
std::vector<Result> mapParallel(std::size_t count, int threads,
                                const std::function<Result(std::size_t)>& work,
                                const std::function<void(const Result&)>& inOrder)
{
    std::vector<Result> results(count);
    std::vector<char> finished(count, 0);
    std::size_t next = 0;
    std::mutex lock;
    runParallel(count, threads, [&](std::size_t i) {
        Result result = work(i);
        const std::lock_guard guard(lock);
        results[i] = std::move(result);
        finished[i] = 1;
        for (; next < count && finished[next]; ++next)
            inOrder(results[next]);
    });
    return results;
}

} // namespace bonescope::cli
