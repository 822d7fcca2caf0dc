#pragma once

#include "panels/AbstractDocument.h"
#include "panels/DivergencePlot.h"
#include "panels/PlayClock.h"

#include "ArmatureTreeView.h"
#include "script/TransitionComparison.h"

#include <QWidget>

#include <array>
#include <span>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QStackedWidget;
class QToolButton;

namespace bonescope::widgets {

class Viewport;

/// The A/B comparator: one source → target pair of the document's movements with two or three
/// transitions (kind and duration), shown side by side in viewports that share one camera, or
/// overlaid in one viewport in the choices' tints; one timeline (play, slider, ← →, a typed
/// update) plays and scrubs them all; the divergence of the selected bones (picked in any of its
/// views or elsewhere; the most divergent bone when none is selected) from the first choice is
/// plotted with its peaks; Adopt puts a choice into the transition table for the pair
/// (AbstractEditing::setTransitionTable, undoable).
///
/// The panel computes nothing itself: its owner bakes the request() into a
/// core::TransitionComparison and hands it back with the armature's skins (setComparison).
class ComparatorPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxChoices = 3;
    /// The longest transition a choice takes, in seconds: longer than any crossfade a game
    /// plays, and within the pose rows a comparison may hold (kMaxBakeRows) for armatures of up
    /// to 150 bones; past them the comparison says so.
    static constexpr double kLongestSeconds = 60.0;
    /// The colour that names choice `choice` (captions, curves, overlay tint).
    static QColor choiceColor(int choice);
    static QString choiceName(int choice); ///< "A", "B", "C"

    explicit ComparatorPanel(AbstractDocument* document, QWidget* parent = nullptr);
    ~ComparatorPanel() override;

    /// Refills the movement lists from the document (a file opened or reloaded), keeping the
    /// chosen names where they still exist. Emits nothing: the owner asks for request() next.
    void resetMovements();
    /// The comparison the controls describe: the enabled choices, in order.
    core::ComparisonRequest request() const;
    /// Shows `comparison` drawn through `tree` (the views of its armature and of the ones it
    /// nests; both borrowed until the next call; null: nothing to show, `error` says why), at
    /// the same update as before where it still exists.
    void setComparison(const core::TransitionComparison* comparison, render::ArmatureTreeView* tree,
                       const QString& error = {});
    const core::TransitionComparison* comparison() const { return m_comparison; }

    /// The update on show (1..updates), and scrubbing to one (clamped).
    int shownUpdate() const { return m_update; }
    void seek(int update);
    /// The pose viewport `choice` shows (empty without a comparison).
    std::span<const core::BonePose> shownPose(int choice) const;
    bool isOverlaid() const;

    QComboBox* sourceBox() const { return m_source; }
    QComboBox* targetBox() const { return m_target; }
    QCheckBox* overlayBox() const { return m_overlay; }
    QCheckBox* choiceBox(int choice) const { return m_rows[size_t(choice)].enabled; }
    QComboBox* kindBox(int choice) const { return m_rows[size_t(choice)].kind; }
    QDoubleSpinBox* durationBox(int choice) const { return m_rows[size_t(choice)].seconds; }
    QPushButton* adoptButton(int choice) const { return m_rows[size_t(choice)].adopt; }
    Viewport* viewport(int choice) const { return m_rows[size_t(choice)].viewport; }
    Viewport* overlayViewport() const { return m_overlayView; }
    QSlider* slider() const { return m_slider; }
    QSpinBox* updateBox() const { return m_updateBox; }
    QToolButton* playButton() const { return m_play; }
    DivergencePlot* plot() const { return m_plot; }
    /// Why nothing is compared (an error, or a document with no armature), above the controls.
    QLabel* statusLabel() const { return m_status; }
    /// The controls, views and plot: disabled without an armature whose movements can be compared.
    QWidget* comparisonArea() const { return m_area; }

signals:
    /// A control changed what to compare: the owner calls setComparison() with request().
    void requestChanged();

protected:
    /// Frames the views once they are shown.
    bool eventFilter(QObject* watched, QEvent* event) override;
    /// A column of controls per choice where the dock is wide enough, else a row per choice.
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Row {
        QCheckBox* enabled = nullptr;
        QComboBox* kind = nullptr;
        QDoubleSpinBox* seconds = nullptr;
        QPushButton* adopt = nullptr;
        QBoxLayout* controls = nullptr; ///< the choice's two lines of controls
        QLabel* caption = nullptr;      ///< over the view while the choices are rows
        Viewport* viewport = nullptr;
        int comparisonIndex = -1;      ///< index among the comparison's choices; −1 when off
        core::NestedPoses nestedPoses; ///< the choice's nested armatures at the update shown
    };
    core::TransitionSpec specOf(const Row& row) const;
    void adopt(int choice);
    void showUpdate();
    /// While playing: on by `updates` (the play clock's), looping at the end.
    void playOn(int updates);
    void refreshPlot();
    void refreshAdoption();
    void shareCamera(Viewport* from);
    /// Frames the first choice, in every view alike, when the views are first shown and when
    /// they are resized, until the user pans, zooms or fits one.
    void autoFit();

    AbstractDocument* m_document;
    const core::TransitionComparison* m_comparison = nullptr;
    render::ArmatureTreeView* m_tree = nullptr;
    int m_update = 1;
    bool m_autoFit = true;
    bool m_fitting = false; ///< autoFit() is framing the views
    QSize m_fittedSize;     ///< of the view autoFit() framed last

    QComboBox* m_source;
    QComboBox* m_target;
    QCheckBox* m_overlay;
    QBoxLayout* m_choices; ///< the choices' controls, side by side or one above the other
    std::array<Row, kMaxChoices> m_rows;
    QStackedWidget* m_views;
    Viewport* m_overlayView;
    QLabel* m_overlayLegend;
    QSlider* m_slider;
    QSpinBox* m_updateBox;
    QToolButton* m_play;
    PlayClock m_playClock;
    QLabel* m_timing;
    DivergencePlot* m_plot;
    QLabel* m_status;
    QWidget* m_area;
};

} // namespace bonescope::widgets
