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
/// delay units in a loop, loops, restore original frame) and how long it plays
/// (model/FlipbookTiming.h). An AnimationCache plist's delay per unit, loops and restore flag
/// are edited here, live and undoable (AbstractEditing::setFlipbookValue); what the file cannot
/// take is off, with the reason.
class FlipbookProperties : public QGroupBox {
    Q_OBJECT
public:
    explicit FlipbookProperties(AbstractEditing* editing, QWidget* parent = nullptr);

    /// Shows `flipbook`'s values, but in a field holding typed text not yet entered; null shows
    /// none.
    void setFlipbook(const core::FlipbookData* flipbook);

    QDoubleSpinBox* delayPerUnitBox() const { return m_delayPerUnit; }
    QSpinBox* loopsBox() const { return m_loops; }
    QCheckBox* restoreBox() const { return m_restore; }
    /// Why the last edit was refused; empty when it was not.
    QLabel* refusal() const { return m_refusal; }

protected:
    /// One press-and-hold of a spin box's arrow is one merge session: one undo step.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void edit(core::FlipbookKey key, double value);

    AbstractEditing* m_editing;
    std::string m_animation; ///< the animation shown, edited
    HoldSession m_hold;
    QLabel* m_frames;
    QDoubleSpinBox* m_delayPerUnit;
    QLabel* m_loopUnits;
    QSpinBox* m_loops;
    QCheckBox* m_restore;
    QLabel* m_length;
    QLabel* m_note;
    QLabel* m_refusal;
};

} // namespace bonescope::widgets
