#pragma once

class QSpinBox;

namespace bonescope::widgets {

/// Gives `box` the unit "frame" after 1 and −1 and "frames" after any other count, following
/// its value.
void showFramesSuffix(QSpinBox* box);

} // namespace bonescope::widgets
