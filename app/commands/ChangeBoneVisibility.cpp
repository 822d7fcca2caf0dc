#include "commands/ChangeBoneVisibility.h"

#include "Document.h"

namespace bonescope::app {

ChangeBoneVisibility::ChangeBoneVisibility(Document* document, int bone, bool visible)
    : QUndoCommand(visible ? QObject::tr("Show Bone") : QObject::tr("Hide Bone")),
      m_document(document), m_bone(bone), m_visible(visible)
{
}

void ChangeBoneVisibility::swap()
{
    const bool previous = m_document->isBoneVisible(m_bone);
    m_document->applyBoneVisible(m_bone, m_visible);
    m_visible = previous;
}

} // namespace bonescope::app
