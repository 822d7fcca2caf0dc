#pragma once

#include "runtime/Crossfade.h"

#include <QString>

namespace bonescope::widgets {

/// A crossfade request as the inspector edits it: core's, so the document plays it unchanged.
using Transition = core::Crossfade;
using TransitionType = core::TransitionKind;

/// Display name of a transition type ("WhileAnimating", "cocos2d-x durationTo").
QString transitionTypeName(TransitionType type);

} // namespace bonescope::widgets
