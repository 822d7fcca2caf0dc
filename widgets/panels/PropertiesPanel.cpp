#include "panels/PropertiesPanel.h"

#include "model/MovementData.h"
#include "panels/FramesSuffix.h"
#include "panels/TypedText.h"
#include "runtime/BoneTimeline.h"
#include "runtime/TweenFunction.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <cmath>

namespace bonescope::widgets {

namespace {

// Fills `box` with the easings of `key` (TweenEasing or FrameTweenEasing: the keyframe box's
// None means more than "no easing", cocos2d-x's TWEEN_EASING_MAX, and it offers CustomEasing).
// An easing the export's format cannot hold is shown disabled with the reason: the arrow keys
// step over it, where choosing it would be refused and put the box back.
void fillEasings(QComboBox* box, core::EditKey key, const AbstractEditing& editing)
{
    const bool keyframe = key == core::EditKey::FrameTweenEasing;
    const QSignalBlocker blocker(box);
    box->clear();
    box->addItem(QStringLiteral("None"), int(core::Easing::None));
    box->setItemData(
        0,
        keyframe ? PropertiesPanel::tr("10000: cocos2d-x does not tween this span: the bone keeps "
                                       "the values it had when the span began")
                 : PropertiesPanel::tr("10000: no easing; keyframes with an easing of their own "
                                       "keep it"),
        Qt::ToolTipRole);
    if (keyframe)
        box->addItem(QStringLiteral("CustomEasing"), int(core::Easing::CustomEasing));
    for (int type = 0; type <= int(core::Easing::BounceEaseInOut); ++type)
        box->addItem(QString::fromLatin1(core::easingName(core::Easing(type))), type);
    if (keyframe)
        box->setItemData(box->findData(int(core::Easing::Linear)),
                         PropertiesPanel::tr("0: the span plays the movement's easing (cocos2d-x "
                                             "tweens a Linear keyframe so), linear when it has "
                                             "none"),
                         Qt::ToolTipRole);
    auto* model = static_cast<QStandardItemModel*>(box->model());
    for (int row = 0; row < box->count(); ++row) {
        const QString reason =
            editing.refuseParameter(key, core::Easing(box->itemData(row).toInt()));
        if (reason.isEmpty())
            continue;
        model->item(row)->setEnabled(false);
        box->setItemData(row, reason, Qt::ToolTipRole);
    }
}

// What the span after a keyframe of easing `key` plays with in a movement of easing `movement`
// (core::spanCurve; a keyframe of None is not tweened, BoneTween's rule).
QString playedEasingText(core::Easing key, core::Easing movement)
{
    if (key == core::Easing::None)
        return PropertiesPanel::tr("not tweened: the bone keeps the values it had when the span "
                                   "began");
    const core::Easing played = core::spanCurve(key, movement);
    const QString name = QString::fromLatin1(core::easingName(played));
    return played != key ? PropertiesPanel::tr("%1, the movement's easing").arg(name) : name;
}

} // namespace

PropertiesPanel::PropertiesPanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_movementGroup(new QGroupBox(this)),
      m_durationTo(new QSpinBox(this)), m_durationTween(new QSpinBox(this)),
      m_durationToSeconds(new QLabel(this)), m_passLength(new QLabel(this)),
      m_loop(new QCheckBox(tr("Loop"), this)), m_easing(new QComboBox(this)),
      m_scale(new QDoubleSpinBox(this)), m_keyframeGroup(new QGroupBox(this)),
      m_frameEasing(new QComboBox(this)), m_playedEasing(new QLabel(this)),
      m_tweenRotate(new QDoubleSpinBox(this)), m_event(new QLineEdit(this)),
      m_refusal(new QLabel(this)), m_flipbook(new FlipbookProperties(document->editing(), this))
{
    m_durationTo->setObjectName(QStringLiteral("durationToBox"));
    m_durationTween->setObjectName(QStringLiteral("durationTweenBox"));
    m_durationToSeconds->setObjectName(QStringLiteral("durationToSeconds"));
    m_passLength->setObjectName(QStringLiteral("passLength"));
    m_passLength->setToolTip(tr("What one pass plays: durationTween frames, or the movement's "
                                "dr when it is 0, in seconds at speed 1 (the speed scale sc "
                                "stretches them)"));
    m_loop->setObjectName(QStringLiteral("loopBox"));
    m_easing->setObjectName(QStringLiteral("easingBox"));
    m_scale->setObjectName(QStringLiteral("scaleBox"));
    m_frameEasing->setObjectName(QStringLiteral("frameEasingBox"));
    m_playedEasing->setObjectName(QStringLiteral("playedEasingLabel"));
    m_playedEasing->setWordWrap(true);
    m_playedEasing->setToolTip(tr("The easing cocos2d-x tweens this keyframe's span with"));
    m_tweenRotate->setObjectName(QStringLiteral("tweenRotateBox"));
    m_event->setObjectName(QStringLiteral("eventEdit"));
    m_refusal->setObjectName(QStringLiteral("refusalLabel"));
    // Negative values can be typed so that they are refused with a reason, not swallowed.
    for (QSpinBox* box : {m_durationTo, m_durationTween}) {
        box->setRange(-core::kMaxEditFrames, core::kMaxEditFrames);
        showFramesSuffix(box);
        box->setKeyboardTracking(false);
        box->installEventFilter(this);
    }
    m_durationTo->setToolTip(tr("durationTo (to): frames to blend from the previous pose when "
                                "the game plays this movement"));
    m_durationTween->setToolTip(tr("durationTween (drTW): frames one pass takes when tweened"));
    m_scale->setRange(-100.0, 100.0);
    m_scale->setDecimals(3);
    m_scale->setSingleStep(0.05);
    m_tweenRotate->setRange(-100.0, 100.0);
    m_tweenRotate->setDecimals(2);
    m_tweenRotate->setSuffix(tr(" turns"));
    for (QDoubleSpinBox* box : {m_scale, m_tweenRotate}) {
        box->setKeyboardTracking(false);
        box->installEventFilter(this);
    }
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(QStringLiteral("color: #d04040"));

    auto* movementForm = new QFormLayout(m_movementGroup);
    const auto withNote = [this](QWidget* box, QLabel* note) {
        auto* row = new QHBoxLayout;
        row->addWidget(box, 1);
        row->addWidget(note);
        return row;
    };
    movementForm->addRow(tr("durationTo"), withNote(m_durationTo, m_durationToSeconds));
    movementForm->addRow(tr("durationTween"), withNote(m_durationTween, m_passLength));
    movementForm->addRow(QString(), m_loop);
    movementForm->addRow(tr("Easing"), m_easing);
    movementForm->addRow(tr("Speed scale"), m_scale);
    auto* keyframeForm = new QFormLayout(m_keyframeGroup);
    keyframeForm->addRow(tr("Easing"), m_frameEasing);
    keyframeForm->addRow(tr("Plays as"), m_playedEasing);
    keyframeForm->addRow(tr("tweenRotate"), m_tweenRotate);
    keyframeForm->addRow(tr("Event"), m_event);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_movementGroup);
    layout->addWidget(m_keyframeGroup);
    layout->addWidget(m_flipbook);
    layout->addWidget(m_refusal);
    layout->addStretch(1);

    using Key = core::EditKey;
    connect(m_durationTo, &QSpinBox::valueChanged, this, &PropertiesPanel::showDurations);
    connect(m_durationTween, &QSpinBox::valueChanged, this, &PropertiesPanel::showDurations);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::showDurations);
    connect(m_durationTo, &QSpinBox::valueChanged, this,
            [this](int frames) { edit(Key::DurationTo, frames); });
    connect(m_durationTween, &QSpinBox::valueChanged, this,
            [this](int frames) { edit(Key::DurationTween, frames); });
    connect(m_loop, &QCheckBox::toggled, this, [this](bool loop) { edit(Key::Loop, loop); });
    connect(m_easing, &QComboBox::activated, this,
            [this] { edit(Key::TweenEasing, core::Easing(m_easing->currentData().toInt())); });
    connect(m_scale, &QDoubleSpinBox::valueChanged, this,
            [this](double scale) { edit(Key::Scale, scale); });
    connect(m_frameEasing, &QComboBox::activated, this, [this] {
        edit(Key::FrameTweenEasing, core::Easing(m_frameEasing->currentData().toInt()));
    });
    connect(m_tweenRotate, &QDoubleSpinBox::valueChanged, this,
            [this](double turns) { edit(Key::FrameTweenRotate, turns); });
    // A typed value entered (or its field left): the groups show the current movement and
    // keyframe again.
    connect(m_event, &QLineEdit::editingFinished, this, [this] {
        m_event->setModified(false);
        edit(Key::FrameEvent, m_event->text().toStdString());
        refresh();
    });
    for (QAbstractSpinBox* box : std::initializer_list<QAbstractSpinBox*>{
             m_durationTo, m_durationTween, m_scale, m_tweenRotate})
        connect(box, &QAbstractSpinBox::editingFinished, this, &PropertiesPanel::refresh);

    connect(document, &AbstractDocument::documentChanged, this, [this] {
        fillEasingBoxes();
        refresh();
    });
    connect(document, &AbstractDocument::movementChanged, this, &PropertiesPanel::refresh);
    connect(document, &AbstractDocument::parameterChanged, this, &PropertiesPanel::refresh);
    connect(document->selection(), &AbstractBoneSelection::selectionChanged, this,
            &PropertiesPanel::refresh);
    connect(document, &AbstractDocument::frameChanged, this, &PropertiesPanel::followCursor);
    connect(m_flipbook, &FlipbookProperties::editingSettled, this, &PropertiesPanel::refresh);
    fillEasingBoxes();
    refresh();
}

void PropertiesPanel::fillEasingBoxes()
{
    fillEasings(m_easing, core::EditKey::TweenEasing, *m_document->editing());
    fillEasings(m_frameEasing, core::EditKey::FrameTweenEasing, *m_document->editing());
}

bool PropertiesPanel::eventFilter(QObject* watched, QEvent* event)
{
    // One press-and-hold (or drag) on a spin box is one merge session, hence one undo step,
    // and its steps all go to the movement or keyframe the box showed when pressed.
    if (event->type() == QEvent::MouseButtonPress) {
        m_hold.press();
        m_heldBox = qobject_cast<QWidget*>(watched);
    } else if (event->type() == QEvent::MouseButtonRelease && m_heldBox) {
        m_hold.release();
        m_heldBox = nullptr;
        refresh(); // released: the groups show the current movement and keyframe again
    }
    return QWidget::eventFilter(watched, event);
}

void PropertiesPanel::followCursor()
{
    if (m_document->kind() == AbstractDocument::Kind::Flipbook) {
        if (m_document->flipbookFrameIndex() != m_flipbook->shownFrame())
            m_flipbook->followFrame(m_document->flipbookData(m_document->currentMovement()),
                                    m_document->flipbookFrameIndex());
        return;
    }
    if (keyframeTarget() != m_shownKeyframe && !isEditing(*m_keyframeGroup))
        refreshKeyframe();
}

bool PropertiesPanel::isEditing(const QGroupBox& group) const
{
    return (m_heldBox && group.isAncestorOf(m_heldBox)) || holdsTypedText(group);
}

core::EditTarget PropertiesPanel::keyframeTarget() const
{
    const QList<int> bones = m_document->selection()->selectedBones();
    const core::ArmatureData* armature = m_document->armature();
    const int movement = m_document->currentMovement();
    if (bones.isEmpty() || !armature || movement < 0)
        return {};
    const int keyframe =
        m_document->editing()->keyframeAt(movement, bones.front(), m_document->currentFrame());
    if (keyframe < 0)
        return {};
    core::EditTarget target = m_document->editing()->movementTarget(movement);
    target.bone = armature->bones[size_t(bones.front())].name;
    target.keyframe = keyframe;
    return target;
}

void PropertiesPanel::edit(core::EditKey key, const core::EditValue& value)
{
    const core::EditTarget& target = core::isKeyframeKey(key) ? m_shownKeyframe : m_shownMovement;
    const QString reason =
        m_document->editing()->setParameter(target, key, value, m_hold.current());
    if (reason.isEmpty()) {
        m_refusal->clear();
        return;
    }
    m_refusal->setText(tr("Refused: %1").arg(reason));
    refresh(); // the field returns to the document's value
}

void PropertiesPanel::refresh()
{
    const bool flipbook = m_document->kind() == AbstractDocument::Kind::Flipbook;
    m_movementGroup->setVisible(!flipbook);
    m_keyframeGroup->setVisible(!flipbook);
    m_flipbook->setVisible(flipbook);
    if (flipbook) {
        m_flipbook->setFlipbook(m_document->flipbookData(m_document->currentMovement()),
                                m_document->flipbookFrameIndex());
        m_refusal->clear();
        return;
    }
    if (!isEditing(*m_movementGroup))
        refreshMovement();
    if (!isEditing(*m_keyframeGroup))
        refreshKeyframe();
}

void PropertiesPanel::refreshMovement()
{
    m_shownMovement = m_document->editing()->movementTarget(m_document->currentMovement());
    const core::EditTarget& target = m_shownMovement;
    const bool editable = m_document->editing()->isEditable() && !target.movement.empty();
    m_movementGroup->setEnabled(editable);
    m_movementGroup->setTitle(
        editable ? tr("Movement %1").arg(QString::fromStdString(target.movement)) : tr("Movement"));
    const auto value = [&](core::EditKey key) {
        return m_document->editing()->parameter(target, key);
    };
    {
        const QSignalBlocker b1(m_durationTo), b2(m_durationTween), b3(m_loop), b4(m_easing),
            b5(m_scale);
        const auto to = value(core::EditKey::DurationTo);
        m_durationTo->setValue(to ? std::get<int>(*to) : 0);
        const auto tween = value(core::EditKey::DurationTween);
        m_durationTween->setValue(tween ? std::get<int>(*tween) : 0);
        const auto loop = value(core::EditKey::Loop);
        m_loop->setChecked(loop && std::get<bool>(*loop));
        const auto easing = value(core::EditKey::TweenEasing);
        m_easing->setCurrentIndex(m_easing->findData(
            int(easing ? std::get<core::Easing>(*easing) : core::Easing::Linear)));
        const auto scale = value(core::EditKey::Scale);
        m_scale->setValue(scale ? std::get<double>(*scale) : 1.0);
        const QString scaleReason =
            m_document->editing()->refuseParameter(core::EditKey::Scale, 1.0);
        m_scale->setEnabled(scaleReason.isEmpty());
        m_scale->setToolTip(scaleReason.isEmpty() ? tr("sc: speed ratio of the whole movement")
                                                  : scaleReason);
    }
    showDurations();
}

void PropertiesPanel::showDurations()
{
    const core::MovementData* shown = m_document->movementData(m_document->currentMovement());
    if (!shown || !m_movementGroup->isEnabled()) {
        m_durationToSeconds->clear();
        m_passLength->clear();
        return;
    }
    core::MovementData movement = *shown;
    movement.durationTween = m_durationTween->value();
    movement.scale = float(m_scale->value());
    const auto seconds = [&](int frames) {
        return tr("%1 s").arg(core::clockFramesToSeconds(movement, frames), 0, 'f', 3);
    };
    m_durationToSeconds->setText(seconds(m_durationTo->value()));
    const int pass = core::passFrames(movement);
    m_passLength->setText(movement.durationTween == 0
                              ? tr("dr: %1 frames · %2").arg(pass).arg(seconds(pass))
                              : seconds(pass));
}

QString PropertiesPanel::keyframeTitle(const core::EditTarget& target) const
{
    QString title =
        tr("Keyframe %1 of %2").arg(target.keyframe + 1).arg(QString::fromStdString(target.bone));
    // Where the ruler marks it: the bone's own timeline frame (startFrame) is another count
    // when the pass (drTW) is not the timeline (dr), the bone keeps its own speed (sc) or
    // starts late (dl). A bone slower than its movement reaches a keyframe more than once.
    const int movementIndex = m_document->currentMovement();
    const core::MovementData* movement = m_document->movementData(movementIndex);
    const core::MovementBoneData* track = movement ? movement->findBone(target.bone) : nullptr;
    if (!track)
        return title;
    QStringList frames;
    for (const core::KeyFrameReach& reach :
         core::keyFrameReaches(*movement, *track, m_document->effectiveLoop(movementIndex)))
        if (reach.keyFrame == target.keyframe)
            frames.append(QString::number(std::round(reach.passFrame * 100) / 100, 'g', 8));
    if (frames.size() == 1)
        title += tr(" · frame %1").arg(frames.front());
    else if (frames.size() > 1)
        title += tr(" · frames %1").arg(frames.join(QStringLiteral(", ")));
    return title;
}

void PropertiesPanel::refreshKeyframe()
{
    m_shownKeyframe = keyframeTarget();
    const core::EditTarget& target = m_shownKeyframe;
    const bool editable = m_document->editing()->isEditable() && !target.bone.empty();
    m_keyframeGroup->setEnabled(editable);
    m_keyframeGroup->setTitle(editable ? keyframeTitle(target) : tr("Keyframe (select a bone)"));
    const auto value = [&](core::EditKey key) {
        return m_document->editing()->parameter(target, key);
    };
    const QSignalBlocker b1(m_frameEasing), b2(m_tweenRotate), b3(m_event);
    const auto easing = value(core::EditKey::FrameTweenEasing);
    const core::Easing keyEasing = easing ? std::get<core::Easing>(*easing) : core::Easing::Linear;
    m_frameEasing->setCurrentIndex(m_frameEasing->findData(int(keyEasing)));
    const auto movementEasing = m_document->editing()->parameter(
        m_document->editing()->movementTarget(m_document->currentMovement()),
        core::EditKey::TweenEasing);
    m_playedEasing->setText(
        editable
            ? playedEasingText(keyEasing, movementEasing ? std::get<core::Easing>(*movementEasing)
                                                         : core::Easing::Linear)
            : QString());
    const auto turns = value(core::EditKey::FrameTweenRotate);
    m_tweenRotate->setValue(turns ? std::get<double>(*turns) : 0.0);
    const QString rotateReason =
        m_document->editing()->refuseParameter(core::EditKey::FrameTweenRotate, 0.0);
    m_tweenRotate->setEnabled(rotateReason.isEmpty());
    m_tweenRotate->setToolTip(rotateReason.isEmpty()
                                  ? tr("twR: extra full turns while tweening to the next keyframe")
                                  : rotateReason);
    const auto event = value(core::EditKey::FrameEvent);
    m_event->setText(event ? QString::fromStdString(std::get<std::string>(*event)) : QString());
}

} // namespace bonescope::widgets
