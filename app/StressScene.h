#pragma once

#include "ArmatureTreeView.h"
#include "ArmatureView.h"

#include "stress/StressCrowd.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace bonescope::core {
class ParallelFor;
}

namespace bonescope::app {

class Document;

/// Stress mode's model: a core::StressCrowd of the document's armature and its render::Scene,
/// the instances laid out in a grid of near-square shape (row by row, cells as large as the
/// first instances' drawn bounds). It borrows the document's data: stop() before the document
/// opens another file or changes its own. Nested armatures (cyborg's weapons) are drawn on
/// every instance, a soak instance's crossfade or layer pose included.
class StressScene {
public:
    StressScene();
    ~StressScene();

    /// Why `document` cannot be stressed (no armature, a flipbook, no movement), or empty.
    static QString unavailableReason(const Document& document);

    /// Starts `count` instances of the document's armature (seeds `seed`, `seed` + 1, …);
    /// false when unavailableReason() is not empty.
    bool start(const Document& document, int count, unsigned seed, core::StressActivity activity);
    void stop();
    bool isRunning() const { return m_crowd != nullptr; }
    const core::StressCrowd& crowd() const { return *m_crowd; }

    /// Updates every instance by `dtSeconds` over `loop`'s threads; returns the milliseconds
    /// of wall time it took.
    double update(float dtSeconds, core::ParallelFor& loop);
    /// The instances in their grid cells, as of the last update; valid until the next call.
    const render::Scene& scene();

private:
    /// Cell size and offsets of the grid for the crowd's first instances' bounds.
    void layOut();
    /// Instance `index` at `placement`, with the nested armatures its bones show now.
    render::ArmatureView viewOf(int index, const core::Affine& placement);

    std::shared_ptr<const core::ArmatureRig> m_rig;
    std::unique_ptr<core::StressCrowd> m_crowd;
    std::optional<render::ArmatureTreeView> m_tree;
    std::vector<core::Affine> m_placements; ///< per instance
    render::Scene m_scene;
};

} // namespace bonescope::app
