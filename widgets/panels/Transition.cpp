#include "panels/Transition.h"

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

} // namespace bonescope::widgets
