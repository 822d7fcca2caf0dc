#pragma once

#include "StressFigures.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace bonescope::widgets {

/// What the user asks stress mode to show.
struct StressRequest {
    int instances = 100;
    unsigned seed = 1;
    bool soak = false;    ///< random crossfades, interrupts and layer weights
    bool parallel = true; ///< spread the updates over every core
};

/// The Stress Test dock: how many instances of the open armature (1 to 10 000, typed or on a
/// slider), the seed, the soak option and the thread choice, Enter / Leave, and the live
/// figures of the running mode. Return in the panel enters (or restarts with the new values),
/// Escape leaves.
class StressPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxInstances = 10000;

    explicit StressPanel(QWidget* parent = nullptr);

    StressRequest request() const;
    /// Why stress mode cannot run on the open document (empty: it can); shown, and Enter
    /// refused, while not empty.
    void setUnavailableReason(const QString& reason);
    void setRunning(bool running);
    /// Focuses the instance count with its text selected, ready to type.
    void focusCount();
    void showFigures(const StressFigures& figures);

    QSpinBox* countBox() const { return m_count; }
    QPushButton* enterButton() const { return m_enter; }

signals:
    void enterRequested(const bonescope::widgets::StressRequest& request);
    void leaveRequested();
    void parallelChanged(bool parallel);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void clearFigures();

    QSpinBox* m_count;
    QSlider* m_slider;
    QSpinBox* m_seed;
    QCheckBox* m_soak;
    QCheckBox* m_parallel;
    QPushButton* m_enter;
    QLabel* m_reason;
    QLabel* m_update;
    QLabel* m_drawList;
    QLabel* m_gpuSubmit;
    QLabel* m_drawCalls;
    QLabel* m_fps;
    QLabel* m_memory;
    bool m_running = false;
};

} // namespace bonescope::widgets
