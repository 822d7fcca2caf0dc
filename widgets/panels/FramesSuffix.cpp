#include "panels/FramesSuffix.h"

#include <QSpinBox>

#include <cstdlib>

namespace bonescope::widgets {

void showFramesSuffix(QSpinBox* box)
{
    const auto update = [box](int frames) {
        box->setSuffix(std::abs(frames) == 1 ? QSpinBox::tr(" frame") : QSpinBox::tr(" frames"));
    };
    update(box->value());
    QObject::connect(box, &QSpinBox::valueChanged, box, update);
}

} // namespace bonescope::widgets
