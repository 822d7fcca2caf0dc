#include "runtime/BlendClip.h"

#include <cmath>

namespace bonescope::core {

void BlendClip::advance(const MovementTiming& timing, double seconds)
{
    const double length = timing.lengthSeconds;
    const double step = seconds * timing.rate;
    double time = timeSeconds + step;
    elapsedSeconds += step;
    if (length <= 0.0)
        time = 0.0;
    else if (loop) {
        // fmod's result without the libm call where it is plain: a time inside the pass stays,
        // and one less than a pass past the end comes back by one length (a subtraction that is
        // exact there, by Sterbenz's lemma, as fmod is).
        if (time >= length) {
            time = time < 2.0 * length ? time - length : std::fmod(time, length);
        } else if (time < 0.0) {
            time = std::fmod(time, length);
            if (time < 0.0)
                time += length;
        }
        if (length - time <= kBlendTimeEpsilon)
            time = 0.0;
    } else {
        if (time >= length - kBlendTimeEpsilon)
            time = length;
        else if (time < 0.0)
            time = 0.0;
        elapsedSeconds = time;
    }
    timeSeconds = time;
}

} // namespace bonescope::core
