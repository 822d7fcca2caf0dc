#include "panels/CurvesPanel.h"

#include "panels/BoneSelectionHint.h"
#include "panels/SelectedBakeRows.h"

#include "model/Easing.h"
#include "runtime/BoneTimeline.h"
#include "runtime/TweenFunction.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace bonescope::widgets {

namespace {
/// The plotted bones in their colours, and the movement-wide easing when it has one.
QString legend(const QStringList& bones, const core::MovementData* data)
{
    QStringList names;
    for (int i = 0; i < bones.size(); ++i)
        names.append(QStringLiteral("<span style=\"color:%1\">%2</span>")
                         .arg(CurvePlot::boneColor(i).name(), bones[i].toHtmlEscaped()));
    QString text = names.join(QStringLiteral(", "));
    if (data && data->easing != core::Easing::None && data->easing != core::Easing::Linear)
        text += CurvesPanel::tr(" · movement easing %1")
                    .arg(QString::fromLatin1(core::easingName(data->easing)));
    return text;
}
} // namespace

CurvesPanel::CurvesPanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_plot(new CurvePlot(this)),
      m_summary(new QLabel(this))
{
    m_summary->setTextFormat(Qt::RichText);
    m_plot->setObjectName(QStringLiteral("curvePlot"));
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_summary, 1);
    for (int i = 0; i < CurvePlot::kChannelCount; ++i) {
        const auto channel = CurvePlot::Channel(i);
        m_channels[i] = new QCheckBox(CurvePlot::channelName(channel), this);
        m_channels[i]->setChecked(m_plot->isChannelShown(channel));
        connect(m_channels[i], &QCheckBox::toggled, m_plot,
                [this, channel](bool shown) { m_plot->setChannelShown(channel, shown); });
        controls->addWidget(m_channels[i]);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 1);

    connect(m_plot, &CurvePlot::seekRequested, document, [document](double frame) {
        document->setPlaying(false);
        document->seekFrame(frame);
    });
    connect(document, &AbstractDocument::frameChanged, m_plot, &CurvePlot::setCursor);
    connect(document, &AbstractDocument::documentChanged, this, &CurvesPanel::refill);
    connect(document, &AbstractDocument::movementChanged, this, &CurvesPanel::refill);
    connect(document, &AbstractDocument::parameterChanged, this, &CurvesPanel::refill);
    connect(document->selection(), &AbstractBoneSelection::selectionChanged, this,
            &CurvesPanel::refill);
    connect(document->recorder(), &AbstractRecorder::recordingChanged, this, &CurvesPanel::refill);
    connect(document->recorder(), &AbstractRecorder::blendScriptChanged, this,
            &CurvesPanel::refill);
    refill();
}

void CurvesPanel::refill()
{
    const QList<int> bones = m_document->selection()->selectedBones();
    const int movement = m_document->currentMovement();
    const core::ArmatureData* armature = m_document->armature();
    const bool recorded = m_document->recorder()->isRecording();
    // The plot spans the frames the timeline's ruler spans, so the playhead and a click mean the
    // same frame on both: a movement's first pass (the blend-in before it and the passes after
    // left out), a recording's updates (the bake runs on past them).
    const int frames = m_document->timelineFrames();
    QString problem;
    std::vector<core::BakeRow> rows;
    if (recorded) {
        rows = selectedRecordedRows(*m_document, bones, &problem);
        std::erase_if(rows, [frames](const core::BakeRow& row) { return row.frame > frames; });
    } else {
        rows = selectedBakeRows(*m_document, movement, bones, &problem);
        const auto [begin, end] = core::firstPassRows(rows);
        rows.erase(rows.begin() + std::ptrdiff_t(end), rows.end());
        rows.erase(rows.begin(), rows.begin() + std::ptrdiff_t(begin));
    }
    m_plot->setRows(std::move(rows), frames);

    // Keyframes and easings of the first selected bone, where the bake's first pass (the
    // movement's own loop flag) reaches them (a recording mixes movements: none).
    QList<CurveKey> keys;
    const core::MovementData* data = recorded ? nullptr : m_document->movementData(movement);
    const core::MovementBoneData* timeline =
        data && armature && !bones.isEmpty() && bones.first() < int(armature->bones.size())
            ? data->findBone(armature->bones[size_t(bones.first())].name)
            : nullptr;
    if (timeline && !timeline->frames.empty()) {
        // What the span plays: a Linear keyframe takes the movement's easing (cocos2d-x's rule).
        const auto easingOf = [timeline, data](int keyFrame) {
            const core::Easing own = timeline->frames[size_t(keyFrame)].easing;
            const core::Easing played = core::spanCurve(own, data->easing);
            return own != core::Easing::None && played != own
                       ? tr("%1 (movement)").arg(QString::fromLatin1(core::easingName(played)))
                       : QString::fromLatin1(core::easingName(own));
        };
        for (const core::KeyFrameReach& reach : core::keyFrameReaches(*data, *timeline, data->loop))
            keys.append({reach.passFrame, easingOf(reach.keyFrame)});
        // A bone of its own `sc` or `dl` starts the pass inside a span reached before it.
        if (keys.isEmpty() || keys.first().frame > 0)
            keys.prepend(
                {0.0, easingOf(core::keyFrameShownAt(*data, *timeline, 0, data->loop)), false});
    }
    m_plot->setKeys(keys);
    m_plot->setCursor(m_document->currentFrame());
    m_plot->setEmptyText(boneSelectionHint(*m_document));

    if (!problem.isEmpty())
        m_summary->setText(problem);
    else if (m_plot->bones().isEmpty())
        m_summary->clear(); // the plot says what to do, in its middle
    else
        m_summary->setText(
            legend(m_plot->bones(), data) +
            (recorded ? tr(" · recorded blend script, %1 updates").arg(frames) : QString()));
}

} // namespace bonescope::widgets
