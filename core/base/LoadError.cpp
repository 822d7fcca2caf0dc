#include "base/LoadError.h"

#include <algorithm>

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

std::vector<LoadError> WarningList::take(const std::string& file)
{
    // In the file's order: a reader warns about a total (frames' dr) after the parts it adds up.
    // Warnings without a line keep the order they came in.
    std::stable_sort(m_detailed.begin(), m_detailed.end(),
                     [](const LoadError& a, const LoadError& b) { return a.line < b.line; });
    if (m_onlyCounted > 0)
        m_detailed.push_back(
            {file,
             0,
             {},
             "and " + std::to_string(m_onlyCounted) + " more warnings like those above"});
    m_onlyCounted = 0;
    return std::move(m_detailed);
}

} // namespace bonescope::core
