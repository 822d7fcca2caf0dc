#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QLabel;
class QTableView;
class QToolButton;

namespace bonescope::widgets {

class FlipbookValuesModel;
class ValuesRowsModel;
class ValuesTableModel;

/// The values table dock: the selected bones' values at every frame of the current movement
/// (local and armature-space), or a flipbook's state at every update of its animation, the rows
/// of the update showing the playhead's frame tinted and scrolled to; copy to the clipboard and
/// CSV export in the layout `bonescope-cli bake` writes (the golden one, or .state.csv's).
class ValuesTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit ValuesTablePanel(AbstractDocument* document, QWidget* parent = nullptr);

    ValuesTableModel* model() const { return m_model; }
    FlipbookValuesModel* flipbookModel() const { return m_flipbookModel; }
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
    /// refill for a flipbook: its animation's state rows.
    void refillFlipbook(int movement);
    /// After a refill: the summary, the buttons, the playhead's row.
    void showRows();
    void followFrame(double frame);
    /// The model the view shows.
    ValuesRowsModel* shownModel() const;

    AbstractDocument* m_document;
    ValuesTableModel* m_model;
    FlipbookValuesModel* m_flipbookModel;
    QTableView* m_view;
    QLabel* m_summary;
    QToolButton* m_copy;   ///< enabled while there are rows to copy
    QToolButton* m_export; ///< and to export
    QString m_summaryText; ///< what the rows are; followFrame adds whether the pose is one
    int m_shownRow = -1;   ///< the row followFrame last scrolled to
};

} // namespace bonescope::widgets
