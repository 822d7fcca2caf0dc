#pragma once

#include <QStringList>

namespace bonescope::cli {

/// `render FILE|--sample --out DIR [--armature A] [--scenario S] [--size WxH] [--sheet]
/// [--bones] [--background B]`: the scenario's frames (updates of 1/60 s, as `bake`) as PNGs
/// or one sprite sheet, drawn by the QPainter renderer. Needs a QGuiApplication (any platform,
/// offscreen included).
int runRender(const QStringList& arguments);

} // namespace bonescope::cli
