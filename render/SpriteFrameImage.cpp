#include "SpriteFrameImage.h"

#include "ClampedRegion.h"

#include <QPainter>
#include <QTransform>

#include <algorithm>
#include <cmath>

namespace bonescope::render {

QImage spriteFrameImage(const QImage& sheet, const core::SpriteFrame& frame)
{
    if (sheet.isNull())
        return {};
    const QRectF r(frame.rect.x, frame.rect.y, frame.rect.width, frame.rect.height);
    // A rotated frame is stored 90° clockwise: its pixels occupy height × width in the sheet.
    const QImage cell =
        frame.rotated ? clampedRegion(sheet, QRectF(r.x(), r.y(), r.height(), r.width()).toRect())
                            .transformed(QTransform().rotate(-90))
                      : clampedRegion(sheet, r.toRect());
    const int sourceW = std::max(1, int(std::lround(frame.sourceWidth)));
    const int sourceH = std::max(1, int(std::lround(frame.sourceHeight)));
    QImage out(std::max(sourceW, cell.width()), std::max(sourceH, cell.height()),
               QImage::Format_ARGB32_Premultiplied);
    out.fill(Qt::transparent);
    // offset: the trimmed rect's centre from the source centre, points with y up.
    const double left = (out.width() - cell.width()) / 2.0 + frame.offsetX;
    const double top = (out.height() - cell.height()) / 2.0 - frame.offsetY;
    QPainter painter(&out);
    painter.drawImage(QPointF(left, top), cell);
    return out;
}

} // namespace bonescope::render
