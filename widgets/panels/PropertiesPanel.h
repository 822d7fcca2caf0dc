#pragma once

#include "panels/AbstractDocument.h"
#include "panels/FlipbookProperties.h"
#include "panels/HoldSession.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace bonescope::widgets {

/// The properties dock: the current movement's values (durationTo, durationTween, loop,
/// easing, speed scale) and, for the selected bone, the keyframe in effect at the cursor
/// (easing, tweenRotate, frame event) and the easing its span plays with (a Linear keyframe plays
/// the movement's, as in cocos2d-x). Every change goes to the document as an undoable edit
/// and applies live; a drag on a spin box is one undo step. A value the export cannot take is
/// refused in place: the field returns to the document's value and the reason shows below.
/// Keys the file's format lacks (scale in DragonBones XML, tweenRotate in ExportJson) are
/// disabled, their tooltip saying why; so are the easings the format cannot hold. A flipbook's
/// animation shows its timing instead, read-only (FlipbookProperties).
class PropertiesPanel : public QWidget {
    Q_OBJECT
public:
    explicit PropertiesPanel(AbstractDocument* document, QWidget* parent = nullptr);

    QSpinBox* durationToBox() const { return m_durationTo; }
    QSpinBox* durationTweenBox() const { return m_durationTween; }
    QLabel* refusalLabel() const { return m_refusal; }
    QLabel* durationToSeconds() const { return m_durationToSeconds; }
    QLabel* passLength() const { return m_passLength; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The easing boxes' items for the opened export's format (those it cannot hold disabled).
    void fillEasingBoxes();
    /// Shows the current movement's values and the keyframe at the cursor, but for a group
    /// with a field being typed in or a spin box held down: what is typed (or stepped) stays,
    /// and goes to the movement or keyframe it was begun on (playback may change both
    /// meanwhile); the group catches up after it.
    void refresh();
    void refreshMovement();
    void refreshKeyframe();
    /// What the duration boxes' values last, as the boxes and the speed scale box hold them now
    /// (stepping shows it before the document has the value): seconds at speed 1, and the
    /// frames a pass plays when durationTween is 0 (the movement's dr).
    void showDurations();
    /// Shows the keyframe at the cursor when it is another one (refresh's rule).
    void followCursor();
    /// Whether a field of `group` holds typed text not yet entered, or is a spin box held down.
    bool isEditing(const QGroupBox& group) const;
    /// Sends `value` for `key` of the movement shown (keyframe keys: of the keyframe shown).
    void edit(core::EditKey key, const core::EditValue& value);
    /// "Keyframe 4 of arm · frame 31": the keyframe's number from 1 and where it starts.
    QString keyframeTitle(const core::EditTarget& target) const;
    /// The keyframe at the cursor of the first selected bone's track.
    core::EditTarget keyframeTarget() const;

    AbstractDocument* m_document;
    QGroupBox* m_movementGroup;
    QSpinBox* m_durationTo;
    QSpinBox* m_durationTween;
    QLabel* m_durationToSeconds;
    QLabel* m_passLength; ///< beside durationTween: what one pass plays
    QCheckBox* m_loop;
    QComboBox* m_easing;
    QDoubleSpinBox* m_scale;
    QGroupBox* m_keyframeGroup;
    QComboBox* m_frameEasing;
    QLabel* m_playedEasing; ///< the easing the keyframe's span plays with
    QDoubleSpinBox* m_tweenRotate;
    QLineEdit* m_event;
    QLabel* m_refusal;
    FlipbookProperties* m_flipbook;   ///< shown instead of the groups above for a flipbook
    core::EditTarget m_shownMovement; ///< the movement the movement fields show and edit
    core::EditTarget m_shownKeyframe; ///< the keyframe the keyframe fields show and edit
    HoldSession m_hold;
    QWidget* m_heldBox = nullptr; ///< the spin box held down
};

} // namespace bonescope::widgets
