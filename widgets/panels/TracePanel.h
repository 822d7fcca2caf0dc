#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace bonescope::widgets {

/// The blend trace dock: for each selected bone at the current update of a recorded blend
/// script, every contribution (source and target movement, the pose a durationTo fade started
/// from, or a layer) with its weight and local pose, then the result, as the `.trace.csv` of
/// `bonescope-cli bake --trace` lists them.
class TracePanel : public QWidget {
    Q_OBJECT
public:
    explicit TracePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }

private:
    void refresh();

    AbstractDocument* m_document;
    QLabel* m_hint;
    QTableWidget* m_table;
};

} // namespace bonescope::widgets
