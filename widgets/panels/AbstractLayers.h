#pragma once

#include "model/LayerSetup.h"
#include "runtime/BoneContribution.h"

#include <QObject>
#include <QString>

#include <vector>

namespace bonescope::widgets {

/// The layer setup (seed 004) edited in the Layers dock. While it has layers, the document's
/// pose() is its stack's pose (unless a blend script is recording: its pose comes first); the
/// stack runs on the playback clock (ticks scaled by speed(), seekFrame() puts it at that many
/// frames).
class AbstractLayers : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    virtual const core::LayerSetup& layerSetup() const = 0;
    /// Whether the setup plays (it has layers and resolves against the armature): the document
    /// then shows its stack's pose.
    virtual bool isLive() const = 0;
    /// Why the setup cannot play (LoadError::toString()); empty when it plays or has no layers.
    virtual QString layerSetupError() const = 0;
    /// Per bone, the summed weight of the layers that move it now; 0 for a bone none moves.
    virtual std::vector<float> layerWeightSums() const = 0;
    /// The selected bones' contributions at the moment shown while the setup plays (empty
    /// otherwise): per bone the layers that set it, bottom first, with their shares, then
    /// `result`, as `bonescope-cli bake --script --trace` lists a layered script's bones. Their
    /// frame is the stack's update (its clock in frames).
    virtual std::vector<core::BoneContribution> boneTrace() const = 0;

public slots:
    /// Undoable; successive edits with the same non-empty `mergeKey` merge into one undo step.
    virtual void setLayerSetup(const core::LayerSetup& setup, const QString& mergeKey = {}) = 0;

signals:
    void layerSetupChanged();
};

} // namespace bonescope::widgets
