#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QPushButton;
class QTableWidget;

namespace bonescope::widgets {

/// The transition table dock: the default transition and one row per source → target pair
/// (type, duration, unit: frames, seconds, or the target's own durationTo for "to"). The
/// timeline moves between movements with these transitions while playing, and the crossfade
/// inspector starts a pair from its row. "Add Pair" stores the inspector's current pair and
/// settings; every change is one undoable edit, saved in the sidecar FILE.bonescope.json.
class TransitionTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit TransitionTablePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }

private:
    void rebuild();
    void addRow(int row, const QString& source, const QString& target,
                const core::TransitionSpec& spec);
    /// The table as the rows show it now.
    core::TransitionTable edited() const;
    void push();
    void addPair();
    void removePair();

    AbstractDocument* m_document;
    QTableWidget* m_table;
    QPushButton* m_add;
    QPushButton* m_remove;
};

} // namespace bonescope::widgets
