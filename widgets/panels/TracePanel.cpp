#include "panels/TracePanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace bonescope::widgets {

TracePanel::TracePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_hint(new QLabel(this)),
      m_table(new QTableWidget(this))
{
    m_table->setObjectName(QStringLiteral("traceTable"));
    m_table->setColumnCount(9);
    m_table->setHorizontalHeaderLabels({tr("bone"), tr("contributor"), tr("weight"), tr("x"),
                                        tr("y"), tr("skewX"), tr("skewY"), tr("scaleX"),
                                        tr("scaleY")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_hint->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_hint);
    layout->addWidget(m_table, 1);

    connect(document, &AbstractDocument::documentChanged, this, &TracePanel::refresh);
    connect(document, &AbstractDocument::frameChanged, this, &TracePanel::refresh);
    connect(document, &AbstractDocument::selectionChanged, this, &TracePanel::refresh);
    connect(document, &AbstractDocument::recordingChanged, this, &TracePanel::refresh);
    refresh();
}

void TracePanel::refresh()
{
    const core::ArmatureData* armature = m_document->armature();
    const std::vector<core::BoneContribution> trace = m_document->boneTrace();
    if (!m_document->isRecording())
        m_hint->setText(tr("Record a blend script (Record in the crossfade inspector) to see "
                           "what each selected bone is made of at every update."));
    else if (m_document->selectedBones().isEmpty())
        m_hint->setText(tr("Select bones in the bone tree or the viewport."));
    else
        m_hint->setText(tr("Update %1: each contribution's weight and local pose, then the "
                           "result.")
                            .arg(static_cast<int>(m_document->currentFrame())));
    m_table->setRowCount(int(trace.size()));
    for (int row = 0; row < int(trace.size()); ++row) {
        const core::BoneContribution& c = trace[size_t(row)];
        const core::Transform& l = c.local;
        const QString bone = armature && c.bone < int(armature->bones.size())
                                 ? QString::fromStdString(armature->bones[size_t(c.bone)].name)
                                 : QString::number(c.bone);
        const QStringList cells = {bone,
                                   QString::fromStdString(c.contributor),
                                   QString::number(c.weight, 'f', 4),
                                   QString::number(l.x, 'f', 3),
                                   QString::number(l.y, 'f', 3),
                                   QString::number(l.skewX, 'f', 4),
                                   QString::number(l.skewY, 'f', 4),
                                   QString::number(l.scaleX, 'f', 4),
                                   QString::number(l.scaleY, 'f', 4)};
        for (int column = 0; column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            if (column >= 2)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
    }
}

} // namespace bonescope::widgets
