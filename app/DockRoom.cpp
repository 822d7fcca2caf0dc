#include "DockRoom.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QScrollArea>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

namespace bonescope::app {

namespace {

/// Heights within this many pixels count as the same: the layout rounds the sizes it is given.
constexpr int kSlack = 4;

} // namespace

DockRoom::DockRoom(QMainWindow* window, QDockWidget* dock, double maxShare)
    : QObject(dock), m_window(window), m_dock(dock), m_maxShare(maxShare)
{
    dock->installEventFilter(this);
    connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        // The layout settles the tabs after the signal: act once it has.
        QTimer::singleShot(0, this, visible ? &DockRoom::shown : &DockRoom::hidden);
    });
}

void DockRoom::shown()
{
    if (m_dock->isFloating())
        return;
    // The panel's preferred height plus the dock's title bar, within the share allowed and
    // within what the central widget can give above its minimum: past that the layout would
    // squeeze the docks beside this one (the timeline) instead.
    const auto* scroll = qobject_cast<const QScrollArea*>(m_dock->widget());
    const QWidget* panel = scroll ? scroll->widget() : m_dock->widget();
    const int chrome = m_dock->height() - m_dock->widget()->height();
    const int allowed = static_cast<int>(std::lround(m_window->height() * m_maxShare));
    const QWidget* centre = m_window->centralWidget();
    const int spare = centre ? centre->height() - std::max(centre->minimumHeight(),
                                                           centre->minimumSizeHint().height())
                             : 0;
    const int wanted = std::min(
        {panel->sizeHint().height() + chrome, allowed, m_dock->height() + std::max(spare, 0)});
    if (m_dock->height() + kSlack >= wanted)
        return;
    if (m_heightBefore < 0)
        m_heightBefore = m_dock->height();
    m_askedHeight = wanted;
    m_grownHeight = -1; // the layout's answer comes in the next resize
    m_window->resizeDocks({m_dock}, {wanted}, Qt::Vertical);
}

bool DockRoom::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_dock && event->type() == QEvent::Resize && m_heightBefore >= 0 &&
        m_grownHeight < 0)
        m_grownHeight = m_dock->height();
    return false;
}

void DockRoom::hidden()
{
    if (m_heightBefore < 0)
        return;
    const int before = std::exchange(m_heightBefore, -1);
    // A height the user dragged to while the dock was shown stays.
    if (std::abs(m_dock->height() - m_grownHeight) > kSlack)
        return;
    // The tab shown now (the others of the group are covered) carries the group's height.
    // resizeDocks counts the tab bar in a tabbed dock's height, the dock itself does not:
    // what growing asked for and got gives the difference.
    const int tabBar = m_askedHeight - m_grownHeight;
    for (QDockWidget* tab : m_window->tabifiedDockWidgets(m_dock))
        if (!tab->visibleRegion().isEmpty())
            m_window->resizeDocks({tab}, {before + tabBar}, Qt::Vertical);
}

} // namespace bonescope::app
