#pragma once

#include "ExportFile.h"
#include "LayerStack.h"
#include "MovementCatalog.h"
#include "SidecarState.h"

#include "panels/AbstractDocument.h"

#include "edit/ExportEditor.h"
#include "io/ExportLoader.h"
#include "runtime/PlaybackEvent.h"
#include "script/BlendScript.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QUndoStack>

#include <memory>
#include <optional>
#include <vector>

namespace bonescope::core {
class ArmaturePlayback;
class FlipbookPlayback;
} // namespace bonescope::core

namespace bonescope::app {

class BlendRecording;

/// One opened export and everything the viewer does with it: the immutable data (owned), its
/// playback (core::ArmaturePlayback or core::FlipbookPlayback: the rules of playback live in
/// core), the selection and bone visibility, and the undo stack of edits.
///
/// Playback ticks on a timer while playing (tick() with the measured time); tests call tick()
/// with a fixed step instead. Edits go through QUndoCommands in app/commands, which call the
/// apply…() functions below; each announces itself by one specific signal.
class Document : public widgets::AbstractDocument {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    /// Opens `path` (any format core::loadExport knows) and plays its first movement. On failure
    /// the current document stays and `error` gets LoadError::toString().
    bool open(const QString& path, QString* error = nullptr);
    /// Opens one image cut into a grid of cellWidth × cellHeight pixels as a flipbook.
    bool openGrid(const QString& imagePath, int cellWidth, int cellHeight,
                  QString* error = nullptr);
    /// Opens the embedded sample armature (copied to a temporary folder for the readers).
    bool openSample(QString* error = nullptr);
    /// Reads the same file again, keeping the movement (by name), frame and selection.
    bool reload(QString* error = nullptr);
    /// Plays the movement called `name`; false when there is none.
    bool playMovement(const QString& name);
    /// Shows the armature called `name` (kept over reloads) instead of the first with
    /// movements; false when the file has none of that name.
    bool showArmature(const QString& name);

    const core::LoadedExport* loaded() const { return m_export.get(); }
    /// Every file the export was read from (itself, its atlases and images), for the watcher.
    QStringList sourceFiles() const;
    bool isSample() const { return m_file.isSample(); }
    QUndoStack* undoStack() { return &m_undoStack; }
    /// Index into skeleton.armatures of the armature shown (the first with movements).
    int armatureIndex() const { return m_catalog.armatureIndex(); }

    /// Pose of the armature nested in `bone` (cyborg's weapons), in this armature's space; null
    /// when the bone shows none.
    const core::Pose* nestedPose(int bone) const;
    /// The nested armatures the live instance shows, composed onto a pose of the shown armature
    /// (an onion-skin ghost): per bone, empty when none.
    void composeNested(const core::Pose& parent, std::vector<core::Pose>& out) const;

    /// Advances playback by `dtSeconds` of wall time (scaled by speed()) and announces the pose.
    void tick(double dtSeconds);

    /// Writes the edited export over its file (atomically, QSaveFile). On failure the file on
    /// disk stays as it was and `error` says why. The embedded sample has no file: saveAs.
    bool save(QString* error = nullptr);
    /// Writes the edited export to `path`, which becomes the document's file.
    bool saveAs(const QString& path, QString* error = nullptr);
    /// True when the export's file on disk holds the bytes the document was read from or last
    /// saved.
    bool isOnDisk() const;

    // Applied by the undo commands (swap style); each emits its specific signal.
    void applyBoneVisible(int bone, bool visible);
    void applyTransition(const widgets::Transition& transition);
    void applyParameter(const core::EditTarget& target, core::EditKey key,
                        const core::EditValue& value);
    void applyTransitionTable(const core::TransitionTable& table);
    /// Swaps `script` with the recording's (starting a recording when none runs).
    void applyBlendScript(core::BlendScript& script);

    /// The recording (null when not recording): its script and runner, e.g. for the trace.
    const BlendRecording* recording() const { return m_recording.get(); }
    /// Writes the recorded script (BlendScriptReader's schema) to `path`.
    bool saveBlendScript(const QString& path, QString* error = nullptr) const;
    /// Reads a blend script and plays it as the recording, from its first update.
    bool openBlendScript(const QString& path, QString* error = nullptr);
    void applyLayerSetup(const core::LayerSetup& setup);

    // AbstractDocument
    Kind kind() const override;
    QString filePath() const override;
    QString displayName() const override;
    QStringList movementNames() const override;
    int movementDuration(int movement) const override;
    bool movementLoops(int movement) const override;
    QList<int> keyFrames(int movement, int bone) const override;
    QList<widgets::TimelineMark> eventMarks(int movement) const override;
    const core::MovementData* movementData(int movement) const override
    {
        return m_catalog.movement(movement);
    }
    const core::ArmatureData* armature() const override;
    const core::Pose& pose() const override;
    core::Pose samplePose(int movement, double frame) const override;
    const core::SpriteFrame* flipbookFrame(const core::SpriteAtlas** atlas) const override;
    int flipbookFrameIndex() const override;
    int currentMovement() const override { return m_movement; }
    double currentFrame() const override;
    bool isPlaying() const override { return m_playing; }
    double speed() const override { return m_speed; }
    bool loopPreview() const override { return m_loopPreview; }
    QList<int> selectedBones() const override { return m_selection; }
    bool isBoneVisible(int bone) const override;
    widgets::Transition transition() const override { return m_transition; }
    bool isCrossfading() const override { return crossfadeElapsed() >= 0.0; }
    double crossfadeElapsed() const override;
    core::CrossfadeWeights crossfadeWeights() const override;
    core::Result<core::BakeResult> bakeMovement(int movement) const override;
    bool isEditable() const override { return m_editor.has_value(); }
    std::optional<core::EditValue> parameter(const core::EditTarget& target,
                                             core::EditKey key) const override;
    QString refuseParameter(core::EditKey key, const core::EditValue& value) const override;
    core::EditTarget movementTarget(int movement) const override;
    int keyframeAt(int movement, int bone, double frame) const override;
    bool isModified() const override;
    const core::TransitionTable& transitionTable() const override { return m_transitions; }
    bool isRecording() const override { return m_recording != nullptr; }
    int timelineFrames() const override;
    QList<widgets::TimelineMark> recordedCalls() const override;
    const std::vector<core::CrossfadeWeights>& recordedWeights() const override;
    QList<widgets::TimelineMark> recordedBlends() const override;
    core::Result<core::BakeResult> bakeRecording() const override;
    std::vector<core::BoneContribution> boneTrace() const override;
    const core::LayerSetup& layerSetup() const override { return m_layers.setup(); }
    QString layerSetupError() const override { return m_layers.error(); }
    std::vector<float> layerWeightSums() const override;

public slots:
    void setMovement(int movement) override;
    void setPlaying(bool playing) override;
    void stepFrames(int frames) override;
    void seekFrame(double frame) override;
    void setSpeed(double speed) override;
    void setLoopPreview(bool loop) override;
    void selectBones(const QList<int>& bones) override;
    void setBoneVisible(int bone, bool visible) override;
    void setTransition(const widgets::Transition& transition) override;
    void triggerCrossfade() override;
    void setParameter(const core::EditTarget& target, core::EditKey key,
                      const core::EditValue& value, int mergeSession = 0) override;
    void setTransitionTable(const core::TransitionTable& table) override;
    void changeMovement(int movement) override;
    void setRecording(bool recording) override;
    void setLayerSetup(const core::LayerSetup& setup, const QString& mergeKey = {}) override;

private:
    bool openAs(ExportFile file, QString* error);
    void adopt(std::unique_ptr<core::LoadedExport> loaded);
    void startMovement(int movement);
    /// Announces what playback did since the last call: its events, and the movement a
    /// crossfade handed over to.
    void announce(std::vector<core::PlaybackEvent>& events);
    /// Shows the recording's current update.
    void showRecorded();
    /// Records `transition` as a crossfade call at the update on screen (undoable).
    void recordCrossfade(const widgets::Transition& transition);
    /// Traces the selected bones from the current update on (recording only).
    void traceSelection();
    bool effectiveLoop(int movement) const;
    bool writeExport(const QString& path, QString* error);
    void startCrossfade(const widgets::Transition& transition);
    /// Reads FILE.bonescope.json beside the export (an unreadable one becomes a warning).
    void loadSidecar();
    /// Plays the sidecar's saved script for the shown armature as the recording, paused at its
    /// first update (an unplayable one becomes a warning).
    void openSidecarScript();
    void announceModified(bool wasModified);

    std::unique_ptr<core::LoadedExport> m_export;
    ExportFile m_file;
    MovementCatalog m_catalog;
    QString m_armatureName; ///< chosen by showArmature(); empty: the first with movements

    std::unique_ptr<core::ArmaturePlayback> m_armaturePlayback;
    std::unique_ptr<core::FlipbookPlayback> m_flipbookPlayback;
    std::vector<core::PlaybackEvent> m_events;   ///< scratch, reused every tick
    std::unique_ptr<BlendRecording> m_recording; ///< set while recording a blend script
    LayerStack m_layers;

    int m_movement = -1;
    bool m_playing = false;
    double m_speed = 1.0;
    bool m_loopPreview = true;
    double m_playTimeSeconds = 0.0;
    QList<int> m_selection;
    std::vector<bool> m_hidden; ///< per bone, hidden by the user
    widgets::Transition m_transition;

    /// The export's bytes and the user's edits of its values; set for XML and ExportJson.
    std::optional<core::ExportEditor> m_editor;
    /// The sidecar as read or last saved; m_transitions is the table being edited.
    SidecarState m_sidecar;
    core::TransitionTable m_transitions;

    QUndoStack m_undoStack;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace bonescope::app
