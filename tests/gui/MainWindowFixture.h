#pragma once

#include "MainWindow.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QtTest>

namespace bonescope::test {

enum class Activate { No, Yes };

/// Shows `window`, opens `file` in it and, when asked, makes it the active window (for keys);
/// false when any step fails.
inline bool showWithFile(app::MainWindow& window, const QString& file,
                         Activate activate = Activate::No)
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !window.openFile(file))
        return false;
    if (activate == Activate::No)
        return true;
    window.activateWindow();
    return QTest::qWaitForWindowActive(&window);
}

/// Chooses `text` in a closed combo box with the arrow keys, as a user picks from the keyboard.
inline void typeChoice(QComboBox* box, const QString& text)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Home);
    for (int i = 0; i < box->count() && box->currentText() != text; ++i)
        QTest::keyClick(box, Qt::Key_Down);
}

/// Replaces the contents of `box` (a spin box) by typing `text` and Enter.
template <typename SpinBox> void typeValue(SpinBox* box, const QString& text)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

} // namespace bonescope::test
