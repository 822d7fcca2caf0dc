#include "panels/ComparatorPanel.h"

#include "panels/Transition.h"
#include "panels/TypedText.h"

#include "Viewport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace bonescope::widgets {

namespace {
constexpr TransitionType kKinds[] = {TransitionType::Switch, TransitionType::WhileAnimating,
                                     TransitionType::ThenAnimate, TransitionType::DurationTo};
constexpr Qt::PenStyle kBoneStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
constexpr int kMaxPlottedBones = 4;
/// The least a choice's view shrinks to in a short dock (a 1366 × 768 screen's).
constexpr QSize kViewMinimum(96, 64);

/// The first choices a designer usually weighs for a pair: a cut, a cross-fade, a hold.
struct Default {
    TransitionType kind;
    double seconds;
};
constexpr Default kDefaults[] = {{TransitionType::Switch, 0.1},
                                 {TransitionType::WhileAnimating, 0.5},
                                 {TransitionType::ThenAnimate, 0.5}};

QString colouredName(int choice)
{
    return QStringLiteral("<b style='color:%1'>%2</b>")
        .arg(ComparatorPanel::choiceColor(choice).name(), ComparatorPanel::choiceName(choice));
}

/// The overlay's tint of a choice: A, the reference the divergence is measured against, opaque
/// and barely tinted, drawn last; the others in their colour, translucent, beneath it, so where
/// they part from A they show as coloured ghosts (as onion skins do).
render::ArmatureTint overlayTint(int choice)
{
    const QColor color = ComparatorPanel::choiceColor(choice).lighter(choice == 0 ? 180 : 110);
    return {std::uint32_t(color.red()), std::uint32_t(color.green()), std::uint32_t(color.blue()),
            choice == 0 ? 255u : 190u};
}
} // namespace

QColor ComparatorPanel::choiceColor(int choice)
{
    static const QColor colors[kMaxChoices] = {QColor(214, 84, 48), QColor(150, 60, 200),
                                               QColor(40, 120, 230)};
    return colors[std::clamp(choice, 0, kMaxChoices - 1)];
}

QString ComparatorPanel::choiceName(int choice)
{
    return QString(QChar('A' + choice));
}

ComparatorPanel::ComparatorPanel(AbstractDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_source(new QComboBox), m_target(new QComboBox),
      m_overlay(new QCheckBox(tr("&Overlay"))), m_views(new QStackedWidget),
      m_overlayView(new Viewport), m_overlayLegend(new QLabel),
      m_slider(new QSlider(Qt::Horizontal)), m_updateBox(new QSpinBox), m_play(new QToolButton),
      m_timing(new QLabel), m_plot(new DivergencePlot), m_status(new QLabel)
{
    m_source->setObjectName(QStringLiteral("comparatorSource"));
    m_target->setObjectName(QStringLiteral("comparatorTarget"));
    m_overlay->setObjectName(QStringLiteral("comparatorOverlay"));
    m_overlay->setToolTip(tr("Draw every choice in one viewport, each in its colour"));
    m_slider->setObjectName(QStringLiteral("comparatorSlider"));
    m_updateBox->setObjectName(QStringLiteral("comparatorUpdate"));
    m_updateBox->setKeyboardTracking(false); // typed numbers take effect on Enter
    m_updateBox->setPrefix(tr("update "));
    m_updateBox->setMinimumWidth(fontMetrics().horizontalAdvance(tr("update 00000 of 00000")) + 40);
    m_slider->setPageStep(10);
    m_status->setWordWrap(true);
    m_timing->setWordWrap(true);

    // Movement names can be long: the boxes shrink (eliding) rather than widen the dock.
    for (QComboBox* box : {m_source, m_target}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    auto* pair = new QHBoxLayout;
    pair->addWidget(new QLabel(tr("Source")));
    pair->addWidget(m_source, 1);
    pair->addWidget(new QLabel(tr("→ Target")));
    pair->addWidget(m_target, 1);
    pair->addWidget(m_overlay);

    // One column per choice, its controls above its view: the views line up under the
    // controls that describe them (each column takes an equal share, as the views do). A dock
    // too narrow for the columns gets a row per choice instead, and captions over the views
    // (resizeEvent).
    m_choices = new QBoxLayout(QBoxLayout::LeftToRight);
    auto* sideBySide = new QWidget;
    auto* sideLayout = new QGridLayout(sideBySide);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->setSpacing(m_choices->spacing());
    for (int i = 0; i < kMaxChoices; ++i) {
        Row& row = m_rows[size_t(i)];
        row.enabled = new QCheckBox;
        row.enabled->setChecked(true);
        row.enabled->setEnabled(i >= 2); // two choices at least
        row.enabled->setObjectName(QStringLiteral("comparatorChoice%1").arg(i));
        row.kind = new QComboBox;
        row.kind->setObjectName(QStringLiteral("comparatorKind%1").arg(i));
        for (TransitionType kind : kKinds)
            row.kind->addItem(transitionTypeName(kind), int(kind));
        row.kind->setCurrentIndex(row.kind->findData(int(kDefaults[i].kind)));
        row.seconds = new QDoubleSpinBox;
        row.seconds->setObjectName(QStringLiteral("comparatorSeconds%1").arg(i));
        row.seconds->setRange(0.0, kLongestSeconds);
        row.seconds->setDecimals(3);
        row.seconds->setSingleStep(0.05);
        row.seconds->setSuffix(tr(" s"));
        row.seconds->setKeyboardTracking(false);
        row.seconds->setValue(kDefaults[i].seconds);
        row.adopt = new QPushButton(tr("Adopt"));
        row.adopt->setObjectName(QStringLiteral("comparatorAdopt%1").arg(i));
        row.adopt->setToolTip(tr("Use this transition for the pair in the transition table"));
        auto* name = new QLabel(colouredName(i));
        auto* kindLine = new QHBoxLayout;
        kindLine->addWidget(row.enabled);
        kindLine->addWidget(name);
        kindLine->addWidget(row.kind, 1);
        auto* durationLine = new QHBoxLayout;
        durationLine->addWidget(row.seconds, 1);
        durationLine->addWidget(row.adopt);
        row.controls = new QBoxLayout(QBoxLayout::TopToBottom);
        row.controls->addLayout(kindLine);
        row.controls->addLayout(durationLine);
        m_choices->addLayout(row.controls, 1);
        connect(row.enabled, &QCheckBox::toggled, this, &ComparatorPanel::requestChanged);
        // A Switch has no duration: its box is off while it is chosen.
        const auto showDurationUse = [kind = row.kind, seconds = row.seconds] {
            seconds->setEnabled(core::transitionLasts(TransitionType(kind->currentData().toInt())));
        };
        showDurationUse();
        connect(row.kind, &QComboBox::currentIndexChanged, this, showDurationUse);
        connect(row.kind, &QComboBox::currentIndexChanged, this, &ComparatorPanel::requestChanged);
        connect(row.seconds, &QDoubleSpinBox::valueChanged, this, &ComparatorPanel::requestChanged);
        connect(row.adopt, &QPushButton::clicked, this, [this, i] { adopt(i); });

        row.viewport = new Viewport;
        row.viewport->setObjectName(QStringLiteral("comparatorView%1").arg(i));
        row.viewport->setMinimumSize(kViewMinimum);
        // A choice turned off leaves its place empty, so the others stay under their controls.
        QSizePolicy policy = row.viewport->sizePolicy();
        policy.setRetainSizeWhenHidden(true);
        row.viewport->setSizePolicy(policy);
        row.caption = new QLabel(colouredName(i));
        row.caption->setAlignment(Qt::AlignCenter);
        row.caption->hide();
        sideLayout->addWidget(row.caption, 0, i);
        sideLayout->addWidget(row.viewport, 1, i);
        sideLayout->setColumnStretch(i, 1);
    }
    sideLayout->setRowStretch(1, 1);

    auto* overlaid = new QWidget;
    auto* overlayLayout = new QVBoxLayout(overlaid);
    overlayLayout->setContentsMargins(0, 0, 0, 0);
    m_overlayLegend->setAlignment(Qt::AlignCenter);
    m_overlayView->setObjectName(QStringLiteral("comparatorOverlayView"));
    // The overlaid page, legend and view, no taller than a side-by-side view: the stack of the
    // two pages is as tall as the taller page's minimum, and a viewport's own (160 × 120)
    // scrolled the divergence plot out of a short dock.
    m_overlayView->setMinimumSize(kViewMinimum.width(), kViewMinimum.height() -
                                                            fontMetrics().lineSpacing() -
                                                            overlayLayout->spacing());
    overlayLayout->addWidget(m_overlayLegend);
    overlayLayout->addWidget(m_overlayView, 1);
    m_views->addWidget(sideBySide);
    m_views->addWidget(overlaid);

    auto* previous = new QToolButton;
    previous->setArrowType(Qt::LeftArrow);
    previous->setToolTip(tr("Previous update (←)"));
    auto* next = new QToolButton;
    next->setArrowType(Qt::RightArrow);
    next->setToolTip(tr("Next update (→)"));
    m_play->setObjectName(QStringLiteral("comparatorPlay"));
    m_play->setCheckable(true);
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setToolTip(tr("Play every choice in time, over and over"));
    auto* timeline = new QHBoxLayout;
    timeline->addWidget(m_play);
    timeline->addWidget(previous);
    timeline->addWidget(m_slider, 1);
    timeline->addWidget(next);
    timeline->addWidget(m_updateBox);

    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(pair);
    topLayout->addLayout(m_choices);
    topLayout->addWidget(m_views, 1);
    topLayout->addLayout(timeline);
    topLayout->addWidget(m_timing);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(top);
    splitter->addWidget(m_plot);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_area = splitter;
    auto* layout = new QVBoxLayout(this);
    // First: in a short dock the controls scroll, and the reason nothing shows must not.
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);
    // As narrow as the choices as rows need (resizeEvent arranges them): the columns' width
    // as a minimum would make a narrow dock scroll sideways instead.
    int narrowest = 0;
    for (const Row& row : m_rows)
        narrowest = std::max(narrowest, row.controls->itemAt(0)->sizeHint().width() +
                                            row.controls->spacing() +
                                            row.controls->itemAt(1)->sizeHint().width());
    for (int i = 0; i < topLayout->count(); ++i)
        if (topLayout->itemAt(i)->layout() != m_choices)
            narrowest = std::max(narrowest, topLayout->itemAt(i)->minimumSize().width());
    setMinimumWidth(narrowest + layout->contentsMargins().left() +
                    layout->contentsMargins().right());

    connect(m_source, &QComboBox::currentIndexChanged, this, &ComparatorPanel::requestChanged);
    connect(m_target, &QComboBox::currentIndexChanged, this, &ComparatorPanel::requestChanged);
    connect(m_overlay, &QCheckBox::toggled, this, [this](bool on) {
        m_views->setCurrentIndex(on ? 1 : 0);
        showUpdate();
    });
    connect(m_slider, &QSlider::valueChanged, this, &ComparatorPanel::seek);
    connect(m_updateBox, &QSpinBox::valueChanged, this, &ComparatorPanel::seek);
    connect(m_play, &QToolButton::toggled, this, [this](bool on) {
        m_play->setIcon(style()->standardIcon(on ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
        on ? m_playClock.start() : m_playClock.stop();
    });
    connect(&m_playClock, &PlayClock::ticked, this, &ComparatorPanel::playOn);
    connect(previous, &QToolButton::clicked, this, [this] { seek(m_update - 1); });
    connect(next, &QToolButton::clicked, this, [this] { seek(m_update + 1); });
    connect(m_plot, &DivergencePlot::seekRequested, this, &ComparatorPanel::seek);
    connect(m_document->selection(), &AbstractBoneSelection::selectionChanged, this,
            &ComparatorPanel::refreshPlot);
    connect(m_document->editing(), &AbstractEditing::transitionTableChanged, this,
            &ComparatorPanel::refreshAdoption);
    for (Viewport* view :
         {m_rows[0].viewport, m_rows[1].viewport, m_rows[2].viewport, m_overlayView}) {
        connect(view, &Viewport::cameraMoved, this, [this, view] { shareCamera(view); });
        // A click picks the bone to plot (Ctrl + click adds one), as in the main viewport.
        connect(view, &Viewport::bonePicked, this,
                [this, view] { m_document->selection()->selectBones(view->selectedBones()); });
    }
    connect(m_document->selection(), &AbstractBoneSelection::selectionChanged, this, [this] {
        for (const Row& row : m_rows)
            row.viewport->setSelectedBones(m_document->selection()->selectedBones());
        m_overlayView->setSelectedBones(m_document->selection()->selectedBones());
    });
    m_rows[0].viewport->installEventFilter(this);
    m_overlayView->installEventFilter(this);
    resetMovements();
    setComparison(nullptr, nullptr);
}

ComparatorPanel::~ComparatorPanel() = default;

void ComparatorPanel::resizeEvent(QResizeEvent* event)
{
    // Side by side, each column is as wide as the wider of its choice's two lines.
    int columns = layout()->contentsMargins().left() + layout()->contentsMargins().right() +
                  (kMaxChoices - 1) * m_choices->spacing();
    for (const Row& row : m_rows)
        columns += std::max(row.controls->itemAt(0)->sizeHint().width(),
                            row.controls->itemAt(1)->sizeHint().width());
    const bool asRows = event->size().width() < columns;
    m_choices->setDirection(asRows ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    for (const Row& row : m_rows) {
        row.controls->setDirection(asRows ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
        // The views no longer stand under their controls: each says whose it is.
        row.caption->setVisible(asRows);
    }
    QWidget::resizeEvent(event);
}

bool ComparatorPanel::eventFilter(QObject* watched, QEvent* event)
{
    if ((event->type() == QEvent::Show || event->type() == QEvent::Resize) &&
        (watched == m_rows[0].viewport || watched == m_overlayView))
        autoFit();
    return QWidget::eventFilter(watched, event);
}

void ComparatorPanel::resetMovements()
{
    m_autoFit = true; // another armature, or the same one read again
    m_fittedSize = {};
    const QStringList names = m_document->movementNames();
    const QString source = m_source->currentText();
    const QString target = m_target->currentText();
    const QSignalBlocker blockSource(m_source);
    const QSignalBlocker blockTarget(m_target);
    m_source->clear();
    m_target->clear();
    m_source->addItems(names);
    m_target->addItems(names);
    m_source->setCurrentIndex(std::max(int(names.indexOf(source)), 0));
    const int target0 = int(names.indexOf(target));
    m_target->setCurrentIndex(target0 >= 0 ? target0 : std::min(1, int(names.size()) - 1));
    const bool comparable =
        m_document->kind() == AbstractDocument::Kind::Armature && !names.isEmpty();
    if (!comparable)
        m_play->setChecked(false);
    m_area->setEnabled(comparable);
}

core::TransitionSpec ComparatorPanel::specOf(const Row& row) const
{
    core::TransitionSpec spec;
    spec.kind = core::TransitionKind(row.kind->currentData().toInt());
    spec.unit = core::TransitionSpec::Unit::Seconds;
    spec.duration = row.seconds->value();
    return spec;
}

core::ComparisonRequest ComparatorPanel::request() const
{
    core::ComparisonRequest request;
    if (const core::ArmatureData* armature = m_document->armature())
        request.armature = armature->name;
    request.source = m_source->currentText().toStdString();
    request.target = m_target->currentText().toStdString();
    for (const Row& row : m_rows)
        if (row.enabled->isChecked())
            request.choices.push_back(specOf(row));
    return request;
}

void ComparatorPanel::setComparison(const core::TransitionComparison* comparison,
                                    render::ArmatureTreeView* tree, const QString& error)
{
    m_comparison = comparison;
    m_tree = tree;
    m_status->setText(error);
    m_status->setVisible(!error.isEmpty());
    const int updates = comparison ? comparison->updates() : 1;
    int index = 0;
    for (Row& row : m_rows) {
        row.comparisonIndex = comparison && row.enabled->isChecked() ? index++ : -1;
        // Hidden with their choice only: a bake in progress keeps the views where they are.
        row.viewport->setVisible(row.enabled->isChecked());
    }
    {
        const QSignalBlocker blockSlider(m_slider);
        const QSignalBlocker blockBox(m_updateBox);
        m_slider->setRange(1, updates);
        m_updateBox->setRange(1, updates);
        m_updateBox->setSuffix(tr(" of %1").arg(updates));
    }
    if (comparison) // kept while none is shown: a new bake of the same pair shows it again
        m_update = std::clamp(m_update, 1, updates);

    QStringList timing;
    QStringList legend;
    QList<DivergencePlot::Mark> marks;
    for (int i = 0; i < kMaxChoices; ++i) {
        const Row& row = m_rows[size_t(i)];
        if (!comparison || row.comparisonIndex < 0)
            continue;
        legend << tr("%1 · %2 %3 s")
                      .arg(colouredName(i),
                           transitionTypeName(TransitionType(row.kind->currentData().toInt())))
                      .arg(row.seconds->value(), 0, 'g', 3);
        timing << tr("%1 calls at %2, settled at %3")
                      .arg(colouredName(i))
                      .arg(comparison->callUpdate(row.comparisonIndex))
                      .arg(comparison->settledUpdate(row.comparisonIndex));
        marks.append({comparison->callUpdate(row.comparisonIndex), choiceName(i), choiceColor(i)});
    }
    if (comparison) {
        timing.prepend(tr("%1 starts at update %2")
                           .arg(QString::fromStdString(comparison->request().target))
                           .arg(comparison->targetStartUpdate()));
        marks.append({comparison->targetStartUpdate(),
                      QString::fromStdString(comparison->request().target), QColor(110, 110, 110)});
    }
    m_timing->setText(timing.join(QStringLiteral(" · ")));
    m_overlayLegend->setText(legend.join(QStringLiteral("  ·  ")));
    m_plot->setMarks(marks);
    refreshPlot();
    refreshAdoption();
    showUpdate();
}

void ComparatorPanel::playOn(int updates)
{
    const int count = std::max(m_slider->maximum(), 1);
    seek((m_update - 1 + updates) % count + 1); // from the last update back to the first
}

void ComparatorPanel::seek(int update)
{
    const int clamped = std::clamp(update, 1, std::max(m_slider->maximum(), 1));
    if (clamped == m_update && m_slider->value() == clamped)
        return;
    m_update = clamped;
    showUpdate();
}

std::span<const core::BonePose> ComparatorPanel::shownPose(int choice) const
{
    const int index = m_rows[size_t(choice)].comparisonIndex;
    if (!m_comparison || index < 0)
        return {};
    return m_comparison->pose(index, m_update);
}

bool ComparatorPanel::isOverlaid() const
{
    return m_overlay->isChecked();
}

void ComparatorPanel::showUpdate()
{
    {
        const QSignalBlocker blockSlider(m_slider);
        const QSignalBlocker blockBox(m_updateBox);
        m_slider->setValue(m_update);
        // An update being typed while the choices play is taken on Enter, not written over.
        if (!holdsTypedText(*m_updateBox))
            m_updateBox->setValue(m_update);
    }
    m_plot->setCursor(m_update);
    render::Scene overlay;
    for (int i = kMaxChoices; i-- > 0;) {
        Row& row = m_rows[size_t(i)];
        render::Scene scene;
        if (m_tree && m_comparison && row.comparisonIndex >= 0) {
            m_comparison->composeNested(row.comparisonIndex, m_update, row.nestedPoses);
            render::ArmatureView view = m_tree->view(m_comparison->armature(), shownPose(i),
                                                     row.nestedPoses, {}, size_t(i));
            scene.armatures.push_back(view);
            view.tint = overlayTint(i);
            overlay.armatures.push_back(view);
        }
        if (!isOverlaid())
            row.viewport->setScene(scene);
    }
    if (isOverlaid())
        m_overlayView->setScene(overlay);
    autoFit();
}

void ComparatorPanel::autoFit()
{
    Viewport* view = isOverlaid() ? m_overlayView : m_rows[0].viewport;
    // Only once the view shows the comparison (the scene is set after the views are shown).
    if (!m_autoFit || !view->isVisible() || view->width() <= 0 ||
        view->drawList().bounds.isEmpty() || view->size() == m_fittedSize)
        return;
    m_fittedSize = view->size();
    m_fitting = true;
    view->fitToView(); // shared with the others through cameraMoved
    m_fitting = false;
}

void ComparatorPanel::refreshPlot()
{
    if (!m_comparison || m_comparison->choiceCount() < 2) {
        m_plot->setCurves({}, m_comparison ? m_comparison->updates() : 0);
        return;
    }
    QList<int> bones = m_document->selection()->selectedBones();
    const int boneCount = int(m_comparison->boneNames().size());
    bones.removeIf([boneCount](int bone) { return bone < 0 || bone >= boneCount; });
    if (bones.isEmpty())
        bones = {m_comparison->mostDivergentBone()};
    bones = bones.mid(0, kMaxPlottedBones);
    QList<DivergenceCurve> curves;
    for (int b = 0; b < bones.size(); ++b)
        for (int i = 1; i < kMaxChoices; ++i) {
            const int index = m_rows[size_t(i)].comparisonIndex;
            if (index < 1)
                continue;
            DivergenceCurve curve;
            curve.label =
                tr("%1 %2 vs A")
                    .arg(QString::fromStdString(m_comparison->boneNames()[size_t(bones[b])]),
                         choiceName(i));
            curve.color = choiceColor(i);
            curve.style = kBoneStyles[b];
            curve.values = m_comparison->divergence(index, bones[b]);
            curve.distancePeak = core::distancePeak(curve.values);
            curve.rotationPeak = core::rotationPeak(curve.values);
            curves.append(std::move(curve));
        }
    m_plot->setCurves(std::move(curves), m_comparison->updates());
}

void ComparatorPanel::refreshAdoption()
{
    const core::TransitionTable& table = m_document->editing()->transitionTable();
    const std::string source = m_source->currentText().toStdString();
    const std::string target = m_target->currentText().toStdString();
    const auto rule = std::find_if(table.rules.begin(), table.rules.end(), [&](const auto& r) {
        return r.source == source && r.target == target;
    });
    for (const Row& row : m_rows) {
        const bool adopted = rule != table.rules.end() && rule->spec == specOf(row);
        row.adopt->setText(adopted ? tr("In table") : tr("Adopt"));
        row.adopt->setEnabled(m_comparison && row.comparisonIndex >= 0 && !adopted);
    }
}

void ComparatorPanel::adopt(int choice)
{
    core::TransitionTable table = m_document->editing()->transitionTable();
    core::TransitionRule rule{m_source->currentText().toStdString(),
                              m_target->currentText().toStdString(),
                              specOf(m_rows[size_t(choice)])};
    const auto existing = std::find_if(table.rules.begin(), table.rules.end(), [&](const auto& r) {
        return r.source == rule.source && r.target == rule.target;
    });
    if (existing != table.rules.end())
        *existing = rule;
    else
        table.rules.push_back(rule);
    m_document->editing()->setTransitionTable(table);
}

void ComparatorPanel::shareCamera(Viewport* from)
{
    if (!m_fitting)
        m_autoFit = false; // the user framed the views: keep their choice
    for (const Row& row : m_rows)
        if (row.viewport != from)
            row.viewport->setCamera(from->camera());
    if (m_overlayView != from)
        m_overlayView->setCamera(from->camera());
}

} // namespace bonescope::widgets
