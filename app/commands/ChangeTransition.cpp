#include "commands/ChangeTransition.h"

#include "CrossfadeControl.h"

namespace bonescope::app {

ChangeTransition::ChangeTransition(CrossfadeControl* crossfade,
                                   const widgets::Transition& transition)
    : QUndoCommand(QObject::tr("Change Crossfade")), m_crossfade(crossfade),
      m_transition(transition)
{
}

bool ChangeTransition::mergeWith(const QUndoCommand* other)
{
    // This command holds the value from before the first edit once redone; the merged one's
    // swap already applied the newest value, so keeping ours is all a merge needs.
    return other->id() == id() &&
           static_cast<const ChangeTransition*>(other)->m_crossfade == m_crossfade;
}

void ChangeTransition::swap()
{
    const widgets::Transition previous = m_crossfade->transition();
    m_crossfade->applyTransition(m_transition);
    m_transition = previous;
}

} // namespace bonescope::app
