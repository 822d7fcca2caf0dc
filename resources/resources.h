#pragma once

#include <QString>

namespace bonescope::resources {

/// Resource path of the embedded sample armature (DragonBones XML, with its .png and .plist).
inline const QString kSampleArmature = QStringLiteral(":/sample/Dragon.xml");

/// Copies the embedded sample (XML, PNG, plist) into `folder` so the readers, which work on
/// files, can open it; returns the path of the XML, or an empty string when writing failed.
QString extractSample(const QString& folder);

} // namespace bonescope::resources
