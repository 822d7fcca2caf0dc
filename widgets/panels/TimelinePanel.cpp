#include "panels/TimelinePanel.h"

#include "panels/EventLane.h"
#include "panels/FrameRuler.h"
#include "panels/WholeFrames.h"

#include "base/FrameRate.h"
#include "model/MovementData.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace bonescope::widgets {

namespace {
QToolButton* toolButton(QWidget* parent, QStyle::StandardPixmap icon, const QString& tip)
{
    auto* button = new QToolButton(parent);
    button->setIcon(parent->style()->standardIcon(icon));
    button->setToolTip(tip);
    button->setAutoRaise(true);
    return button;
}

/// The frame and time readout: as wide as a text of four-digit frames at least, so that it
/// does not jitter as the numbers change, but with a small minimum, so that it never holds the
/// panel wider than a narrow dock (the panel then gives it a row of its own: resizeEvent).
class FrameLabel : public QLabel {
public:
    using QLabel::QLabel;
    QSize sizeHint() const override
    {
        const QSize text = QLabel::sizeHint(); // a long recording's frames have more digits
        return {std::max(text.width(), fontMetrics().horizontalAdvance(QStringLiteral(
                                           "frame 0000 / 0000 · 000.000 s / 000.000 s"))),
                text.height()};
    }
    QSize minimumSizeHint() const override
    {
        return {fontMetrics().horizontalAdvance(QStringLiteral("frame 0000 / 0000")),
                QLabel::minimumSizeHint().height()};
    }
};
} // namespace

TimelinePanel::TimelinePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    m_movements = new QComboBox(this);
    m_movements->setObjectName(QStringLiteral("movementBox"));
    m_movements->setToolTip(tr("Movement"));
    // Wide enough for typical names whatever the window's state when the list is filled.
    m_movements->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_movements->setMinimumContentsLength(16);

    auto* first = toolButton(this, QStyle::SP_MediaSkipBackward, tr("First frame (Home)"));
    auto* back = toolButton(this, QStyle::SP_MediaSeekBackward, tr("Previous frame (Left)"));
    m_play = toolButton(this, QStyle::SP_MediaPlay, tr("Play / pause (Space)"));
    m_play->setObjectName(QStringLiteral("playButton"));
    m_play->setCheckable(true);
    auto* forward = toolButton(this, QStyle::SP_MediaSeekForward, tr("Next frame (Right)"));
    auto* last = toolButton(this, QStyle::SP_MediaSkipForward, tr("Last frame (End)"));
    m_loop = toolButton(this, QStyle::SP_BrowserReload,
                        tr("Loop every movement for preview; off: follow each movement's own "
                           "loop flag"));
    m_loop->setObjectName(QStringLiteral("loopButton"));
    m_loop->setCheckable(true);

    m_speed = new QDoubleSpinBox(this);
    m_speed->setObjectName(QStringLiteral("speedBox"));
    m_speed->setRange(0.05, 8.0);
    m_speed->setSingleStep(0.25);
    m_speed->setDecimals(2);
    m_speed->setPrefix(tr("speed ×"));
    m_speed->setToolTip(tr("Speed scale (1 = the data's own speed)"));
    // Applied on Enter, focus loss or a step: tracking each keystroke made the document echo
    // "1" back as "1.00" while "1.25" was still being typed.
    m_speed->setKeyboardTracking(false);

    m_frameLabel = new FrameLabel(this);
    m_frameLabel->setObjectName(QStringLiteral("frameLabel"));
    m_frameLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_ruler = new FrameRuler(this);
    m_ruler->setObjectName(QStringLiteral("frameRuler"));

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(m_movements);
    for (QWidget* widget : {static_cast<QWidget*>(first), static_cast<QWidget*>(back),
                            static_cast<QWidget*>(m_play), static_cast<QWidget*>(forward),
                            static_cast<QWidget*>(last), static_cast<QWidget*>(m_loop)})
        controls->addWidget(widget);
    controls->addWidget(m_speed);
    controls->addStretch(1);
    m_header = new QBoxLayout(QBoxLayout::LeftToRight);
    m_header->addLayout(controls);
    m_header->addWidget(m_frameLabel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(m_header);
    layout->addWidget(m_ruler);
    m_lane = new EventLane(document, m_ruler, this);
    layout->addWidget(m_lane);
    connect(m_lane, &EventLane::passChanged, this, &TimelinePanel::refreshMarks);

    connect(m_movements, &QComboBox::activated, document->crossfade(),
            &AbstractCrossfade::changeMovement);
    connect(m_play, &QToolButton::toggled, document, &AbstractDocument::setPlaying);
    connect(back, &QToolButton::clicked, document, [document] { document->stepFrames(-1); });
    connect(forward, &QToolButton::clicked, document, [document] { document->stepFrames(1); });
    connect(first, &QToolButton::clicked, document, [document] {
        document->setPlaying(false);
        document->seekFrame(0);
    });
    connect(last, &QToolButton::clicked, document, [document] {
        document->setPlaying(false);
        document->seekFrame(document->timelineFrames());
    });
    connect(m_loop, &QToolButton::toggled, document, &AbstractDocument::setLoopPreview);
    connect(m_speed, &QDoubleSpinBox::valueChanged, document, &AbstractDocument::setSpeed);
    connect(m_ruler, &FrameRuler::scrubbed, document, [document](int frame) {
        document->setPlaying(false);
        document->seekFrame(frame);
    });
    connect(m_ruler, &FrameRuler::markMoved, document->recorder(),
            &AbstractRecorder::moveRecordedCall);
    connect(m_ruler, &FrameRuler::markDeleteRequested, document->recorder(),
            &AbstractRecorder::removeRecordedCall);
    connect(m_ruler, &FrameRuler::markActivated, this, &TimelinePanel::editCall);
    connect(m_ruler, &FrameRuler::markMenuRequested, this, &TimelinePanel::showCallMenu);

    connect(document, &AbstractDocument::documentChanged, this, &TimelinePanel::rebuild);
    connect(document, &AbstractDocument::movementChanged, this, [this](int movement) {
        const QSignalBlocker blocker(m_movements);
        m_movements->setCurrentIndex(movement);
        refreshRuler();
    });
    connect(document, &AbstractDocument::parameterChanged, this, &TimelinePanel::refreshRuler);
    connect(document->recorder(), &AbstractRecorder::recordingChanged, this,
            &TimelinePanel::rebuild);
    connect(document->recorder(), &AbstractRecorder::blendScriptChanged, this,
            &TimelinePanel::refreshRuler);
    connect(document->selection(), &AbstractBoneSelection::selectionChanged, this,
            &TimelinePanel::refreshMarks);
    connect(document, &AbstractDocument::frameChanged, this, &TimelinePanel::refreshFrame);
    connect(document, &AbstractDocument::playingChanged, this, &TimelinePanel::refreshPlaying);
    connect(document, &AbstractDocument::loopPreviewChanged, this, [this](bool loop) {
        const QSignalBlocker blocker(m_loop);
        m_loop->setChecked(loop);
        refreshMarks(); // a delayed bone's keyframes move when it stops looping
    });
    connect(document, &AbstractDocument::speedChanged, this, [this](double speed) {
        if (m_speed->value() == speed)
            return; // the box's own edit coming back; rewriting it would move the cursor
        const QSignalBlocker blocker(m_speed);
        m_speed->setValue(speed);
    });
    rebuild();
}

void TimelinePanel::resizeEvent(QResizeEvent* event)
{
    // The readout beside the controls where both fit at their full widths, else under them: a
    // dock narrower than the row used to scroll the ruler out of sight.
    const QMargins margins = layout()->contentsMargins();
    const QLayoutItem* controls = m_header->itemAt(0);
    const int oneRow = margins.left() + controls->sizeHint().width() + m_header->spacing() +
                       m_frameLabel->sizeHint().width() + margins.right();
    m_header->setDirection(event->size().width() >= oneRow ? QBoxLayout::LeftToRight
                                                           : QBoxLayout::TopToBottom);
    QWidget::resizeEvent(event);
}

void TimelinePanel::rebuild()
{
    {
        const QSignalBlocker blocker(m_movements);
        m_movements->clear();
        m_movements->addItems(m_document->movementNames());
        m_movements->setCurrentIndex(m_document->currentMovement());
    }
    {
        const QSignalBlocker blocker(m_loop);
        m_loop->setChecked(m_document->loopPreview());
    }
    {
        const QSignalBlocker blocker(m_speed);
        m_speed->setValue(m_document->speed());
    }
    refreshRuler();
    refreshPlaying(m_document->isPlaying());
}

void TimelinePanel::refreshRuler()
{
    m_ruler->setDuration(m_document->timelineFrames());
    refreshMarks();
    refreshFrame(m_document->currentFrame());
}

void TimelinePanel::refreshMarks()
{
    const int movement = m_document->currentMovement();
    const QList<int> selected = m_document->selection()->selectedBones();
    const bool flipbook = m_document->kind() == AbstractDocument::Kind::Flipbook;
    m_ruler->setMarksEditable(m_document->recorder()->isRecording());
    if (m_document->recorder()->isRecording()) {
        // The ruler spans the recorded script: its calls are the marks.
        m_ruler->setKeyFrames({});
        m_ruler->setEventMarks(m_document->recorder()->recordedCalls());
        return;
    }
    // The pass played: a bone keeping its own time reaches other keyframes in later passes.
    const int pass = m_lane->tracker().passIndex();
    if (movement < 0 || (!flipbook && selected.isEmpty()))
        m_ruler->setKeyFrames({});
    else
        m_ruler->setKeyFrames(
            m_document->keyFrames(movement, flipbook ? -1 : selected.first(), pass));
    m_ruler->setEventMarks(movement < 0 ? QList<TimelineMark>{}
                                        : m_document->eventMarks(movement, pass));
}

void TimelinePanel::refreshFrame(double frame)
{
    // A recording grows while it plays.
    const int duration = m_document->timelineFrames();
    if (duration != m_ruler->duration())
        m_ruler->setDuration(duration);
    m_ruler->setCursor(frame);
    // A movement's clock frames last longer than 1/60 s when its `sc` slows it (a recording
    // counts updates).
    const core::MovementData* movement =
        m_document->recorder()->isRecording()
            ? nullptr
            : m_document->movementData(m_document->currentMovement());
    const auto seconds = [movement](double frames) {
        return movement ? core::clockFramesToSeconds(*movement, frames)
                        : core::framesToSeconds(frames);
    };
    m_frameLabel->setText(tr("frame %1 / %2 · %3 s / %4 s")
                              .arg(static_cast<int>(wholeFramesReached(frame)))
                              .arg(duration)
                              .arg(seconds(frame), 0, 'f', 3)
                              .arg(seconds(duration), 0, 'f', 3));
}

void TimelinePanel::editCall(int index)
{
    const core::BlendScript* script = m_document->recorder()->blendScript();
    if (!script || index < 0 || index >= int(script->calls.size()) ||
        script->calls[size_t(index)].kind != core::ScriptCall::Kind::Crossfade)
        return;
    delete m_callEditor;
    m_callEditor = new CallEditor(script->calls[size_t(index)], this);
    m_callEditor->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_callEditor, &CallEditor::callEdited, m_document,
            [document = m_document, index](const core::ScriptCall& call) {
                document->recorder()->changeRecordedCall(index, call);
            });
    connect(m_callEditor, &CallEditor::deleteRequested, m_document,
            [document = m_document, index] { document->recorder()->removeRecordedCall(index); });
    const double x = m_ruler->xForFrame(script->calls[size_t(index)].at);
    m_callEditor->move(m_ruler->mapToGlobal(QPoint(int(x), m_ruler->height() / 2)));
    m_callEditor->open();
}

void TimelinePanel::showCallMenu(int index, QPoint globalPosition)
{
    QMenu menu(this);
    QAction* edit = menu.addAction(tr("Edit Call…"), this, [this, index] { editCall(index); });
    const core::BlendScript* script = m_document->recorder()->blendScript();
    edit->setEnabled(script && index < int(script->calls.size()) &&
                     script->calls[size_t(index)].kind == core::ScriptCall::Kind::Crossfade);
    menu.addAction(
            tr("Delete Call"), m_document,
            [document = m_document, index] { document->recorder()->removeRecordedCall(index); })
        ->setEnabled(index > 0);
    menu.exec(globalPosition);
}

void TimelinePanel::refreshPlaying(bool playing)
{
    const QSignalBlocker blocker(m_play);
    m_play->setChecked(playing);
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

} // namespace bonescope::widgets
