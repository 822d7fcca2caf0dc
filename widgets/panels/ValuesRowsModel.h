#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QList>
#include <QString>

namespace bonescope::widgets {

/// A table the Values dock shows, copies and exports: the rows of a bake's updates, those of the
/// update showing the playhead tinted. ValuesTableModel holds an armature's bones,
/// FlipbookValuesModel a flipbook's state.
class ValuesRowsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    /// The header line and every row (or only `rows` when given), as CSV in the layout
    /// `bonescope-cli bake` writes.
    virtual QString toCsv(const QList<int>& rows = {}) const = 0;
    /// The first row of the update that shows timeline frame `frame`; −1 when no row does.
    virtual int firstRowShowing(double frame) const = 0;
    /// Tints the rows of `row`'s update (−1: none).
    virtual void setPlayheadRow(int row) = 0;

protected:
    /// The background of the playhead's rows: the selection colour, faint, so that a selected
    /// row still shows over it.
    static QColor playheadTint();
};

} // namespace bonescope::widgets
