#include "FieldKeyGuard.h"

#include "panels/TypedText.h"

#include <QAbstractButton>
#include <QAbstractItemView>
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

/// The field that uses Space (usesSpace) the keyboard's Tab last focused (the focus is the
/// application's, so one for all windows).
QPointer<const QObject> tabbedField;

/// Whether `field` does something with Space: a button or check box presses or ticks, a list
/// or tree ticks its current item's check box (the bone tree's visibility).
bool usesSpace(const QObject* field)
{
    return qobject_cast<const QAbstractButton*>(field) ||
           qobject_cast<const QAbstractItemView*>(field);
}

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
    return field->testAttribute(Qt::WA_InputMethodEnabled) || field == tabbedField;
}

bool FieldKeyGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::FocusIn && usesSpace(watched)) {
        const Qt::FocusReason reason = static_cast<QFocusEvent*>(event)->reason();
        const bool tabbed = reason == Qt::TabFocusReason || reason == Qt::BacktabFocusReason;
        tabbedField = tabbed ? watched : nullptr;
        return false;
    }
    // Clicked, it is the mouse's again: Space goes back to play/pause.
    if (event->type() == QEvent::MouseButtonPress && tabbedField && watched->isWidgetType()) {
        const auto* field = static_cast<const QWidget*>(tabbedField.data());
        const auto* pressed = static_cast<const QWidget*>(watched);
        if (pressed == field || field->isAncestorOf(pressed)) // a tree's viewport, say
            tabbedField = nullptr;
    }
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
    const bool takesSpace = key->key() == Qt::Key_Space && watched == tabbedField;
    if (!takesSpace && !movesWith(watched, key->key()))
        return false;
    // Accepted, the override sends the key to the field instead of the shortcut.
    event->accept();
    return true;
}

} // namespace bonescope::widgets
