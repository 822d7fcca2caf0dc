#pragma once

namespace bonescope::app {

/// QUndoCommand::id() of the commands that merge: one list, so that no two share an id (the
/// undo stack asks a command to merge with any of the same id).
enum CommandId : int {
    kChangeTransitionId = 1001,
    kChangeParameterId,
    kChangeLayerSetupId,
    kChangeFlipbookTimingId,
};

} // namespace bonescope::app
