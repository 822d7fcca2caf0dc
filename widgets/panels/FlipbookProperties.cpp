#include "panels/FlipbookProperties.h"

#include "model/FlipbookTiming.h"

#include <QFormLayout>
#include <QLabel>

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

FlipbookProperties::FlipbookProperties(QWidget* parent)
    : QGroupBox(parent), m_frames(valueLabel("flipbookFrames", this)),
      m_delayPerUnit(valueLabel("flipbookDelayPerUnit", this)),
      m_loopUnits(valueLabel("flipbookLoopUnits", this)),
      m_loops(valueLabel("flipbookLoops", this)),
      m_restore(valueLabel("flipbookRestoreOriginalFrame", this)),
      m_length(valueLabel("flipbookLength", this))
{
    setObjectName(QStringLiteral("flipbookGroup"));
    auto* note = new QLabel(
        tr("Read-only here: bonescope-cli edit sets an AnimationCache plist's timing."), this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Frames"), m_frames);
    form->addRow(tr("Delay per unit"), m_delayPerUnit);
    form->addRow(tr("Delay units"), m_loopUnits);
    form->addRow(tr("Loops"), m_loops);
    form->addRow(tr("Restore original frame"), m_restore);
    form->addRow(tr("Plays"), m_length);
    form->addRow(note);
    setFlipbook(nullptr);
}

void FlipbookProperties::setFlipbook(const core::FlipbookData* flipbook)
{
    if (!flipbook) {
        setTitle(tr("Animation"));
        for (QLabel* label : {m_frames, m_delayPerUnit, m_loopUnits, m_loops, m_restore, m_length})
            label->clear();
        return;
    }
    setTitle(tr("Animation %1").arg(QString::fromStdString(flipbook->name)));
    m_frames->setText(QString::number(flipbook->frames.size()));
    m_delayPerUnit->setText(tr("%1 s").arg(number(flipbook->delayPerUnit)));
    m_loopUnits->setText(tr("%1 in a loop").arg(number(core::flipbookLoopUnits(*flipbook))));
    m_loops->setText(QString::number(flipbook->loops));
    m_restore->setText(flipbook->restoreOriginalFrame ? tr("yes") : tr("no"));
    m_length->setText(tr("%1 s · %2 frames")
                          .arg(core::flipbookSeconds(*flipbook), 0, 'f', 3)
                          .arg(core::flipbookLengthFrames(*flipbook)));
}

} // namespace bonescope::widgets
