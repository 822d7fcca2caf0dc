#include "commands/ChangeFlipbookTiming.h"

#include "Document.h"

namespace bonescope::app {

ChangeFlipbookTiming::ChangeFlipbookTiming(Document* document, core::FlipbookTarget target,
                                           core::FlipbookKey key, double value, int mergeSession)
    : QUndoCommand(QObject::tr("Change %1 of %2")
                       .arg(QString::fromUtf8(core::flipbookKeyName(key).data(),
                                              qsizetype(core::flipbookKeyName(key).size())),
                            target.frame < 0 ? QString::fromStdString(target.animation)
                                             // Counted from 1, as the viewer shows frames.
                                             : QObject::tr("%1 frame %2")
                                                   .arg(QString::fromStdString(target.animation))
                                                   .arg(target.frame + 1))),
      m_document(document), m_target(std::move(target)), m_key(key), m_value(value),
      m_mergeSession(mergeSession)
{
}

bool ChangeFlipbookTiming::mergeWith(const QUndoCommand* other)
{
    if (other->id() != id())
        return false;
    const auto* next = static_cast<const ChangeFlipbookTiming*>(other);
    // This command holds the value from before the first step; the merged one already applied
    // the newest.
    return m_mergeSession != 0 && next->m_mergeSession == m_mergeSession &&
           next->m_document == m_document && next->m_target == m_target && next->m_key == m_key;
}

void ChangeFlipbookTiming::swap()
{
    const double previous = m_document->editing()->flipbookValue(m_target, m_key).value_or(m_value);
    m_document->applyFlipbookTiming(m_target, m_key, m_value);
    m_value = previous;
}

} // namespace bonescope::app
