#pragma once

#include "BoneSelection.h"
#include "CrossfadeControl.h"
#include "ExportEditing.h"
#include "ExportFile.h"
#include "ExportPlayback.h"
#include "LayerSetupSession.h"
#include "MovementCatalog.h"
#include "PlayClock.h"
#include "RecordingSession.h"

#include "panels/AbstractDocument.h"

#include "io/ExportLoader.h"
#include "runtime/PlaybackEvent.h"

#include <QUndoStack>

#include <memory>
#include <vector>

namespace bonescope::app {

/// One opened export and what plays of it: the immutable data (owned), the movement on show
/// and its playback (core::ArmaturePlayback or core::FlipbookPlayback: the rules of playback
/// live in core, through ExportPlayback), and the undo stack of edits. The parts beside
/// playback are objects of their own that announce their own changes (BoneSelection,
/// CrossfadeControl, ExportEditing, RecordingSession, LayerSetupSession); the document hears
/// each before any panel does, and shows the pose that follows from it.
///
/// Playback ticks on a PlayClock while playing (tick() with the measured time); tests call
/// tick() with a fixed step instead. Edits go through QUndoCommands in app/commands.
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
    /// The shown movement playing on its own (no recording, no layer stack).
    const ExportPlayback& playback() const { return m_playback; }
    /// Pose of the armature nested in `bone` (cyborg's weapons), in this armature's space; null
    /// when the bone shows none.
    const core::Pose* nestedPose(int bone) const { return m_playback.nestedPose(bone); }
    /// The nested armatures the live instance shows, composed onto a pose of the shown armature
    /// (an onion-skin ghost): per bone, empty when none.
    void composeNested(const core::Pose& parent, std::vector<core::Pose>& out) const
    {
        m_playback.composeNested(parent, out);
    }
    /// True when `movement` plays looped: loopPreview() or its own loop flag.
    bool effectiveLoop(int movement) const { return m_loopPreview || movementLoops(movement); }

    /// Advances playback by `dtSeconds` of wall time (scaled by speed()) and announces the pose.
    void tick(double dtSeconds);
    /// Crossfades `transition` on the playback, from its source (started first unless it is
    /// the current movement), and plays.
    void playCrossfade(const widgets::Transition& transition);

    /// True when edited values, the transition table, the layer setup or the recorded script
    /// differ from the files on disk.
    bool isModified() const;
    /// Writes the edited export over its file (atomically, QSaveFile). On failure the file on
    /// disk stays as it was and `error` says why. The embedded sample has no file: saveAs.
    bool save(QString* error = nullptr);
    /// Writes the edited export to `path`, which becomes the document's file.
    bool saveAs(const QString& path, QString* error = nullptr);
    /// True when the export's file on disk holds the bytes the document was read from or last
    /// saved.
    bool isOnDisk() const { return m_editing.isOnDisk(m_file.path()); }
    /// Applied by ChangeParameter (swap style): the model is read again with the value and
    /// playback rebuilt on it, at the same movement and frame.
    void applyParameter(const core::EditTarget& target, core::EditKey key,
                        const core::EditValue& value);

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
    core::Result<core::BakeResult> bakeMovement(int movement) const override
    {
        return m_catalog.bake(movement);
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
    int timelineFrames() const override;
    BoneSelection* selection() override { return &m_selection; }
    const BoneSelection* selection() const { return &m_selection; }
    CrossfadeControl* crossfade() override { return &m_crossfade; }
    ExportEditing* editing() override { return &m_editing; }
    RecordingSession* recorder() override { return &m_recorder; }
    LayerSetupSession* layers() override { return &m_layers; }

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
    bool openAs(ExportFile file, QString* error);
    void adopt(std::unique_ptr<core::LoadedExport> loaded);
    void startMovement(int movement);
    /// Announces what playback did since the last call: its events, and the movement a
    /// crossfade handed over to.
    void announce(std::vector<core::PlaybackEvent>& events);
    /// Shows what a changed recorded script or layer stack plays, and whether it is modified.
    void showEdit();
    void updateModified();
    bool writeExport(const QString& path, QString* error);

    std::unique_ptr<core::LoadedExport> m_export;
    ExportFile m_file;
    MovementCatalog m_catalog;
    QString m_armatureName; ///< chosen by showArmature(); empty: the first with movements

    ExportPlayback m_playback;
    std::vector<core::PlaybackEvent> m_events; ///< scratch, reused every tick
    PlayClock m_clock;
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
