#include "panels/BoneTreePanel.h"

#include "panels/BoneSelectionHint.h"

#include "model/BoneAngles.h"
#include "runtime/LayerSetupPlayback.h"
#include <QEvent>

#include <QBrush>
#include <QColor>

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <vector>

namespace bonescope::widgets {

namespace {
constexpr int kBoneRole = Qt::UserRole; ///< the row's bone index

// A value as the tree shows it: one that rounds to zero reads 0, never "-0.00".
QString number(double value, int decimals)
{
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(u'-') && text.toDouble() == 0.0)
        text.remove(0, 1);
    return text;
}

} // namespace

BoneTreePanel::BoneTreePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_tree(new QTreeWidget(this)),
      m_flipbookHint(new QLabel(this))
{
    m_tree->setObjectName(QStringLiteral("boneTree"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Bone"), tr("x"), tr("y"), tr("rot°"), tr("skew°"), tr("scaleX"),
                             tr("scaleY"), tr("display"), tr("z"), tr("alpha")});
    m_tree->headerItem()->setToolTip(Rotation, tr("Rotation in degrees (skewY)"));
    m_tree->headerItem()->setToolTip(Skew,
                                     tr("Shear in degrees: −skewX − skewY within (−180, 180], 0 "
                                        "for a pure rotation"));
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    // Sized per file, then widened only for a value longer than any before (widenColumns):
    // ResizeToContents would measure every row each frame.
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    m_flipbookHint->setWordWrap(true);
    m_flipbookHint->setMargin(6);
    m_flipbookHint->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_flipbookHint->hide();
    layout->addWidget(m_flipbookHint);

    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, &BoneTreePanel::pushSelection);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int column) {
        if (column != Name)
            return;
        const int bone = item->data(Name, kBoneRole).toInt();
        const bool visible = item->checkState(Name) == Qt::Checked;
        if (bone >= 0 && visible != m_document->selection()->isBoneVisible(bone))
            m_document->selection()->setBoneVisible(bone, visible);
    });
    // Rows coming into view get the current values (off-screen rows are not kept up to date).
    connect(m_tree->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &BoneTreePanel::refreshValues);
    connect(m_tree, &QTreeWidget::itemExpanded, this, &BoneTreePanel::refreshValues);
    m_tree->viewport()->installEventFilter(this);
    connect(document, &AbstractDocument::documentChanged, this, &BoneTreePanel::rebuild);
    connect(document, &AbstractDocument::frameChanged, this, &BoneTreePanel::refreshValues);
    connect(document->layers(), &AbstractLayers::layerSetupChanged, this,
            &BoneTreePanel::refreshLayerFlags);
    connect(document->selection(), &AbstractBoneSelection::selectionChanged, this,
            &BoneTreePanel::pullSelection);
    connect(document->selection(), &AbstractBoneSelection::boneVisibilityChanged, this,
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

bool BoneTreePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Resize)
        refreshValues();
    return QWidget::eventFilter(watched, event);
}

void BoneTreePanel::rebuild()
{
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    m_items.clear();
    const bool flipbook = m_document->kind() == AbstractDocument::Kind::Flipbook;
    m_tree->setVisible(!flipbook);
    m_flipbookHint->setVisible(flipbook);
    m_flipbookHint->setText(boneSelectionHint(*m_document));
    const core::ArmatureData* armature = m_document->armature();
    if (!armature)
        return;
    // Items are made outside the view and inserted in one call, so the view lays them out once.
    const int count = int(armature->bones.size());
    std::vector<int> depth(size_t(count), 0);
    std::vector<int> shownParent(size_t(count), -1); // the bone whose row holds this one
    QList<QTreeWidgetItem*> topLevel;
    m_items.reserve(count);
    for (int i = 0; i < count; ++i) {
        const core::BoneData& bone = armature->bones[size_t(i)];
        // Bones are stored parent before child; a parent index that is not earlier is ignored.
        const int parent = bone.parentIndex >= 0 && bone.parentIndex < i ? bone.parentIndex : -1;
        auto* item = new QTreeWidgetItem;
        item->setText(Name, QString::fromStdString(bone.name));
        item->setData(Name, kBoneRole, i);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Name, m_document->selection()->isBoneVisible(i) ? Qt::Checked
                                                                            : Qt::Unchecked);
        for (int column = X; column < ColumnCount; ++column)
            item->setTextAlignment(column, Qt::AlignRight | Qt::AlignVCenter);
        if (parent >= 0 && depth[size_t(parent)] + 1 < kMaxNesting) {
            shownParent[size_t(i)] = parent;
            depth[size_t(i)] = depth[size_t(parent)] + 1;
        } else if (parent >= 0) {
            // Too deep to indent: beside its parent, one row per bone still.
            shownParent[size_t(i)] = shownParent[size_t(parent)];
            depth[size_t(i)] = depth[size_t(parent)];
            item->setToolTip(Name,
                             tr("Child of %1 (nesting deeper than %2 levels is shown flat)")
                                 .arg(QString::fromStdString(armature->bones[size_t(parent)].name))
                                 .arg(kMaxNesting));
        }
        if (shownParent[size_t(i)] >= 0)
            m_items[shownParent[size_t(i)]]->addChild(item);
        else
            topLevel.append(item);
        m_items.append(item);
    }
    m_tree->addTopLevelItems(topLevel);
    m_tree->expandAll();
    // The value columns fit this file from nothing: refreshValues widens each once.
    for (int column = X; column < ColumnCount; ++column) {
        m_tree->setColumnWidth(column, 0);
        m_fit[column] = {0, true};
    }
    refreshValues();
    refreshLayerFlags();
    m_tree->resizeColumnToContents(Name);
    pullSelection();
}

void BoneTreePanel::refreshRow(int bone, const core::BonePose& pose)
{
    QTreeWidgetItem* item = m_items[bone];
    setValue(item, X, number(pose.local.x, 2));
    setValue(item, Y, number(pose.local.y, 2));
    setValue(item, Rotation, number(core::rotationDegrees(pose.local.skewY), 2));
    setValue(item, Skew, number(core::shearDegrees(pose.local.skewX, pose.local.skewY), 2));
    setValue(item, ScaleX, number(pose.local.scaleX, 3));
    setValue(item, ScaleY, number(pose.local.scaleY, 3));
    setValue(item, Display, QString::number(pose.displayIndex));
    setValue(item, Z, QString::number(pose.zOrder));
    setValue(item, Alpha, QString::number(pose.color.alpha));
}

void BoneTreePanel::setValue(QTreeWidgetItem* item, int column, const QString& text)
{
    item->setText(column, text);
    // A rotation growing past ±100° must not read "1...": its column widens after this refresh.
    // Measured, not counted: "11.25" is wider than "-7.00".
    const int width = m_tree->fontMetrics().horizontalAdvance(text);
    if (width > m_fit[column].widest)
        m_fit[column] = {width, true};
}

void BoneTreePanel::widenColumns()
{
    for (int column = X; column < ColumnCount; ++column) {
        if (!m_fit[column].widen)
            continue;
        m_fit[column].widen = false;
        // The view measures its rows on screen as it will draw them; a column never narrows.
        const int width = m_tree->columnWidth(column);
        m_tree->resizeColumnToContents(column);
        if (m_tree->columnWidth(column) < width)
            m_tree->setColumnWidth(column, width);
    }
}

void BoneTreePanel::refreshLayerFlags()
{
    const std::vector<float> sums = m_document->layers()->layerWeightSums();
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
    const int count = std::min<int>(m_items.size(), int(pose.size()));
    // Only the rows on screen: a tick must not cost a text update per bone of a huge armature.
    const int bottom = m_tree->viewport()->height();
    for (QTreeWidgetItem* item = m_tree->itemAt(0, 0);
         item && m_tree->visualItemRect(item).top() < bottom; item = m_tree->itemBelow(item)) {
        const int bone = item->data(Name, kBoneRole).toInt();
        if (bone < count)
            refreshRow(bone, pose[size_t(bone)]);
    }
    widenColumns();
}

void BoneTreePanel::pullSelection()
{
    m_updatingSelection = true;
    const QList<int> selected = m_document->selection()->selectedBones();
    m_tree->clearSelection();
    for (int bone : selected)
        if (QTreeWidgetItem* item = itemForBone(bone))
            item->setSelected(true);
    if (!selected.isEmpty())
        if (QTreeWidgetItem* item = itemForBone(selected.first()))
            revealName(item);
    m_updatingSelection = false;
}

void BoneTreePanel::revealName(QTreeWidgetItem* item)
{
    m_tree->scrollToItem(item);
    // scrollToItem scrolls only up and down in a name column wider than the view: a bone
    // deep in a chain (a tail, a rope) would be selected out of sight, right of the view.
    // Its name goes one indentation from the left edge instead.
    const int left = m_tree->visualItemRect(item).left(); // the check box, then the name
    const int right =
        left + m_tree->indentation() + m_tree->fontMetrics().horizontalAdvance(item->text(Name));
    if (left < 0 || right > m_tree->viewport()->width()) {
        QScrollBar* sideways = m_tree->horizontalScrollBar();
        sideways->setValue(sideways->value() + left - m_tree->indentation());
    }
}

void BoneTreePanel::pushSelection()
{
    if (m_updatingSelection)
        return;
    QList<int> bones;
    for (const QTreeWidgetItem* item : m_tree->selectedItems())
        bones.append(item->data(Name, kBoneRole).toInt());
    std::sort(bones.begin(), bones.end()); // bone order, as the per-item scan gave it
    m_document->selection()->selectBones(bones);
}

} // namespace bonescope::widgets
