#pragma once

#include <QDoubleSpinBox>

namespace bonescope::widgets {

/// A QDoubleSpinBox that writes its value without trailing zeros: "10" and "7.5" where the
/// plain box writes "10.000" and "7.500", still rounded to its decimals ("0.167"). For a box
/// whose numbers are often whole (frames) but may not be (seconds, or frames converted from
/// them).
class TrimmedSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    using QDoubleSpinBox::QDoubleSpinBox;

    QString textFromValue(double value) const override;
};

} // namespace bonescope::widgets
