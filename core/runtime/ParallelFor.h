#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace bonescope::core {

/// A fixed set of worker threads running a loop over an index range in contiguous chunks, one
/// chunk per thread, the calling thread taking the first: for updating many independent
/// instances (armatures, players) each frame on every core. Workers sleep between runs, so a
/// run costs a wake-up, not a thread start; a run allocates nothing. Which thread handles an
/// index never changes the result as long as the body's iterations are independent.
class ParallelFor {
public:
    /// `threads` ≤ 0 takes std::thread::hardware_concurrency(); 1 runs every loop on the caller.
    explicit ParallelFor(int threads = 0);
    ~ParallelFor();
    ParallelFor(const ParallelFor&) = delete;
    ParallelFor& operator=(const ParallelFor&) = delete;

    /// Threads taking part in a run, the caller included.
    int threadCount() const { return static_cast<int>(m_workers.size()) + 1; }

    /// Calls `body(begin, end)` on disjoint chunks covering [0, count), concurrently, and
    /// returns when every chunk is done. Chunk k of n is [count·k/n, count·(k+1)/n). `body`
    /// must not throw. Not reentrant: one run at a time.
    template <typename Body> void run(std::size_t count, Body&& body)
    {
        using Callable = std::remove_reference_t<Body>;
        runErased(count, const_cast<void*>(static_cast<const void*>(&body)),
                  [](void* callable, std::size_t begin, std::size_t end) {
                      (*static_cast<Callable*>(callable))(begin, end);
                  });
    }

private:
    using Trampoline = void (*)(void*, std::size_t, std::size_t);
    void runErased(std::size_t count, void* body, Trampoline call);
    void runChunk(int chunk) const;
    void workerLoop(int chunk);

    std::vector<std::thread> m_workers;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_finished;
    std::uint64_t m_generation = 0; ///< bumped by each run; workers wait for a new value
    int m_running = 0;              ///< workers still busy with the current run
    bool m_stopping = false;
    std::size_t m_count = 0;
    void* m_body = nullptr;
    Trampoline m_call = nullptr;
};

} // namespace bonescope::core
