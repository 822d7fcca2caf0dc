#include "panels/StressPanel.h"

#include "panels/Counted.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

namespace bonescope::widgets {

StressPanel::StressPanel(QWidget* parent)
    : QWidget(parent), m_count(new QSpinBox(this)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_seed(new QSpinBox(this)),
      m_soak(new QCheckBox(tr("&Soak: crossfade, interrupt and change layer weights at random"),
                           this)),
      m_parallel(new QCheckBox(tr("Update on every &core"), this)), m_enter(new QPushButton(this)),
      m_reason(new QLabel(this)), m_update(new QLabel(this)), m_drawList(new QLabel(this)),
      m_gpuSubmit(new QLabel(this)), m_drawCalls(new QLabel(this)), m_fps(new QLabel(this)),
      m_memory(new QLabel(this))
{
    m_count->setObjectName(QStringLiteral("stressCount"));
    m_slider->setObjectName(QStringLiteral("stressSlider"));
    m_seed->setObjectName(QStringLiteral("stressSeed"));
    m_soak->setObjectName(QStringLiteral("stressSoak"));
    m_parallel->setObjectName(QStringLiteral("stressParallel"));
    m_enter->setObjectName(QStringLiteral("stressEnter"));
    m_update->setObjectName(QStringLiteral("stressUpdate"));
    m_count->setRange(1, kMaxInstances);
    m_count->setValue(StressRequest{}.instances);
    m_count->setToolTip(tr("Instances of the open armature, in a grid (Return: enter)"));
    m_slider->setRange(1, kMaxInstances);
    m_slider->setValue(m_count->value());
    m_seed->setRange(0, 999999);
    m_seed->setValue(int(StressRequest{}.seed));
    m_seed->setToolTip(tr("Seeds the movements, phases and random actions: the same seed "
                          "shows the same crowd"));
    m_soak->setToolTip(tr("Each instance also runs a crossfade and three layers, and about "
                          "once a second plays, blends or moves a layer to a random movement "
                          "and changes layer weights: memory should stay flat"));
    m_parallel->setChecked(StressRequest{}.parallel);
    m_parallel->setToolTip(tr("Off: every instance is updated on one thread, for comparison"));
    m_reason->setWordWrap(true);
    m_reason->hide();

    auto* count = new QHBoxLayout;
    count->addWidget(m_count);
    count->addWidget(m_slider, 1);
    auto* form = new QFormLayout;
    form->addRow(tr("Instances"), count);
    form->addRow(tr("Seed"), m_seed);
    auto* figures = new QFormLayout;
    figures->addRow(tr("Update"), m_update);
    figures->addRow(tr("Draw list"), m_drawList);
    figures->addRow(tr("GPU submit"), m_gpuSubmit);
    figures->addRow(tr("Draw calls"), m_drawCalls);
    figures->addRow(tr("Frame rate"), m_fps);
    figures->addRow(tr("Memory"), m_memory);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(form);
    layout->addWidget(m_soak);
    layout->addWidget(m_parallel);
    layout->addWidget(m_enter);
    layout->addWidget(m_reason);
    layout->addLayout(figures);
    layout->addStretch(1);

    connect(m_count, &QSpinBox::valueChanged, m_slider, &QSlider::setValue);
    connect(m_slider, &QSlider::valueChanged, m_count, &QSpinBox::setValue);
    connect(m_parallel, &QCheckBox::toggled, this, &StressPanel::parallelChanged);
    connect(m_enter, &QPushButton::clicked, this, [this] {
        if (m_running)
            emit leaveRequested();
        else
            emit enterRequested(request());
    });
    setRunning(false);
}

StressRequest StressPanel::request() const
{
    return {m_count->value(), unsigned(m_seed->value()), m_soak->isChecked(),
            m_parallel->isChecked()};
}

void StressPanel::setUnavailableReason(const QString& reason)
{
    m_reason->setText(reason);
    m_reason->setVisible(!reason.isEmpty());
    m_enter->setEnabled(m_running || reason.isEmpty());
}

void StressPanel::setRunning(bool running)
{
    m_running = running;
    m_enter->setText(running ? tr("Leave Stress Mode (Esc)") : tr("Enter Stress Mode (Return)"));
    m_enter->setEnabled(running || m_reason->text().isEmpty());
    if (!running)
        clearFigures();
}

void StressPanel::focusCount()
{
    m_count->setFocus(Qt::ShortcutFocusReason);
    m_count->selectAll();
}

void StressPanel::clearFigures()
{
    for (QLabel* label : {m_update, m_drawList, m_gpuSubmit, m_drawCalls, m_fps, m_memory})
        label->setText(QStringLiteral("—"));
}

void StressPanel::showFigures(const StressFigures& f)
{
    const QLocale locale;
    m_update->setText(tr("%1 ms on %2")
                          .arg(f.updateMs, 0, 'f', 2)
                          .arg(counted(f.updateThreads, tr("1 thread"), tr("%1 threads"))));
    m_drawList->setText(
        tr("%1 ms, %2 sprites").arg(f.drawListMs, 0, 'f', 2).arg(locale.toString(f.quads)));
    m_gpuSubmit->setText(tr("%1 ms").arg(f.gpuSubmitMs, 0, 'f', 2));
    m_drawCalls->setText(QString::number(f.drawCalls));
    m_fps->setText(tr("%1 fps").arg(f.framesPerSecond, 0, 'f', 1));
    m_memory->setText(
        tr("%1 B player state per instance\n+%2 KiB resident per instance (the process: %3 MiB)")
            .arg(locale.toString(qulonglong(f.heapBytesPerInstance)))
            .arg(f.residentKiBPerInstance(), 0, 'f', 1)
            .arg(double(f.residentBytes) / (1024.0 * 1024.0), 0, 'f', 1));
}

void StressPanel::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_enter->isEnabled() || m_running)
            emit enterRequested(request());
        return;
    case Qt::Key_Escape:
        if (m_running)
            emit leaveRequested();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace bonescope::widgets
