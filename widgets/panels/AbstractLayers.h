#pragma once

#include "model/LayerSetup.h"

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
    /// Why the setup cannot play (LoadError::toString()); empty when it plays or has no layers.
    virtual QString layerSetupError() const = 0;
    /// Per bone, the summed weight of the layers that move it now; 0 for a bone none moves.
    virtual std::vector<float> layerWeightSums() const = 0;

public slots:
    /// Undoable; successive edits with the same non-empty `mergeKey` merge into one undo step.
    virtual void setLayerSetup(const core::LayerSetup& setup, const QString& mergeKey = {}) = 0;

signals:
    void layerSetupChanged();
};

} // namespace bonescope::widgets
