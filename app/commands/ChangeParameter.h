#pragma once

#include "edit/EditKey.h"
#include "edit/EditTarget.h"
#include "edit/EditValue.h"

#include "commands/CommandIds.h"

#include <QUndoCommand>

namespace bonescope::app {

class Document;

/// Sets one movement or keyframe value of the export (core/edit). Successive edits of the same
/// value merge into one undo step only while they share a non-zero merge session: one drag of
/// one spin box.
class ChangeParameter : public QUndoCommand {
public:
    ChangeParameter(Document* document, core::EditTarget target, core::EditKey key,
                    core::EditValue value, int mergeSession);

    void undo() override { swap(); }
    void redo() override { swap(); }
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    static constexpr int kId = kChangeParameterId;
    void swap();

    Document* m_document;
    core::EditTarget m_target;
    core::EditKey m_key;
    core::EditValue m_value;
    int m_mergeSession;
};

} // namespace bonescope::app
