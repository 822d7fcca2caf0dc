#include "base/LoadError.h"

namespace bonescope::core {

std::string LoadError::toString() const
{
    std::string text = file.empty() ? std::string("<memory>") : file;
    if (line > 0)
        text += ":" + std::to_string(line);
    if (!jsonPointer.empty())
        text += " (at " + jsonPointer + ")";
    return text + ": " + message;
}

} // namespace bonescope::core
