#pragma once

#include <QUndoCommand>

namespace bonescope::app {

class Document;

/// Shows or hides one bone in the viewport (the bone tree's check box).
class ChangeBoneVisibility : public QUndoCommand {
public:
    ChangeBoneVisibility(Document* document, int bone, bool visible);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document* m_document;
    int m_bone;
    bool m_visible;
};

} // namespace bonescope::app
