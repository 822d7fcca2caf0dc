#pragma once

#include "DrawList.h"

#include <QSizeF>
#include <QTransform>

namespace bonescope::render {

/// Where the view looks: `centerX/Y` in world points (y up), `zoom` in pixels per point.
struct ViewCamera {
    float centerX = 0.f;
    float centerY = 0.f;
    float zoom = 1.f;

    /// World (y up) → widget or image pixels (y down) for a view of `size` pixels.
    QTransform worldToScreen(const QSizeF& size) const;

    /// The camera that shows `bounds` whole inside `size` with `marginPixels` around it, but at
    /// most a tenth of the shorter side: a small view (Compare's previews in a laptop's dock, a
    /// thumbnail render) still shows the armature large. An empty `bounds` gives the origin at
    /// zoom 1.
    static ViewCamera fit(const Bounds& bounds, const QSizeF& size, float marginPixels = 16.f);
};

} // namespace bonescope::render
