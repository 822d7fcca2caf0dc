#pragma once

#include "base/LoadError.h"

#include <span>
#include <string>
#include <string_view>

namespace bonescope::core {

/// `token` (an object key) as one reference token of a JSON pointer (RFC 6901: `~` is `~0`,
/// `/` is `~1`).
std::string escapePointerToken(std::string_view token);

/// Gives each of `problems` that has a JSON pointer and no line the 1-based line of `text`
/// where the pointer's value is (its key, for an object member; of equal keys, the first),
/// or, when the text has no such value, where the nearest enclosing value the text has is;
/// no line when not even the pointer's first token is in the text. One pass over `text` with
/// JsonSaxParser, made only when some problem needs it: readers call it on their errors and
/// warnings, so that a JSON file's problems name a line a text editor can go to.
void placeJsonPointers(std::string_view text, std::span<LoadError> problems);

/// placeJsonPointers for a problem met after its file was read and closed (a blend script's or
/// layer setup's movement the armature lacks): reads `problem.file` again. Without a line when
/// the file cannot be read.
void placeInItsFile(LoadError& problem);

/// `result`, its error (if any) placed in `text` by placeJsonPointers.
template <typename T> Result<T> placedIn(std::string_view text, Result<T> result)
{
    if (!result)
        placeJsonPointers(text, std::span(&result.error(), 1));
    return result;
}

} // namespace bonescope::core
