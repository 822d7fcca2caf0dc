#pragma once

#include "MovementCatalog.h"
#include "SidecarState.h"

#include "edit/ExportEditor.h"
#include "io/ExportLoader.h"
#include "model/LayerSetup.h"
#include "model/TransitionTable.h"
#include "script/BlendScript.h"

#include <QString>

#include <optional>

namespace bonescope::app {

/// What the user changed of an opened export and where it is saved: the export's own bytes
/// with the edited values (core::ExportEditor; XML and ExportJson armatures), the transition
/// table, and the sidecar beside the export they are compared with and written into.
class ExportEditing {
public:
    /// Starts afresh from the export read from `path`: its exact bytes, so a save changes
    /// nothing but the edited values, and its sidecar (an unreadable one becomes a warning).
    void open(const QString& path, core::LoadedExport& loaded);

    bool isEditable() const { return m_editor.has_value(); }
    std::optional<core::EditValue> value(const core::EditTarget& target, core::EditKey key) const;
    /// Why `value` cannot be given to `key`; empty when it can.
    QString refuse(core::EditKey key, const core::EditValue& value) const;
    /// The target naming `movement` of the catalog's armature (no bone, no keyframe).
    static core::EditTarget movementTarget(const MovementCatalog& catalog, int movement);
    /// The keyframe (as the file counts them) of `bone` in `movement` that holds at `frame`;
    /// −1 when the bone has none.
    int keyframeAt(const MovementCatalog& catalog, int movement, int bone, double frame) const;
    /// Gives `key` of `target` the value; the export's model read again with it, or nothing
    /// when the editor refuses it.
    std::optional<core::SkeletonData> set(const core::EditTarget& target, core::EditKey key,
                                          const core::EditValue& value);

    SidecarState& sidecar() { return m_sidecar; }
    const core::TransitionTable& transitions() const { return m_transitions; }
    void setTransitions(const core::TransitionTable& table) { m_transitions = table; }

    /// True when the values, the transitions, `layers` or `recording` differ from the files.
    bool isModified(const core::LayerSetup& layers, const core::BlendScript* recording) const;
    /// Writes the edited export over `path` (atomically, QSaveFile), then its sidecar with
    /// `layers` and `recording`; both become what isModified() compares with. On failure the
    /// file on disk stays as it was and `error` says why.
    bool write(const QString& path, const core::LayerSetup& layers,
               const core::BlendScript* recording, QString* error);
    /// True when the file at `path` holds the bytes the export was read from or last saved.
    bool isOnDisk(const QString& path) const;

private:
    std::optional<core::ExportEditor> m_editor;
    SidecarState m_sidecar; ///< as read or last saved
    core::TransitionTable m_transitions;
};

} // namespace bonescope::app
