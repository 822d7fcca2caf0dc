#pragma once

#include "model/FlipbookData.h"
#include "model/SkeletonData.h"
#include "runtime/Crossfade.h"
#include "runtime/NestedPose.h"
#include "runtime/PlaybackEvent.h"
#include "runtime/Pose.h"

#include <memory>
#include <vector>

namespace bonescope::core {
class ArmaturePlayback;
class FlipbookPlayback;
} // namespace bonescope::core

namespace bonescope::app {

/// The shown movement playing on its own, armature or flipbook alike: core::ArmaturePlayback
/// (with its crossfades and nested armatures) for an armature, core::FlipbookPlayback for a
/// flipbook. Document plays a recording or a layer stack over it instead when one runs. The
/// data is borrowed and must outlive the players: clear() before it goes.
class ExportPlayback {
public:
    ExportPlayback();
    ~ExportPlayback();

    void clear();
    /// A player for `armature` of `skeleton` at speed(), playing nothing yet.
    void setArmature(const core::SkeletonData& skeleton, const core::ArmatureData& armature);
    bool hasArmature() const { return m_armature != nullptr; }
    /// Plays `movement` from its first frame: the armature's (−1: none) or, without an
    /// armature, `flipbook` (null: none).
    void play(int movement, const core::FlipbookData* flipbook, bool loop);
    void update(double dtSeconds, std::vector<core::PlaybackEvent>& events);
    void seek(double frame);
    /// The playback speed (1: the export's own), kept across files; the document's recording
    /// and layer stack play at it too.
    double speed() const { return m_speed; }
    void setSpeed(double ratio);
    /// Starts `crossfade` from the armature's current state (armatures only).
    void crossfade(const core::Crossfade& crossfade, bool loop);

    /// The armature's current movement (a crossfade hands over to its target); −1 without one.
    int movement() const;
    double frame() const;
    /// True when a flipbook that does not loop has played to its end.
    bool finished() const;
    int flipbookFrame() const; ///< index into the flipbook's frames; −1 without one

    // The armature's (empty, null or neutral without one).
    const core::Pose& pose() const;
    bool showsPass() const; ///< core::ArmaturePlayback::showsPass; always for a flipbook
    void composeNested(const core::Pose& parent, core::NestedPoses& out) const;
    core::Pose sample(int movement, double frame) const;
    core::CrossfadeWeights crossfadeWeights() const;
    double crossfadeElapsedFrames() const; ///< −1 when none runs

private:
    std::unique_ptr<core::ArmaturePlayback> m_armature;
    std::unique_ptr<core::FlipbookPlayback> m_flipbook;
    double m_speed = 1.0;
};

} // namespace bonescope::app
