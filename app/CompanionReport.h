#pragma once

#include "io/ExportCompanions.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace bonescope::app {

/// What a Save As did with the sprite sheets and images the export reads, in words.
struct CompanionReport {
    /// The files copied, named from the new export's folder: "Dragon.plist and Dragon.png".
    QString copied;
    /// One line per file that is not copied: another file of its name is there, or the copy
    /// failed.
    QStringList problems;
};

/// Describes `copies` (DocumentFile::saveAs) for an export saved into `folder`.
CompanionReport describeCompanions(const std::vector<core::CompanionCopy>& copies,
                                   const QString& folder);

} // namespace bonescope::app
