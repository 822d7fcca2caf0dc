#pragma once

#include <cstddef>

namespace bonescope::widgets {

/// What stress mode measures, averaged over the frames of about half a second: the panel and
/// the view's overlay show it. Times are milliseconds of wall time per frame.
struct StressFigures {
    int instances = 0;
    int updateThreads = 0;  ///< threads the instance updates are spread over
    double updateMs = 0;    ///< every instance's update (core::StressCrowd::update)
    double drawListMs = 0;  ///< building the draw list (render::DrawListBuilder)
    double gpuSubmitMs = 0; ///< the sprite batcher's draw up to glFinish
    int drawCalls = 0;      ///< of the last frame
    int quads = 0;          ///< sprites of the last frame
    double framesPerSecond = 0;
    std::size_t heapBytesPerInstance = 0; ///< player state of one instance, when created
    std::size_t residentBytes = 0;        ///< the whole process
    std::size_t residentBefore = 0;       ///< the whole process before stress mode started
    bool valid() const { return framesPerSecond > 0; }
    /// What stress mode added to the process's resident memory, per instance (KiB): the crowd,
    /// its draw list and vertices, not Qt, the document or the textures every instance shares.
    double residentKiBPerInstance() const
    {
        const double grown =
            residentBytes > residentBefore ? double(residentBytes - residentBefore) : 0.0;
        return instances > 0 ? grown / 1024.0 / instances : 0.0;
    }
};

} // namespace bonescope::widgets
