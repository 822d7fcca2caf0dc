#pragma once

#include "panels/AbstractDocument.h"

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace bonescope::widgets {

/// The bone tree dock: the armature's hierarchy with a visibility check box per bone and the
/// live values of the current frame (local x, y in points; rotation and skew in degrees; scale;
/// display index; z; alpha 0..255). Selecting rows selects bones in the document.
///
/// Built for hostile sizes too: the tree is built in one pass without recursion, nesting deeper
/// than kMaxNesting levels is shown flat under the bone at the last level (its tooltip names
/// the real parent), and each tick refreshes only the rows on screen.
class BoneTreePanel : public QWidget {
    Q_OBJECT
public:
    enum Column { Name, X, Y, Rotation, Skew, ScaleX, ScaleY, Display, Z, Alpha, ColumnCount };
    /// Levels of indentation shown at most (QTreeView lays out expanded levels recursively).
    static constexpr int kMaxNesting = 32;

    explicit BoneTreePanel(AbstractDocument* document, QWidget* parent = nullptr);

    QTreeWidget* tree() const { return m_tree; }
    /// The row of bone `bone` (index into armature()->bones), or null.
    QTreeWidgetItem* itemForBone(int bone) const;

protected:
    /// Refreshes the rows that come into view when the tree's viewport is resized.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    void refreshRow(int bone, const core::BonePose& pose);
    /// Sets a value cell; a text wider than any its column has held marks it for widening.
    void setValue(QTreeWidgetItem* item, int column, const QString& text);
    /// Widens the marked columns to what their rows on screen hold, once each per refresh.
    void widenColumns();
    void refreshValues();
    void pullSelection();
    /// Scrolls `item` into view, its name too (sideways when the bone is deep).
    void revealName(QTreeWidgetItem* item);
    void pushSelection();
    /// Marks the bones whose layer weights do not add up to 1 (LayersPanel lists them too).
    void refreshLayerFlags();

    AbstractDocument* m_document;
    QTreeWidget* m_tree;
    QLabel* m_flipbookHint;          ///< in the tree's place while a flipbook (no bones) is open
    QList<QTreeWidgetItem*> m_items; // indexed like armature()->bones
    struct ColumnFit {
        int widest = 0;     // pixels of the widest text since the last rebuild
        bool widen = false; // a wider text came in this refresh
    };
    ColumnFit m_fit[ColumnCount];
    bool m_updatingSelection = false;
};

} // namespace bonescope::widgets
