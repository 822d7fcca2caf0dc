#pragma once

#include <QObject>

class QDockWidget;
class QMainWindow;

namespace bonescope::app {

/// Gives a tabbed dock the height its panel prefers while its tab is shown, and gives the height
/// back when another tab of its group is raised. The Compare panel's three previews are a few
/// pixels tall in a bottom dock sized for the values table; grown, they can be watched. A height
/// the user set is left alone: the dock grows only when it is shorter than its panel prefers,
/// and shrinks back only when nobody resized it in between.
class DockRoom : public QObject {
public:
    /// `dock` (docked in `window`'s top or bottom area; its panel in a QScrollArea or not) grows
    /// to its panel's size hint whenever its tab is shown, to at most `maxShare` of the window's
    /// height, taking the room from the central widget only.
    DockRoom(QMainWindow* window, QDockWidget* dock, double maxShare);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The dock's tab was raised (or the window shown).
    void shown();
    /// Another tab of the group took the dock's place (or the window was minimized).
    void hidden();

    QMainWindow* m_window;
    QDockWidget* m_dock;
    double m_maxShare;
    int m_heightBefore = -1; ///< the group's height before the dock grew; −1 when it did not
    int m_askedHeight = 0;   ///< the height growing asked the layout for
    int m_grownHeight = -1;  ///< the height the layout gave it; −1 until it answers
};

} // namespace bonescope::app
