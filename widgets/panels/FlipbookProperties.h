#pragma once

#include "model/FlipbookData.h"

#include <QGroupBox>

class QLabel;

namespace bonescope::widgets {

/// The properties dock's view of a flipbook animation: its timing (frames, delay per unit,
/// delay units in a loop, loops, restore original frame) and how long it plays
/// (model/FlipbookTiming.h). Read-only, and it says so: Bonescope edits armature exports, not
/// flipbook timing.
class FlipbookProperties : public QGroupBox {
    Q_OBJECT
public:
    explicit FlipbookProperties(QWidget* parent = nullptr);

    /// Shows `flipbook`'s values; null shows none.
    void setFlipbook(const core::FlipbookData* flipbook);

private:
    QLabel* m_frames;
    QLabel* m_delayPerUnit;
    QLabel* m_loopUnits;
    QLabel* m_loops;
    QLabel* m_restore;
    QLabel* m_length;
};

} // namespace bonescope::widgets
