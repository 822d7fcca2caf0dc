#pragma once

#include <QObject>

namespace bonescope::widgets {

/// Keeps the mouse wheel from changing a value by passing over it: a spin box, combo box or
/// slider takes the wheel only while it has the keyboard focus (a click or Tab gives it, the
/// wheel no longer does); otherwise the wheel goes on to what holds it, so a dock scrolls
/// under the pointer instead of a speed or a weight changing as the pointer crosses its
/// field. Installed on the application, it watches every such field.
class WheelGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace bonescope::widgets
