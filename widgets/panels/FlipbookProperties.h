#pragma once

#include "edit/FlipbookEditor.h"
#include "model/FlipbookData.h"
#include "panels/HoldSession.h"

#include <QGroupBox>

#include <string>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace bonescope::widgets {

class AbstractEditing;

/// The properties dock's view of a flipbook animation: its timing (frames, delay per unit,
/// delay units in a loop, loops, restore original frame), how long it plays
/// (model/FlipbookTiming.h), and the frame at the cursor with its own delay units. An
/// AnimationCache plist's delay per unit, loops, restore flag and frame delay units are edited
/// here, live and undoable (AbstractEditing::setFlipbookValue); what the file cannot take is
/// off, with the reason.
class FlipbookProperties : public QGroupBox {
    Q_OBJECT
public:
    explicit FlipbookProperties(AbstractEditing* editing, QWidget* parent = nullptr);

    /// Shows `flipbook`'s values and its frame `frame` (an index into its frames; −1 for none,
    /// as when the original frame is restored), but in a field holding typed text not yet
    /// entered; null shows none.
    void setFlipbook(const core::FlipbookData* flipbook, int frame);
    /// Shows frame `frame` of `flipbook` (the one shown) in the frame rows, unless its delay
    /// units are being typed or stepped by a held arrow: those stay with the frame they were
    /// begun on until entered or released, as the cursor moves on.
    void followFrame(const core::FlipbookData* flipbook, int frame);
    /// The frame the frame rows show and edit; −1 for none.
    int shownFrame() const { return m_shownFrame; }

    QDoubleSpinBox* delayPerUnitBox() const { return m_delayPerUnit; }
    QSpinBox* loopsBox() const { return m_loops; }
    QCheckBox* restoreBox() const { return m_restore; }
    QDoubleSpinBox* frameDelayUnitsBox() const { return m_frameDelayUnits; }
    /// Why the last edit was refused; empty when it was not.
    QLabel* refusal() const { return m_refusal; }

signals:
    /// A held arrow was released or a typed value entered: the frame rows may follow the
    /// cursor again (followFrame).
    void editingSettled();

protected:
    /// One press-and-hold of a spin box's arrow is one merge session: one undo step.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void edit(core::FlipbookKey key, double value);
    /// Fills the frame rows with frame `frame` of `flipbook`.
    void showFrame(const core::FlipbookData* flipbook, int frame);

    AbstractEditing* m_editing;
    std::string m_animation; ///< the animation shown, edited
    HoldSession m_hold;
    bool m_frameHeld = false; ///< the hold is on the frame's delay units
    int m_shownFrame = -1;
    QLabel* m_frames;
    QDoubleSpinBox* m_delayPerUnit;
    QLabel* m_loopUnits;
    QSpinBox* m_loops;
    QCheckBox* m_restore;
    QLabel* m_length;
    QLabel* m_frame;
    QDoubleSpinBox* m_frameDelayUnits;
    QLabel* m_note;
    QLabel* m_refusal;
};

} // namespace bonescope::widgets
