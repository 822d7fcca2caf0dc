#pragma once

#include <QObject>

namespace bonescope::widgets {

/// Keeps the window's one-key shortcuts for the timeline (←/→ step, Home/End first and last
/// frame, Space play/pause) from taking the keys a focused field moves with: a combo box keeps
/// Home and End (its first and last item), a slider ←/→, Home and End, a tree ←/→ (collapse and
/// expand), and a button, check box, list or tree reached by Tab keeps Space (it presses or
/// ticks it, or the current item's check box, for keyboard users) until it is clicked. One that
/// took the focus by a click leaves Space to play/pause, as do all other fields; text fields and
/// spin boxes need no help: their line edit claims the keys it edits with. Undo and Redo in a field
/// holding no typed text are the window's (the document's), not the field's. Installed on the
/// application, it watches every field.
class FieldKeyGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    /// Whether `field`, focused, keeps Space for itself: a text field (its spaces) or a button,
    /// list or tree reached by Tab. The viewport, which takes Space for panning while the pointer
    /// is over it, leaves it to these.
    static bool keepsSpace(const QWidget* field);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace bonescope::widgets
