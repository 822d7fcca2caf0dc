#include "model/FlipbookTiming.h"

#include "base/FrameRate.h"

#include <algorithm>
#include <cmath>

namespace bonescope::core {

double flipbookLoopUnits(const FlipbookData& flipbook)
{
    double units = 0.0;
    for (const FlipbookFrame& frame : flipbook.frames)
        units += frame.delayUnits;
    return units;
}

double flipbookLoopSeconds(const FlipbookData& flipbook)
{
    return flipbookLoopUnits(flipbook) * flipbook.delayPerUnit;
}

double flipbookSeconds(const FlipbookData& flipbook)
{
    return flipbookLoopSeconds(flipbook) * std::max(flipbook.loops, 1);
}

int flipbookLengthFrames(const FlipbookData& flipbook)
{
    return int(std::lround(secondsToFrames(flipbookSeconds(flipbook))));
}

std::vector<int> flipbookFrameStarts(const FlipbookData& flipbook)
{
    std::vector<int> starts;
    const double loopFrames = secondsToFrames(flipbookLoopSeconds(flipbook));
    for (int loop = 0; loop < std::max(flipbook.loops, 1); ++loop) {
        double units = 0.0;
        for (const FlipbookFrame& frame : flipbook.frames) {
            starts.push_back(int(
                std::lround(loop * loopFrames + secondsToFrames(units * flipbook.delayPerUnit))));
            units += frame.delayUnits;
        }
    }
    return starts;
}

} // namespace bonescope::core
