#include "OnionSkinDialog.h"

#include "panels/FramesSuffix.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

#include <cmath>

namespace bonescope::widgets {

namespace {
QSpinBox* countBox(QWidget* parent, const QString& name, int value)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(0, render::ViewOptions::kMaxOnionFrames);
    box->setValue(value);
    widgets::showFramesSuffix(box);
    return box;
}
} // namespace

OnionSkinDialog::OnionSkinDialog(const render::ViewOptions& options, QWidget* parent)
    : QDialog(parent),
      m_before(countBox(this, QStringLiteral("onionBeforeBox"), options.onionBefore)),
      m_after(countBox(this, QStringLiteral("onionAfterBox"), options.onionAfter)),
      m_opacityPercent(new QSpinBox(this))
{
    setWindowTitle(tr("Onion Skin"));
    m_opacityPercent->setObjectName(QStringLiteral("onionOpacityBox"));
    m_opacityPercent->setRange(5, 100);
    m_opacityPercent->setSuffix(QStringLiteral(" %"));
    m_opacityPercent->setValue(int(std::lround(options.onionOpacity * 100.f)));
    m_opacityPercent->setToolTip(tr("Opacity of the ghosts next to the current frame; farther "
                                    "ones fade out"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QFormLayout(this);
    layout->addRow(tr("Ghosts &before:"), m_before);
    layout->addRow(tr("Ghosts &after:"), m_after);
    layout->addRow(tr("&Opacity:"), m_opacityPercent);
    layout->addRow(buttons);
}

render::ViewOptions OnionSkinDialog::apply(render::ViewOptions options) const
{
    options.onionSkin = true;
    options.onionBefore = m_before->value();
    options.onionAfter = m_after->value();
    options.onionOpacity = float(m_opacityPercent->value()) / 100.f;
    return options;
}

} // namespace bonescope::widgets
