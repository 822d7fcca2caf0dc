#pragma once

#include "ExportEditing.h"
#include "ExportFile.h"
#include "ExportPlayback.h"
#include "LayerSetupSession.h"
#include "MovementCatalog.h"
#include "RecordingSession.h"

#include "panels/AbstractDocument.h"

#include "io/ExportLoader.h"
#include "runtime/PlaybackEvent.h"
#include "script/BlendScript.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QUndoStack>

#include <memory>
#include <optional>
#include <vector>

namespace bonescope::app {

/// One opened export and everything the viewer does with it: the immutable data (owned), its
/// playback (core::ArmaturePlayback or core::FlipbookPlayback: the rules of playback live in
/// core, through ExportPlayback), the selection and bone visibility, and the undo stack of edits.
/// What is edited and saved lives in ExportEditing, the blend recording in RecordingSession; this
/// is the façade the panels see (widgets::AbstractDocument) and announces each change.
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
    bool open(const QString& path, QString* error = nullptr)
    {
        return openAs(ExportFile(path), error);
    }
    /// Opens one image cut into a grid of cellWidth × cellHeight pixels as a flipbook.
    bool openGrid(const QString& imagePath, int cellWidth, int cellHeight, QString* error = nullptr)
    {
        return openAs(ExportFile(imagePath, QSize(cellWidth, cellHeight)), error);
    }
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
    QStringList sourceFiles() const
    {
        return m_export ? m_file.sourceFiles(*m_export) : QStringList();
    }
    bool isSample() const { return m_file.isSample(); }
    QUndoStack* undoStack() { return &m_undoStack; }
    /// Index into skeleton.armatures of the armature shown (the first with movements).
    int armatureIndex() const { return m_catalog.armatureIndex(); }

    /// Pose of the armature nested in `bone` (cyborg's weapons), in this armature's space; null
    /// when the bone shows none.
    const core::Pose* nestedPose(int bone) const { return m_playback.nestedPose(bone); }
    /// The nested armatures the live instance shows, composed onto a pose of the shown armature
    /// (an onion-skin ghost): per bone, empty when none.
    void composeNested(const core::Pose& parent, std::vector<core::Pose>& out) const
    {
        m_playback.composeNested(parent, out);
    }

    /// Advances playback by `dtSeconds` of wall time (scaled by speed()) and announces the pose.
    void tick(double dtSeconds);

    /// Writes the edited export over its file (atomically, QSaveFile). On failure the file on
    /// disk stays as it was and `error` says why. The embedded sample has no file: saveAs.
    bool save(QString* error = nullptr);
    /// Writes the edited export to `path`, which becomes the document's file.
    bool saveAs(const QString& path, QString* error = nullptr);
    /// True when the export's file on disk holds the bytes the document was read from or last
    /// saved.
    bool isOnDisk() const { return m_editing.isOnDisk(m_file.path()); }

    // Applied by the undo commands (swap style); each emits its specific signal.
    void applyBoneVisible(int bone, bool visible);
    void applyTransition(const widgets::Transition& transition);
    void applyParameter(const core::EditTarget& target, core::EditKey key,
                        const core::EditValue& value);
    void applyTransitionTable(const core::TransitionTable& table);
    /// Swaps `script` with the recording's (starting a recording when none runs).
    void applyBlendScript(core::BlendScript& script);

    /// The recording (null when not recording): its script and runner, e.g. for the trace.
    const BlendRecording* recording() const { return m_recording.recording(); }
    /// Writes the recorded script (BlendScriptReader's schema) to `path`.
    bool saveBlendScript(const QString& path, QString* error = nullptr) const
    {
        return m_recording.save(path, error);
    }
    /// Reads a blend script and plays it as the recording, from its first update.
    bool openBlendScript(const QString& path, QString* error = nullptr);
    void applyLayerSetup(const core::LayerSetup& setup);

    // AbstractDocument
    Kind kind() const override;
    QString filePath() const override { return m_file.isSample() ? QString() : m_file.path(); }
    QString displayName() const override
    {
        return m_export ? m_file.displayName() : tr("(no file)");
    }
    QStringList movementNames() const override { return m_catalog.names(); }
    int movementDuration(int movement) const override { return m_catalog.duration(movement); }
    bool movementLoops(int movement) const override { return m_catalog.loops(movement); }
    QList<int> keyFrames(int movement, int bone) const override
    {
        return m_catalog.keyFrames(movement, bone);
    }
    QList<widgets::TimelineMark> eventMarks(int movement) const override
    {
        return m_catalog.eventMarks(movement);
    }
    const core::MovementData* movementData(int movement) const override
    {
        return m_catalog.movement(movement);
    }
    const core::ArmatureData* armature() const override { return m_catalog.armature(); }
    const core::Pose& pose() const override;
    core::Pose samplePose(int movement, double frame) const override
    {
        return m_playback.sample(movement, frame);
    }
    const core::SpriteFrame* flipbookFrame(const core::SpriteAtlas** atlas) const override;
    int flipbookFrameIndex() const override { return m_playback.flipbookFrame(); }
    int currentMovement() const override { return m_movement; }
    double currentFrame() const override;
    bool isPlaying() const override { return m_playing; }
    double speed() const override { return m_playback.speed(); }
    bool loopPreview() const override { return m_loopPreview; }
    QList<int> selectedBones() const override { return m_selection; }
    bool isBoneVisible(int bone) const override;
    widgets::Transition transition() const override { return m_transition; }
    bool isCrossfading() const override { return crossfadeElapsed() >= 0.0; }
    double crossfadeElapsed() const override;
    core::CrossfadeWeights crossfadeWeights() const override;
    core::Result<core::BakeResult> bakeMovement(int movement) const override
    {
        return m_catalog.bake(movement);
    }
    core::Result<core::BakeResult> bakeRecording() const override { return m_recording.bake(); }
    bool isEditable() const override { return m_editing.isEditable(); }
    std::optional<core::EditValue> parameter(const core::EditTarget& target,
                                             core::EditKey key) const override
    {
        return m_editing.value(target, key);
    }
    QString refuseParameter(core::EditKey key, const core::EditValue& value) const override
    {
        return m_editing.refuse(key, value);
    }
    core::EditTarget movementTarget(int movement) const override
    {
        return ExportEditing::movementTarget(m_catalog, movement);
    }
    int keyframeAt(int movement, int bone, double frame) const override
    {
        return m_editing.keyframeAt(m_catalog, movement, bone, frame);
    }
    bool isModified() const override;
    const core::TransitionTable& transitionTable() const override
    {
        return m_editing.transitions();
    }
    bool isRecording() const override { return m_recording.recording() != nullptr; }
    int timelineFrames() const override
    {
        return isRecording() ? m_recording.recording()->length() : movementDuration(m_movement);
    }
    QList<widgets::TimelineMark> recordedCalls() const override { return m_recording.callMarks(); }
    const core::BlendScript* blendScript() const override;
    void moveRecordedCall(int index, int at) override
    {
        changeBlendScript(m_recording.withCallAt(index, at), tr("Move Call"));
    }
    void changeRecordedCall(int index, const core::ScriptCall& call) override
    {
        changeBlendScript(m_recording.withCallChanged(index, call), tr("Change Call"));
    }
    void removeRecordedCall(int index) override
    {
        changeBlendScript(m_recording.withoutCall(index), tr("Delete Call"));
    }
    const std::vector<core::CrossfadeWeights>& recordedWeights() const override
    {
        return m_recording.weights();
    }
    QList<widgets::TimelineMark> recordedBlends() const override
    {
        return m_recording.blendMarks();
    }
    std::vector<core::BoneContribution> boneTrace() const override
    {
        return m_recording.contributions();
    }
    std::vector<core::BoneContribution> recordingTrace() const override
    {
        return m_recording.bakeTrace(m_selection);
    }
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
    /// Records `transition` as a crossfade call at the update on screen (undoable).
    void recordCrossfade(const widgets::Transition& transition);
    /// Announces a new recorded script (and the recording, when it just started), tracing the
    /// selected bones in it.
    void announceScript(bool wasModified, bool wasRecording);
    /// Pushes `script` as one undoable change of the recorded script, called `text`; nothing
    /// when it changes no call or the armature cannot play it.
    void changeBlendScript(std::optional<core::BlendScript> script, const QString& text);
    bool effectiveLoop(int movement) const;
    bool writeExport(const QString& path, QString* error);
    void startCrossfade(const widgets::Transition& transition);
    void announceModified(bool wasModified);

    std::unique_ptr<core::LoadedExport> m_export;
    ExportFile m_file;
    MovementCatalog m_catalog;
    QString m_armatureName; ///< chosen by showArmature(); empty: the first with movements

    ExportPlayback m_playback;
    std::vector<core::PlaybackEvent> m_events; ///< scratch, reused every tick
    RecordingSession m_recording;
    LayerSetupSession m_layers;

    int m_movement = -1;
    bool m_playing = false;
    bool m_loopPreview = true;
    double m_playTimeSeconds = 0.0;
    QList<int> m_selection;
    std::vector<bool> m_hidden; ///< per bone, hidden by the user
    widgets::Transition m_transition;

    ExportEditing m_editing;

    QUndoStack m_undoStack;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace bonescope::app
