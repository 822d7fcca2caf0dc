#pragma once

#include "DrawList.h"
#include "ViewCamera.h"
#include "ViewOptions.h"

#include <QImage>

class QPainter;

namespace bonescope::render {

/// Draws a DrawList with QPainter (headless output: `bonescope-cli render`, thumbnails, tests):
/// the same picture as the GL viewport, sprite by sprite.
class PainterRenderer {
public:
    /// Background, grid, sprites and overlays into `painter`'s device of `size` pixels.
    static void paint(QPainter& painter, const QSizeF& size, const DrawList& list,
                      const ViewCamera& camera, const ViewOptions& options, int selectedBone = -1);

    /// A new ARGB32 premultiplied image of `size` with the frame drawn in it.
    static QImage render(const QSize& size, const DrawList& list, const ViewCamera& camera,
                         const ViewOptions& options, int selectedBone = -1);
};

} // namespace bonescope::render
