#pragma once

#include "model/LayerSetup.h"
#include "runtime/Pose.h"

#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace bonescope::core {
struct ArmatureData;
struct SkeletonData;
class LayerSetupPlayback;
} // namespace bonescope::core

namespace bonescope::app {

/// The layer setup being edited and its live playback: core::LayerSetupPlayback when the setup
/// has layers and resolves against the shown armature, otherwise why not. Times are seconds of
/// the stack's own clock.
class LayerSetupSession {
public:
    LayerSetupSession();
    ~LayerSetupSession();

    const core::LayerSetup& setup() const { return m_setup; }
    /// Why the setup does not play (empty when it plays or has no layers).
    const QString& error() const { return m_error; }
    /// False when there is nothing to play: no layers, no armature, or an error.
    bool isLive() const { return m_playback != nullptr; }

    /// Replaces the setup and resolves it against `armature` of `skeleton` (either null: none
    /// shown), shown `seconds` after its start. `fileName` names the file in errors.
    void set(const core::LayerSetup& setup, const core::SkeletonData* skeleton,
             const core::ArmatureData* armature, const std::string& fileName, double seconds);
    /// No setup (the data it borrowed is going away).
    void clear();

    /// Per bone of `boneCount`, the summed weight of the layers that move it (0 when not live).
    std::vector<float> weightSums(size_t boneCount) const;

    // Only while isLive():
    void update(double seconds);
    void seek(double seconds);
    double timeSeconds() const;
    const core::Pose& pose() const;

private:
    core::LayerSetup m_setup;
    std::unique_ptr<core::LayerSetupPlayback> m_playback;
    QString m_error;
};

} // namespace bonescope::app
