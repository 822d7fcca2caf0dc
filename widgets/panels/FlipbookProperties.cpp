#include "panels/FlipbookProperties.h"

#include "panels/AbstractEditing.h"
#include "panels/TypedText.h"

#include "model/FlipbookTiming.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace bonescope::widgets {

namespace {

QLabel* valueLabel(const char* objectName, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString number(double value)
{
    return QString::number(value, 'g', 6);
}

} // namespace

FlipbookProperties::FlipbookProperties(AbstractEditing* editing, QWidget* parent)
    : QGroupBox(parent), m_editing(editing), m_frames(valueLabel("flipbookFrames", this)),
      m_delayPerUnit(new QDoubleSpinBox(this)), m_loopUnits(valueLabel("flipbookLoopUnits", this)),
      m_loops(new QSpinBox(this)), m_restore(new QCheckBox(this)),
      m_length(valueLabel("flipbookLength", this)), m_frame(valueLabel("flipbookFrame", this)),
      m_frameDelayUnits(new QDoubleSpinBox(this)), m_note(valueLabel("flipbookNote", this)),
      m_refusal(new QLabel(this))
{
    setObjectName(QStringLiteral("flipbookGroup"));
    m_delayPerUnit->setObjectName(QStringLiteral("flipbookDelayPerUnit"));
    // The reader's range: more than 0, at most an hour.
    m_delayPerUnit->setRange(0.0001, 3600.0);
    m_delayPerUnit->setDecimals(4);
    m_delayPerUnit->setSingleStep(0.01);
    m_delayPerUnit->setSuffix(tr(" s"));
    m_loops->setObjectName(QStringLiteral("flipbookLoops"));
    m_loops->setRange(1, 1000000);
    m_restore->setObjectName(QStringLiteral("flipbookRestoreOriginalFrame"));
    m_frameDelayUnits->setObjectName(QStringLiteral("flipbookFrameDelayUnits"));
    // The reader's range: more than 0, at most a million.
    m_frameDelayUnits->setRange(0.001, 1e6);
    m_frameDelayUnits->setDecimals(3);
    m_frameDelayUnits->setSingleStep(1.0);
    // A typed number takes effect on Enter (or on leaving the field), not at each keystroke.
    for (QAbstractSpinBox* box :
         std::initializer_list<QAbstractSpinBox*>{m_delayPerUnit, m_loops, m_frameDelayUnits})
        box->setKeyboardTracking(false);
    m_note->setWordWrap(true);
    m_note->setForegroundRole(QPalette::PlaceholderText);
    m_refusal->setObjectName(QStringLiteral("flipbookRefusal"));
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(QStringLiteral("color: #b03a2e"));

    auto* form = new QFormLayout(this);
    form->addRow(tr("Frames"), m_frames);
    form->addRow(tr("Delay per unit"), m_delayPerUnit);
    form->addRow(tr("Delay units"), m_loopUnits);
    form->addRow(tr("Loops"), m_loops);
    form->addRow(tr("Restore original frame"), m_restore);
    form->addRow(tr("Plays"), m_length);
    form->addRow(tr("Frame"), m_frame);
    form->addRow(tr("Its delay units"), m_frameDelayUnits);
    form->addRow(m_refusal);
    form->addRow(m_note);

    for (QWidget* box : {static_cast<QWidget*>(m_delayPerUnit), static_cast<QWidget*>(m_loops),
                         static_cast<QWidget*>(m_frameDelayUnits)})
        box->installEventFilter(this);
    connect(m_delayPerUnit, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { edit(core::FlipbookKey::DelayPerUnit, value); });
    connect(m_loops, &QSpinBox::valueChanged, this,
            [this](int value) { edit(core::FlipbookKey::Loops, value); });
    connect(m_restore, &QCheckBox::toggled, this,
            [this](bool on) { edit(core::FlipbookKey::RestoreOriginalFrame, on ? 1 : 0); });
    connect(m_frameDelayUnits, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { edit(core::FlipbookKey::DelayUnits, value); });
    connect(m_frameDelayUnits, &QAbstractSpinBox::editingFinished, this,
            &FlipbookProperties::editingSettled);
    setFlipbook(nullptr, -1);
}

void FlipbookProperties::edit(core::FlipbookKey key, double value)
{
    const int frame = key == core::FlipbookKey::DelayUnits ? m_shownFrame : -1;
    const QString reason =
        m_editing->setFlipbookValue({m_animation, frame}, key, value, m_hold.current());
    m_refusal->setText(reason.isEmpty() ? QString() : tr("Refused: %1").arg(reason));
    m_refusal->setVisible(!reason.isEmpty());
}

bool FlipbookProperties::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonPress) {
        m_hold.press();
        m_frameHeld = watched == m_frameDelayUnits;
    } else if (event->type() == QEvent::MouseButtonRelease) {
        m_hold.release();
        m_frameHeld = false;
        emit editingSettled();
    }
    return QGroupBox::eventFilter(watched, event);
}

void FlipbookProperties::setFlipbook(const core::FlipbookData* flipbook, int frame)
{
    const QSignalBlocker blockDelay(m_delayPerUnit), blockLoops(m_loops), blockRestore(m_restore);
    m_animation = flipbook ? flipbook->name : std::string();
    // Each field is on when the file can take its value, else off with the reason.
    const std::pair<QWidget*, core::FlipbookKey> fields[] = {
        {m_delayPerUnit, core::FlipbookKey::DelayPerUnit},
        {m_loops, core::FlipbookKey::Loops},
        {m_restore, core::FlipbookKey::RestoreOriginalFrame},
        {m_frameDelayUnits, core::FlipbookKey::DelayUnits}};
    QString readOnly;
    for (const auto& [field, key] : fields) {
        const QString refusal = m_editing->flipbookKeyRefusal(key);
        field->setEnabled(flipbook && refusal.isEmpty());
        field->setToolTip(refusal);
        if (key == core::FlipbookKey::DelayPerUnit)
            readOnly = refusal;
    }
    m_note->setText(readOnly.isEmpty() ? tr("Edits apply live and undo; File → Save writes them "
                                            "into the plist.")
                                       : tr("Read-only: %1.").arg(readOnly));
    followFrame(flipbook, frame);
    if (!flipbook) {
        setTitle(tr("Animation"));
        for (QLabel* label : {m_frames, m_loopUnits, m_length})
            label->clear();
        m_refusal->hide();
        return;
    }
    setTitle(tr("Animation %1").arg(QString::fromStdString(flipbook->name)));
    m_frames->setText(QString::number(flipbook->frames.size()));
    if (!holdsTypedText(*m_delayPerUnit))
        m_delayPerUnit->setValue(flipbook->delayPerUnit);
    m_loopUnits->setText(tr("%1 in a loop").arg(number(core::flipbookLoopUnits(*flipbook))));
    if (!holdsTypedText(*m_loops))
        m_loops->setValue(flipbook->loops);
    m_restore->setChecked(flipbook->restoreOriginalFrame);
    m_length->setText(tr("%1 s · %2 frames")
                          .arg(core::flipbookSeconds(*flipbook), 0, 'f', 3)
                          .arg(core::flipbookLengthFrames(*flipbook)));
}

void FlipbookProperties::followFrame(const core::FlipbookData* flipbook, int frame)
{
    if (!m_frameHeld && !holdsTypedText(*m_frameDelayUnits))
        showFrame(flipbook, frame);
}

void FlipbookProperties::showFrame(const core::FlipbookData* flipbook, int frame)
{
    const QSignalBlocker block(m_frameDelayUnits);
    const bool shown = flipbook && frame >= 0 && size_t(frame) < flipbook->frames.size();
    m_shownFrame = shown ? frame : -1;
    static_cast<QFormLayout*>(layout())->setRowVisible(m_frameDelayUnits, shown);
    if (!shown) {
        m_frame->setText(flipbook ? tr("the original frame") : QString());
        return;
    }
    const core::FlipbookFrame& data = flipbook->frames[size_t(frame)];
    m_frame->setText(tr("%1 of %2 · %3")
                         .arg(frame + 1)
                         .arg(flipbook->frames.size())
                         .arg(QString::fromStdString(data.spriteFrame)));
    m_frameDelayUnits->setValue(data.delayUnits);
}

} // namespace bonescope::widgets
