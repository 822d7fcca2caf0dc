#include "ClampedRegion.h"

#include <algorithm>
#include <cstring>

namespace bonescope::render {

QImage clampedRegion(const QImage& image, const QRect& region)
{
    if (image.isNull() || region.isEmpty() || image.rect().contains(region))
        return image.copy(region);
    // Whole bytes a pixel, so that an edge pixel is copied as it is.
    const QImage source =
        image.depth() >= 8 ? image : image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    const int bytes = source.depth() / 8;
    QImage out(region.size(), source.format());
    out.setColorTable(source.colorTable());
    for (int y = 0; y < out.height(); ++y) {
        const uchar* row = source.constScanLine(std::clamp(region.y() + y, 0, source.height() - 1));
        uchar* target = out.scanLine(y);
        for (int x = 0; x < out.width(); ++x) {
            const int from = std::clamp(region.x() + x, 0, source.width() - 1);
            std::memcpy(target + x * bytes, row + from * bytes, size_t(bytes));
        }
    }
    return out;
}

} // namespace bonescope::render
