#pragma once

#include "bake/BakeTable.h"

#include <QList>
#include <QString>

#include <vector>

namespace bonescope::widgets {

class AbstractDocument;

/// The rows of `bones` (indices into the armature's bones) in `document`'s bake of `movement`
/// (AbstractDocument::bakeMovement through core::toBakeTable): the one source of the values
/// table and the curves. Empty when no bone or movement is given; empty with `error` set (when
/// given) when the bake fails.
std::vector<core::BakeRow> selectedBakeRows(const AbstractDocument& document, int movement,
                                            const QList<int>& bones, QString* error = nullptr);

/// The same rows of `document`'s recorded blend script (AbstractRecorder::bakeRecording).
std::vector<core::BakeRow> selectedRecordedRows(AbstractDocument& document, const QList<int>& bones,
                                                QString* error = nullptr);

} // namespace bonescope::widgets
