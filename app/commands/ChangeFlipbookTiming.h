#pragma once

#include "edit/FlipbookEditor.h"

#include <QUndoCommand>

namespace bonescope::app {

class Document;

/// Sets one timing value of an AnimationCache plist's animation (core::FlipbookEditor): its
/// delay per unit, loops or restore-original-frame flag.
class ChangeFlipbookTiming : public QUndoCommand {
public:
    ChangeFlipbookTiming(Document* document, core::FlipbookTarget target, core::FlipbookKey key,
                         double value);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document* m_document;
    core::FlipbookTarget m_target;
    core::FlipbookKey m_key;
    double m_value;
};

} // namespace bonescope::app
