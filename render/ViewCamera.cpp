#include "ViewCamera.h"

#include <algorithm>

namespace bonescope::render {

QTransform ViewCamera::worldToScreen(const QSizeF& size) const
{
    QTransform t;
    t.translate(size.width() / 2.0, size.height() / 2.0);
    t.scale(zoom, -zoom); // world y up, pixels y down
    t.translate(-centerX, -centerY);
    return t;
}

ViewCamera ViewCamera::fit(const Bounds& bounds, const QSizeF& size, float marginPixels)
{
    ViewCamera camera;
    if (bounds.isEmpty())
        return camera;
    camera.centerX = (bounds.minX + bounds.maxX) / 2.f;
    camera.centerY = (bounds.minY + bounds.maxY) / 2.f;
    const double margin =
        std::min(double(marginPixels), 0.1 * std::min(size.width(), size.height()));
    const double availableW = std::max(1.0, size.width() - 2.0 * margin);
    const double availableH = std::max(1.0, size.height() - 2.0 * margin);
    // A point (bones that draw nothing, all at one place) has no size to fit: it stays 1:1.
    if (!(bounds.maxX > bounds.minX) && !(bounds.maxY > bounds.minY))
        return camera;
    const double w = std::max(1e-3f, bounds.maxX - bounds.minX);
    const double h = std::max(1e-3f, bounds.maxY - bounds.minY);
    camera.zoom = static_cast<float>(std::min(availableW / w, availableH / h));
    return camera;
}

} // namespace bonescope::render
