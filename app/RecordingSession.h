#pragma once

#include "BlendRecording.h"
#include "SidecarState.h"

#include "panels/AbstractRecorder.h"

#include "base/LoadError.h"
#include "script/BlendScript.h"
#include "script/ScriptRunner.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace bonescope::app {

class Document;

/// The document's blend recording, when one runs: starting it from the movement on show, the
/// script files it is read from and written to, the calls a Trigger records (undoable), and
/// what the timeline, the weight graph and the trace panel read of it. It traces the document's
/// selected bones.
class RecordingSession : public widgets::AbstractRecorder {
    Q_OBJECT
public:
    explicit RecordingSession(Document& document);

    /// Null when nothing is recorded.
    const BlendRecording* recording() const { return m_recording.get(); }
    BlendRecording* recording() { return m_recording.get(); }
    /// Ends the recording, unannounced (the data it borrowed is going away), and forgets the
    /// one stopped before.
    void stop()
    {
        m_recording.reset();
        m_stopped.reset();
    }

    /// Plays the script the sidecar saved for the document's armature, at its first update;
    /// one the armature cannot play is added to `warnings`. Unannounced: see announceOpened().
    void openSaved(SidecarState& sidecar, const QString& exportPath,
                   std::vector<core::LoadError>& warnings);
    /// Announces the recording a newly opened file brought (or ended), `wasRecording` before it.
    void announceOpened(bool wasRecording);
    /// Reads the script file at `path` (one naming no armature plays on the document's) and
    /// plays it from its first update; refused without an armature shown. Not an edit of the
    /// export: the undo history ends here.
    bool open(const QString& path, QString* error = nullptr);
    /// The script Save Blend Script As and Export Frames write: the recording's, or else the
    /// one stopped last on this armature (a designer stops, then saves; stopping is not throwing
    /// away). Null when there is neither.
    const core::BlendScript* keptScript() const
    {
        return m_recording ? &m_recording->script() : m_stopped ? &*m_stopped : nullptr;
    }
    /// Writes keptScript() (BlendScriptReader's schema) to `path`.
    bool save(const QString& path, QString* error = nullptr) const;

    /// Records `transition` as a crossfade call at the update on screen (undoable), and plays.
    void recordCrossfade(const core::Crossfade& transition);
    /// Pushes `script` as one undoable change of the recorded script, called `text`; nothing
    /// when it changes no call or the armature cannot play it.
    void changeBlendScript(std::optional<core::BlendScript> script, const QString& text);
    /// Applied by ChangeBlendScript: swaps `script` with the recorded one, none meaning no
    /// recording (so a script starts a recording when none runs, and none stops one). Stopping
    /// leaves the update it showed in `update`; starting again shows that update.
    void applyBlendScript(std::optional<core::BlendScript>& script, int& update);
    /// While a layered script is recorded and `edited` changes only one layer's weight from
    /// `setup`: the script with a `layer` call setting that weight at the update on screen.
    std::optional<core::BlendScript> withWeightCall(const core::LayerSetup& setup,
                                                    const core::LayerSetup& edited) const;
    /// The movements were read again (an edit of their values): the recording plays them from
    /// the update on screen; one they no longer play stops (kept for save()). Unannounced.
    void replayEditedMovements();
    /// Traces the selected bones from the update on screen on.
    void traceSelection();

    /// Frames since the last crossfade recorded before the update on screen; −1 when none.
    double crossfadeElapsed() const;
    /// The blender's source and target weights at the update on screen.
    core::CrossfadeWeights crossfadeWeights() const;

    bool isRecording() const override { return m_recording != nullptr; }
    const core::BlendScript* blendScript() const override;
    QList<widgets::TimelineMark> recordedCalls() const override;
    const std::vector<core::CrossfadeWeights>& recordedWeights() const override;
    QList<widgets::TimelineMark> recordedBlends() const override;
    core::Result<core::BakeResult> bakeRecording() const override;
    std::vector<core::BoneContribution> boneTrace() const override;
    std::vector<core::BoneContribution> recordingTrace() const override;
    void setRecording(bool recording) override;
    void moveRecordedCall(int index, int at) override;
    void changeRecordedCall(int index, const core::ScriptCall& call) override;
    void removeRecordedCall(int index) override;

private:
    /// Announces a new recorded script (and the recording, when it just started), tracing the
    /// selected bones in it.
    void announceScript(bool wasRecording);

    Document& m_document;
    std::unique_ptr<BlendRecording> m_recording;
    std::optional<core::BlendScript> m_stopped; ///< the recording stopped last, for save()
};

} // namespace bonescope::app
