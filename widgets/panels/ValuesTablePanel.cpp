#include "panels/ValuesTablePanel.h"

#include "panels/BoneSelectionHint.h"
#include "panels/Counted.h"
#include "panels/FlipbookValuesModel.h"
#include "panels/ValuesTableModel.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace bonescope::widgets {

ValuesTablePanel::ValuesTablePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new ValuesTableModel(this)),
      m_flipbookModel(new FlipbookValuesModel(this)), m_view(new QTableView(this)),
      m_summary(new QLabel(this))
{
    m_view->setObjectName(QStringLiteral("valuesTable"));
    m_summary->setObjectName(QStringLiteral("valuesSummary"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 4);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_copy = new QToolButton(this);
    m_copy->setObjectName(QStringLiteral("copyValuesButton"));
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the selected rows (all rows when none is selected) as CSV"));
    m_export = new QToolButton(this);
    m_export->setObjectName(QStringLiteral("exportCsvButton"));
    m_export->setText(tr("Export CSV…"));
    m_export->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_export->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_copy);
    bar->addWidget(m_export);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view);

    connect(m_copy, &QToolButton::clicked, this, &ValuesTablePanel::copyToClipboard);
    connect(m_export, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export values"), suggestedCsvPath(), tr("CSV files (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportCsv(path, &error))
            QMessageBox::warning(this, tr("Export values"), error);
    });
    connect(document, &AbstractDocument::documentChanged, this, &ValuesTablePanel::refill);
    connect(document, &AbstractDocument::movementChanged, this, &ValuesTablePanel::refill);
    connect(document, &AbstractDocument::parameterChanged, this, &ValuesTablePanel::refill);
    connect(document->selection(), &AbstractBoneSelection::selectionChanged, this,
            &ValuesTablePanel::refill);
    connect(document, &AbstractDocument::frameChanged, this, &ValuesTablePanel::followFrame);
    refill();
}

QString ValuesTablePanel::suggestedCsvPath() const
{
    const QString file = m_document->filePath();
    const QFileInfo info(file);
    const QString movement = m_document->movementNames().value(m_document->currentMovement());
    QString name = file.isEmpty() ? m_document->displayName() : info.completeBaseName();
    if (!movement.isEmpty())
        name += QLatin1Char('-') + movement;
    // Movement names come from the file: keep path separators out of the suggestion.
    name.replace(QLatin1Char('/'), QLatin1Char('_')).replace(QLatin1Char('\\'), QLatin1Char('_'));
    const QDir folder = file.isEmpty() ? QDir::home() : info.absoluteDir();
    return folder.filePath(name + QStringLiteral(".csv"));
}

ValuesRowsModel* ValuesTablePanel::shownModel() const
{
    return static_cast<ValuesRowsModel*>(m_view->model());
}

void ValuesTablePanel::refill()
{
    const int movement = m_document->currentMovement();
    if (m_document->kind() == AbstractDocument::Kind::Flipbook) {
        refillFlipbook(movement);
        return;
    }
    m_flipbookModel->fill({});
    m_view->setModel(m_model);
    const QList<int> bones = m_document->selection()->selectedBones();
    m_model->fill(*m_document, movement, bones);
    if (bones.isEmpty() || movement < 0)
        m_summaryText = boneSelectionHint(*m_document);
    else
        m_summaryText = tr("%1 × %2 frames of %3")
                            .arg(counted(bones.size(), tr("1 bone"), tr("%1 bones")))
                            .arg(m_model->frameCount())
                            .arg(m_document->movementNames().value(movement));
    showRows();
}

void ValuesTablePanel::refillFlipbook(int movement)
{
    m_model->fill(*m_document, -1, {});
    m_view->setModel(m_flipbookModel);
    const QString name = m_document->movementNames().value(movement);
    auto rows = m_document->bakeFlipbook(movement);
    if (!rows) {
        m_flipbookModel->fill({});
        m_summaryText = movement < 0 ? boneSelectionHint(*m_document)
                                     : QString::fromStdString(rows.error().message);
    } else {
        m_flipbookModel->fill(std::move(rows.value()));
        m_summaryText =
            tr("%1 of %2, as bake --scenario flipbook:%2 writes them")
                .arg(counted(m_flipbookModel->updateCount(), tr("1 update"), tr("%1 updates")),
                     name);
    }
    showRows();
}

void ValuesTablePanel::showRows()
{
    m_shownRow = -1;
    m_summary->setText(m_summaryText);
    const bool hasRows = shownModel()->rowCount() > 0;
    m_copy->setEnabled(hasRows);
    m_export->setEnabled(hasRows);
    // Laid out now rather than at the next paint, so that followFrame's scroll reaches the new
    // rows: a bone picked while paused shows the playhead's row, not the first.
    m_view->doItemsLayout();
    followFrame(m_document->currentFrame());
}

void ValuesTablePanel::followFrame(double frame)
{
    if (!isVisible())
        return;
    // A blend shows a pose between the rows (a recording's rows are its own updates).
    const bool onARow = m_document->kind() == AbstractDocument::Kind::Flipbook ||
                        m_document->recorder()->isRecording() || m_document->poseIsMovementPass();
    ValuesRowsModel* model = shownModel();
    const int row = onARow ? model->firstRowShowing(frame) : -1;
    model->setPlayheadRow(row);
    m_summary->setText(onARow || model->rowCount() == 0
                           ? m_summaryText
                           : m_summaryText + tr(" · blending now: the pose shown is none of them"));
    if (row < 0 || row == m_shownRow)
        return;
    m_shownRow = row;
    m_view->scrollTo(model->index(row, 0), QAbstractItemView::PositionAtTop);
}

void ValuesTablePanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // Hidden behind another tab it did not follow: catch up with the playhead.
    m_shownRow = -1;
    followFrame(m_document->currentFrame());
}

void ValuesTablePanel::copyToClipboard()
{
    QList<int> rows;
    for (const QModelIndex& index : m_view->selectionModel()->selectedRows())
        rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    QApplication::clipboard()->setText(shownModel()->toCsv(rows));
}

bool ValuesTablePanel::exportCsv(const QString& path, QString* error) const
{
    QString reason;
    if (!m_document->saveFile(path, shownModel()->toCsv().toStdString(), &reason)) {
        *error = tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    return true;
}

} // namespace bonescope::widgets
