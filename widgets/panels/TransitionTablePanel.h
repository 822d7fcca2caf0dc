#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace bonescope::widgets {

/// The transition table dock: the default transition and one row per source → target pair
/// (type, duration, unit: frames, seconds, or the target's own durationTo for "to"). The
/// timeline moves between movements with these transitions while playing, and the crossfade
/// inspector starts a pair from its row. "Add Pair" stores the inspector's current pair and
/// settings, and a row's source and target are chosen in its cells (a pair that has a row
/// already is refused); every change is one undoable edit, saved in the sidecar
/// FILE.bonescope.json.
class TransitionTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit TransitionTablePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    /// Why the last change was refused; hidden when it was not.
    QLabel* refusal() const { return m_refusal; }

private:
    void rebuild();
    /// Row `row`'s widgets, empty (showRow fills them).
    void createRow(int row);
    /// Shows a row of the table (the default is row 0), making its widgets if it has none.
    void showRow(int row, const QString& source, const QString& target,
                 const core::TransitionSpec& spec);
    /// The table as the rows show it now.
    core::TransitionTable edited() const;
    void push();
    void addPair();
    void removePair();

    AbstractDocument* m_document;
    QTableWidget* m_table;
    QLabel* m_refusal;
    QPushButton* m_add;
    QPushButton* m_remove;
};

} // namespace bonescope::widgets
