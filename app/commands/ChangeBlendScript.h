#pragma once

#include "script/BlendScript.h"

#include <QString>
#include <QUndoCommand>

#include <optional>

namespace bonescope::app {

class RecordingSession;

/// One change of the document's blend script (a Trigger recorded while recording, a call's
/// mark dragged, its mode or length edited, a call deleted, the recording stopped): holds the
/// whole script after the change (none: not recording), and swaps it with the document's on
/// undo and redo; the update shown when recording stopped comes back with the script.
class ChangeBlendScript : public QUndoCommand {
public:
    ChangeBlendScript(RecordingSession* recorder, std::optional<core::BlendScript> script,
                      const QString& text);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    RecordingSession* m_recorder;
    std::optional<core::BlendScript> m_script;
    int m_update = 1; ///< where a stopped recording was (RecordingSession::applyBlendScript)
};

} // namespace bonescope::app
