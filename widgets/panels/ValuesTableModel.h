#pragma once

#include "bake/BakeTable.h"

#include <QAbstractTableModel>

#include <vector>

namespace bonescope::widgets {

class AbstractDocument;

/// Per-frame values of a set of bones, exactly the rows `bonescope-cli bake` writes for the
/// movement's `play:` scenario (core::BakeTable, golden/README.md): one row per frame and bone,
/// bones sorted by name inside a frame, frames numbered from 1 (the row after update N). x..scaleY
/// are local (parent-relative, skews in radians), wa..wty the armature-space matrix.
class ValuesTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ValuesTableModel(QObject* parent = nullptr);

    /// The rows of `bones` in `document`'s bake of `movement`.
    void fill(const AbstractDocument& document, int movement, const QList<int>& bones);

    /// The header line and every row (or only `rows` when given), as CSV text in the golden
    /// layout.
    QString toCsv(const QList<int>& rows = {}) const;
    /// First row of frame `frame` (from 1), or −1.
    int firstRowOfFrame(int frame) const;
    /// Frames the rows cover (the bake's updates); 0 when empty.
    int frameCount() const { return m_rows.empty() ? 0 : m_rows.back().frame; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QString cellText(const core::BakeRow& row, int column) const;

    std::vector<core::BakeRow> m_rows;
};

} // namespace bonescope::widgets
