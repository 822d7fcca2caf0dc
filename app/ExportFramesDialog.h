#pragma once

#include "cli/FrameWriter.h"

#include <QDialog>
#include <QStringList>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace bonescope::app {

/// File → Export Frames: what `bonescope-cli render` draws, chosen in a form. For an armature, one
/// loop of a movement without its blend-in (frames that repeat seamlessly), a golden scenario or
/// the blend recording (its crossfades and layers, as the timeline plays it); for a flipbook, an
/// animation forwards or reversed. PNG frames or one sprite sheet, at the
/// animation's own size or a chosen one, on a transparent, checkered or the view's background,
/// into a folder. What a choice draws shows as it is made; Export asks `write` (the caller's
/// FrameWriter call) and stays open with its error, or closes once the frames are written.
class ExportFramesDialog : public QDialog {
    Q_OBJECT
public:
    /// What to draw: for an armature, `loop` (a movement name), `scenario` (golden text) or
    /// the `recording`; for a flipbook, `scenario` (flipbook:NAME[:reverse]).
    struct Choice {
        QString loop;
        QString scenario;
        bool recording = false;
        cli::FrameRequest request;
    };
    using Planner = std::function<cli::FramePlan(const Choice&)>;
    using Writer = std::function<cli::FramesWritten(const Choice&)>;

    /// `names`: the movements (or a flipbook's animations), `current` the one shown;
    /// `recordingUpdates` the blend recording's length (0: none, and no such choice);
    /// `viewBackground` the viewport's colour; `folder` where the frames go unless changed.
    /// `plan` says what a choice draws (shown as it changes: the frame count and files, or why
    /// it cannot), `write` draws it.
    ExportFramesDialog(bool flipbook, const QStringList& names, int current, int recordingUpdates,
                       const QColor& viewBackground, const QString& folder, Planner plan,
                       Writer write, QWidget* parent = nullptr);

    /// The last successful export's result.
    const cli::FramesWritten& written() const { return m_written; }

    QComboBox* namesBox() const { return m_names; }
    /// The golden scenario typed (null for a flipbook).
    QLineEdit* scenarioField() const { return m_scenario; }
    QLineEdit* folderField() const { return m_folder; }

private:
    Choice choice() const;
    void exportFrames();
    /// Shows what the choice draws, or why it cannot (then Export is off).
    void showPlan();
    /// The scenario field follows the movement until the user types in it.
    void followMovement();

    bool m_flipbook;
    Planner m_plan;
    Writer m_write;
    QColor m_viewBackground;
    QComboBox* m_names;
    QRadioButton* m_loopButton = nullptr;
    QRadioButton* m_scenarioButton = nullptr;
    QRadioButton* m_recordingButton = nullptr; ///< with a recording only
    QLineEdit* m_scenario = nullptr; ///< an armature's only
    QCheckBox* m_reverse = nullptr;
    QCheckBox* m_bones = nullptr;
    QRadioButton* m_sheet;
    QCheckBox* m_fixedSize;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QComboBox* m_background;
    QLineEdit* m_folder;
    QLabel* m_planLabel;
    QLabel* m_error;
    QPushButton* m_exportButton = nullptr;
    QString m_followedScenario; ///< what followMovement last wrote
    cli::FramesWritten m_written;
};

} // namespace bonescope::app
