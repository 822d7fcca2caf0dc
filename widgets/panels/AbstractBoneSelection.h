#pragma once

#include <QList>
#include <QObject>

namespace bonescope::widgets {

/// The bones the user picked and the ones they hid, as bone indices into the document's
/// armature()->bones. A new file starts with nothing selected and every bone visible.
class AbstractBoneSelection : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    virtual QList<int> selectedBones() const = 0;
    virtual bool isBoneVisible(int bone) const = 0;

public slots:
    virtual void selectBones(const QList<int>& bones) = 0;
    virtual void setBoneVisible(int bone, bool visible) = 0; ///< undoable

signals:
    void selectionChanged();
    void boneVisibilityChanged(int bone, bool visible);
};

} // namespace bonescope::widgets
