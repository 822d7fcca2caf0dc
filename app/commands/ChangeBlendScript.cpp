#include "commands/ChangeBlendScript.h"

#include "Document.h"

namespace bonescope::app {

ChangeBlendScript::ChangeBlendScript(Document* document, core::BlendScript script,
                                     const QString& text)
    : QUndoCommand(text), m_document(document), m_script(std::move(script))
{
}

void ChangeBlendScript::swap()
{
    m_document->applyBlendScript(m_script);
}

} // namespace bonescope::app
