#include "runtime/ParallelFor.h"

namespace bonescope::core {

ParallelFor::ParallelFor(int threads)
{
    if (threads <= 0)
        threads = static_cast<int>(std::thread::hardware_concurrency());
    for (int chunk = 1; chunk < threads; ++chunk)
        m_workers.emplace_back([this, chunk] { workerLoop(chunk); });
}

ParallelFor::~ParallelFor()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread& worker : m_workers)
        worker.join();
}

void ParallelFor::runChunk(int chunk) const
{
    const std::size_t threads = static_cast<std::size_t>(threadCount());
    const std::size_t begin = m_count * static_cast<std::size_t>(chunk) / threads;
    const std::size_t end = m_count * static_cast<std::size_t>(chunk + 1) / threads;
    if (begin < end)
        m_call(m_body, begin, end);
}

void ParallelFor::runErased(std::size_t count, void* body, Trampoline call)
{
    // Too few indices to share: waking a worker costs more than it saves.
    if (m_workers.empty() || count < static_cast<std::size_t>(threadCount())) {
        if (count > 0)
            call(body, 0, count);
        return;
    }
    {
        const std::lock_guard lock(m_mutex);
        m_count = count;
        m_body = body;
        m_call = call;
        m_running = static_cast<int>(m_workers.size());
        ++m_generation;
    }
    m_wake.notify_all();
    runChunk(0);
    std::unique_lock lock(m_mutex);
    m_finished.wait(lock, [this] { return m_running == 0; });
}

void ParallelFor::workerLoop(int chunk)
{
    std::uint64_t seen = 0;
    while (true) {
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stopping || m_generation != seen; });
            if (m_stopping)
                return;
            seen = m_generation;
        }
        runChunk(chunk);
        bool last = false;
        {
            const std::lock_guard lock(m_mutex);
            last = --m_running == 0;
        }
        if (last)
            m_finished.notify_one();
    }
}

} // namespace bonescope::core
