#include "panels/ValuesTableModel.h"

#include "panels/AbstractDocument.h"

#include <algorithm>

namespace bonescope::widgets {

namespace {
const QStringList kColumns = {QStringLiteral("frame"),  QStringLiteral("bone"),
                              QStringLiteral("x"),      QStringLiteral("y"),
                              QStringLiteral("skewX"),  QStringLiteral("skewY"),
                              QStringLiteral("scaleX"), QStringLiteral("scaleY"),
                              QStringLiteral("zOrder"), QStringLiteral("displayIndex"),
                              QStringLiteral("alpha"),  QStringLiteral("red"),
                              QStringLiteral("green"),  QStringLiteral("blue"),
                              QStringLiteral("wa"),     QStringLiteral("wb"),
                              QStringLiteral("wc"),     QStringLiteral("wd"),
                              QStringLiteral("wtx"),    QStringLiteral("wty")};

QString fixed(float value)
{
    // The golden files print "%.6f"; QString::number(…, 'f', 6) rounds the same way.
    return QString::number(double(value), 'f', 6);
}
} // namespace

ValuesTableModel::ValuesTableModel(QObject* parent) : QAbstractTableModel(parent)
{
}

void ValuesTableModel::fill(const AbstractDocument& document, int movement, const QList<int>& bones)
{
    beginResetModel();
    m_rows.clear();
    const core::ArmatureData* armature = document.armature();
    if (armature && movement >= 0 && !bones.isEmpty()) {
        QList<QPair<QString, int>> named;
        for (int bone : bones)
            if (bone >= 0 && bone < int(armature->bones.size()))
                named.append({QString::fromStdString(armature->bones[bone].name), bone});
        // Byte order of names, as the golden files sort them.
        std::sort(named.begin(), named.end(),
                  [](const auto& a, const auto& b) { return a.first.toUtf8() < b.first.toUtf8(); });
        m_bonesPerFrame = int(named.size());
        const int duration = document.movementDuration(movement);
        m_rows.reserve(size_t(duration) * named.size());
        for (int frame = 0; frame < duration; ++frame) {
            const core::Pose pose = document.samplePose(movement, frame);
            for (const auto& [name, bone] : named)
                if (bone < int(pose.size()))
                    m_rows.push_back({frame, name, pose[bone]});
        }
    }
    endResetModel();
}

int ValuesTableModel::firstRowOfFrame(int frame) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), frame,
                                     [](const Row& row, int f) { return row.frame < f; });
    return it != m_rows.end() && it->frame == frame ? int(it - m_rows.begin()) : -1;
}

QString ValuesTableModel::cellText(const Row& row, int column) const
{
    const core::BonePose& p = row.pose;
    switch (column) {
    case 0:
        return QString::number(row.frame);
    case 1:
        return row.bone;
    case 2:
        return fixed(p.local.x);
    case 3:
        return fixed(p.local.y);
    case 4:
        return fixed(p.local.skewX);
    case 5:
        return fixed(p.local.skewY);
    case 6:
        return fixed(p.local.scaleX);
    case 7:
        return fixed(p.local.scaleY);
    case 8:
        return QString::number(p.zOrder);
    case 9:
        return QString::number(p.displayIndex < 0 ? -1 : p.displayIndex);
    case 10:
        return QString::number(p.color.alpha);
    case 11:
        return QString::number(p.color.red);
    case 12:
        return QString::number(p.color.green);
    case 13:
        return QString::number(p.color.blue);
    case 14:
        return fixed(p.world.a);
    case 15:
        return fixed(p.world.b);
    case 16:
        return fixed(p.world.c);
    case 17:
        return fixed(p.world.d);
    case 18:
        return fixed(p.world.tx);
    case 19:
        return fixed(p.world.ty);
    }
    return {};
}

QString ValuesTableModel::toCsv(const QList<int>& rows) const
{
    QString csv = kColumns.join(QLatin1Char(',')) + QLatin1Char('\n');
    auto appendRow = [&](const Row& row) {
        // The golden files number frames from 1 (the row after the first update).
        csv += QString::number(row.frame + 1);
        for (int column = 1; column < kColumns.size(); ++column) {
            csv += QLatin1Char(',');
            csv += cellText(row, column);
        }
        csv += QLatin1Char('\n');
    };
    if (rows.isEmpty())
        for (const Row& row : m_rows)
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
    return parent.isValid() ? 0 : int(kColumns.size());
}

QVariant ValuesTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    if (role == Qt::DisplayRole)
        return cellText(m_rows[size_t(index.row())], index.column());
    if (role == Qt::TextAlignmentRole && index.column() != 1)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant ValuesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section < kColumns.size())
        return kColumns[section];
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section >= 14)
        return tr("Armature-space matrix: point' = (wa·x + wc·y + wtx, wb·x + wd·y + wty)");
    return {};
}

} // namespace bonescope::widgets
