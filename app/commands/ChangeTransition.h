#pragma once

#include "panels/Transition.h"

#include "commands/CommandIds.h"

#include <QUndoCommand>

namespace bonescope::app {

class CrossfadeControl;

/// Changes the crossfade inspector's settings (source, target, type, duration). Successive
/// edits merge into one undo step.
class ChangeTransition : public QUndoCommand {
public:
    ChangeTransition(CrossfadeControl* crossfade, const widgets::Transition& transition);

    void undo() override { swap(); }
    void redo() override { swap(); }
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    static constexpr int kId = kChangeTransitionId;
    void swap();

    CrossfadeControl* m_crossfade;
    widgets::Transition m_transition;
};

} // namespace bonescope::app
