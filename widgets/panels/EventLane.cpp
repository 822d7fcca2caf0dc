#include "panels/EventLane.h"

#include "panels/FrameRuler.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace bonescope::widgets {

namespace {
constexpr double kMark = 12; // marker size in pixels
constexpr double kStray = 7; // stray fire diamond size in pixels
const QColor kStrayColor(60, 110, 200);
} // namespace

EventLane::EventLane(AbstractDocument* document, const FrameRuler* ruler, QWidget* parent)
    : QWidget(parent), m_document(document), m_ruler(ruler)
{
    setObjectName(QStringLiteral("eventLane"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(document, &AbstractDocument::documentChanged, this, &EventLane::restart);
    connect(document, &AbstractDocument::movementChanged, this, &EventLane::restart);
    connect(document, &AbstractDocument::parameterChanged, this, &EventLane::restart);
    connect(document, &AbstractDocument::loopPreviewChanged, this, &EventLane::restart);
    connect(document, &AbstractDocument::eventRaised, this, &EventLane::onEvent);
    connect(document, &AbstractDocument::frameSought, this, [this] { m_tracker.restartPhase(); });
    connect(document, &AbstractDocument::frameChanged, this, &EventLane::onFrame);
    restart();
}

void EventLane::restart()
{
    // From where the playhead is: what happened before this movement (or edit) is unknown.
    const int movement = m_document->currentMovement();
    m_tracker.reset(m_document->movementData(movement), m_document->currentFrame(),
                    m_document->effectiveLoop(movement));
    // A flipbook has no verdicts to explain (emptyText says what the lane is then).
    setToolTip(m_document->kind() == AbstractDocument::Kind::Flipbook
                   ? QString()
                   : tr("Frame events: green on time, orange late, purple twice, red missed, "
                        "grey not reached; a small blue diamond is a fire no keyframe of this "
                        "pass accounts for"));
    followPass();
    update();
}

QString EventLane::emptyText() const
{
    // A flipbook's frames carry notifications, not bone keyframe events: nothing to judge.
    if (m_document->kind() == AbstractDocument::Kind::Flipbook)
        return m_ruler->eventMarks().isEmpty()
                   ? tr("No notifications in this animation")
                   : tr("Notifications are flagged on the ruler; the event log lists them as "
                        "they fire");
    if (m_document->kind() == AbstractDocument::Kind::Empty)
        return tr("No file open");
    if (m_document->currentMovement() < 0)
        return tr("This armature has no movements: nothing poses its bones, so none shows a "
                  "display (a library of displays for other armatures)");
    return m_tracker.movementHasEvents()
               ? tr("No frame event in this pass: the bones that carry them keep their own time "
                    "and reach them in other passes")
               : tr("No frame events in this movement");
}

void EventLane::followPass()
{
    if (m_tracker.passIndex() == m_announcedPass)
        return;
    m_announcedPass = m_tracker.passIndex();
    emit passChanged();
}

void EventLane::onEvent(const PlaybackEvent& event)
{
    if (event.kind == core::ArmatureEventKind::Frame && event.keyFrame >= 0)
        m_tracker.fired(event.name.toStdString(), event.keyFrame, event.playedFrame);
    else if (event.kind == core::ArmatureEventKind::LoopComplete)
        m_tracker.loopCompleted();
}

void EventLane::onFrame(double frame)
{
    m_tracker.moveTo(frame);
    followPass();
    update();
}

QColor EventLane::verdictColor(core::FrameEventVerdict verdict)
{
    switch (verdict) {
    case core::FrameEventVerdict::Pending:
        return QColor(150, 150, 150);
    case core::FrameEventVerdict::OnTime:
        return QColor(40, 160, 70);
    case core::FrameEventVerdict::Late:
        return QColor(235, 140, 20);
    case core::FrameEventVerdict::Twice:
        return QColor(140, 60, 200);
    case core::FrameEventVerdict::Missed:
        return QColor(215, 30, 30);
    }
    return {};
}

QString EventLane::verdictName(core::FrameEventVerdict verdict)
{
    switch (verdict) {
    case core::FrameEventVerdict::Pending:
        return tr("not reached");
    case core::FrameEventVerdict::OnTime:
        return tr("on time");
    case core::FrameEventVerdict::Late:
        return tr("late");
    case core::FrameEventVerdict::Twice:
        return tr("twice");
    case core::FrameEventVerdict::Missed:
        return tr("missed");
    }
    return {};
}

QRectF EventLane::markRect(size_t key) const
{
    if (key >= m_tracker.keys().size())
        return {};
    const double x = m_ruler->xForFrame(m_tracker.keys()[key].passFrame);
    return {x - kMark / 2, (height() - kMark) / 2, kMark, kMark};
}

QRectF EventLane::strayRect(size_t stray) const
{
    if (stray >= m_tracker.strayFires().size())
        return {};
    const double x = m_ruler->xForFrame(m_tracker.strayFires()[stray].passFrame);
    return {x - kStray / 2, 1, kStray, kStray};
}

void EventLane::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.window());
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawLine(QPointF(0, height() - 0.5), QPointF(width(), height() - 0.5));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    painter.setFont(small);

    painter.setPen(QPen(kStrayColor, 1.5));
    painter.setBrush(kStrayColor.lighter(150));
    for (size_t i = 0; i < m_tracker.strayFires().size(); ++i) {
        const QRectF diamond = strayRect(i);
        painter.drawPolygon(QPolygonF({QPointF(diamond.center().x(), diamond.top()),
                                       QPointF(diamond.right(), diamond.center().y()),
                                       QPointF(diamond.center().x(), diamond.bottom()),
                                       QPointF(diamond.left(), diamond.center().y())}));
    }

    const auto& keys = m_tracker.keys();
    // An empty lane says what it is for, rather than looking like space left over.
    if (keys.empty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        // Below the stray fires' row, when there are any.
        const double top = m_tracker.strayFires().empty() ? 0 : kStray;
        painter.drawText(rect().adjusted(4, top, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                         emptyText());
        return;
    }
    for (size_t i = 0; i < keys.size(); ++i) {
        const core::FrameEventVerdict verdict = m_tracker.verdict(i);
        const QColor color = verdictColor(verdict);
        const QRectF mark = markRect(i);
        painter.setPen(QPen(color, 2));
        switch (verdict) {
        case core::FrameEventVerdict::Pending:
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(mark.adjusted(2, 2, -2, -2));
            break;
        case core::FrameEventVerdict::OnTime:
            painter.setBrush(color);
            painter.drawEllipse(mark.adjusted(1, 1, -1, -1));
            break;
        case core::FrameEventVerdict::Late: // a mark pushed to the right of its frame
            painter.setBrush(color);
            painter.drawPolygon(QPolygonF({mark.topLeft(), mark.topLeft() + QPointF(0, kMark),
                                           QPointF(mark.right(), mark.center().y())}));
            break;
        case core::FrameEventVerdict::Twice:
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(mark);
            painter.setBrush(color);
            painter.drawEllipse(mark.adjusted(3, 3, -3, -3));
            break;
        case core::FrameEventVerdict::Missed:
            painter.setPen(QPen(color, 2.5));
            painter.drawLine(mark.topLeft(), mark.bottomRight());
            painter.drawLine(mark.bottomLeft(), mark.topRight());
            break;
        }
        // The name, when it fits before the next mark.
        const double next = i + 1 < keys.size() ? markRect(i + 1).left() : width();
        const QString name = QString::fromStdString(keys[i].name);
        const double room = next - mark.right() - 4;
        if (painter.fontMetrics().horizontalAdvance(name) < room) {
            painter.setPen(color);
            painter.drawText(QRectF(mark.right() + 2, 0, room, height()),
                             Qt::AlignLeft | Qt::AlignVCenter, name);
        }
    }
}

bool EventLane::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const QPointF at = static_cast<QHelpEvent*>(event)->pos();
        for (size_t i = 0; i < m_tracker.keys().size(); ++i)
            if (markRect(i).adjusted(-3, -3, 3, 3).contains(at)) {
                const core::FrameEventTracker::Key& key = m_tracker.keys()[i];
                QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(),
                                   tr("%1 at frame %2: %3")
                                       .arg(QString::fromStdString(key.name))
                                       .arg(key.passFrame)
                                       .arg(verdictName(m_tracker.verdict(i))),
                                   this);
                return true;
            }
        for (size_t i = 0; i < m_tracker.strayFires().size(); ++i)
            if (strayRect(i).adjusted(-3, -3, 3, 3).contains(at)) {
                const core::FrameEventTracker::StrayFire& stray = m_tracker.strayFires()[i];
                QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(),
                                   tr("%1 fired at frame %2, from its keyframe at timeline "
                                      "frame %3, which no bone reaches in this pass")
                                       .arg(QString::fromStdString(stray.name))
                                       .arg(stray.passFrame)
                                       .arg(stray.timelineFrame),
                                   this);
                return true;
            }
    }
    return QWidget::event(event);
}

} // namespace bonescope::widgets
