#pragma once

#include "panels/AbstractDocument.h"

#include <QImage>
#include <QWidget>

#include <memory>

namespace bonescope::render {
class TextureCache;
}

namespace bonescope::widgets {

/// The flipbook mode view: the sprite frame a frame animation shows at the current time,
/// drawn with QPainter at its untrimmed size (offset and 90° packing undone), scaled to fit (at
/// most 4×) or at a zoom the user chose, over a checkerboard, with the frame's number and name.
class FlipbookView : public QWidget {
    Q_OBJECT
public:
    /// The sheet images come from `textures`, the cache the armature viewport draws from
    /// (whose owner reads them again when the document changes).
    FlipbookView(AbstractDocument* document, std::shared_ptr<render::TextureCache> textures,
                 QWidget* parent = nullptr);

    /// The frame as drawn at 1:1 (source size, transparent around the trimmed rect); null
    /// when nothing shows or the image cannot be read.
    QImage currentFrameImage() const;
    /// Screen pixels per frame pixel in the last paint.
    double shownScale() const { return m_shownScale; }

public slots:
    /// Steps the zoom from the shown scale (×1.25), or shows the frame at 1:1 or fitted again.
    void zoomIn();
    void zoomOut();
    void showActualSize();
    void fitToView();

signals:
    /// The scale a paint drew the frame at changed (a zoom, a fit to a new size or frame).
    void zoomChanged(float zoom);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void setZoom(double zoom);

    AbstractDocument* m_document;
    double m_zoom = 0.0; ///< chosen screen pixels per frame pixel; 0: fit the view
    double m_shownScale = 0.0;
    std::shared_ptr<render::TextureCache> m_textures;
};

} // namespace bonescope::widgets
