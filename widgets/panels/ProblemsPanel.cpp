#include "panels/ProblemsPanel.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace bonescope::widgets {

namespace {
/// The line, short enough to leave the message room; a JSON pointer only when there is no line
/// (it is in the place's tooltip and the detail box).
QString placeOf(const core::LoadError& problem)
{
    if (problem.line > 0)
        return QObject::tr("line %1").arg(problem.line);
    return QString::fromStdString(problem.jsonPointer);
}
} // namespace

ProblemsPanel::ProblemsPanel(QWidget* parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_list(new QTreeWidget(this)),
      m_detail(new QPlainTextEdit(this))
{
    m_summary->setObjectName(QStringLiteral("problemsSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_list->setObjectName(QStringLiteral("problemsList"));
    m_list->setColumnCount(ColumnCount);
    m_list->setHeaderLabels({tr("Severity"), tr("File"), tr("Place"), tr("Message")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->setWordWrap(false);
    m_list->header()->setStretchLastSection(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // A text box of fixed height, not a word-wrapped label: a label's height-for-width would
    // make the dock's scroll area lay the panel out at its preferred height, hiding the box.
    m_detail->setObjectName(QStringLiteral("problemDetail"));
    m_detail->setReadOnly(true);
    m_detail->setFrameShape(QFrame::NoFrame);
    m_detail->setFixedHeight(3 * m_detail->fontMetrics().lineSpacing() +
                             2 * int(m_detail->document()->documentMargin()));
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* row) {
        m_detail->setPlainText(row ? row->toolTip(Message) : QString());
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_detail);
    m_summary->setText(tr("No file open"));
}

void ProblemsPanel::showFirstRow()
{
    if (QTreeWidgetItem* first = m_list->topLevelItem(0))
        m_list->setCurrentItem(first);
    else
        m_detail->clear();
}

void ProblemsPanel::showWarnings(const QString& path, const std::vector<core::LoadError>& warnings)
{
    const QDir folder = QFileInfo(path).absoluteDir();
    const QIcon icon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    m_warningsOf = path;
    m_list->clear();
    QList<QTreeWidgetItem*> rows;
    const size_t shown = std::min(warnings.size(), size_t(kMaxRows));
    rows.reserve(qsizetype(shown) + 1);
    for (size_t i = 0; i < shown; ++i) {
        const core::LoadError& warning = warnings[i];
        auto* row = new QTreeWidgetItem;
        row->setIcon(Severity, icon);
        row->setText(Severity, tr("warning"));
        row->setText(File, folder.relativeFilePath(QString::fromStdString(warning.file)));
        row->setText(Place, placeOf(warning));
        row->setToolTip(Place, QString::fromStdString(warning.jsonPointer));
        row->setText(Message, QString::fromStdString(warning.message));
        row->setToolTip(Message, QString::fromStdString(warning.toString()));
        rows.append(row);
    }
    if (warnings.size() > shown) {
        auto* more = new QTreeWidgetItem;
        more->setText(Message, tr("… and %1 more (bonescope-cli validate lists them all)")
                                   .arg(warnings.size() - shown));
        more->setToolTip(Message, more->text(Message));
        rows.append(more);
    }
    // One insertion: the view lays the rows out once, not once per row.
    m_list->addTopLevelItems(rows);
    for (int column = Severity; column < Message; ++column)
        m_list->resizeColumnToContents(column);
    showFirstRow();
    const QString name = QFileInfo(path).fileName();
    if (warnings.empty())
        m_summary->setText(tr("%1: no problems").arg(name));
    else if (warnings.size() == 1)
        m_summary->setText(tr("%1: 1 problem").arg(name));
    else
        m_summary->setText(tr("%1: %2 problems").arg(name).arg(warnings.size()));
}

void ProblemsPanel::showRefusal(const QString& path, const QString& message,
                                const QString& stillOpen)
{
    const QString name = QFileInfo(path).fileName();
    showError(path, message,
              stillOpen.isEmpty() ? tr("%1 was not opened").arg(name)
                                  : tr("%1 was not opened; still showing %2").arg(name, stillOpen));
}

void ProblemsPanel::showReloadFailure(const QString& path, const QString& message)
{
    showError(path, message,
              tr("%1 could not be read again; showing the version read before")
                  .arg(QFileInfo(path).fileName()));
}

void ProblemsPanel::showError(const QString& path, const QString& message, const QString& summary)
{
    m_warningsOf.clear();
    m_list->clear();
    auto* row = new QTreeWidgetItem;
    row->setIcon(Severity, style()->standardIcon(QStyle::SP_MessageBoxCritical));
    row->setText(Severity, tr("error"));
    row->setText(File, QFileInfo(path).fileName());
    row->setText(Message, message);
    row->setToolTip(Message, message);
    m_list->addTopLevelItem(row);
    for (int column = Severity; column < Message; ++column)
        m_list->resizeColumnToContents(column);
    showFirstRow();
    m_summary->setText(summary);
}

} // namespace bonescope::widgets
