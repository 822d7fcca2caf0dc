#pragma once

#include "model/TransitionTable.h"

#include <QUndoCommand>

namespace bonescope::app {

class Document;

/// Replaces the transition table (a rule added, removed or changed) with `table`.
class ChangeTransitionTable : public QUndoCommand {
public:
    ChangeTransitionTable(Document* document, core::TransitionTable table);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document* m_document;
    core::TransitionTable m_table;
};

} // namespace bonescope::app
