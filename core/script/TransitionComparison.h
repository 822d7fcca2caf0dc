#pragma once

#include "base/LoadError.h"
#include "model/SkeletonData.h"
#include "model/TransitionTable.h"
#include "runtime/NestedPose.h"
#include "runtime/Pose.h"
#include "script/BlendScript.h"
#include "script/ScriptRunner.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace bonescope::core {

/// What to compare: one source → target pair of an armature's movements played with each of
/// `choices` (two or three transitions, kind and duration).
struct ComparisonRequest {
    std::string armature; ///< empty: the export's first armature
    std::string source;
    std::string target;
    std::vector<TransitionSpec> choices;
    int leadInUpdates = 30; ///< updates the source plays alone before the earliest call
    int tailUpdates = 60;   ///< updates run after the last blend is over
};

/// How far one bone of one pose is from the same bone of another, in armature space: the
/// distance between the two origins (points: pixels at zoom 1) and the smallest angle between
/// their x axes (degrees, 0..180); and whether both poses show the bone (a display each), so
/// that the difference can be seen at all.
struct BoneDivergence {
    double distance = 0.0;
    double rotationDegrees = 0.0;
    bool seen = true;
};
BoneDivergence boneDivergence(const BonePose& a, const BonePose& b);

/// Where a divergence curve is largest among the updates it is seen at: the update (1-based,
/// the first of equal maxima) and the value; update 0 when no update is seen (a bone both
/// choices hide, an empty curve). A bone hidden in one choice may lie anywhere meanwhile.
struct DivergencePeak {
    int update = 0;
    double value = 0.0;
};
DivergencePeak distancePeak(std::span<const BoneDivergence> curve);
DivergencePeak rotationPeak(std::span<const BoneDivergence> curve);

/// One source → target pair played with several transitions, each as a blend script (the
/// source played from update 0, a crossfade to the target), baked by bakeScript: the poses are
/// those of `bonescope-cli bake --script` with that script. The choices are aligned on the
/// target: each choice's call is placed so that the target's own clock starts at
/// targetStartUpdate() in every choice (a then or to fade runs before that update, a while fade
/// after it), so once every blend is over all choices show the same pose.
class TransitionComparison {
public:
    /// Errors: no choice; a duration that is negative, not a number or over kMaxBakeSeconds;
    /// a lead-in or tail over kMaxBakeUpdates; more than kMaxBakeRows pose rows held (updates ×
    /// bones × choices); an unknown armature or movement (named as the script bake names them).
    static Result<TransitionComparison> create(const SkeletonData& skeleton,
                                               const ComparisonRequest& request);

    const ComparisonRequest& request() const { return m_request; }
    /// The armature compared (the skeleton's, which must outlive the comparison).
    const ArmatureData& armature() const { return *m_armature; }
    int choiceCount() const { return int(m_choices.size()); }
    int updates() const { return m_updates; } ///< every script's length
    const std::vector<std::string>& boneNames() const { return m_boneNames; }
    /// The update at which the target's clock starts in every choice (updates run before it).
    int targetStartUpdate() const { return m_targetStart; }

    const BlendScript& script(int choice) const { return m_choices[size_t(choice)].script; }
    /// Updates run before the choice's crossfade call.
    int callUpdate(int choice) const { return m_choices[size_t(choice)].callUpdate; }
    /// The first update at which the choice shows the target alone (its blend is over).
    int settledUpdate(int choice) const { return m_choices[size_t(choice)].settled; }
    /// The pose of `choice` after update `update` (1..updates()), bones in data order.
    std::span<const BonePose> pose(int choice, int update) const;
    /// The nested armatures (cyborg's weapons) `choice` shows after update `update`, composed
    /// onto pose() at every depth, as the script's armature plays them (Armature::composeNested);
    /// empty for a rig that nests none. Runs the choice's script to that update from its last
    /// checkpoint (ScriptRunner::seek): a call costs at most 30 updates.
    void composeNested(int choice, int update, NestedPoses& out) const;

    /// Per update 1..updates(): `bone` (data index) of `choice` against choice 0.
    std::vector<BoneDivergence> divergence(int choice, int bone) const;
    /// The bone whose distance from choice 0 peaks highest (distancePeak: the updates where it
    /// shows in both) over every choice (the first of equals); −1 with a single choice or no
    /// bone.
    int mostDivergentBone() const;

private:
    struct Choice {
        BlendScript script;
        int callUpdate = 0;
        int settled = 0;
        std::vector<BonePose> poses; ///< updates × bones
        /// The script played again for its nested armatures, which the baked rows leave out;
        /// null for a rig that nests none. Seeking changes only where it stands.
        std::unique_ptr<ScriptRunner> nestedRunner;
    };
    ComparisonRequest m_request;
    const ArmatureData* m_armature = nullptr;
    std::vector<std::string> m_boneNames;
    int m_updates = 0;
    int m_targetStart = 0;
    std::vector<Choice> m_choices;
};

} // namespace bonescope::core
