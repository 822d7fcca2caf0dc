#include "commands/RecordBlendCall.h"

#include "Document.h"

namespace bonescope::app {

RecordBlendCall::RecordBlendCall(Document* document, core::BlendScript script)
    : QUndoCommand(QObject::tr("Record Crossfade")), m_document(document),
      m_script(std::move(script))
{
}

void RecordBlendCall::swap()
{
    m_document->applyBlendScript(m_script);
}

} // namespace bonescope::app
