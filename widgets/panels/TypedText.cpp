#include "panels/TypedText.h"

#include <QAbstractSpinBox>
#include <QLineEdit>

namespace bonescope::widgets {

bool holdsTypedText(const QAbstractSpinBox& box)
{
    // The box's own line edit: typing marks it modified; the box writing its value (setValue,
    // the arrows, Enter) clears the mark.
    const auto* edit = box.findChild<const QLineEdit*>();
    return edit && edit->isModified();
}

} // namespace bonescope::widgets
