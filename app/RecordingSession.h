#pragma once

#include "BlendRecording.h"
#include "SidecarState.h"

#include "panels/AbstractDocument.h"

#include "base/LoadError.h"
#include "model/SkeletonData.h"
#include "script/BlendScript.h"
#include "script/ScriptRunner.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace bonescope::app {

/// The document's blend recording, when one runs: starting it from a movement, the script
/// files it is read from and written to, the calls a Trigger records, and what the timeline,
/// the weight graph and the trace panel read of it. Document announces every change.
class RecordingSession {
public:
    /// Null when nothing is recorded.
    const BlendRecording* recording() const { return m_recording.get(); }
    BlendRecording* recording() { return m_recording.get(); }
    void stop() { m_recording.reset(); }

    /// Records from `movement` as it shows at `frame` (see BlendRecording::start).
    bool start(const core::SkeletonData& skeleton, const std::string& armature,
               const std::string& movement, bool loop, int frame,
               const core::LayerSetup* layers = nullptr);
    /// Plays the script the sidecar saved for `armature`, at its first update; one the
    /// armature cannot play is added to `warnings`.
    void openSaved(SidecarState& sidecar, const QString& exportPath,
                   const core::SkeletonData& skeleton, const std::string& armature,
                   std::vector<core::LoadError>& warnings);
    /// Reads the script file at `path` (one naming no armature plays on `armature`) and plays
    /// it from its first update; refused without an armature shown.
    bool open(const core::SkeletonData* skeleton, const core::ArmatureData* armature,
              const QString& path, QString* error);
    /// Writes the script (BlendScriptReader's schema) to `path`.
    bool save(const QString& path, QString* error) const;
    /// Swaps `script` with the recorded one, starting a recording when none runs; false (and
    /// nothing changes) when the armature cannot play it.
    bool swapScript(const core::SkeletonData& skeleton, core::BlendScript& script);

    /// The script with a crossfade to `movement` recorded at the update on screen: from
    /// whatever plays there (an interrupt when a crossfade runs).
    core::BlendScript withCrossfade(const std::string& movement, bool loop,
                                    const core::Crossfade& transition) const;
    /// The script with call `index` moved, replaced or deleted (BlendRecording's rules);
    /// nothing when not recording.
    std::optional<core::BlendScript> withCallAt(int index, int at) const;
    std::optional<core::BlendScript> withCallChanged(int index, const core::ScriptCall& call) const;
    std::optional<core::BlendScript> withoutCall(int index) const;
    /// While a layered script is recorded and `edited` changes only one layer's weight from
    /// `setup`: the script with a `layer` call setting that weight at the update on screen.
    std::optional<core::BlendScript> withWeightCall(const core::LayerSetup& setup,
                                                    const core::LayerSetup& edited) const;
    /// Traces `bones` from the update on screen on.
    void trace(const QList<int>& bones);

    /// The recorded calls as timeline marks: the movement, and a crossfade's mode and length.
    QList<widgets::TimelineMark> callMarks() const;
    /// Where the blender's pair changes, as "source → target" marks.
    QList<widgets::TimelineMark> blendMarks() const;
    const std::vector<core::CrossfadeWeights>& weights() const;
    /// Frames since the last crossfade recorded before the update on screen; −1 when none.
    double crossfadeElapsed() const;
    /// The blender's source and target weights at the update on screen.
    core::CrossfadeWeights crossfadeWeights() const;
    std::vector<core::BoneContribution> contributions() const;
    /// The recording's poses at every update, by core::bakeScript (what `bake --script` writes).
    core::Result<core::BakeResult> bake() const;
    /// The contributions of `bones` (data indices) at every update, by core::bakeScript.
    std::vector<core::BoneContribution> bakeTrace(const QList<int>& bones) const;

private:
    std::unique_ptr<BlendRecording> m_recording;
};

} // namespace bonescope::app
