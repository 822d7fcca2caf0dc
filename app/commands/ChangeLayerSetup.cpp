#include "commands/ChangeLayerSetup.h"

#include "LayerSetupSession.h"

namespace bonescope::app {

ChangeLayerSetup::ChangeLayerSetup(LayerSetupSession* layers, const core::LayerSetup& setup,
                                   const QString& mergeKey)
    : QUndoCommand(QObject::tr("Change Layers")), m_layers(layers), m_setup(setup),
      m_mergeKey(mergeKey)
{
}

bool ChangeLayerSetup::mergeWith(const QUndoCommand* other)
{
    // Once redone this command holds the setup from before the first edit, and the merged
    // one's swap already applied the newest: keeping ours is all a merge needs.
    const auto* change = static_cast<const ChangeLayerSetup*>(other);
    return other->id() == id() && change->m_layers == m_layers && !m_mergeKey.isEmpty() &&
           change->m_mergeKey == m_mergeKey;
}

void ChangeLayerSetup::swap()
{
    const core::LayerSetup previous = m_layers->layerSetup();
    m_layers->applyLayerSetup(m_setup);
    m_setup = previous;
}

} // namespace bonescope::app
