#pragma once

#include "bake/BakeRunner.h"
#include "base/LoadError.h"
#include "model/SkeletonData.h"
#include "runtime/BoneContribution.h"
#include "runtime/Pose.h"
#include "script/BlendScript.h"
#include "script/BlendStateRow.h"
#include "script/LayerStateRow.h"

#include <memory>
#include <string>
#include <vector>

namespace bonescope::core {

class Armature;

/// Runs a BlendScript on one armature, update by update, with random access. A script with
/// layers poses the armature with its LayerStack (seed 004) over the rest pose; layer calls
/// fade a layer's weight linearly or move it to another movement, and speed / pause apply to
/// the stack's time. Otherwise calls drive the cocos2d-x player (play; crossfade mode to =
/// play(movement, durationTo); speed; pause / resume; goto) or hand the pose to the seed-002
/// blender (crossfade switch / while / then), which starts from the player's current movement
/// and position; a later player call takes the pose back from the blender's leading movement
/// (the target while blending) at its nearest timeline frame. Speed scales the blender's time
/// too; a pause stops both.
///
/// Update N runs the calls due at N − 1 and then advances 1/60 s; its rows (pose, state,
/// trace, events) are frame N. Events raised by the calls at N − 1 belong to frame N − 1.
/// Random access: the runtime state is saved every `checkpointInterval` updates as the runner
/// passes, and seek(N) resumes from the last checkpoint before N, so any update costs at most
/// that many updates and gives exactly the rows of the sequential run.
class ScriptRunner {
public:
    /// Resolves the script's names against `skeleton` (which must outlive the runner). Errors
    /// name the script file and point at the armature or at the call ("/calls/3/crossfade").
    static Result<std::unique_ptr<ScriptRunner>>
    create(const SkeletonData& skeleton, const BlendScript& script, int checkpointInterval = 30);
    ~ScriptRunner();
    ScriptRunner(const ScriptRunner&) = delete;
    ScriptRunner& operator=(const ScriptRunner&) = delete;

    const BlendScript& script() const;
    const std::string& armatureName() const;
    /// Bone names in data order (the pose's order).
    const std::vector<std::string>& boneNames() const;
    int updates() const; ///< the script's length (updates)

    /// Bones (data indices) whose contributions step() and seek() record; empty: none.
    void setTracedBones(std::vector<int> bones);

    /// Runs the next update. Allocates only for events, traces, a checkpoint every
    /// `checkpointInterval` updates, and movement names past std::string's inline capacity.
    void step();
    /// Shows update `update` (1..updates()), from wherever the runner is, forwards or backwards.
    void seek(int update);

    /// The updates run so far (0: none).
    int update() const;
    /// The local and world pose after update(), indexed like the armature's bones.
    const Pose& pose() const;
    /// The armature the script's player drives, for drawing pose(): its rig, displays and the
    /// nested armatures, which play on as the updates run (Armature::composeNested places them
    /// on pose()). The same object for the runner's life.
    const Armature& armature() const;
    /// The blender's (or the player's fade's) state at update(); for a script without layers.
    const BlendStateRow& state() const;
    /// Each layer's state at update(), bottom first; for a script with layers.
    const std::vector<LayerStateRow>& layerStates() const;
    /// Events of frame update(): raised by its update, then by the calls at update().
    const std::vector<BakeEvent>& events() const;
    /// Contributions of the traced bones at update(): per bone its contributors, then `result`.
    const std::vector<BoneContribution>& trace() const;

private:
    struct Impl;
    explicit ScriptRunner(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace bonescope::core
