#pragma once

#include "panels/AbstractDocument.h"

#include "runtime/FrameEventTracker.h"

#include <QWidget>

namespace bonescope::widgets {

class FrameRuler;

/// The frame-event diagnostics lane under the timeline's ruler: each frame event of the
/// current movement at its keyframe, marked as core::FrameEventTracker judges what playback
/// raised (on time, late, twice, missed, or not reached yet), e.g. when a speed, a crossfade
/// or a seek skips over the event's frame; and the fires no keyframe of the pass accounts for
/// (stray fires, e.g. cocos2d-x's delayed tweens during a blend-in). It follows the ruler's
/// frame positions; hovering a mark names the event and its verdict.
class EventLane : public QWidget {
    Q_OBJECT
public:
    EventLane(AbstractDocument* document, const FrameRuler* ruler, QWidget* parent = nullptr);

    const core::FrameEventTracker& tracker() const { return m_tracker; }
    /// Where key `key` (index into tracker().keys()) is drawn.
    QRectF markRect(size_t key) const;
    /// Where stray fire `stray` (index into tracker().strayFires()) is drawn: a small diamond
    /// above the keys' row.
    QRectF strayRect(size_t stray) const;
    /// The colour a verdict is drawn in.
    static QColor verdictColor(core::FrameEventVerdict verdict);
    static QString verdictName(core::FrameEventVerdict verdict);
    /// What the lane says while it has no frame event to judge (a flipbook's notifications are
    /// not judged: the ruler flags them).
    QString emptyText() const;

    QSize sizeHint() const override { return {400, 22}; }
    QSize minimumSizeHint() const override { return {100, 22}; }

signals:
    /// The tracker moved on to another pass (tracker().passIndex()): the ruler shows that
    /// pass's keyframes and events.
    void passChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void restart();
    void onEvent(const PlaybackEvent& event);
    void onFrame(double frame);
    /// Announces passChanged when the tracker's pass is not the one last announced.
    void followPass();

    AbstractDocument* m_document;
    const FrameRuler* m_ruler;
    core::FrameEventTracker m_tracker;
    int m_announcedPass = 0;
};

} // namespace bonescope::widgets
