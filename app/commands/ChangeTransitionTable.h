#pragma once

#include "model/TransitionTable.h"

#include <QUndoCommand>

namespace bonescope::app {

class ExportEditing;

/// Replaces the transition table (a rule added, removed or changed) with `table`.
class ChangeTransitionTable : public QUndoCommand {
public:
    ChangeTransitionTable(ExportEditing* editing, core::TransitionTable table);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    ExportEditing* m_editing;
    core::TransitionTable m_table;
};

} // namespace bonescope::app
