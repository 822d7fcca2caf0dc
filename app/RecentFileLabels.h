#pragma once

#include <QString>
#include <QStringList>

namespace bonescope::app {

/// The File → Open Recent menu's text for each of `paths` (absolute): the file's name, and
/// where another listed file has the same name, its folder after it ("Dragon.xml — ~/art"), so
/// that two exports of one name from different folders can be told apart.
QStringList recentFileLabels(const QStringList& paths);

} // namespace bonescope::app
