#pragma once

#include "edit/EditRecovery.h"

#include <QStringList>

namespace bonescope::app {

class Document;

/// Sets every value, the transition table, the layer setup and the recording of `recovery`
/// again on `document` (just opened from the recovery's file), as one step of its undo
/// history, so that one Undo gives the file back as it is on disk. Returns what could not be
/// restored and why, one line each: a movement or keyframe the file no longer has, a value it
/// refuses, a script its armature cannot play.
QStringList restoreUnsavedEdits(Document& document, const core::EditRecovery& recovery);

/// What restoring `recovery` on `document` would change, one line each ("3 values: walk
/// durationTo 12, …", "the transition table", "the layer setup", "the recorded blend script"),
/// for the question that offers it; empty when nothing would change.
QStringList describeUnsavedEdits(Document& document, const core::EditRecovery& recovery);

} // namespace bonescope::app
