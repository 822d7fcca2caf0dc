#include "panels/BoneTreePanel.h"

#include "runtime/LayerSetupPlayback.h"

#include <QBrush>
#include <QColor>

#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <numbers>

namespace bonescope::widgets {

namespace {
constexpr double kDegrees = 180.0 / std::numbers::pi;

QString number(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}
} // namespace

BoneTreePanel::BoneTreePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_tree(new QTreeWidget(this))
{
    m_tree->setObjectName(QStringLiteral("boneTree"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Bone"), tr("x"), tr("y"), tr("rot°"), tr("skew°"), tr("scaleX"),
                             tr("scaleY"), tr("display"), tr("z"), tr("alpha")});
    m_tree->headerItem()->setToolTip(Rotation, tr("Rotation in degrees (skewY)"));
    m_tree->headerItem()->setToolTip(Skew,
                                     tr("Shear in degrees: −skewX − skewY, 0 for a pure rotation"));
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    // Sized once per file, not per tick: ResizeToContents would measure every row each frame.
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);

    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, &BoneTreePanel::pushSelection);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int column) {
        if (column != Name)
            return;
        const int bone = m_items.indexOf(item);
        const bool visible = item->checkState(Name) == Qt::Checked;
        if (bone >= 0 && visible != m_document->isBoneVisible(bone))
            m_document->setBoneVisible(bone, visible);
    });
    connect(document, &AbstractDocument::documentChanged, this, &BoneTreePanel::rebuild);
    connect(document, &AbstractDocument::frameChanged, this, &BoneTreePanel::refreshValues);
    connect(document, &AbstractDocument::layerSetupChanged, this,
            &BoneTreePanel::refreshLayerFlags);
    connect(document, &AbstractDocument::selectionChanged, this, &BoneTreePanel::pullSelection);
    connect(document, &AbstractDocument::boneVisibilityChanged, this,
            [this](int bone, bool visible) {
                if (QTreeWidgetItem* item = itemForBone(bone)) {
                    const QSignalBlocker blocker(m_tree);
                    item->setCheckState(Name, visible ? Qt::Checked : Qt::Unchecked);
                }
            });
    rebuild();
}

QTreeWidgetItem* BoneTreePanel::itemForBone(int bone) const
{
    return bone >= 0 && bone < m_items.size() ? m_items[bone] : nullptr;
}

void BoneTreePanel::rebuild()
{
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    m_items.clear();
    const core::ArmatureData* armature = m_document->armature();
    if (!armature)
        return;
    // Bones are stored parent before child, so a parent's item always exists already.
    for (size_t i = 0; i < armature->bones.size(); ++i) {
        const core::BoneData& bone = armature->bones[i];
        QTreeWidgetItem* parent = itemForBone(bone.parentIndex);
        auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
        item->setText(Name, QString::fromStdString(bone.name));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Name, m_document->isBoneVisible(int(i)) ? Qt::Checked : Qt::Unchecked);
        for (int column = X; column < ColumnCount; ++column)
            item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
        m_items.append(item);
    }
    m_tree->expandAll();
    refreshValues();
    refreshLayerFlags();
    for (int column = 0; column < ColumnCount; ++column)
        m_tree->resizeColumnToContents(column);
    pullSelection();
}

void BoneTreePanel::refreshLayerFlags()
{
    const std::vector<float> sums = m_document->layerWeightSums();
    for (int i = 0; i < m_items.size() && i < int(sums.size()); ++i) {
        const bool flagged = core::layerWeightsUnbalanced(sums[size_t(i)]);
        m_items[i]->setForeground(Name, flagged ? QBrush(QColor(0xb9, 0x77, 0x0e)) : QBrush());
        m_items[i]->setToolTip(
            Name, flagged ? tr("Layer weights add up to %1, not 1").arg(sums[size_t(i)], 0, 'f', 2)
                          : QString());
    }
}

void BoneTreePanel::refreshValues()
{
    const core::Pose& pose = m_document->pose();
    const int count = std::min<int>(m_items.size(), pose.size());
    for (int i = 0; i < count; ++i) {
        const core::BonePose& bone = pose[i];
        QTreeWidgetItem* item = m_items[i];
        item->setText(X, number(bone.local.x, 2));
        item->setText(Y, number(bone.local.y, 2));
        item->setText(Rotation, number(bone.local.skewY * kDegrees, 2));
        item->setText(Skew, number(-(bone.local.skewX + bone.local.skewY) * kDegrees, 2));
        item->setText(ScaleX, number(bone.local.scaleX, 3));
        item->setText(ScaleY, number(bone.local.scaleY, 3));
        item->setText(Display, QString::number(bone.displayIndex));
        item->setText(Z, QString::number(bone.zOrder));
        item->setText(Alpha, QString::number(bone.color.alpha));
    }
}

void BoneTreePanel::pullSelection()
{
    m_updatingSelection = true;
    const QList<int> selected = m_document->selectedBones();
    for (int i = 0; i < m_items.size(); ++i)
        m_items[i]->setSelected(selected.contains(i));
    if (!selected.isEmpty())
        if (QTreeWidgetItem* item = itemForBone(selected.first()))
            m_tree->scrollToItem(item);
    m_updatingSelection = false;
}

void BoneTreePanel::pushSelection()
{
    if (m_updatingSelection)
        return;
    QList<int> bones;
    for (int i = 0; i < m_items.size(); ++i)
        if (m_items[i]->isSelected())
            bones.append(i);
    m_document->selectBones(bones);
}

} // namespace bonescope::widgets
