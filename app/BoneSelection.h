#pragma once

#include "panels/AbstractBoneSelection.h"

#include <QUndoStack>

#include <vector>

namespace bonescope::app {

/// The bones the user selected and the ones hidden in the viewport (undoable: the bone tree's
/// check boxes), for the armature on show.
class BoneSelection : public widgets::AbstractBoneSelection {
    Q_OBJECT
public:
    explicit BoneSelection(QUndoStack* undoStack, QObject* parent = nullptr);

    /// Nothing selected and every one of `boneCount` bones visible, unannounced: a new file.
    void reset(size_t boneCount);

    QList<int> selectedBones() const override { return m_selection; }
    bool isBoneVisible(int bone) const override;
    void selectBones(const QList<int>& bones) override;
    void setBoneVisible(int bone, bool visible) override;

    /// Applied by ChangeBoneVisibility (swap style).
    void applyBoneVisible(int bone, bool visible);

private:
    QUndoStack* m_undoStack;
    QList<int> m_selection;
    std::vector<bool> m_hidden; ///< per bone, hidden by the user
};

} // namespace bonescope::app
