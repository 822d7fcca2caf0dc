#pragma once

#include "SidecarState.h"

#include "panels/AbstractEditing.h"

#include "edit/EditRecovery.h"
#include "edit/ExportEditor.h"
#include "edit/FlipbookEditor.h"
#include "io/ExportLoader.h"
#include "model/LayerSetup.h"
#include "script/BlendScript.h"

#include <QString>

#include <optional>

namespace bonescope::app {

class Document;

/// What the user changed of an opened export and where it is saved: the export's own bytes
/// with the edited values (core::ExportEditor for XML and ExportJson armatures,
/// core::FlipbookEditor for AnimationCache plists), the transition table, and the sidecar beside
/// an armature they are compared with and written into. A changed value is applied by
/// Document::applyParameter or applyFlipbookTiming, which rebuild playback on the new model.
class ExportEditing : public widgets::AbstractEditing {
    Q_OBJECT
public:
    explicit ExportEditing(Document& document);

    /// Starts afresh from the export read from `path`: its exact bytes as `loaded` read them,
    /// so a save changes nothing but the edited values, and its sidecar (an unreadable one
    /// becomes a warning).
    void open(const QString& path, core::LoadedExport& loaded);

    bool isEditable() const override { return m_editor.has_value(); }
    std::optional<core::EditValue> parameter(const core::EditTarget& target,
                                             core::EditKey key) const override;
    QString refuseParameter(core::EditKey key, const core::EditValue& value) const override;
    core::EditTarget movementTarget(int movement) const override;
    int keyframeAt(int movement, int bone, double frame) const override;
    const core::TransitionTable& transitionTable() const override { return m_transitions; }
    QString setParameter(const core::EditTarget& target, core::EditKey key,
                         const core::EditValue& value, int mergeSession = 0) override;
    void setTransitionTable(const core::TransitionTable& table) override;
    QString flipbookKeyRefusal(core::FlipbookKey key) const override;
    QString setFlipbookValue(const core::FlipbookTarget& target, core::FlipbookKey key,
                             double value, int mergeSession = 0) override;

    /// Applied by ChangeTransitionTable (swap style).
    void applyTransitionTable(const core::TransitionTable& table);
    /// Gives `key` of `target` the value; the export's model read again with it, or nothing
    /// when the editor refuses it (setParameter says why).
    std::optional<core::SkeletonData> set(const core::EditTarget& target, core::EditKey key,
                                          const core::EditValue& value);

    /// The plist's timing `key` at `target` as edited; nullopt without a plist editor or target.
    std::optional<double> flipbookValue(const core::FlipbookTarget& target,
                                        core::FlipbookKey key) const;
    /// Gives `key` of `target` the value (ChangeFlipbookTiming); the plist's animations read
    /// again with it, or nothing when the editor refuses it (setFlipbookValue says why).
    std::optional<core::FlipbookSet> setFlipbook(const core::FlipbookTarget& target,
                                                 core::FlipbookKey key, double value);

    SidecarState& sidecar() { return m_sidecar; }

    /// True when the values, the transitions, `layers` or `recording` differ from the files.
    bool isModified(const core::LayerSetup& layers, const core::BlendScript* recording) const;
    /// What a save would write, as a recovery record (without its path and time): the values
    /// that differ from the file, the bytes they were made to, and a sidecar with the
    /// transitions, `layers` and `recording` (when it is not the saved script).
    core::EditRecovery unsavedEdits(const core::LayerSetup& layers,
                                    const core::BlendScript* recording) const;
    /// True when the file was read with the bytes `recovery`'s edits were made to.
    bool matchesBase(const core::EditRecovery& recovery) const;
    /// Writes the edited export over `path` (atomically, QSaveFile), then its sidecar with
    /// `layers` and `recording`; both become what isModified() compares with. On failure the
    /// file on disk stays as it was and `error` says why.
    bool write(const QString& path, const core::LayerSetup& layers,
               const core::BlendScript* recording, QString* error);
    /// An editor holds the file's bytes (an armature export or an AnimationCache plist): it can
    /// be written, to its own file or another.
    bool canWrite() const { return m_editor || m_flipbookEditor; }
    /// True when the file at `path` holds the bytes the export was read from or last saved.
    bool isOnDisk(const QString& path) const;

private:
    /// The bytes the editor holding the file was opened with (read or last saved); null
    /// without an editor.
    const std::string* originalBytes() const;

    Document& m_document;
    std::optional<core::ExportEditor> m_editor;
    std::optional<core::FlipbookEditor> m_flipbookEditor; ///< an AnimationCache plist's
    SidecarState m_sidecar; ///< as read or last saved
    core::TransitionTable m_transitions;
};

} // namespace bonescope::app
