#pragma once

#include "io/ExportLoader.h"

#include <vector>

namespace bonescope::core {

/// Problems in an export that loaded: the loader's warnings, then references that lead
/// nowhere (a timeline for a bone the armature lacks, a display whose sprite frame no atlas
/// holds, a nested armature the file does not define, a display index past a bone's displays).
/// Each names the file and what is wrong; an empty list means clean.
std::vector<LoadError> validateExport(const LoadedExport& loaded);

} // namespace bonescope::core
