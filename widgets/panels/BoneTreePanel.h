#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace bonescope::widgets {

/// The bone tree dock: the armature's hierarchy with a visibility check box per bone and the
/// live values of the current frame (local x, y in points; rotation and skew in degrees; scale;
/// display index; z; alpha 0..255). Selecting rows selects bones in the document.
class BoneTreePanel : public QWidget {
    Q_OBJECT
public:
    enum Column { Name, X, Y, Rotation, Skew, ScaleX, ScaleY, Display, Z, Alpha, ColumnCount };

    explicit BoneTreePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QTreeWidget* tree() const { return m_tree; }
    /// The row of bone `bone` (index into armature()->bones), or null.
    QTreeWidgetItem* itemForBone(int bone) const;

private:
    void rebuild();
    void refreshValues();
    void pullSelection();
    void pushSelection();
    /// Marks the bones whose layer weights do not add up to 1 (LayersPanel lists them too).
    void refreshLayerFlags();

    AbstractDocument* m_document;
    QTreeWidget* m_tree;
    QList<QTreeWidgetItem*> m_items; // indexed like armature()->bones
    bool m_updatingSelection = false;
};

} // namespace bonescope::widgets
