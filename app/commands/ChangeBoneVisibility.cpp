#include "commands/ChangeBoneVisibility.h"

#include "BoneSelection.h"

namespace bonescope::app {

ChangeBoneVisibility::ChangeBoneVisibility(BoneSelection* selection, int bone, bool visible)
    : QUndoCommand(visible ? QObject::tr("Show Bone") : QObject::tr("Hide Bone")),
      m_selection(selection), m_bone(bone), m_visible(visible)
{
}

void ChangeBoneVisibility::swap()
{
    const bool previous = m_selection->isBoneVisible(m_bone);
    m_selection->applyBoneVisible(m_bone, m_visible);
    m_visible = previous;
}

} // namespace bonescope::app
