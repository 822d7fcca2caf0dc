#pragma once

#include "io/ExportLoader.h"

#include <string>
#include <vector>

namespace bonescope::core {

/// A file an export is read with besides itself (a sprite sheet plist or a texture
/// image), and where the same export written to another path reads it from.
struct CompanionFile {
    std::string from; ///< where `loaded` read it
    std::string to;   ///< where the export at the new path looks for it
};

/// The companions of `loaded` (an armature export or an AnimationCache plist) for a copy of it
/// written to `newPath`, by the loader's rules (an armature's sheetPlaces; the image a sheet
/// names keeps its place beside the sheet, a fallback image follows the export's or the sheet's
/// stem; an AnimationCache plist's sheets keep their places relative to it). Only files that exist
/// are listed, and none whose new place is the file itself (a copy in the same folder under the
/// same names).
std::vector<CompanionFile> companionFiles(const LoadedExport& loaded, const std::string& newPath);

/// What copyCompanions did with one companion.
struct CompanionCopy {
    enum class Outcome {
        Copied,       ///< written to its new place
        AlreadyThere, ///< the new place holds the same bytes
        KeptOther,    ///< the new place holds another file, left as it is (never overwritten)
        Failed,       ///< could not be copied (`error` says why)
    };
    CompanionFile file;
    Outcome outcome = Outcome::Copied;
    std::string error;
};

/// Copies each companion to its new place unless something is there already: written to a
/// temporary beside it and renamed into place, so a new place holds all of the file or none.
std::vector<CompanionCopy> copyCompanions(const std::vector<CompanionFile>& files);

/// Points `loaded` at its copy saved to `newPath`, whose companions `copies` (copyCompanions)
/// put in place: read from there from now on, as if opened there. A companion copied, or found
/// there with the same bytes, takes its new place; one kept elsewhere or not copied keeps the
/// path it was read from (its pixels are the ones shown).
void relocateExport(LoadedExport& loaded, const std::string& newPath,
                    const std::vector<CompanionCopy>& copies);

} // namespace bonescope::core
