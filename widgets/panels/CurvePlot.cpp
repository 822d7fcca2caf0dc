#include "panels/CurvePlot.h"

#include "model/BoneAngles.h"
#include "panels/PlotCursor.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace bonescope::widgets {

namespace {
constexpr double kLeft = 64;  // room for the channel name and its range
constexpr double kRight = 10; // keeps the last frame clear of the edge
constexpr double kTop = 16;   // easing names above the first strip
constexpr double kBottom = 18;
constexpr double kStripGap = 6;

const QColor kBoneColors[] = {QColor(40, 120, 220), QColor(230, 120, 20), QColor(40, 160, 80),
                              QColor(200, 50, 120), QColor(120, 80, 200), QColor(150, 120, 40)};

size_t column(const char* name)
{
    for (size_t i = 0; i < core::kBakeValueColumns; ++i)
        if (std::strcmp(core::kBakeColumns[i].name, name) == 0)
            return i;
    return core::kBakeValueColumns;
}

// The bake columns the strips read (kBakeColumns is constant-initialised: ready before these).
const size_t kXColumn = column("x");
const size_t kYColumn = column("y");
const size_t kSkewXColumn = column("skewX");
const size_t kSkewYColumn = column("skewY");
const size_t kScaleXColumn = column("scaleX");
const size_t kScaleYColumn = column("scaleY");
const size_t kAlphaColumn = column("alpha");

/// Lines a strip draws: scale draws both axes (x solid, y dashed), the others one.
int lineCount(CurvePlot::Channel channel)
{
    return channel == CurvePlot::Channel::Scale ? 2 : 1;
}

/// The value line `line` of `channel`'s strip takes at `row`: the row's own, but for rotation
/// and skew the angles the bone tree shows (degrees; skew 0 for a pure rotation).
double valueOf(const core::BakeRow& row, CurvePlot::Channel channel, int line)
{
    const auto& v = row.values;
    switch (channel) {
    case CurvePlot::Channel::X:
        return v[kXColumn];
    case CurvePlot::Channel::Y:
        return v[kYColumn];
    case CurvePlot::Channel::Rotation:
        return core::rotationDegrees(v[kSkewYColumn]);
    case CurvePlot::Channel::Skew:
        return core::shearDegrees(v[kSkewXColumn], v[kSkewYColumn]);
    case CurvePlot::Channel::Scale:
        return v[line == 0 ? kScaleXColumn : kScaleYColumn];
    case CurvePlot::Channel::Alpha:
        return v[kAlphaColumn];
    }
    return 0.0;
}

/// Below this spread a strip is float noise: the golden tolerance of what it draws.
double flatSpread(CurvePlot::Channel channel)
{
    const auto tolerance = [](size_t column) { return core::kBakeColumns[column].tolerance; };
    switch (channel) {
    case CurvePlot::Channel::X:
        return tolerance(kXColumn);
    case CurvePlot::Channel::Y:
        return tolerance(kYColumn);
    case CurvePlot::Channel::Rotation:
        return core::rotationDegrees(tolerance(kSkewYColumn));
    case CurvePlot::Channel::Skew:
        return core::rotationDegrees(tolerance(kSkewXColumn) + tolerance(kSkewYColumn));
    case CurvePlot::Channel::Scale:
        return std::max(tolerance(kScaleXColumn), tolerance(kScaleYColumn));
    case CurvePlot::Channel::Alpha:
        return tolerance(kAlphaColumn);
    }
    return 0.0;
}
} // namespace

QString CurvePlot::channelName(Channel channel)
{
    switch (channel) {
    case Channel::X:
        return tr("x");
    case Channel::Y:
        return tr("y");
    case Channel::Rotation:
        return tr("rotation");
    case Channel::Skew:
        return tr("skew");
    case Channel::Scale:
        return tr("scale");
    case Channel::Alpha:
        return tr("alpha");
    }
    return {};
}

QColor CurvePlot::boneColor(int index)
{
    return kBoneColors[size_t(index) % std::size(kBoneColors)];
}

CurvePlot::CurvePlot(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CurvePlot::setRows(std::vector<core::BakeRow> rows, int frames)
{
    m_rows = std::move(rows);
    m_frames = std::max(frames, 0);
    m_bones.clear();
    for (const core::BakeRow& row : m_rows) {
        const QString bone = QString::fromStdString(row.bone);
        if (!m_bones.contains(bone))
            m_bones.append(bone);
    }
    for (int i = 0; i < kChannelCount; ++i)
        m_ranges[i] = rangeOf(Channel(i));
    update();
}

void CurvePlot::setKeys(const QList<CurveKey>& keys)
{
    m_keys = keys;
    update();
}

void CurvePlot::setEmptyText(const QString& text)
{
    m_emptyText = text;
    update();
}

void CurvePlot::setChannelShown(Channel channel, bool shown)
{
    m_shown[int(channel)] = shown;
    update();
}

bool CurvePlot::isChannelShown(Channel channel) const
{
    return m_shown[int(channel)];
}

void CurvePlot::setCursor(double frame)
{
    if (frame == m_cursor)
        return;
    m_cursor = frame;
    update();
}

QList<QPointF> CurvePlot::samples(const QString& bone, Channel channel, int line) const
{
    QList<QPointF> points;
    if (line < 0 || line >= lineCount(channel))
        return points;
    const std::string name = bone.toStdString();
    for (const core::BakeRow& row : m_rows)
        if (row.bone == name)
            points.append(QPointF(frameOf(row), valueOf(row, channel, line)));
    return points;
}

double CurvePlot::frameOf(const core::BakeRow& row)
{
    return std::isnan(row.passFrame) ? row.frame : row.passFrame;
}

double CurvePlot::xForFrame(double frame) const
{
    return kLeft + frame / std::max(m_frames, 1) * std::max(width() - kLeft - kRight, 1.0);
}

double CurvePlot::frameAtX(double x) const
{
    const double frame =
        (x - kLeft) / std::max(width() - kLeft - kRight, 1.0) * std::max(m_frames, 1);
    return std::clamp(std::round(frame), 0.0, double(m_frames));
}

void CurvePlot::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.base());

    QList<Channel> shown;
    for (int i = 0; i < kChannelCount; ++i)
        if (m_shown[i])
            shown.append(Channel(i));
    const QRectF plot = QRectF(rect()).adjusted(kLeft, kTop, -kRight, -kBottom);
    if (m_rows.empty() || shown.isEmpty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter,
                         m_rows.empty() ? m_emptyText : tr("No channel shown"));
        return;
    }

    // Easing spans: each keyframe's span to the next, shaded in turn and named when it fits.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    painter.setFont(small);
    for (int i = 0; i < m_keys.size(); ++i) {
        // A timeline's closing frame may lie past the pass's end: spans stop at the plot's edge.
        if (m_keys[i].frame > m_frames)
            break;
        const double from = xForFrame(m_keys[i].frame);
        const double to = xForFrame(std::min(
            i + 1 < m_keys.size() ? m_keys[i + 1].frame : double(m_frames), double(m_frames)));
        if (i % 2 == 1)
            painter.fillRect(QRectF(from, plot.top(), to - from, plot.height()),
                             pal.color(QPalette::AlternateBase));
        const double room = to - from - 4;
        if (painter.fontMetrics().horizontalAdvance(m_keys[i].easing) < room) {
            painter.setPen(pal.color(QPalette::Text));
            painter.drawText(QRectF(from + 2, 0, room, kTop), Qt::AlignLeft | Qt::AlignVCenter,
                             m_keys[i].easing);
        }
        painter.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
        painter.drawLine(QPointF(from, plot.top()), QPointF(from, plot.bottom()));
    }

    for (const Channel channel : shown)
        paintStrip(painter, channel, stripArea(channel));

    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(QRectF(xForFrame(0) - 20, plot.bottom() + 2, 40, kBottom - 2), Qt::AlignCenter,
                     QStringLiteral("0"));
    painter.drawText(QRectF(xForFrame(m_frames) - 40, plot.bottom() + 2, 40, kBottom - 2),
                     Qt::AlignRight | Qt::AlignVCenter, QString::number(m_frames));

    drawPlotCursor(painter, pal, xForFrame(std::clamp(m_cursor, 0.0, double(m_frames))), plot.top(),
                   plot.bottom());
}

std::pair<double, double> CurvePlot::rangeOf(Channel channel) const
{
    double low = std::numeric_limits<double>::max();
    double high = std::numeric_limits<double>::lowest();
    for (const core::BakeRow& row : m_rows)
        for (int line = 0; line < lineCount(channel); ++line) {
            low = std::min(low, valueOf(row, channel, line));
            high = std::max(high, valueOf(row, channel, line));
        }
    return {low, high};
}

bool CurvePlot::isFlat(Channel channel) const
{
    const auto [low, high] = m_ranges[int(channel)];
    return high - low <= flatSpread(channel);
}

QRectF CurvePlot::stripArea(Channel channel) const
{
    if (!isChannelShown(channel) || m_rows.empty())
        return {};
    const QRectF plot = QRectF(rect()).adjusted(kLeft, kTop, -kRight, -kBottom);
    QList<Channel> shown;
    int flatCount = 0;
    for (int i = 0; i < kChannelCount; ++i)
        if (m_shown[i]) {
            shown.append(Channel(i));
            flatCount += isFlat(Channel(i)) ? 1 : 0;
        }
    // A flat channel needs a line of text (its name, over the gaps beside it); the others share
    // the rest, so that a short dock still shows the curves that move.
    const double share = (plot.height() - kStripGap * (shown.size() - 1)) / shown.size();
    const double flatHeight =
        flatCount < shown.size()
            ? std::min(share, std::max(8.0, fontMetrics().height() - kStripGap))
            : share;
    const double movingHeight =
        flatCount < shown.size()
            ? (plot.height() - kStripGap * (shown.size() - 1) - flatCount * flatHeight) /
                  (shown.size() - flatCount)
            : share;
    double top = plot.top();
    for (const Channel other : shown) {
        const double height = isFlat(other) ? flatHeight : movingHeight;
        if (other == channel)
            return QRectF(plot.left(), top, plot.width(), height);
        top += height + kStripGap;
    }
    return {};
}

void CurvePlot::paintStrip(QPainter& painter, Channel channel, const QRectF& strip) const
{
    const QPalette pal = palette();
    const int lines = lineCount(channel);
    auto [low, high] = m_ranges[int(channel)];
    // A channel that varies less than the golden tolerance is flat: draw it through the
    // strip's middle instead of magnifying float noise.
    const bool flat = isFlat(channel);
    const double pad = flat ? std::max(1.0, std::abs(high)) : 0.06 * (high - low);
    low -= pad;
    high += pad;
    auto yFor = [&](double value) {
        return strip.bottom() - (value - low) / (high - low) * strip.height();
    };

    painter.setPen(pal.color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(strip);
    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(QRectF(2, strip.top(), kLeft - 6, strip.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, channelName(channel));
    // The range, where the strip is tall enough for it beside the name; a flat channel's one
    // value at the strip's end.
    if (flat) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        // Rounded to the tolerance: the float noise under it is not a value.
        const int decimals = std::clamp(int(std::ceil(-std::log10(flatSpread(channel)))), 0, 6);
        const double value = QString::number((low + high) / 2, 'f', decimals).toDouble() + 0.0;
        painter.drawText(strip.adjusted(0, -kStripGap, -4, kStripGap),
                         Qt::AlignRight | Qt::AlignVCenter, QString::number(value, 'g', 7));
    } else if (strip.height() >= 3 * painter.fontMetrics().height()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRectF(2, strip.top(), kLeft - 6, 14), Qt::AlignRight | Qt::AlignTop,
                         QString::number(high - pad, 'g', 4));
        painter.drawText(QRectF(2, strip.bottom() - 14, kLeft - 6, 14),
                         Qt::AlignRight | Qt::AlignBottom, QString::number(low + pad, 'g', 4));
    }

    painter.save();
    painter.setClipRect(strip);
    for (int b = 0; b < m_bones.size(); ++b) {
        const QColor color = boneColor(b);
        for (int k = 0; k < lines; ++k) {
            const QList<QPointF> points = samples(m_bones[b], channel, k);
            QPainterPath path;
            for (int i = 0; i < points.size(); ++i) {
                const QPointF p(xForFrame(points[i].x()), yFor(points[i].y()));
                if (i == 0)
                    path.moveTo(p);
                else
                    path.lineTo(p);
            }
            painter.setPen(QPen(color, 1.5, k == 0 ? Qt::SolidLine : Qt::DashLine));
            painter.drawPath(path);
            // Keyframe marks on the first point at or after each keyframe, within a frame of it
            // (a pass stretched by `sc` has several points a frame, or none on the keyframe).
            painter.setBrush(color);
            painter.setPen(Qt::NoPen);
            for (const CurveKey& key : m_keys) {
                if (!key.reached)
                    continue;
                // A reach worked out from float `dl` and `sc` lands a hair off its frame.
                const auto point = std::find_if(points.begin(), points.end(), [&](QPointF p) {
                    return p.x() >= key.frame - 1e-3;
                });
                if (point != points.end() && point->x() < key.frame + 1) {
                    const QPointF c(xForFrame(point->x()), yFor(point->y()));
                    painter.drawPolygon(QPolygonF({c + QPointF(0, -4), c + QPointF(4, 0),
                                                   c + QPointF(0, 4), c + QPointF(-4, 0)}));
                }
            }
            painter.setBrush(Qt::NoBrush);
        }
    }
    painter.restore();
}

void CurvePlot::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && !m_rows.empty())
        emit seekRequested(frameAtX(event->position().x()));
}

void CurvePlot::mouseMoveEvent(QMouseEvent* event)
{
    if ((event->buttons() & Qt::LeftButton) && !m_rows.empty())
        emit seekRequested(frameAtX(event->position().x()));
}

} // namespace bonescope::widgets
