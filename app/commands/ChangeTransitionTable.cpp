#include "commands/ChangeTransitionTable.h"

#include "Document.h"

namespace bonescope::app {

ChangeTransitionTable::ChangeTransitionTable(Document* document, core::TransitionTable table)
    : QUndoCommand(QObject::tr("Change Transition Table")), m_document(document),
      m_table(std::move(table))
{
}

void ChangeTransitionTable::swap()
{
    core::TransitionTable previous = m_document->transitionTable();
    m_document->applyTransitionTable(m_table);
    m_table = std::move(previous);
}

} // namespace bonescope::app
