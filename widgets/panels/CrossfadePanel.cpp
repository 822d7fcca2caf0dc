#include "panels/CrossfadePanel.h"

#include "panels/FramesSuffix.h"
#include "panels/WeightGraph.h"

#include "base/FrameRate.h"
#include "edit/EditValue.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>


namespace bonescope::widgets {

namespace {
constexpr TransitionType kTypes[] = {TransitionType::Switch, TransitionType::WhileAnimating,
                                     TransitionType::ThenAnimate, TransitionType::DurationTo};
} // namespace

CrossfadePanel::CrossfadePanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_source(new QComboBox(this)),
      m_target(new QComboBox(this)), m_type(new QComboBox(this)), m_duration(new QSpinBox(this)),
      m_seconds(new QLabel(this)), m_trigger(new QPushButton(tr("Trigger"), this)),
      m_record(new QPushButton(tr("Record"), this)), m_graph(new WeightGraph(this)),
      m_weights(new QLabel(this))
{
    m_source->setObjectName(QStringLiteral("sourceBox"));
    m_target->setObjectName(QStringLiteral("targetBox"));
    m_type->setObjectName(QStringLiteral("typeBox"));
    m_duration->setObjectName(QStringLiteral("durationBox"));
    m_trigger->setObjectName(QStringLiteral("triggerButton"));
    m_record->setObjectName(QStringLiteral("recordButton"));
    m_record->setCheckable(true);
    m_record->setToolTip(tr("Record every Trigger as a call of a blend script, from the frame "
                            "on screen; the timeline then covers the whole script. Press "
                            "again to stop (Edit > Undo brings a stopped recording back)"));
    m_graph->setObjectName(QStringLiteral("weightGraph"));
    for (TransitionType type : kTypes)
        m_type->addItem(transitionTypeName(type), int(type));
    m_type->setItemData(0, tr("Stop the source, start the target, at once: it has no duration"),
                        Qt::ToolTipRole);
    m_type->setItemData(1, tr("Cross-fade: both movements advance"), Qt::ToolTipRole);
    m_type->setItemData(2, tr("Blend the source into the target's first frame, then start it"),
                        Qt::ToolTipRole);
    m_type->setItemData(3,
                        tr("cocos2d-x play(target, durationTo): the pose tweens from where it "
                           "is to the target's first frame"),
                        Qt::ToolTipRole);
    showFramesSuffix(m_duration);
    m_trigger->setToolTip(tr("Play the source, then blend into the target (T)"));

    auto* duration = new QHBoxLayout;
    duration->addWidget(m_duration, 1);
    duration->addWidget(m_seconds);
    auto* form = new QFormLayout;
    form->addRow(tr("Source"), m_source);
    form->addRow(tr("Target"), m_target);
    form->addRow(tr("Transition"), m_type);
    form->addRow(tr("Duration"), duration);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(form);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_trigger, 1);
    buttons->addWidget(m_record);
    layout->addLayout(buttons);
    layout->addWidget(m_graph, 1);
    layout->addWidget(m_weights);

    for (QComboBox* box : {m_source, m_target, m_type})
        connect(box, &QComboBox::activated, this, &CrossfadePanel::pushTransition);
    connect(m_duration, &QSpinBox::editingFinished, this, &CrossfadePanel::pushDuration);
    connect(m_duration, &QSpinBox::valueChanged, this, [this](int frames) {
        m_seconds->setText(tr("%1 s").arg(durationSeconds(frames), 0, 'f', 3));
    });
    connect(m_trigger, &QPushButton::clicked, this, [this] {
        pushDuration();
        pushTransition();
        m_document->crossfade()->triggerCrossfade();
    });
    connect(m_record, &QPushButton::toggled, document->recorder(), &AbstractRecorder::setRecording);
    connect(m_record, &QPushButton::toggled, this, [this](bool recording) {
        m_record->setText(recording ? tr("● Recording") : tr("Record"));
    });
    connect(document->recorder(), &AbstractRecorder::recordingChanged, this,
            [this](bool recording) {
                m_record->setChecked(recording); // no-op when the button asked for it
            });
    connect(document, &AbstractDocument::documentChanged, this, &CrossfadePanel::rebuild);
    connect(document->crossfade(), &AbstractCrossfade::transitionChanged, this,
            &CrossfadePanel::pullTransition);
    connect(document, &AbstractDocument::parameterChanged, this, &CrossfadePanel::pullTransition);
    connect(document, &AbstractDocument::frameChanged, this, &CrossfadePanel::refreshCursor);
    connect(document->recorder(), &AbstractRecorder::recordingChanged, this,
            &CrossfadePanel::pullRecording);
    connect(document->recorder(), &AbstractRecorder::blendScriptChanged, this,
            &CrossfadePanel::pullRecording);
    rebuild();
}

void CrossfadePanel::rebuild()
{
    const QStringList names = m_document->movementNames();
    for (QComboBox* box : {m_source, m_target}) {
        const QSignalBlocker blocker(box);
        box->clear();
        box->addItems(names);
    }
    const bool armature = m_document->kind() == AbstractDocument::Kind::Armature;
    setEnabled(armature && names.size() > 0);
    pullTransition();
}

std::optional<int> CrossfadePanel::targetDurationTo() const
{
    const Transition transition = m_document->crossfade()->transition();
    if (transition.type != TransitionType::DurationTo)
        return std::nullopt;
    const auto to = m_document->editing()->parameter(
        m_document->editing()->movementTarget(transition.target), core::EditKey::DurationTo);
    return to ? std::optional<int>(std::get<int>(*to)) : std::nullopt;
}

double CrossfadePanel::durationSeconds(int frames) const
{
    const Transition transition = m_document->crossfade()->transition();
    const core::MovementData* target = m_document->movementData(transition.target);
    return target ? core::crossfadeSeconds(transition.type, frames, *target)
                  : core::framesToSeconds(frames);
}

int CrossfadePanel::durationFrames() const
{
    return targetDurationTo().value_or(m_document->crossfade()->transition().durationFrames);
}

void CrossfadePanel::pullTransition()
{
    const Transition transition = m_document->crossfade()->transition();
    const QSignalBlocker b1(m_source), b2(m_target), b3(m_type), b4(m_duration);
    m_source->setCurrentIndex(transition.source);
    m_target->setCurrentIndex(transition.target);
    m_type->setCurrentIndex(m_type->findData(int(transition.type)));
    const bool ownDurationTo = targetDurationTo().has_value();
    const int frames = durationFrames();
    // As long as the transition table's and the export's own durationTo may be, so that the
    // box shows what Trigger plays (and takes every digit typed up to that).
    m_duration->setRange(0, ownDurationTo ? core::kMaxEditFrames
                                          : int(core::TransitionSpec::maxDuration(
                                                core::TransitionSpec::Unit::Frames)));
    m_duration->setValue(frames);
    const bool lasts = core::transitionLasts(transition.type);
    m_duration->setEnabled(lasts);
    m_seconds->setEnabled(lasts);
    m_duration->setToolTip(ownDurationTo
                               ? tr("The target movement's own durationTo (to), as play(target) "
                                    "uses it in the game; edits it in the export (undoable)")
                               : tr("Crossfade duration"));
    m_seconds->setText(tr("%1 s").arg(durationSeconds(frames), 0, 'f', 3));
    m_graph->setTransition(transition.type, frames, durationSeconds(frames));
    refreshCursor();
}

void CrossfadePanel::pushTransition()
{
    Transition transition = m_document->crossfade()->transition();
    transition.source = m_source->currentIndex();
    transition.target = m_target->currentIndex();
    transition.type = TransitionType(m_type->currentData().toInt());
    const Transition current = m_document->crossfade()->transition();
    // A new pair starts from what the transition table says for it.
    if ((transition.source != current.source || transition.target != current.target) &&
        transition.source >= 0 && transition.target >= 0)
        transition =
            m_document->crossfade()->tableTransition(transition.source, transition.target);
    if (transition.source != current.source || transition.target != current.target ||
        transition.type != current.type || transition.durationFrames != current.durationFrames)
        m_document->crossfade()->setTransition(transition);
}

void CrossfadePanel::pushDuration()
{
    const int frames = m_duration->value();
    if (frames == durationFrames())
        return;
    if (targetDurationTo()) {
        m_document->editing()->setParameter(
            m_document->editing()->movementTarget(m_document->crossfade()->transition().target),
            core::EditKey::DurationTo, frames);
        return;
    }
    Transition transition = m_document->crossfade()->transition();
    transition.durationFrames = frames;
    m_document->crossfade()->setTransition(transition);
}

void CrossfadePanel::pullRecording()
{
    m_recordedBlends = m_document->recorder()->recordedBlends();
    refreshCursor();
}

void CrossfadePanel::refreshCursor()
{
    if (m_document->recorder()->isRecording()) {
        // The recording's weights as the blender had them, update by update.
        const int update = int(m_document->currentFrame());
        const std::vector<core::CrossfadeWeights>& weights =
            m_document->recorder()->recordedWeights();
        // Playing past the end extends the recording, and may end or hand over a blend.
        if (weights.size() != m_graph->recordedUpdates())
            m_recordedBlends = m_document->recorder()->recordedBlends();
        m_graph->setRecorded(weights, m_recordedBlends, update);
        const core::CrossfadeWeights w = m_document->crossfade()->crossfadeWeights();
        m_weights->setText(tr("update %1 · source %2 · target %3")
                               .arg(update)
                               .arg(w.source, 0, 'f', 3)
                               .arg(w.target, 0, 'f', 3));
        return;
    }
    m_graph->clearRecorded();
    const double elapsed = m_document->crossfade()->isCrossfading()
                               ? m_document->crossfade()->crossfadeElapsed()
                               : -1.0;
    m_graph->setCursor(elapsed);
    if (elapsed < 0.0) {
        m_weights->clear();
        return;
    }
    const core::CrossfadeWeights w = m_document->crossfade()->crossfadeWeights();
    m_weights->setText(tr("t = %1 f · source %2 · target %3")
                           .arg(elapsed, 0, 'f', 1)
                           .arg(w.source, 0, 'f', 3)
                           .arg(w.target, 0, 'f', 3));
}

} // namespace bonescope::widgets
