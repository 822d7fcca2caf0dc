#pragma once

#include "panels/AbstractCrossfade.h"

namespace bonescope::app {

class Document;

/// The crossfade inspector's settings (undoable) and the crossfades the user starts: a Trigger
/// of those settings, or a movement changed during playback with the transition table's
/// transition. The settings start from the table's transition for their pair (on opening a
/// file, on choosing a pair) and follow the table while they still show it. While a blend
/// script records, each crossfade becomes a recorded call instead.
class CrossfadeControl : public widgets::AbstractCrossfade {
    Q_OBJECT
public:
    explicit CrossfadeControl(Document& document);

    /// The settings for a new file of `movementCount` movements: its first to its second, as
    /// its transition table has them. Unannounced.
    void reset(int movementCount);

    widgets::Transition transition() const override { return m_transition; }
    bool isCrossfading() const override { return crossfadeElapsed() >= 0.0; }
    double crossfadeElapsed() const override;
    core::CrossfadeWeights crossfadeWeights() const override;
    widgets::Transition tableTransition(int source, int target) const override;
    void setTransition(const widgets::Transition& transition) override;
    void triggerCrossfade() override;
    void changeMovement(int movement) override;

    /// Applied by ChangeTransition (swap style).
    void applyTransition(const widgets::Transition& transition);
    /// The transition table changed (an edit, its undo, an Adopt): settings that showed the
    /// table's transition for their pair show its new one; settings the user changed stay.
    void followTable();

private:
    void start(const widgets::Transition& transition);

    Document& m_document;
    widgets::Transition m_transition;
    /// The table's transition for m_transition's pair when last looked up.
    widgets::Transition m_tableTransition;
};

} // namespace bonescope::app
