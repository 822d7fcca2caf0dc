#include "panels/CallEditor.h"

#include "base/FrameRate.h"
#include "base/Limits.h"
#include "model/TransitionTable.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include <cmath>

namespace bonescope::widgets {

namespace {
constexpr core::TransitionKind kModes[] = {
    core::TransitionKind::Switch, core::TransitionKind::WhileAnimating,
    core::TransitionKind::ThenAnimate, core::TransitionKind::DurationTo};
} // namespace

CallEditor::CallEditor(const core::ScriptCall& call, QWidget* parent)
    : QDialog(parent, Qt::Popup), m_call(call), m_mode(new QComboBox(this)),
      m_duration(new QDoubleSpinBox(this)), m_unit(new QComboBox(this)),
      m_delete(new QPushButton(tr("Delete call"), this))
{
    setObjectName(QStringLiteral("callEditor"));
    for (core::TransitionKind kind : kModes)
        m_mode->addItem(QString::fromLatin1(core::transitionKindName(kind)), int(kind));
    m_mode->setCurrentIndex(m_mode->findData(int(call.mode)));
    m_mode->setToolTip(tr("switch, while, then: the blender (seed 002); to: cocos2d-x "
                          "play(movement, durationTo)"));
    m_unit->addItems({tr("s"), tr("frames")});
    m_duration->setKeyboardTracking(true);
    m_shownInFrames = call.mode == core::TransitionKind::DurationTo;
    m_unit->setCurrentIndex(m_shownInFrames ? 1 : 0);
    showUnit();
    m_duration->setValue(m_shownInFrames ? std::max(call.frames, 0) : call.seconds);
    auto* apply = new QPushButton(tr("Apply"), this);
    apply->setDefault(true);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(new QLabel(QString::fromStdString(call.movement), this));
    layout->addWidget(m_mode);
    layout->addWidget(m_duration);
    layout->addWidget(m_unit);
    layout->addWidget(apply);
    layout->addWidget(m_delete);

    connect(m_unit, &QComboBox::currentIndexChanged, this, &CallEditor::convertUnit);
    // cocos2d-x's durationTo counts whole frames.
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        if (mode() == core::TransitionKind::DurationTo)
            m_unit->setCurrentIndex(1);
        showDurationUse();
    });
    connect(apply, &QPushButton::clicked, this, &QDialog::accept);
    connect(this, &QDialog::accepted, this, [this] { emit callEdited(this->call()); });
    connect(m_delete, &QPushButton::clicked, this, [this] {
        emit deleteRequested();
        reject();
    });
    showDurationUse();
    if (core::transitionLasts(mode())) {
        m_duration->setFocus();
        m_duration->selectAll();
    } else {
        m_mode->setFocus();
    }
}

core::TransitionKind CallEditor::mode() const
{
    return core::TransitionKind(m_mode->currentData().toInt());
}

void CallEditor::showDurationUse()
{
    // A switch has no duration. Its field turned off keeps the focus in the editor's mode box:
    // Qt would pass it on to the next button, Delete call, which Enter would then press.
    const bool lasts = core::transitionLasts(mode());
    if (!lasts && (m_duration->hasFocus() || m_unit->hasFocus()))
        m_mode->setFocus();
    m_duration->setEnabled(lasts);
    m_unit->setEnabled(lasts);
}

bool CallEditor::inFrames() const
{
    return m_unit->currentIndex() == 1;
}

void CallEditor::convertUnit()
{
    if (inFrames() == m_shownInFrames)
        return;
    const double value = m_duration->value();
    m_shownInFrames = inFrames();
    showUnit();
    m_duration->setValue(m_shownInFrames ? std::round(core::secondsToFrames(value))
                                         : core::framesToSeconds(value));
}

void CallEditor::showUnit()
{
    // The script reader's limits, so an edited call always reads back.
    m_duration->setDecimals(m_shownInFrames ? 0 : 3);
    m_duration->setRange(0.0,
                         m_shownInFrames ? double(core::kMaxBakeUpdates) : core::kMaxBakeSeconds);
}

core::ScriptCall CallEditor::call() const
{
    core::ScriptCall call = m_call;
    call.mode = mode();
    const double value = m_duration->value();
    if (call.mode == core::TransitionKind::DurationTo) {
        call.frames = int(std::lround(inFrames() ? value : core::secondsToFrames(value)));
        call.seconds = 0.0;
    } else {
        call.seconds = inFrames() ? core::framesToSeconds(value) : value;
        call.frames = -1;
    }
    return call;
}

} // namespace bonescope::widgets
