#include "panels/TypedText.h"

#include <QLineEdit>

#include <algorithm>

namespace bonescope::widgets {

bool holdsTypedText(const QWidget& widget)
{
    // A line edit, a spin box's own included: typing marks it modified; a spin box writing its
    // value (setValue, the arrows, Enter) clears the mark, as a panel does for a plain field.
    if (const auto* field = qobject_cast<const QLineEdit*>(&widget); field && field->isModified())
        return true;
    const QList<QLineEdit*> fields = widget.findChildren<QLineEdit*>();
    return std::any_of(fields.begin(), fields.end(),
                       [](const QLineEdit* field) { return field->isModified(); });
}

} // namespace bonescope::widgets
