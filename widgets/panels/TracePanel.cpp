#include "panels/TracePanel.h"

#include "panels/BoneSelectionHint.h"

#include "bake/BlendBakeWriter.h"
#include "base/FrameRate.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <sstream>

namespace bonescope::widgets {

TracePanel::TracePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_hint(new QLabel(this)),
      m_table(new QTableWidget(this)), m_export(new QToolButton(this))
{
    m_table->setObjectName(QStringLiteral("traceTable"));
    m_table->setColumnCount(10);
    m_table->setHorizontalHeaderLabels({tr("bone"), tr("contributor"), tr("weight"), tr("x"),
                                        tr("y"), tr("skewX"), tr("skewY"), tr("scaleX"),
                                        tr("scaleY"), tr("movement frame")});
    m_table->horizontalHeaderItem(9)->setToolTip(
        tr("Frames into the contributing movement's pass; empty for a fade's starting pose, "
           "rest and the result"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_hint->setWordWrap(true);
    // The wrapped hint makes the dock's scroll area size the panel by its preferred height
    // (height for width), where the table's preferred 192 px would overflow the default dock;
    // the table takes the room there is instead, a header and a few rows at the least.
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    m_table->setMinimumHeight(5 * fontMetrics().height());
    m_export->setObjectName(QStringLiteral("exportTraceButton"));
    m_export->setText(tr("Export CSV…"));
    m_export->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_export->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_export->setToolTip(tr("The selected bones' rows as bonescope-cli bake --script --trace "
                            "writes them: at this update, or (menu) at every update"));
    m_export->setPopupMode(QToolButton::MenuButtonPopup);
    auto* menu = new QMenu(m_export);
    menu->addAction(tr("This Update…"), this, [this] { exportWithDialog(Scope::Update); });
    m_exportRecording = menu->addAction(tr("Whole Recording…"), this,
                                        [this] { exportWithDialog(Scope::Recording); });
    m_export->setMenu(menu);
    connect(m_export, &QToolButton::clicked, this, [this] { exportWithDialog(Scope::Update); });
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_hint, 1);
    bar->addWidget(m_export, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);

    connect(document, &AbstractDocument::documentChanged, this, &TracePanel::refresh);
    connect(document, &AbstractDocument::frameChanged, this, &TracePanel::refresh);
    connect(document->selection(), &AbstractBoneSelection::selectionChanged, this,
            &TracePanel::refresh);
    connect(document->recorder(), &AbstractRecorder::recordingChanged, this, &TracePanel::refresh);
    connect(document->layers(), &AbstractLayers::layerSetupChanged, this, &TracePanel::refresh);
    refresh();
}

std::vector<core::BoneContribution> TracePanel::shownTrace() const
{
    return m_document->recorder()->isRecording() ? m_document->recorder()->boneTrace()
                                                 : m_document->layers()->boneTrace();
}

void TracePanel::refresh()
{
    const core::ArmatureData* armature = m_document->armature();
    const std::vector<core::BoneContribution> trace = shownTrace();
    const bool recording = m_document->recorder()->isRecording();
    if (m_document->kind() != AbstractDocument::Kind::Armature)
        m_hint->setText(boneSelectionHint(*m_document));
    else if (!recording && !m_document->layers()->isLive())
        m_hint->setText(tr("Record a blend script (Record in the crossfade inspector), or add "
                           "layers (Layers dock), to see what each selected bone is made of at "
                           "every update."));
    else if (m_document->selection()->selectedBones().isEmpty())
        m_hint->setText(boneSelectionHint(*m_document));
    else if (recording)
        m_hint->setText(tr("Update %1: each contribution's weight and local pose, then the "
                           "result.")
                            .arg(static_cast<int>(m_document->currentFrame())));
    else if (!trace.empty())
        m_hint->setText(tr("Layer stack at %1 s (update %2): each layer that sets the bone, "
                           "with its share and its value alone, then the result.")
                            .arg(core::framesToSeconds(trace.front().frame), 0, 'f', 3)
                            .arg(trace.front().frame));
    else
        m_hint->setText(boneSelectionHint(*m_document));
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
                                   QString::number(l.scaleY, 'f', 4),
                                   c.movementFrame < 0 ? QString()
                                                       : QString::number(c.movementFrame, 'f', 2)};
        for (int column = 0; column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            if (column >= 2)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
    }
    m_export->setEnabled(!trace.empty());
    m_exportRecording->setEnabled(recording);
}

QString TracePanel::csv(Scope scope) const
{
    const core::ArmatureData* armature = m_document->armature();
    if (!armature)
        return {};
    std::vector<std::string> boneNames;
    for (const core::BoneData& bone : armature->bones)
        boneNames.push_back(bone.name);
    std::ostringstream out;
    core::writeTraceCsv(scope == Scope::Update ? shownTrace()
                                               : m_document->recorder()->recordingTrace(),
                        boneNames, out);
    return QString::fromStdString(out.str());
}

bool TracePanel::exportCsv(const QString& path, Scope scope, QString* error) const
{
    QString reason;
    if (!m_document->saveFile(path, csv(scope).toStdString(), &reason)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    return true;
}

void TracePanel::exportWithDialog(Scope scope)
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export trace"), QString(), tr("CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportCsv(path, scope, &error))
        QMessageBox::warning(this, tr("Export trace"), error);
}

} // namespace bonescope::widgets
