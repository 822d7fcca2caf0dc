#pragma once

#include "ViewOptions.h"

#include <QDialog>

class QSpinBox;

namespace bonescope::widgets {

/// Asks how many onion-skin ghosts to show before and after the current frame (0 to
/// ViewOptions::kMaxOnionFrames each) and how opaque the nearest ones are (percent).
class OnionSkinDialog : public QDialog {
    Q_OBJECT
public:
    explicit OnionSkinDialog(const render::ViewOptions& options, QWidget* parent = nullptr);

    /// `options` with the counts and opacity entered here; onion skin switched on.
    render::ViewOptions apply(render::ViewOptions options) const;

private:
    QSpinBox* m_before;
    QSpinBox* m_after;
    QSpinBox* m_opacityPercent;
};

} // namespace bonescope::widgets
