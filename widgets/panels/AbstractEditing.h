#pragma once

// Qt's headers first: moc cannot parse <concepts> (through edit/EditTarget.h) without them.
#include <QObject>
#include <QString>

#include "edit/EditTarget.h"
#include "edit/EditValue.h"
#include "edit/FlipbookEditor.h"
#include "model/TransitionTable.h"

#include <optional>

namespace bonescope::widgets {

/// What the user edits of the open export (core/edit): its movement and keyframe parameters, or
/// an AnimationCache plist's timing, written back into the file, and the transition table saved
/// beside it. A changed parameter
/// is announced by the document's parameterChanged(), since playback is rebuilt on it.
class AbstractEditing : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    /// True when the export's values can be edited (a DragonBones XML or ExportJson).
    virtual bool isEditable() const = 0;
    /// The value of `key` at `target` (edited or as the file has it); nullopt when there is
    /// none (no such movement, bone or keyframe, or a key the format lacks).
    virtual std::optional<core::EditValue> parameter(const core::EditTarget& target,
                                                     core::EditKey key) const = 0;
    /// Why `value` cannot be set for `key` in this export's format; empty when it can.
    virtual QString refuseParameter(core::EditKey key, const core::EditValue& value) const = 0;
    /// The movement `movement` (index) of the shown armature as an edit target.
    virtual core::EditTarget movementTarget(int movement) const = 0;
    /// Index of `bone`'s keyframe in the file (EditTarget::keyframe) that is in effect at
    /// `frame` (frames) of `movement`, or −1 when the bone has no timeline there.
    virtual int keyframeAt(int movement, int bone, double frame) const = 0;
    /// The transitions used between movements (the sidecar's table): by the timeline when the
    /// movement changes during playback, and by the crossfade inspector for a new pair.
    virtual const core::TransitionTable& transitionTable() const = 0;
    /// Why the open file's flipbook value `key` cannot be edited (an image sequence, a grid or a
    /// sprite sheet has no timing to write back; a format 1 plist has only a delay); empty when
    /// it can.
    virtual QString flipbookKeyRefusal(core::FlipbookKey key) const = 0;

public slots:
    /// Undoable. Edits that share a non-zero `mergeSession` (one drag of one spin box) and
    /// target the same value merge into one undo step. Returns why the edit was refused (the
    /// format's rules, a target the export lacks, or an edited export the readers would refuse:
    /// a limit passed), nothing changing; empty when it was made or changed nothing.
    virtual QString setParameter(const core::EditTarget& target, core::EditKey key,
                                 const core::EditValue& value, int mergeSession = 0) = 0;
    virtual void setTransitionTable(const core::TransitionTable& table) = 0; ///< undoable
    /// Undoable: sets an AnimationCache plist's timing `key` at `target`, merging as
    /// setParameter does. Returns why it was refused (nothing changing); empty when it was made
    /// or changed nothing.
    virtual QString setFlipbookValue(const core::FlipbookTarget& target, core::FlipbookKey key,
                                     double value, int mergeSession = 0) = 0;

signals:
    void transitionTableChanged();
};

} // namespace bonescope::widgets
