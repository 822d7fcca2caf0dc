#include "panels/ValuesTableModel.h"

#include "bake/CsvFields.h"
#include "panels/SelectedBakeRows.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace bonescope::widgets {

namespace {
// The table shows `frame`, the timeline's frame, `bone`, then core's value columns; the CSV
// (the golden layout) has all but the timeline's frame.
constexpr int kTimelineColumn = 1;
constexpr int kLeadingCsvColumns = 2; // frame, bone
constexpr int kCsvColumns = kLeadingCsvColumns + int(core::kBakeValueColumns);
constexpr int kFirstWorldColumn = 1 + kLeadingCsvColumns + 12; // wa, in the table

/// The CSV column shown in table column `column` (not the timeline's).
int csvColumn(int column)
{
    return column < kTimelineColumn ? column : column - 1;
}

/// The timeline's frame a row's update shows: blank while blending in (or unknown), and with
/// its fraction where `sc` or the speed makes one.
QString timelineText(const core::BakeRow& row)
{
    if (std::isnan(row.passFrame))
        return {};
    const bool whole = row.passFrame == std::floor(row.passFrame);
    return QString::number(row.passFrame, 'f', whole ? 0 : 2);
}
} // namespace

ValuesTableModel::ValuesTableModel(QObject* parent) : ValuesRowsModel(parent)
{
}

void ValuesTableModel::fill(const AbstractDocument& document, int movement, const QList<int>& bones)
{
    beginResetModel();
    m_rows = selectedBakeRows(document, movement, bones);
    m_firstPass = core::firstPassRows(m_rows);
    m_playheadFrame = -1;
    endResetModel();
}

int ValuesTableModel::firstRowShowing(double frame) const
{
    const auto [begin, end] = m_firstPass;
    if (begin == end)
        return -1;
    size_t found = begin;
    for (size_t row = begin; row < end && m_rows[row].passFrame <= frame; ++row)
        if (m_rows[row].frame != m_rows[found].frame)
            found = row;
    return int(found);
}

void ValuesTableModel::setPlayheadRow(int row)
{
    const int frame = row >= 0 && row < int(m_rows.size()) ? m_rows[size_t(row)].frame : -1;
    if (frame == m_playheadFrame)
        return;
    const int previous = std::exchange(m_playheadFrame, frame);
    for (const int changed : {previous, frame}) {
        const auto [first, last] = rowsOfFrame(changed);
        if (first <= last)
            emit dataChanged(index(first, 0), index(last, columnCount() - 1), {Qt::BackgroundRole});
    }
}

std::pair<int, int> ValuesTableModel::rowsOfFrame(int frame) const
{
    const auto before = [](const core::BakeRow& row, int f) { return row.frame < f; };
    const auto first = std::lower_bound(m_rows.begin(), m_rows.end(), frame, before);
    const auto end = std::lower_bound(first, m_rows.end(), frame + 1, before);
    return {int(first - m_rows.begin()), int(end - m_rows.begin()) - 1};
}

QString ValuesTableModel::cellText(const core::BakeRow& row, int column) const
{
    if (column == 0)
        return QString::number(row.frame);
    if (column == 1)
        return QString::fromStdString(row.bone);
    const size_t value = size_t(column - kLeadingCsvColumns);
    return value < core::kBakeValueColumns
               ? QString::fromStdString(core::formatBakeValue(value, row.values[value]))
               : QString();
}

QString ValuesTableModel::toCsv(const QList<int>& rows) const
{
    QString csv = QString::fromStdString(core::bakeCsvHeader()) + QLatin1Char('\n');
    auto appendRow = [&](const core::BakeRow& row) {
        for (int column = 0; column < kCsvColumns; ++column) {
            if (column > 0)
                csv += QLatin1Char(',');
            // A bone name may hold a comma: quoted as the bake quotes it (numbers never are).
            csv += QString::fromStdString(core::csvField(cellText(row, column).toStdString()));
        }
        csv += QLatin1Char('\n');
    };
    if (rows.isEmpty())
        for (const core::BakeRow& row : m_rows)
            appendRow(row);
    else
        for (int row : rows)
            if (row >= 0 && row < int(m_rows.size()))
                appendRow(m_rows[size_t(row)]);
    return csv;
}

int ValuesTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ValuesTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kCsvColumns + 1;
}

QVariant ValuesTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    if (role == Qt::DisplayRole) {
        const core::BakeRow& row = m_rows[size_t(index.row())];
        return index.column() == kTimelineColumn ? timelineText(row)
                                                 : cellText(row, csvColumn(index.column()));
    }
    if (role == Qt::TextAlignmentRole && csvColumn(index.column()) != 1)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::BackgroundRole && m_rows[size_t(index.row())].frame == m_playheadFrame) {
        return playheadTint();
    }
    return {};
}

QVariant ValuesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    const int column = csvColumn(section);
    if (role == Qt::DisplayRole)
        return section == kTimelineColumn ? tr("timeline")
               : column == 0              ? QStringLiteral("frame")
               : column == 1              ? QStringLiteral("bone")
                                          : QString::fromLatin1(
                                                core::kBakeColumns[size_t(column - kLeadingCsvColumns)].name);
    if (role == Qt::ToolTipRole && section == kTimelineColumn)
        return tr("<p>The timeline's frame the update shows, as the timeline numbers it; blank "
                  "while the movement blends in (durationTo). Not in the CSV, whose layout is the "
                  "golden files'</p>");
    if (role == Qt::ToolTipRole && section == 0)
        return tr("<p>The update (1/60 s since the movement started) after which the row holds, as "
                  "the golden CSV files number them; the tinted rows are the update showing the "
                  "timeline's frame</p>");
    if (role == Qt::ToolTipRole && section >= kFirstWorldColumn)
        return tr("Armature-space matrix: point' = (wa·x + wc·y + wtx, wb·x + wd·y + wty)");
    return {};
}

} // namespace bonescope::widgets
