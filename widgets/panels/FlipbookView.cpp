#include "panels/FlipbookView.h"

#include "SpriteFrameImage.h"
#include "TextureCache.h"
#include "panels/ZoomLadder.h"

#include <QPainter>

#include <algorithm>
#include <utility>

namespace bonescope::widgets {

FlipbookView::FlipbookView(AbstractDocument* document,
                           std::shared_ptr<render::TextureCache> textures, QWidget* parent)
    : QWidget(parent), m_document(document), m_textures(std::move(textures))
{
    // As small as the armature viewport it takes turns with in the centre: the centre's
    // minimum is the larger of the two, and a short window needs the height for its docks.
    setMinimumSize(160, 120);
    connect(document, &AbstractDocument::frameChanged, this, qOverload<>(&QWidget::update));
    connect(document, &AbstractDocument::documentChanged, this, qOverload<>(&QWidget::update));
}

void FlipbookView::zoomIn()
{
    setZoom((m_shownScale > 0 ? m_shownScale : 1.0) * zoom::kStep);
}

void FlipbookView::zoomOut()
{
    setZoom((m_shownScale > 0 ? m_shownScale : 1.0) / zoom::kStep);
}

void FlipbookView::showActualSize()
{
    setZoom(1.0);
}

void FlipbookView::fitToView()
{
    m_zoom = 0.0;
    update();
}

void FlipbookView::setZoom(double zoom)
{
    m_zoom = zoom::clamped(zoom);
    update();
}

QImage FlipbookView::currentFrameImage() const
{
    const core::SpriteAtlas* atlas = nullptr;
    const core::SpriteFrame* frame = m_document->flipbookFrame(&atlas);
    if (!frame || !atlas)
        return {};
    // A sheet that cannot be read shows nothing; the Problems panel says why.
    return render::spriteFrameImage(m_textures->image(m_textures->acquire(atlas->imagePath)),
                                    *frame);
}

void FlipbookView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const int cell = 12;
    for (int y = 0; y < height(); y += cell)
        for (int x = 0; x < width(); x += cell)
            painter.fillRect(x, y, cell, cell,
                             ((x + y) / cell) % 2 ? QColor(70, 70, 78) : QColor(90, 90, 98));

    const QImage frame = currentFrameImage();
    if (!frame.isNull()) {
        const double fit =
            std::min({(width() - 20.0) / frame.width(), (height() - 40.0) / frame.height(), 4.0});
        const double scale = m_zoom > 0 ? m_zoom : fit;
        if (scale != std::exchange(m_shownScale, scale))
            emit zoomChanged(float(scale));
        const QSizeF size(frame.width() * scale, frame.height() * scale);
        const QRectF target(QPointF((width() - size.width()) / 2, (height() - size.height()) / 2),
                            size);
        painter.setRenderHint(QPainter::SmoothPixmapTransform, scale < 1.0);
        painter.drawImage(target, frame);
        painter.setPen(QColor(255, 255, 255, 60));
        painter.drawRect(target);
    }
    const core::SpriteAtlas* atlas = nullptr;
    const core::SpriteFrame* sprite = m_document->flipbookFrame(&atlas);
    painter.setPen(Qt::white);
    painter.drawText(rect().adjusted(8, 4, -8, -4), Qt::AlignLeft | Qt::AlignBottom,
                     sprite ? tr("frame %1 · %2")
                                  .arg(m_document->flipbookFrameIndex() + 1)
                                  .arg(QString::fromStdString(sprite->name))
                            : tr("(original frame)"));
}

} // namespace bonescope::widgets
