#include "panels/Transition.h"

#include <algorithm>

namespace bonescope::widgets {

QString transitionTypeName(TransitionType type)
{
    switch (type) {
    case TransitionType::Switch:
        return QStringLiteral("Switch");
    case TransitionType::WhileAnimating:
        return QStringLiteral("WhileAnimating");
    case TransitionType::ThenAnimate:
        return QStringLiteral("ThenAnimate");
    case TransitionType::DurationTo:
        return QStringLiteral("cocos2d-x durationTo");
    }
    return {};
}

TransitionWeights transitionWeights(TransitionType type, double durationFrames,
                                    double elapsedFrames)
{
    if (elapsedFrames < 0.0)
        return {1.0, 0.0};
    if (type == TransitionType::Switch || durationFrames <= 0.0)
        return {0.0, 1.0};
    const double timeLeft = std::clamp(durationFrames - elapsedFrames, 0.0, durationFrames);
    const double source = timeLeft / durationFrames;
    return {source, 1.0 - source};
}

} // namespace bonescope::widgets
