#include "BoneSelection.h"

#include "commands/ChangeBoneVisibility.h"

namespace bonescope::app {

BoneSelection::BoneSelection(QUndoStack* undoStack, QObject* parent)
    : AbstractBoneSelection(parent), m_undoStack(undoStack)
{
}

void BoneSelection::reset(size_t boneCount)
{
    m_selection.clear();
    m_hidden.assign(boneCount, false);
}

bool BoneSelection::isBoneVisible(int bone) const
{
    return bone >= 0 && size_t(bone) < m_hidden.size() && !m_hidden[size_t(bone)];
}

void BoneSelection::selectBones(const QList<int>& bones)
{
    if (bones == m_selection)
        return;
    m_selection = bones;
    emit selectionChanged();
}

void BoneSelection::setBoneVisible(int bone, bool visible)
{
    if (bone < 0 || size_t(bone) >= m_hidden.size() || isBoneVisible(bone) == visible)
        return;
    m_undoStack->push(new ChangeBoneVisibility(this, bone, visible));
}

void BoneSelection::applyBoneVisible(int bone, bool visible)
{
    m_hidden[size_t(bone)] = !visible;
    emit boneVisibilityChanged(bone, visible);
}

} // namespace bonescope::app
