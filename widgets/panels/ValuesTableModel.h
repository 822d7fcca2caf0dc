#pragma once

#include "runtime/Pose.h"

#include <QAbstractTableModel>

#include <vector>

namespace bonescope::widgets {

class AbstractDocument;

/// Per-frame values of a set of bones over a whole movement, in the golden CSV layout
/// (`frame,bone,x,y,skewX,skewY,scaleX,scaleY,zOrder,displayIndex,alpha,red,green,blue,
/// wa,wb,wc,wd,wtx,wty`): one row per frame and bone, bones sorted by name inside a frame.
/// `frame` is the movement frame: 0-based in the table (as the timeline counts), 1-based in the
/// CSV text (as the golden files number them); x..scaleY are local (parent-relative, skews in
/// radians), wa..wty the armature-space matrix.
class ValuesTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ValuesTableModel(QObject* parent = nullptr);

    /// Samples `bones` of `movement` at every frame 0..duration−1 from `document`.
    void fill(const AbstractDocument& document, int movement, const QList<int>& bones);

    /// The header line and every row (or only `rows` when given), as CSV text in the golden
    /// layout: frames numbered from 1, floats `%.6f`.
    QString toCsv(const QList<int>& rows = {}) const;
    /// First row of movement frame `frame`, or −1.
    int firstRowOfFrame(int frame) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row {
        int frame;
        QString bone;
        core::BonePose pose;
    };
    QString cellText(const Row& row, int column) const;

    std::vector<Row> m_rows;
    int m_bonesPerFrame = 0;
};

} // namespace bonescope::widgets
