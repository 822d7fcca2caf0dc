#pragma once

#include "BoneSelection.h"
#include "CrossfadeControl.h"
#include "DocumentFile.h"
#include "ExportEditing.h"
#include "ExportPlayback.h"
#include "LayerSetupSession.h"
#include "MovementCatalog.h"
#include "RecordingSession.h"

#include "panels/AbstractDocument.h"
#include "panels/PlayClock.h"

#include "bake/BakeRunner.h"
#include "io/ExportLoader.h"
#include "runtime/PlaybackEvent.h"

#include <QUndoStack>

#include <memory>
#include <vector>

namespace bonescope::app {

/// One opened export and what plays of it: the immutable data (owned), the movement on show
/// and its playback (core::ArmaturePlayback or core::FlipbookPlayback: the rules of playback
/// live in core, through ExportPlayback), and the undo stack of edits. Its file is a
/// DocumentFile; the parts beside playback are objects of their own that announce their own
/// changes (BoneSelection, CrossfadeControl, ExportEditing, RecordingSession,
/// LayerSetupSession): the document hears each before any panel does, and shows the pose that
/// follows from it.
///
/// Playback runs on a PlayClock while playing (advance() with the updates due); tests call
/// advance() themselves. Edits go through QUndoCommands in app/commands.
class Document : public widgets::AbstractDocument {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    /// Where the export comes from and is saved to; opening a file goes through it.
    DocumentFile& file() { return m_file; }
    const DocumentFile& file() const { return m_file; }
    /// Shows `loaded`, just read from file(): the armature called `armatureName` when it has
    /// one, else the first with movements; its first movement plays, with a new selection, undo
    /// history, edits and sidecar state. Announced by documentChanged().
    void adopt(std::unique_ptr<core::LoadedExport> loaded, const QString& armatureName = {});
    /// The export was saved as `path` with its companions copied as `copies` say: it is read
    /// from there from now on (core::relocateExport; nothing is read again, nothing changes on
    /// screen).
    void movedTo(const std::string& path, const std::vector<core::CompanionCopy>& copies);
    /// Plays the movement called `name`; false when there is none.
    bool playMovement(const QString& name);
    /// Shows the armature called `name` (kept over reloads) instead of the first with
    /// movements; false when the file has none of that name.
    bool showArmature(const QString& name);
    /// The name given to showArmature(); empty: the first armature with movements.
    const QString& armatureName() const { return m_armatureName; }

    const core::LoadedExport* loaded() const { return m_export.get(); }
    QUndoStack* undoStack() { return &m_undoStack; }
    /// Index into skeleton.armatures of the armature shown (the first with movements).
    int armatureIndex() const { return m_catalog.armatureIndex(); }
    /// The shown movement playing on its own (no recording, no layer stack).
    const ExportPlayback& playback() const { return m_playback; }
    /// The nested armatures the shown armature's bones show now (cyborg's weapons), at any
    /// depth, composed onto `parent`: pose(), or another pose of the armature (an onion-skin
    /// ghost). While a recording plays, its script's armature shows them.
    void composeNested(const core::Pose& parent, core::NestedPoses& out) const;
    bool effectiveLoop(int movement) const override
    {
        return m_loopPreview || movementLoops(movement);
    }

    /// Plays `updates` updates of 1/60 s of wall time (each scaled by speed()), as cocos2d-x's
    /// scheduler does at 60 fps, then announces the pose once.
    void advance(int updates);
    /// Crossfades `transition` on the playback, from its source (started first unless it is
    /// the current movement), and plays.
    void playCrossfade(const widgets::Transition& transition);

    /// True when edited values, the transition table, the layer setup or the recorded script
    /// differ from the files on disk.
    bool isModified() const;
    /// Announces modifiedChanged() when isModified() is no longer what it last announced.
    void updateModified();
    /// Applied by ChangeParameter (swap style): the model is read again with the value and
    /// playback rebuilt on it, at the same movement and frame.
    void applyParameter(const core::EditTarget& target, core::EditKey key,
                        const core::EditValue& value);
    /// Applied by ChangeFlipbookTiming (swap style): the plist's animations read again with the
    /// value and playback rebuilt on them, at the same animation and frame.
    void applyFlipbookTiming(const core::FlipbookTarget& target, core::FlipbookKey key,
                             double value);

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
    QList<double> keyFrames(int movement, int bone, int pass = 0) const override
    {
        return m_catalog.keyFrames(movement, bone, effectiveLoop(movement), pass);
    }
    QList<widgets::TimelineMark> eventMarks(int movement, int pass = 0) const override
    {
        return m_catalog.eventMarks(movement, effectiveLoop(movement), pass);
    }
    const core::MovementData* movementData(int movement) const override
    {
        return m_catalog.movement(movement);
    }
    const core::FlipbookData* flipbookData(int movement) const override
    {
        return m_catalog.flipbook(movement);
    }
    core::Result<core::BakeResult> bakeMovement(int movement) const override
    {
        return m_catalog.bake(movement);
    }
    core::Result<std::vector<core::FlipbookStateRow>> bakeFlipbook(int movement) const override
    {
        return m_catalog.bakeFlipbook(movement);
    }
    const core::ArmatureData* armature() const override { return m_catalog.armature(); }
    const core::Pose& pose() const override;
    bool poseIsMovementPass() const override
    {
        return !m_recorder.recording() && !m_layers.isLive() && m_playback.showsPass();
    }
    core::Pose samplePose(int movement, double frame) const override
    {
        return m_playback.sample(movement, frame);
    }
    const core::SpriteFrame* flipbookFrame(const core::SpriteAtlas** atlas) const override
    {
        return m_catalog.flipbookFrame(m_movement, m_playback.flipbookFrame(), atlas);
    }
    int flipbookFrameIndex() const override { return m_playback.flipbookFrame(); }
    int currentMovement() const override { return m_movement; }
    double currentFrame() const override;
    bool isPlaying() const override { return m_playing; }
    double speed() const override { return m_playback.speed(); }
    bool loopPreview() const override { return m_loopPreview; }
    int timelineFrames() const override;
    BoneSelection* selection() override { return &m_selection; }
    const BoneSelection* selection() const { return &m_selection; }
    CrossfadeControl* crossfade() override { return &m_crossfade; }
    ExportEditing* editing() override { return &m_editing; }
    RecordingSession* recorder() override { return &m_recorder; }
    LayerSetupSession* layers() override { return &m_layers; }
    bool saveFile(const QString& path, std::string_view bytes, QString* reason) const override;

public slots:
    void setMovement(int movement) override;
    void setPlaying(bool playing) override;
    void stepFrames(int frames) override;
    void seekFrame(double frame) override;
    void setSpeed(double speed) override;
    void setLoopPreview(bool loop) override;

signals:
    /// isModified() changed (an edit, undo back to the saved values, a save).
    void modifiedChanged(bool modified);

private:
    void startMovement(int movement);
    /// Announces what playback did since the last call: its events, and the movement a
    /// crossfade handed over to.
    void announce(std::vector<core::PlaybackEvent>& events);
    /// Shows what a changed recorded script or layer stack plays, and whether it is modified.
    void showEdit();
    /// Plays the current movement again on edited data, from `frame` (or its new end), and
    /// announces the edit.
    void replayEdited(double frame);

    std::unique_ptr<core::LoadedExport> m_export;
    DocumentFile m_file;
    MovementCatalog m_catalog;
    QString m_armatureName; ///< chosen by showArmature(); empty: the first with movements

    ExportPlayback m_playback;
    std::vector<core::PlaybackEvent> m_events; ///< scratch, reused every update
    std::vector<core::BakeEvent> m_recordedEvents; ///< scratch of a recording's updates
    widgets::PlayClock m_clock;
    int m_movement = -1;
    bool m_playing = false;
    bool m_loopPreview = true;
    double m_playTimeSeconds = 0.0;
    bool m_modified = false; ///< as last announced by modifiedChanged()

    QUndoStack m_undoStack;
    BoneSelection m_selection;
    ExportEditing m_editing;
    RecordingSession m_recorder;
    LayerSetupSession m_layers;
    CrossfadeControl m_crossfade;
};

} // namespace bonescope::app
