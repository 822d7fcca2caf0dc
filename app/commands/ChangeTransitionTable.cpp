#include "commands/ChangeTransitionTable.h"

#include "ExportEditing.h"

namespace bonescope::app {

ChangeTransitionTable::ChangeTransitionTable(ExportEditing* editing, core::TransitionTable table)
    : QUndoCommand(QObject::tr("Change Transition Table")), m_editing(editing),
      m_table(std::move(table))
{
}

void ChangeTransitionTable::swap()
{
    core::TransitionTable previous = m_editing->transitionTable();
    m_editing->applyTransitionTable(m_table);
    m_table = std::move(previous);
}

} // namespace bonescope::app
