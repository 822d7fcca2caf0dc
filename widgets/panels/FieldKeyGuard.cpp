#include "FieldKeyGuard.h"

#include <QAbstractSlider>
#include <QComboBox>
#include <QKeyEvent>
#include <QTreeView>

namespace bonescope::widgets {

namespace {

/// Whether `field` moves with `key` pressed alone.
bool movesWith(const QObject* field, int key)
{
    const bool sideways = key == Qt::Key_Left || key == Qt::Key_Right;
    const bool toAnEnd = key == Qt::Key_Home || key == Qt::Key_End;
    if (qobject_cast<const QComboBox*>(field))
        return toAnEnd;
    if (qobject_cast<const QAbstractSlider*>(field))
        return sideways || toAnEnd;
    if (qobject_cast<const QTreeView*>(field))
        return sideways;
    return false;
}

} // namespace

bool FieldKeyGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    if ((key->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier ||
        !movesWith(watched, key->key()))
        return false;
    // Accepted, the override sends the key to the field instead of the shortcut.
    event->accept();
    return true;
}

} // namespace bonescope::widgets
