#include "DrawList.h"

#include <algorithm>
#include <cmath>

namespace bonescope::render {

void Bounds::add(float x, float y)
{
    // A point of a NaN pose (or one past float's range) has no place: it would poison the
    // bounds, and the camera fitted to them.
    if (!std::isfinite(x) || !std::isfinite(y))
        return;
    if (isEmpty()) {
        minX = maxX = x;
        minY = maxY = y;
        return;
    }
    minX = std::min(minX, x);
    maxX = std::max(maxX, x);
    minY = std::min(minY, y);
    maxY = std::max(maxY, y);
}

void Bounds::add(const Bounds& other)
{
    if (other.isEmpty())
        return;
    add(other.minX, other.minY);
    add(other.maxX, other.maxY);
}

void DrawList::clear()
{
    vertices.clear();
    quads.clear();
    placeholders.clear();
    bones.clear();
    armatureBounds.clear();
    bounds = Bounds();
}

} // namespace bonescope::render
