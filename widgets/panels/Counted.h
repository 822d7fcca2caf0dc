#pragma once

#include <QString>

namespace bonescope::widgets {

/// A count in words: `one` for 1, otherwise `many` with %1 the count ("1 bone", "3 bones").
/// Qt's %n gives English plurals only with a translation loaded, and Bonescope ships none.
inline QString counted(qsizetype count, const QString& one, const QString& many)
{
    return count == 1 ? one : many.arg(count);
}

} // namespace bonescope::widgets
