#pragma once

#include "bake/BakeTable.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

namespace bonescope::widgets {

/// A keyframe of the plotted bone and the easing of the span it starts.
struct CurveKey {
    double frame = 0; ///< pass frames from the movement's start (core::KeyFrameReach)
    /// What the span plays: the keyframe's own easing (core::easingName), or the movement's
    /// that a Linear keyframe takes, marked "(movement)".
    QString easing;
    /// False for the span the pass starts in, whose keyframe was reached before it: its easing
    /// is named, no keyframe is marked.
    bool reached = true;
};

/// The curves panel's plot: one strip per shown channel (x, y, rotation and skew in degrees as
/// the bone tree shows them, scale = scaleX solid and scaleY dashed, alpha), every bone of the
/// given bake rows in its own colour over the movement's frames, keyframes marked, easing spans
/// shaded and named, and the playhead. Values are the bake rows' own (core::toBakeTable), plotted
/// at their pass frame (the timeline's frame the update showed) when the bake knows it, else at
/// their update number (a blend script's bake). Pressing or dragging asks to seek to the frame
/// under the mouse.
class CurvePlot : public QWidget {
    Q_OBJECT
public:
    /// The strips, top to bottom.
    enum class Channel { X, Y, Rotation, Skew, Scale, Alpha };
    static constexpr int kChannelCount = 6;
    static QString channelName(Channel channel);
    /// Colour of the `index`th plotted bone (bones()).
    static QColor boneColor(int index);

    explicit CurvePlot(QWidget* parent = nullptr);

    /// Rows of the shown bones (frame, then bone order); the x axis spans 0..`frames`.
    void setRows(std::vector<core::BakeRow> rows, int frames);
    void setKeys(const QList<CurveKey>& keys);
    const QList<CurveKey>& keys() const { return m_keys; }
    /// What the plot says while it has no rows.
    void setEmptyText(const QString& text);
    const QString& emptyText() const { return m_emptyText; }
    void setChannelShown(Channel channel, bool shown);
    bool isChannelShown(Channel channel) const;
    /// Playhead in frames.
    void setCursor(double frame);
    double cursor() const { return m_cursor; }

    /// Bones plotted, in the order of their first row.
    QStringList bones() const { return m_bones; }
    /// The points `bone`'s line `line` (scale: 0 x, 1 y) of `channel`'s strip goes through:
    /// (frame, value) in row order; none for a bone or line not plotted.
    QList<QPointF> samples(const QString& bone, Channel channel, int line = 0) const;
    /// Where `channel`'s strip is drawn; empty when it is not shown or there are no rows. A
    /// channel that does not vary over the rows (flat) gets a line of text's height, the others
    /// share the rest.
    QRectF stripArea(Channel channel) const;
    /// x in widget pixels of `frame` (frames), and back.
    double xForFrame(double frame) const;
    double frameAtX(double x) const;

    QSize sizeHint() const override { return {640, 420}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

signals:
    /// The user pressed or dragged at `frame` (frames, whole).
    void seekRequested(double frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    /// Where `row` is plotted, in frames.
    static double frameOf(const core::BakeRow& row);
    /// `channel`'s lowest and highest value over the rows (every line of it); setRows keeps
    /// them in m_ranges, so that painting does not scan the rows again.
    std::pair<double, double> rangeOf(Channel channel) const;
    /// `channel` varies over the rows by no more than the golden tolerance.
    bool isFlat(Channel channel) const;
    void paintStrip(QPainter& painter, Channel channel, const QRectF& strip) const;

    std::vector<core::BakeRow> m_rows;
    QStringList m_bones;
    int m_frames = 0;
    QList<CurveKey> m_keys;
    QString m_emptyText;
    bool m_shown[kChannelCount] = {true, true, true, true, true, true};
    double m_cursor = 0.0;
    std::pair<double, double> m_ranges[kChannelCount]; ///< rangeOf each channel, by setRows
};

} // namespace bonescope::widgets
