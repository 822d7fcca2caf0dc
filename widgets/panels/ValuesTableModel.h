#pragma once

#include "bake/BakeTable.h"
#include "panels/ValuesRowsModel.h"

#include <vector>

namespace bonescope::widgets {

class AbstractDocument;

/// Per-frame values of a set of bones, exactly the rows `bonescope-cli bake` writes for the
/// movement's `play:` scenario (core::BakeTable, golden/README.md): one row per frame and bone,
/// bones sorted by name inside a frame, frames numbered from 1 (the row after update N). x..scaleY
/// are local (parent-relative, skews in radians), wa..wty the armature-space matrix. A row's frame
/// is an update, not the timeline's frame: the blend-in comes first, and `sc` stretches the pass;
/// a second column, shown but not in the CSV, gives the timeline's frame each update shows.
class ValuesTableModel : public ValuesRowsModel {
    Q_OBJECT
public:
    explicit ValuesTableModel(QObject* parent = nullptr);

    /// The rows of `bones` in `document`'s bake of `movement`.
    void fill(const AbstractDocument& document, int movement, const QList<int>& bones);

    /// In the golden layout.
    QString toCsv(const QList<int>& rows = {}) const override;
    /// In the bake's first pass: the update showing the last pass frame at or before `frame`, the
    /// pass's first before that; −1 when the rows have no pass.
    int firstRowShowing(double frame) const override;
    void setPlayheadRow(int row) override;
    /// The frame whose rows are tinted, −1 for none.
    int playheadFrame() const { return m_playheadFrame; }
    /// Frames the rows cover (the bake's updates); 0 when empty.
    int frameCount() const { return m_rows.empty() ? 0 : m_rows.back().frame; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    /// The text of CSV column `column` (frame, bone, the values) of `row`.
    QString cellText(const core::BakeRow& row, int column) const;

    /// The first and last row of frame `frame`'s rows, for dataChanged.
    std::pair<int, int> rowsOfFrame(int frame) const;

    std::vector<core::BakeRow> m_rows;
    /// core::firstPassRows of m_rows, found once: the playhead asks every frame.
    std::pair<size_t, size_t> m_firstPass;
    int m_playheadFrame = -1;
};

} // namespace bonescope::widgets
