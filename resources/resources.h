#pragma once

#include <QString>

namespace bonescope::resources {

/// Resource path of the embedded sample armature (DragonBones XML, with its .png and .plist).
inline const QString kSampleArmature = QStringLiteral(":/sample/Dragon.xml");

/// Makes sure the embedded resources are registered (they live in a static library).
void ensureLoaded();

} // namespace bonescope::resources
