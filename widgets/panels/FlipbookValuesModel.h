#pragma once

#include "panels/ValuesRowsModel.h"

#include "bake/BlendBakeRunner.h"

#include <vector>

namespace bonescope::widgets {

/// A flipbook's state at every update of its animation, exactly the rows `bonescope-cli bake
/// --scenario flipbook:NAME` writes to its .state.csv (core::runFlipbookBake): the update (from 1,
/// the row after update N), the loop, the frame's index and sprite frame, the notifications.
class FlipbookValuesModel : public ValuesRowsModel {
    Q_OBJECT
public:
    explicit FlipbookValuesModel(QObject* parent = nullptr);

    void fill(std::vector<core::FlipbookStateRow> rows);
    /// Updates the rows cover; 0 when empty.
    int updateCount() const { return int(m_rows.size()); }

    /// In the .state.csv layout.
    QString toCsv(const QList<int>& rows = {}) const override;
    /// The update that shows `frame` frames (1/60 s) from the start; the last row after the
    /// rows.
    int firstRowShowing(double frame) const override;
    void setPlayheadRow(int row) override;
    int playheadRow() const { return m_playheadRow; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<core::FlipbookStateRow> m_rows;
    int m_playheadRow = -1;
};

} // namespace bonescope::widgets
