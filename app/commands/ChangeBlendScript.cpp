#include "commands/ChangeBlendScript.h"

#include "RecordingSession.h"

namespace bonescope::app {

ChangeBlendScript::ChangeBlendScript(RecordingSession* recorder,
                                     std::optional<core::BlendScript> script, const QString& text)
    : QUndoCommand(text), m_recorder(recorder), m_script(std::move(script))
{
}

void ChangeBlendScript::swap()
{
    m_recorder->applyBlendScript(m_script, m_update);
}

} // namespace bonescope::app
