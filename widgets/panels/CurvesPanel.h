#pragma once

#include "panels/AbstractDocument.h"
#include "panels/CurvePlot.h"

#include <QWidget>

class QCheckBox;
class QLabel;

namespace bonescope::widgets {

/// The curves dock: the selected bones' channels over the current movement's first pass, from
/// the same bake the values table shows (AbstractDocument::bakeMovement), with the first selected
/// bone's keyframes and easings, and the document's playhead; while a blend script is recorded
/// or played, over its updates instead (AbstractRecorder::bakeRecording). Clicking or dragging on
/// the plot pauses and seeks there; a check box per channel shows or hides its strip.
class CurvesPanel : public QWidget {
    Q_OBJECT
public:
    explicit CurvesPanel(AbstractDocument* document, QWidget* parent = nullptr);

    CurvePlot* plot() const { return m_plot; }
    QCheckBox* channelBox(CurvePlot::Channel channel) const { return m_channels[int(channel)]; }

private:
    void refill();

    AbstractDocument* m_document;
    CurvePlot* m_plot;
    QLabel* m_summary;
    QCheckBox* m_channels[CurvePlot::kChannelCount];
};

} // namespace bonescope::widgets
