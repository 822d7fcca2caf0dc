#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QLabel;
class QTableView;
class QToolButton;

namespace bonescope::widgets {

class ValuesTableModel;

/// The values table dock: the selected bones' values at every frame of the current movement
/// (local and armature-space), the rows of the update showing the playhead's frame tinted and
/// scrolled to; copy to the clipboard and CSV export in the golden layout.
class ValuesTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit ValuesTablePanel(AbstractDocument* document, QWidget* parent = nullptr);

    ValuesTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

    /// Copies the selected rows (all rows when none is selected) as CSV to the clipboard.
    void copyToClipboard();
    /// Where the export dialog starts: beside the open file, named after it and the movement
    /// ("Dragon-walk.csv"); in the home folder for the embedded sample.
    QString suggestedCsvPath() const;
    /// Writes every row as CSV to `path`; false with `error` set when the file cannot be written.
    bool exportCsv(const QString& path, QString* error) const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refill();
    void followFrame(double frame);

    AbstractDocument* m_document;
    ValuesTableModel* m_model;
    QTableView* m_view;
    QLabel* m_summary;
    QToolButton* m_copy;   ///< enabled while there are rows to copy
    QToolButton* m_export; ///< and to export
    QString m_summaryText; ///< what the rows are; followFrame adds whether the pose is one
    int m_shownRow = -1;   ///< the row followFrame last scrolled to
};

} // namespace bonescope::widgets
