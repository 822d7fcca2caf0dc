#pragma once

#include "runtime/SinCos.h"
#include "runtime/TweenFunction.h"

#include <algorithm>

namespace bonescope::core {

/// Ratios of SineEaseInOut spans gathered over one pass and eased together, eight at a time
/// (sineEaseInOutBatch), each then handed to `Write` with the `Target` it was gathered for.
/// DragonBones 2.x's eased movements ease every span so (robot run: each bone, each update),
/// where a cosine at a time cost a tenth of the player's update. A full batch is eased at once:
/// no allocation, and the pass's owner flushes what is left at its end.
template <typename Target, typename Write> class SineEaseBatch {
public:
    explicit SineEaseBatch(Write write) : m_write(write) {}
    SineEaseBatch(const SineEaseBatch&) = delete;
    SineEaseBatch& operator=(const SineEaseBatch&) = delete;

    /// Queues `ratio` for `target`; `ratio` is in [0, 1] in the common case (any value is eased
    /// as tweenTo would).
    void add(float ratio, const Target& target)
    {
        m_ratios[m_count] = ratio;
        m_targets[m_count] = target;
        if (++m_count == kCapacity)
            flush();
    }
    /// Eases the queued ratios and writes each to its target.
    void flush()
    {
        if (m_count == 0)
            return;
        std::fill_n(m_ratios + m_count, sincos::kBatchPadding, 0.f);
        sineEaseInOutBatch(m_ratios, static_cast<int>(m_count));
        for (unsigned k = 0; k < m_count; ++k)
            m_write(m_targets[k], m_ratios[k]);
        m_count = 0;
    }

private:
    static constexpr unsigned kCapacity = 32;
    static_assert(kCapacity % sincos::kBatchPadding == 0);

    Write m_write;
    unsigned m_count = 0;
    Target m_targets[kCapacity];
    alignas(32) float m_ratios[kCapacity + sincos::kBatchPadding];
};

} // namespace bonescope::core
