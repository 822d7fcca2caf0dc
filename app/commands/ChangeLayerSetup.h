#pragma once

#include "model/LayerSetup.h"

#include "commands/CommandIds.h"

#include <QUndoCommand>

namespace bonescope::app {

class LayerSetupSession;

/// Replaces the document's layer setup (layers added, removed, reordered or tuned). Successive
/// edits of the same kind (`mergeKey`, e.g. one layer's weight while its slider is dragged)
/// merge into one undo step; an empty key never merges.
class ChangeLayerSetup : public QUndoCommand {
public:
    ChangeLayerSetup(LayerSetupSession* layers, const core::LayerSetup& setup,
                     const QString& mergeKey = {});

    void undo() override { swap(); }
    void redo() override { swap(); }
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    static constexpr int kId = kChangeLayerSetupId;
    void swap();

    LayerSetupSession* m_layers;
    core::LayerSetup m_setup;
    QString m_mergeKey;
};

} // namespace bonescope::app
