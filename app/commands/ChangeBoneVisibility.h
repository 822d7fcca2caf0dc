#pragma once

#include <QUndoCommand>

namespace bonescope::app {

class BoneSelection;

/// Shows or hides one bone in the viewport (the bone tree's check box).
class ChangeBoneVisibility : public QUndoCommand {
public:
    ChangeBoneVisibility(BoneSelection* selection, int bone, bool visible);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    BoneSelection* m_selection;
    int m_bone;
    bool m_visible;
};

} // namespace bonescope::app
