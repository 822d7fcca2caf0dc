#pragma once

#include "panels/AbstractBoneSelection.h"
#include "panels/AbstractCrossfade.h"
#include "panels/AbstractEditing.h"
#include "panels/AbstractLayers.h"
#include "panels/AbstractRecorder.h"
#include "panels/PlaybackEvent.h"
#include "panels/TimelineMark.h"

#include "bake/BakeRunner.h"
#include "bake/BlendBakeRunner.h"
#include "model/ArmatureData.h"
#include "model/FlipbookData.h"
#include "model/MovementData.h"
#include "model/TextureAtlas.h"
#include "runtime/Pose.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <string_view>

namespace bonescope::widgets {

/// What the dock panels observe and drive: one opened file (an armature export or a set of
/// flipbooks), its movements and playback, and the parts the user works on beside playback,
/// each an interface of its own (selection, crossfade, editing, recorder, layers) that
/// announces its own changes. The application's Document implements it; panels only read
/// through the getters, change state through the actions, and refresh on the signals, so they
/// never see the main window or write the model.
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
    /// The pass frames at which `bone` reaches its keyframes in pass `pass` (0 the first) of
    /// `movement` as the viewer plays it, following the bone's own `sc` and `dl`
    /// (core::keyFrameReaches: a bone whose pass does not divide the movement's reaches others
    /// in later passes); each flipbook frame's start when bone is −1.
    virtual QList<double> keyFrames(int movement, int bone, int pass = 0) const = 0;
    /// Frame events (armature, where pass `pass` reaches them) or notifications (flipbook) of
    /// `movement`.
    virtual QList<TimelineMark> eventMarks(int movement, int pass = 0) const = 0;
    /// The armature movement's data (keyframes, easings); null for flipbooks and bad indices.
    virtual const core::MovementData* movementData(int movement) const = 0;
    /// The flipbook animation's data (frames, delays, loops); null for armatures and bad indices.
    virtual const core::FlipbookData* flipbookData(int movement) const = 0;
    /// The values `bake` writes for scenario `play:MOVEMENT` of the shown armature (golden
    /// layout, frames from 1 = after update N); an error when there is no such movement.
    virtual core::Result<core::BakeResult> bakeMovement(int movement) const = 0;
    /// The state rows `bake` writes for scenario `flipbook:NAME` of flipbook `movement` (.state.csv
    /// layout); an error when there is no such animation or it plays past the bake's limits.
    virtual core::Result<std::vector<core::FlipbookStateRow>> bakeFlipbook(int movement) const = 0;

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
    /// Whether pose() is the current movement's pass at currentFrame(), one of the rows
    /// bakeMovement() lists: false during a durationTo blend-in, a crossfade, a recording's
    /// playback or a layer setup's.
    virtual bool poseIsMovementPass() const = 0;
    virtual bool isPlaying() const = 0;
    virtual double speed() const = 0; ///< ratio, 1 = the data's own speed
    /// True: every movement loops for preview; false: each follows its own loop flag.
    virtual bool loopPreview() const = 0;
    /// True when `movement` plays looped: loopPreview() or its own loop flag.
    virtual bool effectiveLoop(int movement) const = 0;
    /// Frames the timeline spans: the recorded script's updates while recording, else the
    /// current movement's duration.
    virtual int timelineFrames() const = 0;

    // The parts beside playback; each lives as long as the document.
    virtual AbstractBoneSelection* selection() = 0;
    virtual AbstractCrossfade* crossfade() = 0;
    virtual AbstractEditing* editing() = 0;
    virtual AbstractRecorder* recorder() = 0;
    virtual AbstractLayers* layers() = 0;

    /// Writes `bytes` the user exports from a panel (a CSV) to `path` as the viewer writes
    /// every file: whole or not at all. False with why in `reason` when it cannot.
    virtual bool saveFile(const QString& path, std::string_view bytes, QString* reason) const = 0;

public slots:
    virtual void setMovement(int movement) = 0; ///< plays it from its first frame
    virtual void setPlaying(bool playing) = 0;
    virtual void stepFrames(int frames) = 0;  ///< pauses, then moves by whole frames
    virtual void seekFrame(double frame) = 0; ///< exact pose at `frame` (frames)
    virtual void setSpeed(double speed) = 0;
    virtual void setLoopPreview(bool loop) = 0;

signals:
    /// A file was opened or reloaded: every panel rebuilds.
    void documentChanged();
    void movementChanged(int movement);
    /// The pose changed (a tick, a seek or a step); `frame` in frames.
    void frameChanged(double frame);
    /// The playhead was put at a frame (a seek or a step) rather than played there; comes just
    /// before that frameChanged. Playing on replays the first pass from there.
    void frameSought();
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void loopPreviewChanged(bool loop);
    /// A movement or keyframe value of the export changed (an edit, its undo or redo): the
    /// model was re-read, playback kept its movement and frame.
    void parameterChanged();
    void eventRaised(const bonescope::widgets::PlaybackEvent& event);
};

} // namespace bonescope::widgets
