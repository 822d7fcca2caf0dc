#pragma once

class QWidget;

namespace bonescope::widgets {

/// Whether `widget` (a field, a spin box, a group of them) shows text the user typed and has not
/// entered yet (a spin box without keyboard tracking keeps its value until Enter or leaving it):
/// a panel that follows playback leaves such fields alone, so the typing is not written over.
bool holdsTypedText(const QWidget& widget);

} // namespace bonescope::widgets
