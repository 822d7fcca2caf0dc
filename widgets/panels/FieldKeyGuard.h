#pragma once

#include <QObject>

namespace bonescope::widgets {

/// Keeps the window's one-key shortcuts for the timeline (←/→ step, Home/End first and last
/// frame) from taking the keys a focused field moves with: a combo box keeps Home and End (its
/// first and last item), a slider ←/→, Home and End, a tree ←/→ (collapse and expand). Text
/// fields and spin boxes need no help: their line edit claims the keys it edits with. Space
/// stays play/pause and letters their actions wherever the focus is. Installed on the
/// application, it watches every field.
class FieldKeyGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace bonescope::widgets
