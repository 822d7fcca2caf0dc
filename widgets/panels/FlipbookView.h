#pragma once

#include "panels/AbstractDocument.h"

#include <QHash>
#include <QImage>
#include <QWidget>

namespace bonescope::widgets {

/// The flipbook mode view: the sprite frame a frame animation shows at the current time,
/// drawn with QPainter at its untrimmed size (offset and 90° packing undone), scaled to fit,
/// over a checkerboard, with the frame's number and name.
class FlipbookView : public QWidget {
    Q_OBJECT
public:
    explicit FlipbookView(AbstractDocument* document, QWidget* parent = nullptr);

    /// The frame as drawn at 1:1 (source size, transparent around the trimmed rect); null
    /// when nothing shows or the image cannot be read.
    QImage currentFrameImage() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const QImage& sheet(const QString& path) const;

    AbstractDocument* m_document;
    mutable QHash<QString, QImage> m_sheets; // each atlas image loaded once
};

} // namespace bonescope::widgets
