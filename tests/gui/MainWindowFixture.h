#pragma once

#include "MainWindow.h"

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

} // namespace bonescope::test
