#pragma once

#include "panels/TimelineMark.h"

#include "bake/BakeRunner.h"
#include "script/ScriptRunner.h"

#include <QList>
#include <QObject>

#include <vector>

namespace bonescope::widgets {

/// Blend recording: while it runs, Triggers become calls of a blend script that the timeline
/// then covers, and the document shows the script's pose at the update on screen.
class AbstractRecorder : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    virtual bool isRecording() const = 0;
    /// The recorded script; null when not recording.
    virtual const core::BlendScript* blendScript() const = 0;
    /// The recorded calls as timeline marks (frame = the update they were made at), one per
    /// call of blendScript(), in its order.
    virtual QList<TimelineMark> recordedCalls() const = 0;
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

public slots:
    /// Starts recording from the current movement and frame, or stops and plays it again.
    virtual void setRecording(bool recording) = 0;
    /// Undoable edits of the recorded script, each re-simulated at once (the current update
    /// shows the edited script's pose); ignored when nothing changes or the armature cannot
    /// play the result. Moves call `index` to update `at`, kept between its neighbours.
    virtual void moveRecordedCall(int index, int at) = 0;
    /// Replaces call `index` by `call`, at the same update.
    virtual void changeRecordedCall(int index, const core::ScriptCall& call) = 0;
    /// Deletes call `index` (not the first, which starts the script).
    virtual void removeRecordedCall(int index) = 0;

signals:
    void recordingChanged(bool recording);
    /// A call was recorded, or a recording undone or opened: the marks change.
    void blendScriptChanged();
};

} // namespace bonescope::widgets
