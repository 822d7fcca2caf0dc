#include "PainterRenderer.h"

#include "ClampedRegion.h"
#include "OverlayPainter.h"
#include "TextureCache.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace bonescope::render {

namespace {

constexpr unsigned kGlOne = 1;

// The affine map taking texture pixels to world points, from three corners of the quad
// (bottom-left, bottom-right, top-left), so rotated atlas frames need no special case.
bool texelToWorld(const SpriteVertex* v, double imageW, double imageH, QTransform& out)
{
    const double s0x = v[0].u * imageW, s0y = v[0].v * imageH;
    const double s1x = v[1].u * imageW - s0x, s1y = v[1].v * imageH - s0y;
    const double s3x = v[3].u * imageW - s0x, s3y = v[3].v * imageH - s0y;
    const double det = s1x * s3y - s3x * s1y;
    if (std::abs(det) < 1e-9)
        return false;
    const double w1x = v[1].x - v[0].x, w1y = v[1].y - v[0].y;
    const double w3x = v[3].x - v[0].x, w3y = v[3].y - v[0].y;
    // A · [s1 s3] = [w1 w3]  →  A = [w1 w3] · [s1 s3]⁻¹
    const double i11 = s3y / det, i12 = -s3x / det, i21 = -s1y / det, i22 = s1x / det;
    const double a11 = w1x * i11 + w3x * i21, a12 = w1x * i12 + w3x * i22;
    const double a21 = w1y * i11 + w3y * i21, a22 = w1y * i12 + w3y * i22;
    const double tx = v[0].x - (a11 * s0x + a12 * s0y);
    const double ty = v[0].y - (a21 * s0x + a22 * s0y);
    // QTransform maps (x, y) to (m11·x + m21·y + dx, m12·x + m22·y + dy).
    out = QTransform(a11, a21, a12, a22, tx, ty);
    return true;
}

// cocos2d-x multiplies the texel by the sprite colour; QPainter has no such mode, so tint a
// copy of the (premultiplied) pixels.
QImage tinted(const QImage& source, const SpriteVertex& colour)
{
    QImage image = source.convertToFormat(QImage::Format_RGBA8888_Premultiplied);
    const unsigned r = colour.r, g = colour.g, b = colour.b;
    for (int y = 0; y < image.height(); ++y) {
        uchar* p = image.scanLine(y);
        for (int x = 0; x < image.width(); ++x, p += 4) {
            p[0] = static_cast<uchar>(p[0] * r / 255u);
            p[1] = static_cast<uchar>(p[1] * g / 255u);
            p[2] = static_cast<uchar>(p[2] * b / 255u);
        }
    }
    return image;
}

void paintSprites(QPainter& painter, const DrawList& list, const QTransform& worldToScreen,
                  const ViewOptions& options)
{
    if (!list.textures)
        return;
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, options.smoothFiltering);
    for (size_t i = 0; i < list.quads.size(); ++i) {
        const SpriteQuad& quad = list.quads[i];
        const QImage& image = list.textures->image(quad.textureId);
        if (image.isNull())
            continue;
        const SpriteVertex* v = &list.vertices[4 * i];
        QTransform toWorld;
        if (!texelToWorld(v, image.width(), image.height(), toWorld))
            continue;
        double minU = 1, minV = 1, maxU = 0, maxV = 0;
        for (int k = 0; k < 4; ++k) {
            minU = std::min<double>(minU, v[k].u);
            maxU = std::max<double>(maxU, v[k].u);
            minV = std::min<double>(minV, v[k].v);
            maxV = std::max<double>(maxV, v[k].v);
        }
        const QRect source = QRectF(QPointF(minU * image.width(), minV * image.height()),
                                    QPointF(maxU * image.width(), maxV * image.height()))
                                 .toAlignedRect();
        // Additive frames (dst GL_ONE) add light; everything else composes "over".
        painter.setCompositionMode(quad.blend.dst == kGlOne ? QPainter::CompositionMode_Plus
                                                            : QPainter::CompositionMode_SourceOver);
        painter.setOpacity(v[0].a / 255.0);
        painter.setTransform(toWorld * worldToScreen);
        const bool untinted = v[0].r == 255 && v[0].g == 255 && v[0].b == 255;
        if (untinted && image.rect().contains(source)) {
            painter.drawImage(source.topLeft(), image, source); // the common case: no copy
        } else {
            const QImage cell = clampedRegion(image, source);
            painter.drawImage(source.topLeft(), untinted ? cell : tinted(cell, v[0]));
        }
    }
    painter.restore();
}

} // namespace

void PainterRenderer::paint(QPainter& painter, const QSizeF& size, const DrawList& list,
                            const ViewCamera& camera, const ViewOptions& options, int selectedBone)
{
    const QRectF rect(QPointF(0, 0), size);
    const QTransform worldToScreen = camera.worldToScreen(size);
    overlay::paintBackground(painter, rect, options);
    overlay::paintGrid(painter, rect, worldToScreen, options);
    if (options.showSprites)
        paintSprites(painter, list, worldToScreen, options);
    overlay::paintOverlays(painter, list, worldToScreen, options,
                           std::span<const int>(&selectedBone, selectedBone >= 0 ? 1 : 0));
}

QImage PainterRenderer::render(const QSize& size, const DrawList& list, const ViewCamera& camera,
                               const ViewOptions& options, int selectedBone)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    paint(painter, QSizeF(size), list, camera, options, selectedBone);
    return image;
}

} // namespace bonescope::render
