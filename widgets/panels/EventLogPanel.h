#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QTreeWidget;

namespace bonescope::widgets {

/// The event log dock: movement events (START, COMPLETE, LOOP_COMPLETE) and frame events as
/// they fire, newest at the bottom, capped so a long session does not grow without bound.
class EventLogPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 2000;

    explicit EventLogPanel(AbstractDocument* document, QWidget* parent = nullptr);

    QTreeWidget* list() const { return m_list; }

private:
    void append(const PlaybackEvent& event);

    QTreeWidget* m_list;
};

} // namespace bonescope::widgets
