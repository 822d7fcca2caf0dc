#include "panels/FlipbookValuesModel.h"

#include "bake/BlendBakeWriter.h"
#include "panels/WholeFrames.h"

#include <algorithm>
#include <sstream>
#include <utility>

namespace bonescope::widgets {

namespace {
enum Column { Frame, Loop, FrameIndex, SpriteFrame, Notification, ColumnCount };
} // namespace

FlipbookValuesModel::FlipbookValuesModel(QObject* parent) : ValuesRowsModel(parent)
{
}

void FlipbookValuesModel::fill(std::vector<core::FlipbookStateRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_playheadRow = -1;
    endResetModel();
}

QString FlipbookValuesModel::toCsv(const QList<int>& rows) const
{
    std::ostringstream csv;
    if (rows.isEmpty()) {
        core::writeFlipbookStateCsv(m_rows, csv);
    } else {
        std::vector<core::FlipbookStateRow> chosen;
        for (const int row : rows)
            if (row >= 0 && row < int(m_rows.size()))
                chosen.push_back(m_rows[size_t(row)]);
        core::writeFlipbookStateCsv(chosen, csv);
    }
    return QString::fromStdString(csv.str());
}

int FlipbookValuesModel::firstRowShowing(double frame) const
{
    if (m_rows.empty())
        return -1;
    // cocos2d-x's first update shows the animation's start: the row after update N shows frame
    // N − 1.
    return int(std::clamp(wholeFramesReached(frame), 0.0, double(m_rows.size() - 1)));
}

void FlipbookValuesModel::setPlayheadRow(int row)
{
    if (row < 0 || row >= int(m_rows.size()))
        row = -1;
    const int previous = std::exchange(m_playheadRow, row);
    if (previous == row)
        return;
    for (const int changed : {previous, row})
        if (changed >= 0)
            emit dataChanged(index(changed, 0), index(changed, ColumnCount - 1),
                             {Qt::BackgroundRole});
}

int FlipbookValuesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FlipbookValuesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FlipbookValuesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const core::FlipbookStateRow& row = m_rows[size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Frame:
            return row.frame;
        case Loop:
            return row.loop;
        case FrameIndex:
            return row.frameIndex;
        case SpriteFrame:
            return QString::fromStdString(row.spriteFrame);
        case Notification:
            return QString::fromStdString(row.notification);
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole && index.column() < SpriteFrame)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::BackgroundRole && index.row() == m_playheadRow) {
        return playheadTint();
    }
    return {};
}

QVariant FlipbookValuesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        static const char* const names[] = {"frame", "loop", "frameIndex", "spriteFrame",
                                            "notification"};
        return QString::fromLatin1(names[section]);
    }
    if (role != Qt::ToolTipRole)
        return {};
    switch (section) {
    case Frame:
        return tr("<p>The update (1/60 s since the animation started) after which the row holds; "
                  "the tinted row is the one on display</p>");
    case Loop:
        return tr("The loop being played, from 0 (cocos2d-x's executed loops)");
    case FrameIndex:
        return tr("<p>The animation's frame on display, from 0; −1 for the sprite's original frame "
                  "(restoreOriginalFrame)</p>");
    case Notification:
        return tr("<p>The frames' notifications raised during the update: key=value pairs joined "
                  "by ;, frames by |</p>");
    }
    return {};
}

} // namespace bonescope::widgets
