#include "WheelGuard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QSlider>

namespace bonescope::widgets {

namespace {
bool holdsAValue(QObject* object)
{
    return qobject_cast<QAbstractSpinBox*>(object) || qobject_cast<QComboBox*>(object) ||
           qobject_cast<QSlider*>(object);
}
} // namespace

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::Show && event->type() != QEvent::Wheel)
        return false;
    if (!holdsAValue(watched))
        return false;
    auto* field = static_cast<QWidget*>(watched);
    if (event->type() == QEvent::Show) {
        // A real wheel gives a WheelFocus field the focus before any filter sees it; a field
        // takes no wheel before it is shown.
        if (field->focusPolicy() == Qt::WheelFocus)
            field->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    if (field->hasFocus())
        return false;
    // Not delivered, and ignored: the application hands it to the field's parents (a scroll
    // area scrolls).
    event->ignore();
    return true;
}

} // namespace bonescope::widgets
