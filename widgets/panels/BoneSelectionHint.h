#pragma once

#include "panels/AbstractDocument.h"

#include <QCoreApplication>
#include <QString>

namespace bonescope::widgets {

/// What the panels that list or plot the selected bones say while none are: how to pick some,
/// or, for a flipbook (frames, no bones), where its frames show instead.
inline QString boneSelectionHint(const AbstractDocument& document)
{
    switch (document.kind()) {
    case AbstractDocument::Kind::Armature:
        return QCoreApplication::translate("BoneSelectionHint",
                                           "Select bones in the bone tree or the viewport");
    case AbstractDocument::Kind::Flipbook:
        return QCoreApplication::translate(
            "BoneSelectionHint",
            "A flipbook has no bones: the viewport and the timeline show its frames");
    case AbstractDocument::Kind::Empty:
        break;
    }
    return QCoreApplication::translate("BoneSelectionHint", "Open an armature to see its bones");
}

} // namespace bonescope::widgets
