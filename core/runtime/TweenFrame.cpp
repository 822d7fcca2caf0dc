#include "runtime/TweenFrame.h"

namespace bonescope::core {

TweenFrame TweenFrame::fromKey(const FrameData& key)
{
    TweenFrame frame;
    frame.transform = key.transform;
    frame.zOrder = key.zOrder;
    frame.tweenRotate = key.tweenRotate;
    frame.useColor = key.useColor;
    frame.color = key.color;
    frame.displayIndex = key.displayIndex;
    frame.easing = key.easing;
    frame.easingParams = key.easingParams.empty() ? nullptr : key.easingParams.data();
    frame.easingParamCount = static_cast<int>(key.easingParams.size());
    frame.isTween = key.tween;
    frame.blend = key.blend;
    return frame;
}

} // namespace bonescope::core
