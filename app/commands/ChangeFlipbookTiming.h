#pragma once

#include "edit/FlipbookEditor.h"

#include "commands/CommandIds.h"

#include <QUndoCommand>

namespace bonescope::app {

class Document;

/// Sets one timing value of an AnimationCache plist's animation (core::FlipbookEditor): its
/// delay per unit, loops or restore-original-frame flag. Successive edits of the same value
/// merge into one undo step while they share a non-zero merge session (one press-and-hold of a
/// spin box), as ChangeParameter's do.
class ChangeFlipbookTiming : public QUndoCommand {
public:
    ChangeFlipbookTiming(Document* document, core::FlipbookTarget target, core::FlipbookKey key,
                         double value, int mergeSession);

    void undo() override { swap(); }
    void redo() override { swap(); }
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    static constexpr int kId = kChangeFlipbookTimingId;
    void swap();

    Document* m_document;
    core::FlipbookTarget m_target;
    core::FlipbookKey m_key;
    double m_value;
    int m_mergeSession;
};

} // namespace bonescope::app
