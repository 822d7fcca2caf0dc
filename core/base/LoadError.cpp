#include "base/LoadError.h"

namespace bonescope::core {

std::string LoadError::toString() const
{
    // Appended piece by piece: base/Quoted.h says why.
    std::string text = file.empty() ? std::string("<memory>") : file;
    if (line > 0) {
        text += ':';
        text += std::to_string(line);
    }
    if (!jsonPointer.empty()) {
        text += " (at ";
        text += jsonPointer;
        text += ')';
    }
    text += ": ";
    text += message;
    return text;
}

} // namespace bonescope::core
