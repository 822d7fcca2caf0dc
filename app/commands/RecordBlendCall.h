#pragma once

#include "script/BlendScript.h"

#include <QUndoCommand>

namespace bonescope::app {

class Document;

/// Records a call (a Trigger while recording) into the document's blend script: holds the
/// whole script with the call, and swaps it with the document's on undo and redo.
class RecordBlendCall : public QUndoCommand {
public:
    RecordBlendCall(Document* document, core::BlendScript script);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document* m_document;
    core::BlendScript m_script;
};

} // namespace bonescope::app
