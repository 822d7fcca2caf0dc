#pragma once

#include "script/BlendScript.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QPushButton;

namespace bonescope::widgets {

/// Edits one recorded crossfade call in place, as a popup under its mark on the ruler: its mode
/// (switch, while, then, or cocos2d-x's durationTo "to") and its duration, typed in seconds or
/// frames. Enter applies, Escape closes, "Delete call" removes the call.
class CallEditor : public QDialog {
    Q_OBJECT
public:
    CallEditor(const core::ScriptCall& call, QWidget* parent = nullptr);

    QComboBox* modeBox() const { return m_mode; }
    QDoubleSpinBox* durationBox() const { return m_duration; }
    QComboBox* unitBox() const { return m_unit; }
    QPushButton* deleteButton() const { return m_delete; }

    /// The call as edited: mode "to" keeps whole frames, the others seconds.
    core::ScriptCall call() const;

signals:
    void callEdited(const core::ScriptCall& call);
    void deleteRequested();

private:
    core::TransitionKind mode() const;
    /// The duration and its unit, off for a switch (it has none).
    void showDurationUse();
    bool inFrames() const;
    /// Shows the duration in the unit chosen (converting what was shown).
    void convertUnit();
    /// The duration box's decimals and range for the unit shown.
    void showUnit();

    core::ScriptCall m_call;
    QComboBox* m_mode;
    QDoubleSpinBox* m_duration;
    QComboBox* m_unit;
    QPushButton* m_delete;
    bool m_shownInFrames = false;
};

} // namespace bonescope::widgets
