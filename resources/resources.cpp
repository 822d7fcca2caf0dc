#include "resources.h"

#include <QFile>

namespace bonescope::resources {

void ensureLoaded()
{
    // qt_add_resources registers through static initialisers in object files of this library;
    // referencing this function from the executables keeps the linker from dropping them.
    Q_ASSERT(QFile::exists(kSampleArmature));
}

} // namespace bonescope::resources
