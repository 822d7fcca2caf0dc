#pragma once

#include "io/ExportLoader.h"

#include <vector>

namespace bonescope::core {

/// Problems in an export that loaded: the loader's warnings (the readers' too), then references
/// that lead nowhere (a timeline for a bone the armature lacks, a display whose sprite frame no
/// atlas holds, so it is drawn as a placeholder, a nested armature the file does not define, a
/// display index past a bone's displays) and sprite frames found only by SpriteIndex's
/// fallback spellings. Each names the file and what is wrong; an empty list means clean.
/// Self-nesting armatures and sizes past core/base/Limits.h never get here: loading refuses
/// them. Linear in the size of the export.
std::vector<LoadError> validateExport(const LoadedExport& loaded);

} // namespace bonescope::core
