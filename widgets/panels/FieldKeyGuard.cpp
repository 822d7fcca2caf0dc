#include "FieldKeyGuard.h"

#include "panels/TypedText.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPointer>
#include <QTreeView>

namespace bonescope::widgets {

namespace {

/// The button the keyboard's Tab last focused (the focus is the application's, so one for all
/// windows).
QPointer<const QObject> tabbedButton;

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

bool FieldKeyGuard::keepsSpace(const QWidget* field)
{
    return field->testAttribute(Qt::WA_InputMethodEnabled) || field == tabbedButton;
}

bool FieldKeyGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::FocusIn && qobject_cast<const QAbstractButton*>(watched)) {
        const Qt::FocusReason reason = static_cast<QFocusEvent*>(event)->reason();
        const bool tabbed = reason == Qt::TabFocusReason || reason == Qt::BacktabFocusReason;
        tabbedButton = tabbed ? watched : nullptr;
        return false;
    }
    // Clicked, it is the mouse's again: Space goes back to play/pause.
    if (event->type() == QEvent::MouseButtonPress && watched == tabbedButton)
        tabbedButton = nullptr;
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    // A line edit (a spin box's too) claims Undo and Redo for its own typing. With nothing typed (a
    // value just entered, a field merely focused) they are the window's: the edit just made is
    // undone.
    if ((key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) &&
        (qobject_cast<const QLineEdit*>(watched) ||
         qobject_cast<const QAbstractSpinBox*>(watched)) &&
        !holdsTypedText(*static_cast<const QWidget*>(watched))) {
        event->ignore();
        return true;
    }
    if ((key->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier)
        return false;
    const bool pressesButton = key->key() == Qt::Key_Space && watched == tabbedButton;
    if (!pressesButton && !movesWith(watched, key->key()))
        return false;
    // Accepted, the override sends the key to the field instead of the shortcut.
    event->accept();
    return true;
}

} // namespace bonescope::widgets
