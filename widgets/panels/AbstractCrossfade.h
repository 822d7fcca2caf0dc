#pragma once

#include "panels/Transition.h"

#include <QObject>

namespace bonescope::widgets {

/// The crossfade inspector's settings, their trigger, and the crossfade running now: on the
/// playback, or at the update on screen of a blend recording.
class AbstractCrossfade : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    virtual Transition transition() const = 0; ///< the inspector's current settings
    virtual bool isCrossfading() const = 0;
    /// Frames of the fade's clock since the last trigger (core::crossfadeFramesPerUpdate); −1:
    /// none.
    virtual double crossfadeElapsed() const = 0;
    /// Source and target weights of the running crossfade, as the core blender reports them.
    virtual core::CrossfadeWeights crossfadeWeights() const = 0;
    /// What the transition table gives from movement `source` to `target`: its kind, and its
    /// frames with durationTo resolved to the target's own `to`.
    virtual Transition tableTransition(int source, int target) const = 0;

public slots:
    virtual void setTransition(const Transition& transition) = 0; ///< undoable
    virtual void triggerCrossfade() = 0; ///< runs transition() from its source to its target
    /// While playing, moves to `movement` with the transition table's transition from the
    /// current one (as a game would); otherwise the document's setMovement.
    virtual void changeMovement(int movement) = 0;

signals:
    void transitionChanged();
};

} // namespace bonescope::widgets
