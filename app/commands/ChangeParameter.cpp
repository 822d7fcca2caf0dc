#include "commands/ChangeParameter.h"

#include "Document.h"

namespace bonescope::app {

ChangeParameter::ChangeParameter(Document* document, core::EditTarget target, core::EditKey key,
                                 core::EditValue value, int mergeSession)
    : QUndoCommand(QObject::tr("Change %1 of %2")
                       .arg(QString::fromUtf8(core::editKeyName(key).data(),
                                              qsizetype(core::editKeyName(key).size())),
                            QString::fromStdString(target.movement))),
      m_document(document), m_target(std::move(target)), m_key(key), m_value(std::move(value)),
      m_mergeSession(mergeSession)
{
}

bool ChangeParameter::mergeWith(const QUndoCommand* other)
{
    if (other->id() != id())
        return false;
    const auto* next = static_cast<const ChangeParameter*>(other);
    // This command holds the value from before the first edit; the merged one's swap already
    // applied the newest value, so keeping ours is all a merge needs.
    return m_mergeSession != 0 && next->m_mergeSession == m_mergeSession &&
           next->m_document == m_document && next->m_target == m_target && next->m_key == m_key;
}

void ChangeParameter::swap()
{
    core::EditValue previous = m_document->editing()->parameter(m_target, m_key).value_or(m_value);
    m_document->applyParameter(m_target, m_key, m_value);
    m_value = std::move(previous);
}

} // namespace bonescope::app
