#pragma once

class QAbstractSpinBox;

namespace bonescope::widgets {

/// Whether spin box `box` shows a number the user typed and has not entered yet (without
/// keyboard tracking the box keeps its value until Enter or leaving it): a panel that follows
/// playback leaves such a box alone, so the typing is not written over.
bool holdsTypedText(const QAbstractSpinBox& box);

} // namespace bonescope::widgets
