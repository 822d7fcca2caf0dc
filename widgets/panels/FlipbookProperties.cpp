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
      m_length(valueLabel("flipbookLength", this)), m_note(valueLabel("flipbookNote", this)),
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
    // A typed number takes effect on Enter (or on leaving the field), not at each keystroke.
    m_delayPerUnit->setKeyboardTracking(false);
    m_loops->setKeyboardTracking(false);
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
    form->addRow(m_refusal);
    form->addRow(m_note);

    m_delayPerUnit->installEventFilter(this);
    m_loops->installEventFilter(this);
    connect(m_delayPerUnit, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { edit(core::FlipbookKey::DelayPerUnit, value); });
    connect(m_loops, &QSpinBox::valueChanged, this,
            [this](int value) { edit(core::FlipbookKey::Loops, value); });
    connect(m_restore, &QCheckBox::toggled, this,
            [this](bool on) { edit(core::FlipbookKey::RestoreOriginalFrame, on ? 1 : 0); });
    setFlipbook(nullptr);
}

void FlipbookProperties::edit(core::FlipbookKey key, double value)
{
    const QString reason =
        m_editing->setFlipbookValue({m_animation, -1}, key, value, m_hold.current());
    m_refusal->setText(reason.isEmpty() ? QString() : tr("Refused: %1").arg(reason));
    m_refusal->setVisible(!reason.isEmpty());
}

bool FlipbookProperties::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonPress)
        m_hold.press();
    else if (event->type() == QEvent::MouseButtonRelease)
        m_hold.release();
    return QGroupBox::eventFilter(watched, event);
}

void FlipbookProperties::setFlipbook(const core::FlipbookData* flipbook)
{
    const QSignalBlocker blockDelay(m_delayPerUnit), blockLoops(m_loops), blockRestore(m_restore);
    m_animation = flipbook ? flipbook->name : std::string();
    // Each field is on when the file can take its value, else off with the reason.
    const std::pair<QWidget*, core::FlipbookKey> fields[] = {
        {m_delayPerUnit, core::FlipbookKey::DelayPerUnit},
        {m_loops, core::FlipbookKey::Loops},
        {m_restore, core::FlipbookKey::RestoreOriginalFrame}};
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

} // namespace bonescope::widgets
