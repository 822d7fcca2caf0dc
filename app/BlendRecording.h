#pragma once

#include "base/LoadError.h"
#include "model/SkeletonData.h"
#include "script/BlendScript.h"
#include "script/ScriptRunner.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bonescope::app {

/// A blend script recorded in the viewer, and where the viewer is in it: the calls made so
/// far (each Trigger becomes a crossfade call at the update it happened) and a ScriptRunner
/// that plays, scrubs and steps anywhere in it with the headless bake's exact numbers. Times
/// are updates (frames at speed 1). The skeleton is borrowed and must outlive the recording.
class BlendRecording {
public:
    /// A script that plays `movement` from its first frame with no blend-in (crossfade mode to,
    /// 0 frames), or with `layers` the layer stack instead, shown at update `frame` (≥ 1) so
    /// that the pose on screen stays where it was.
    static std::unique_ptr<BlendRecording> start(const core::SkeletonData& skeleton,
                                                 const std::string& armature,
                                                 const std::string& movement, bool loop, int frame,
                                                 const core::LayerSetup* layers = nullptr);
    /// Plays a script read from a file, from update 1; errors name its calls.
    static core::Result<std::unique_ptr<BlendRecording>> open(const core::SkeletonData& skeleton,
                                                              core::BlendScript script);

    /// The calls with `updates` = the updates recorded (what a script file holds).
    const core::BlendScript& script() const { return m_script; }
    const core::SkeletonData& skeleton() const { return *m_skeleton; }
    int length() const { return m_script.updates; }
    int update() const { return m_runner->update(); }
    const core::ScriptRunner& runner() const { return *m_runner; }
    core::ScriptRunner& runner() { return *m_runner; }
    /// The blender's source and target weights (ScriptRunner::state()) after each update
    /// run so far, update 1 first; empty for a script with layers.
    const std::vector<core::CrossfadeWeights>& weights() const { return m_weights; }
    /// Where the blender's pair changes: the first update of each source → target pair (a
    /// re-target hands the blend to a new pair mid-way), for the same run as weights().
    struct BlendSpan {
        int firstUpdate = 0;
        std::string source;
        std::string target; ///< empty: not blending
    };
    const std::vector<BlendSpan>& blendSpans() const { return m_spans; }

    /// Plays on by `frames` (fractional: the remainder carries to the next call) and extends
    /// the recording when it passes the end, appending the events of every update run to
    /// `events`; false when no whole update was run.
    bool advance(double frames, std::vector<core::BakeEvent>& events);
    /// Shows update `update`, clamped to 1..length().
    void seek(int update);
    /// This script with `call` made at the current update; the calls after it are dropped
    /// (recording again from a point scrubbed back to replaces what followed).
    core::BlendScript withCall(core::ScriptCall call) const;
    /// This script with call `index` moved to update `at`, kept between its neighbours' updates
    /// and before the script's end so that the calls stay in order. The first call, which
    /// starts the script, stays at its update.
    core::BlendScript withCallAt(int index, int at) const;
    /// This script with call `index` replaced by `call`, made at the same update.
    core::BlendScript withCallChanged(int index, core::ScriptCall call) const;
    /// This script without call `index` (the first, which starts it, stays).
    core::BlendScript withoutCall(int index) const;
    /// Replaces the script (undo / redo of a recorded call) and shows the same update again.
    /// False when the script names what the armature lacks.
    bool setScript(core::BlendScript script);
    /// The skeleton's movements were read again (an edit of their values): plays the script on
    /// them and shows the same update. False when they no longer play it.
    bool replayEditedMovements();

private:
    BlendRecording(const core::SkeletonData& skeleton, core::BlendScript script);
    /// A new runner for m_script, run once through its length.
    std::optional<core::LoadError> rebuild();
    /// Keeps the runner's weights when it reaches an update for the first time.
    void recordWeights();

    const core::SkeletonData* m_skeleton;
    core::BlendScript m_script;
    std::unique_ptr<core::ScriptRunner> m_runner;
    double m_pendingFrames = 0.0; ///< less than one update, carried to the next advance
    std::vector<core::CrossfadeWeights> m_weights;
    std::vector<BlendSpan> m_spans;
};

} // namespace bonescope::app
