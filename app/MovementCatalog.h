#pragma once

#include "panels/AbstractDocument.h"

#include "io/ExportLoader.h"

#include <string_view>

namespace bonescope::app {

/// What the timeline and the panels read about the movements of one loaded export, in frames:
/// the armature shown (the first with movements, or one chosen by name), its movements or the
/// flipbooks, their lengths, keyframes and event marks. Timing rules come from core
/// (model/MovementData.h, model/FlipbookTiming.h). Borrows the export, which must outlive it.
class MovementCatalog {
public:
    MovementCatalog() = default;
    /// `armatureName`, when the export has it, is the armature shown instead.
    explicit MovementCatalog(const core::LoadedExport& loaded, std::string_view armatureName = {});

    /// The armature shown (null for a flipbook set, or an export without armatures).
    const core::ArmatureData* armature() const;
    /// Index into skeleton.armatures of armature(), or −1.
    int armatureIndex() const { return m_armatureIndex; }
    const core::MovementData* movement(int movement) const;
    const core::FlipbookData* flipbook(int movement) const;
    /// Frame `index` of flipbook `movement` and, through `atlas`, the sheet it is cut from;
    /// null when there is no such frame.
    const core::SpriteFrame* flipbookFrame(int movement, int index,
                                           const core::SpriteAtlas** atlas) const;

    QStringList names() const;
    int duration(int movement) const; ///< frames
    bool loops(int movement) const;   ///< the data's own loop flag
    /// AbstractDocument::keyFrames and eventMarks, played looping or once.
    QList<double> keyFrames(int movement, int bone, bool loop, int pass) const;
    QList<widgets::TimelineMark> eventMarks(int movement, bool loop, int pass) const;
    /// `movement` baked as `bonescope-cli bake` bakes `play:NAME` (the golden CSV's rows), run on
    /// through the first pass when that is longer (core::Scenario::playFirstPass).
    core::Result<core::BakeResult> bake(int movement) const;
    /// Flipbook `movement` baked as `bonescope-cli bake --scenario flipbook:NAME` bakes it (the
    /// .state.csv rows); an error when there is no such animation or it plays past the limits.
    core::Result<std::vector<core::FlipbookStateRow>> bakeFlipbook(int movement) const;

private:
    const core::LoadedExport* m_export = nullptr;
    int m_armatureIndex = -1;
};

} // namespace bonescope::app
