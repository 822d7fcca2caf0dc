#pragma once

#include "panels/PlaybackEvent.h"
#include "panels/Transition.h"

#include "bake/BakeRunner.h"
#include "edit/EditTarget.h"
#include "edit/EditValue.h"
#include "model/ArmatureData.h"
#include "model/LayerSetup.h"
#include "model/MovementData.h"
#include "model/TextureAtlas.h"
#include "model/TransitionTable.h"
#include "runtime/Pose.h"
#include "script/ScriptRunner.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace bonescope::widgets {

/// A mark on the timeline ruler: a keyframe of the selected bone or an event.
struct TimelineMark {
    int frame = 0; ///< frames from the movement's start
    QString label; ///< event name; empty for keyframes
};

/// What the dock panels observe and drive: one opened file (an armature export or a set of
/// flipbooks), its playback state and the user's selection. The application's Document
/// implements it; panels only read through the getters, change state through the actions, and
/// refresh on the signals, so they never see the main window or write the model.
///
/// Time: "frames" are cocos2d-x armature frames, one per 1/60 s update at speed 1; the current
/// frame is fractional while playing and integral after a step.
class AbstractDocument : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    enum class Kind { Empty, Armature, Flipbook };
    virtual Kind kind() const = 0;
    virtual QString filePath() const = 0;    ///< empty for the embedded sample
    virtual QString displayName() const = 0; ///< file name or "Dragon (sample)"

    // Movements (armature movements or flipbook animations), in file order.
    virtual QStringList movementNames() const = 0;
    virtual int movementDuration(int movement) const = 0; ///< frames
    virtual bool movementLoops(int movement) const = 0;   ///< the data's own loop flag
    /// Start frames of `bone`'s keyframes in `movement` (each flipbook frame when bone is −1).
    virtual QList<int> keyFrames(int movement, int bone) const = 0;
    /// Frame events (armature) or notifications (flipbook) of `movement`.
    virtual QList<TimelineMark> eventMarks(int movement) const = 0;
    /// The armature movement's data (keyframes, easings); null for flipbooks and bad indices.
    virtual const core::MovementData* movementData(int movement) const = 0;

    // Armature data and the live pose (empty unless kind() is Armature).
    virtual const core::ArmatureData* armature() const = 0;
    virtual const core::Pose& pose() const = 0; ///< pose of the current tick
    /// Pose of `movement` at `frame` (frames) by random-access sampling, independent of playback.
    virtual core::Pose samplePose(int movement, double frame) const = 0;

    // Flipbook mode (null / −1 unless kind() is Flipbook).
    /// The sprite frame on display and, through `atlas`, the sheet it is cut from (absolute
    /// image path); null before the first frame shows.
    virtual const core::SpriteFrame* flipbookFrame(const core::SpriteAtlas** atlas) const = 0;
    virtual int flipbookFrameIndex() const = 0; ///< index into the animation's frames

    // Playback state.
    virtual int currentMovement() const = 0; ///< −1 when there is none
    virtual double currentFrame() const = 0; ///< frames, within the current movement
    virtual bool isPlaying() const = 0;
    virtual double speed() const = 0; ///< ratio, 1 = the data's own speed
    /// True: every movement loops for preview; false: each follows its own loop flag.
    virtual bool loopPreview() const = 0;

    // Selection and visibility (bone indices into armature()->bones).
    virtual QList<int> selectedBones() const = 0;
    virtual bool isBoneVisible(int bone) const = 0;

    // Crossfade.
    virtual Transition transition() const = 0; ///< the inspector's current settings
    virtual bool isCrossfading() const = 0;
    virtual double crossfadeElapsed() const = 0; ///< frames since the last trigger
    /// Source and target weights of the running crossfade, as the core blender reports them.
    virtual core::CrossfadeWeights crossfadeWeights() const = 0;
    /// The values `bake` writes for scenario `play:MOVEMENT` of the shown armature (golden
    /// layout, frames from 1 = after update N); an error when there is no such movement.
    virtual core::Result<core::BakeResult> bakeMovement(int movement) const = 0;

    // The export's own values (core/edit): movement and keyframe parameters.
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
    /// True when edited values or the transition table differ from the files on disk.
    virtual bool isModified() const = 0;
    /// The transitions used between movements (the sidecar's table): by the timeline when the
    /// movement changes during playback, and by the crossfade inspector for a new pair.
    virtual const core::TransitionTable& transitionTable() const = 0;
    // Blend recording: Triggers become calls of a blend script that the timeline then covers.
    virtual bool isRecording() const = 0;
    /// Frames the timeline spans: the recorded script's updates while recording, else the
    /// current movement's duration.
    virtual int timelineFrames() const = 0;
    /// The recorded calls as timeline marks (frame = the update they were made at), one per
    /// call of blendScript(), in its order.
    virtual QList<TimelineMark> recordedCalls() const = 0;
    /// The recorded script; null when not recording.
    virtual const core::BlendScript* blendScript() const = 0;
    /// Undoable edits of the recorded script, each re-simulated at once (the current update
    /// shows the edited script's pose); ignored when nothing changes or the armature cannot
    /// play the result. Moves call `index` to update `at`, kept between its neighbours.
    virtual void moveRecordedCall(int index, int at) = 0;
    /// Replaces call `index` by `call`, at the same update.
    virtual void changeRecordedCall(int index, const core::ScriptCall& call) = 0;
    /// Deletes call `index` (not the first, which starts the script).
    virtual void removeRecordedCall(int index) = 0;
    /// The blender's source and target weights after each update of the recording run so far,
    /// update 1 first (empty when not recording, or for a layer script).
    virtual const std::vector<core::CrossfadeWeights>& recordedWeights() const = 0;
    /// Where the recording's blend changes pair (frame: its first update; label: "source →
    /// target", or the movement alone when not blending), for the same updates.
    virtual QList<TimelineMark> recordedBlends() const = 0;
    /// The recorded blend script baked over its length as `bonescope-cli bake --script` bakes
    /// it (row frame N: after update N); an error when not recording.
    virtual core::Result<core::BakeResult> bakeRecording() const = 0;
    /// The selected bones' contributions at the current update of the recording (empty when not
    /// recording): per bone its contributors, then `result`.
    virtual std::vector<core::BoneContribution> boneTrace() const = 0;
    /// The selected bones' contributions at every update of the recording, as `bonescope-cli
    /// bake --script --trace` computes them (empty when not recording).
    virtual std::vector<core::BoneContribution> recordingTrace() const = 0;
    // Layers (seed 004). While the setup has layers, pose() is its stack's pose (unless a blend
    // script is recording: its pose comes first); the stack runs on the playback clock (ticks
    // scaled by speed(), seekFrame() puts it at that many frames).
    virtual const core::LayerSetup& layerSetup() const = 0;
    /// Why the setup cannot play (LoadError::toString()); empty when it plays or has no layers.
    virtual QString layerSetupError() const = 0;
    /// Per bone, the summed weight of the layers that move it now; 0 for a bone none moves.
    virtual std::vector<float> layerWeightSums() const = 0;

public slots:
    virtual void setMovement(int movement) = 0; ///< plays it from its first frame
    /// While playing, moves to `movement` with the transition table's transition from the
    /// current one (as a game would); otherwise setMovement.
    virtual void changeMovement(int movement) = 0;
    virtual void setPlaying(bool playing) = 0;
    virtual void stepFrames(int frames) = 0;  ///< pauses, then moves by whole frames
    virtual void seekFrame(double frame) = 0; ///< exact pose at `frame` (frames)
    virtual void setSpeed(double speed) = 0;
    virtual void setLoopPreview(bool loop) = 0;
    virtual void selectBones(const QList<int>& bones) = 0;
    virtual void setBoneVisible(int bone, bool visible) = 0;      ///< undoable
    virtual void setTransition(const Transition& transition) = 0; ///< undoable
    virtual void triggerCrossfade() = 0; ///< runs transition() from its source to its target
    /// Undoable. Edits that share a non-zero `mergeSession` (one drag of one spin box) and
    /// target the same value merge into one undo step.
    virtual void setParameter(const core::EditTarget& target, core::EditKey key,
                              const core::EditValue& value, int mergeSession = 0) = 0;
    virtual void setTransitionTable(const core::TransitionTable& table) = 0; ///< undoable
    /// Starts recording from the current movement and frame, or stops and plays it again.
    virtual void setRecording(bool recording) = 0;
    /// Undoable; successive edits with the same non-empty `mergeKey` merge into one undo step.
    virtual void setLayerSetup(const core::LayerSetup& setup, const QString& mergeKey = {}) = 0;

signals:
    /// A file was opened or reloaded: every panel rebuilds.
    void documentChanged();
    void movementChanged(int movement);
    /// The pose changed (a tick, a seek or a step); `frame` in frames.
    void frameChanged(double frame);
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void loopPreviewChanged(bool loop);
    void selectionChanged();
    void boneVisibilityChanged(int bone, bool visible);
    void transitionChanged();
    /// A movement or keyframe value of the export changed (an edit, its undo or redo): the
    /// model was re-read, playback kept its movement and frame.
    void parameterChanged();
    void transitionTableChanged();
    /// isModified() changed (an edit, undo back to the saved values, a save).
    void modifiedChanged(bool modified);
    void recordingChanged(bool recording);
    /// A call was recorded, or a recording undone or opened: the marks change.
    void blendScriptChanged();
    void layerSetupChanged();
    void eventRaised(const bonescope::widgets::PlaybackEvent& event);
};

} // namespace bonescope::widgets
