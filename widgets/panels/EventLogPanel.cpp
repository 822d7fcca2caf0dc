#include "panels/EventLogPanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace bonescope::widgets {

EventLogPanel::EventLogPanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_list(new QTreeWidget(this))
{
    m_list->setObjectName(QStringLiteral("eventLog"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels({tr("time (s)"), tr("update"), tr("kind"), tr("movement"), tr("name")});
    m_list->headerItem()->setToolTip(
        // Rich text: Qt wraps it, where a plain tooltip runs off the screen in one line.
        1,
        tr("<p>The 1/60 s update since the movement started during which it fired, as the golden "
           "events files and bonescope-cli bake number them (not the timeline's frame: a "
           "blend-in and the movement's sc come between)</p>"));
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* clear = new QToolButton(this);
    clear->setText(tr("Clear"));
    auto* bar = new QHBoxLayout;
    bar->addStretch(1);
    bar->addWidget(clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_list);

    connect(clear, &QToolButton::clicked, m_list, &QTreeWidget::clear);
    connect(document, &AbstractDocument::eventRaised, this, &EventLogPanel::append);
    connect(document, &AbstractDocument::documentChanged, m_list, &QTreeWidget::clear);
}

void EventLogPanel::append(const PlaybackEvent& event)
{
    if (m_list->topLevelItemCount() >= kMaxEntries)
        delete m_list->takeTopLevelItem(0);
    const std::string_view kind = core::eventKindName(event.kind);
    auto* item = new QTreeWidgetItem(
        m_list,
        {QString::number(event.timeSeconds, 'f', 3), QString::number(event.frame),
         QString::fromLatin1(kind.data(), qsizetype(kind.size())), event.movement, event.name});
    if (event.kind == core::ArmatureEventKind::Frame)
        item->setForeground(4, QColor(200, 40, 40));
    m_list->scrollToItem(item);
}

} // namespace bonescope::widgets
