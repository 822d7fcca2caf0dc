#include "MainWindow.h"

#include "AboutDialog.h"
#include "CompanionReport.h"
#include "Comparison.h"
#include "DockRoom.h"
#include "Document.h"
#include "ExportFile.h"
#include "ExportFramesDialog.h"
#include "RecentFileLabels.h"
#include "RecoveryJournal.h"
#include "StressMode.h"
#include "UnsavedEdits.h"

#include "StressView.h"
#include "Viewport.h"
#include "io/ExportValidator.h"
#include "panels/BoneTreePanel.h"
#include "panels/ComparatorPanel.h"
#include "panels/Counted.h"
#include "panels/CrossfadePanel.h"
#include "panels/CurvesPanel.h"
#include "panels/EventLogPanel.h"
#include "panels/FieldKeyGuard.h"
#include "panels/FlipbookView.h"
#include "panels/LayersPanel.h"
#include "panels/ProblemsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/StressPanel.h"
#include "panels/TimelinePanel.h"
#include "panels/TracePanel.h"
#include "panels/TransitionTablePanel.h"
#include "panels/ValuesTablePanel.h"
#include "panels/WheelGuard.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTreeWidget>
#include <QUndoStack>

#include <utility>

namespace bonescope::app {

namespace {
const QString kFileFilter =
    QObject::tr("Animation exports (*.xml *.ExportJson *.json *.plist *.png *.jpg *.jpeg);;"
                "DragonBones XML (*.xml);;CocoStudio (*.ExportJson *.json);;"
                "AnimationCache or sprite sheet (*.plist);;Image sequence (*.png *.jpg *.jpeg);;"
                "All files (*)");

QString firstLocalFile(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile())
            return url.toLocalFile();
    return {};
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_document(new Document(this)), m_watcher(new FileWatcher(this)),
      m_journal(new RecoveryJournal(*m_document, RecoveryJournal::defaultFolder(), this)),
      m_centre(new QStackedWidget(this)), m_viewport(new widgets::Viewport(m_centre)),
      m_flipbookView(new widgets::FlipbookView(m_document, m_scene.textures(), m_centre)),
      m_timeline(new widgets::TimelinePanel(m_document)),
      m_boneTree(new widgets::BoneTreePanel(m_document)),
      m_values(new widgets::ValuesTablePanel(m_document)),
      m_crossfade(new widgets::CrossfadePanel(m_document)),
      m_properties(new widgets::PropertiesPanel(m_document)),
      m_transitionTable(new widgets::TransitionTablePanel(m_document)),
      m_eventLog(new widgets::EventLogPanel(m_document)),
      m_trace(new widgets::TracePanel(m_document)), m_problems(new widgets::ProblemsPanel),
      m_statsLabel(new QLabel(this)), m_zoomLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    // The panels were made above; the guard sees their fields as they are shown.
    qApp->installEventFilter(new widgets::WheelGuard(this));
    qApp->installEventFilter(new widgets::FieldKeyGuard(this));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    m_viewport->setObjectName(QStringLiteral("viewport"));
    // A dock opened beside it (the Compare tab grows the bottom area) must not crop the armature.
    m_viewport->setKeepsFitOnResize(true);
    m_flipbookView->setObjectName(QStringLiteral("flipbookView"));
    m_centre->addWidget(m_viewport);
    m_centre->addWidget(m_flipbookView);
    setCentralWidget(m_centre);
    m_statsLabel->setObjectName(QStringLiteral("frameStats"));
    statusBar()->addPermanentWidget(m_statsLabel);
    m_zoomLabel->setObjectName(QStringLiteral("zoomLabel"));
    m_zoomLabel->setContentsMargins(12, 0, 0, 0); // apart from the frame figures before it
    m_zoomLabel->setToolTip(tr(
        "Screen pixels per point of the scene or pixel of the frame (View → Actual Size: 100 %)"));
    statusBar()->addPermanentWidget(m_zoomLabel);
    connect(m_viewport, &widgets::Viewport::zoomChanged, this, &MainWindow::showZoom);
    connect(m_flipbookView, &widgets::FlipbookView::zoomChanged, this, &MainWindow::showZoom);

    createDocks();
    createStressMode();
    m_defaultLayout = saveState();
    createActions();
    m_viewport->setViewOptions(m_settings.viewOptions());
    applyViewOptionActions();
    m_document->setLoopPreview(m_settings.loopPreview());

    connect(m_document, &Document::documentChanged, this, &MainWindow::onDocumentChanged);
    connect(m_journal, &RecoveryJournal::writeFailed, this, [this](const QString& reason) {
        statusBar()->showMessage(
            tr("Unsaved edits cannot be kept for recovery after a crash: %1").arg(reason), 15000);
    });
    connect(m_document, &Document::frameChanged, this, &MainWindow::updateScene);
    BoneSelection* selection = m_document->selection();
    connect(selection, &BoneSelection::boneVisibilityChanged, this, &MainWindow::updateScene);
    connect(selection, &BoneSelection::selectionChanged, this,
            [this, selection] { m_viewport->setSelectedBones(selection->selectedBones()); });
    connect(m_viewport, &widgets::Viewport::bonePicked, selection,
            [selection](int bone, bool toggle) {
                QList<int> bones = toggle ? selection->selectedBones() : QList<int>{};
                if (!bones.removeOne(bone))
                    bones.append(bone);
                selection->selectBones(bones);
            });
    connect(m_viewport, &widgets::Viewport::frameStats, this, [this](double fps, double ms) {
        showFrameStats(fps, ms, m_viewport->drawCallsLastFrame());
    });
    connect(m_viewport, &widgets::Viewport::viewOptionsChanged, this, [this] {
        applyViewOptionActions();
        updateScene();
    });
    connect(m_viewport, &widgets::Viewport::renderError, this,
            [this](const QString& message) { showError(tr("Rendering"), message); });
    connect(m_watcher, &FileWatcher::changed, this, &MainWindow::fileChangedOnDisk);
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::parameterChanged, this, &MainWindow::updateScene);
    connect(m_document->layers(), &LayerSetupSession::layerSetupChanged, this,
            &MainWindow::relistLayerSetupProblem);
    connect(m_document->layers(), &LayerSetupSession::savedSetupProblemChanged, this,
            &MainWindow::relistLayerSetupProblem);

    // First run: 1400×900, or the screen's free area when smaller (a 1366×768 laptop).
    const QSize available = screen()->availableSize();
    resize(qMin(1400, available.width()), qMin(900, available.height()));
    restoreGeometry(m_settings.windowGeometry());
    restoreState(m_settings.windowState());
    updateTitle();
}

MainWindow::~MainWindow()
{
    // The document and its undo stack outlive this body (they are children destroyed later)
    // and still signal while they go: nothing may reach this half-destroyed window.
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    disconnect(m_document, nullptr, this, nullptr);
    disconnect(m_document->selection(), nullptr, this, nullptr);
    disconnect(m_document->layers(), nullptr, this, nullptr);
}

QDockWidget* MainWindow::addDock(QWidget* panel, const QString& title, const QString& objectName,
                                 Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName); // saveState() keys the layout by object name
    // A panel taller or wider than its dock scrolls rather than pushing the window past
    // the screen: the docks' minimum sizes add up to more than a laptop screen.
    auto* scroll = new QScrollArea(dock);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    dock->setWidget(scroll);
    addDockWidget(area, dock);
    // Every dock can be shown again from the Panels menu, in the order they were added.
    m_panelsMenu->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::createDocks()
{
    m_panelsMenu = new QMenu(tr("&Panels"), this);
    QDockWidget* timeline = addDock(m_timeline, tr("Timeline"), QStringLiteral("timelineDock"),
                                    Qt::BottomDockWidgetArea);
    QDockWidget* values =
        addDock(m_values, tr("Values"), QStringLiteral("valuesDock"), Qt::BottomDockWidgetArea);
    QDockWidget* events = addDock(m_eventLog, tr("Event Log"), QStringLiteral("eventLogDock"),
                                  Qt::BottomDockWidgetArea);
    QDockWidget* bones =
        addDock(m_boneTree, tr("Bones"), QStringLiteral("boneTreeDock"), Qt::RightDockWidgetArea);
    QDockWidget* crossfade = addDock(m_crossfade, tr("Crossfade"), QStringLiteral("crossfadeDock"),
                                     Qt::RightDockWidgetArea);
    QDockWidget* properties = addDock(m_properties, tr("Properties"),
                                      QStringLiteral("propertiesDock"), Qt::RightDockWidgetArea);
    QDockWidget* transitions =
        addDock(m_transitionTable, tr("Transitions"), QStringLiteral("transitionTableDock"),
                Qt::RightDockWidgetArea);
    QDockWidget* trace =
        addDock(m_trace, tr("Blend Trace"), QStringLiteral("traceDock"), Qt::BottomDockWidgetArea);
    QDockWidget* problems = addDock(m_problems, tr("Problems"), QStringLiteral("problemsDock"),
                                    Qt::BottomDockWidgetArea);
    QDockWidget* layers = addDock(new widgets::LayersPanel(m_document), tr("Layers"),
                                  QStringLiteral("layersDock"), Qt::RightDockWidgetArea);
    splitDockWidget(timeline, values, Qt::Vertical);
    tabifyDockWidget(values, events);
    tabifyDockWidget(events, trace);
    tabifyDockWidget(trace, problems);
    QDockWidget* curves = addDock(new widgets::CurvesPanel(m_document), tr("Curves"),
                                  QStringLiteral("curvesDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(values, curves);
    auto* comparator = new widgets::ComparatorPanel(m_document);
    new Comparison(m_document, comparator, this);
    QDockWidget* compare = addDock(comparator, tr("Compare"), QStringLiteral("comparatorDock"),
                                   Qt::BottomDockWidgetArea);
    tabifyDockWidget(curves, compare);
    // Its three previews need more than the values table's height to be watched.
    new DockRoom(this, compare, 0.55);
    values->raise();
    splitDockWidget(bones, crossfade, Qt::Vertical);
    tabifyDockWidget(bones, properties);
    tabifyDockWidget(crossfade, transitions);
    bones->raise();
    tabifyDockWidget(crossfade, layers);
    crossfade->raise();
    // The right column runs the window's full height; the timeline and tables sit under the
    // viewport only, the timeline at its natural height.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({bones, crossfade}, {450, 450}, Qt::Vertical);
    resizeDocks({bones}, {520}, Qt::Horizontal);
    resizeDocks({timeline, values}, {timeline->sizeHint().height(), 220}, Qt::Vertical);
}

void MainWindow::createStressMode()
{
    m_stressView = new widgets::StressView(m_centre);
    m_stressView->setObjectName(QStringLiteral("stressView"));
    m_centre->addWidget(m_stressView);
    m_stressPanel = new widgets::StressPanel;
    QDockWidget* dock = addDock(m_stressPanel, tr("Stress Test"), QStringLiteral("stressDock"),
                                Qt::RightDockWidgetArea);
    // Hidden before it joins Layers' tabs (until View → Stress Test…): a tab hidden after
    // would leave its neighbour, Layers, raised over Crossfade.
    dock->hide();
    tabifyDockWidget(findChild<QDockWidget*>(QStringLiteral("layersDock")), dock);
    m_stress = new StressMode(m_document, m_viewport, m_stressView, m_stressPanel, this);
    connect(m_stress->action(), &QAction::triggered, this, [this, dock] {
        dock->show();
        dock->raise();
        m_stressPanel->focusCount();
    });
    // The status bar shows the frames of the view in the centre: stress mode's own figures
    // (a frame's cost being its draw list and its GPU submission), not the hidden viewport's
    // last ones.
    connect(m_stressView, &widgets::StressView::figuresChanged, this,
            [this](const widgets::StressFigures& f) {
                showFrameStats(f.framesPerSecond, f.drawListMs + f.gpuSubmitMs, f.drawCalls);
            });
    connect(m_stress, &StressMode::activeChanged, this, [this](bool active) {
        m_statsLabel->clear();
        const bool flipbook = m_document->kind() == Document::Kind::Flipbook;
        m_centre->setCurrentWidget(active     ? static_cast<QWidget*>(m_stressView)
                                   : flipbook ? static_cast<QWidget*>(m_flipbookView)
                                              : m_viewport);
    });
    connect(m_stressView, &widgets::StressView::renderError, this,
            [this](const QString& message) { showError(tr("Stress Test"), message); });
}

void MainWindow::showZoom(float zoom)
{
    // Whole per cents, but for the tenths a far zoom out needs to tell its steps apart.
    m_zoomLabel->setText(tr("zoom %1 %").arg(100.0 * zoom, 0, 'f', zoom < 0.1f ? 1 : 0));
}

void MainWindow::showFrameStats(double fps, double frameMs, int drawCalls)
{
    m_statsLabel->setText(
        tr("%1 fps · %2 ms/frame · %3")
            .arg(fps, 0, 'f', 0)
            .arg(frameMs, 0, 'f', 2)
            .arg(widgets::counted(drawCalls, tr("1 draw call"), tr("%1 draw calls"))));
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::chooseFile);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_recoveryMenu = file->addMenu(tr("Recover &Unsaved Edits"));
    m_recoveryMenu->setObjectName(QStringLiteral("recoveryMenu"));
    // Read when shown: another Bonescope may have ended (or crashed) since. Until then it
    // holds only the placeholder (start-up reads the folder once, in remindOfKeptEdits).
    connect(m_recoveryMenu, &QMenu::aboutToShow, this,
            [this] { fillRecoveryMenu(m_journal->kept()); });
    fillRecoveryMenu({});
    file->addAction(tr("Open Image &Grid…"), this, &MainWindow::chooseGrid);
    file->addAction(tr("Open &Sample"), this, [this] { openSample(); });
    m_reloadAction =
        file->addAction(tr("Re&load"), QKeySequence::Refresh, this, &MainWindow::reloadFromDisk);
    m_reloadAction->setObjectName(QStringLiteral("reloadAction"));
    file->addSeparator();
    m_saveAction = file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    m_saveAction->setObjectName(QStringLiteral("saveAction"));
    m_saveAsAction =
        // Not QKeySequence::SaveAs: Qt gives it no keys outside GNOME and macOS.
        file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this,
                        &MainWindow::saveAs);
    m_saveAsAction->setObjectName(QStringLiteral("saveAsAction"));
    m_revertAction = file->addAction(tr("Re&vert"), this, &MainWindow::revert);
    m_revertAction->setObjectName(QStringLiteral("revertAction"));
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateFileActions);
    connect(m_document, &Document::documentChanged, this, &MainWindow::updateFileActions);
    updateFileActions();
    file->addAction(tr("Open &Blend Script…"), this, &MainWindow::chooseBlendScript);
    QAction* saveScript =
        file->addAction(tr("Save Blend Script &As…"), this, &MainWindow::saveBlendScript);
    saveScript->setObjectName(QStringLiteral("saveBlendScriptAction"));
    saveScript->setEnabled(false);
    const auto scriptFollowsRecorder = [this, saveScript] {
        saveScript->setEnabled(m_document->recorder()->keptScript() != nullptr);
    };
    connect(m_document, &Document::documentChanged, saveScript, scriptFollowsRecorder);
    connect(m_document->recorder(), &RecordingSession::recordingChanged, saveScript,
            [this, scriptFollowsRecorder](bool recording) {
                scriptFollowsRecorder();
                if (!recording && m_document->recorder()->keptScript())
                    statusBar()->showMessage(
                        tr("Recording stopped: File > Save Blend Script As… still saves it, "
                           "Edit > Undo plays it again"),
                        8000);
            });
    QAction* exportFrames = file->addAction(
        tr("E&xport Frames…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportFrames);
    exportFrames->setObjectName(QStringLiteral("exportFramesAction"));
    const auto exportFollowsDocument = [this, exportFrames] {
        exportFrames->setEnabled(m_document->loaded() != nullptr);
    };
    connect(m_document, &Document::documentChanged, this, exportFollowsDocument);
    exportFollowsDocument();
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    updateRecentMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    // For a bug report: the view as it is on screen, overlays included.
    QAction* copyFrame = edit->addAction(
        tr("Copy Frame &Image"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, [this] {
            const QImage image = m_centre->currentWidget() == m_viewport
                                     ? m_viewport->grabFramebuffer()
                                     : m_centre->currentWidget()->grab().toImage();
            QGuiApplication::clipboard()->setImage(image);
            statusBar()->showMessage(tr("Copied the view (%1 × %2 pixels) to the clipboard")
                                         .arg(image.width())
                                         .arg(image.height()),
                                     4000);
        });
    copyFrame->setObjectName(QStringLiteral("copyFrameAction"));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    // The armature viewport's camera or the flipbook view's scale, whichever is in the centre;
    // stress mode draws its crowd at its own scale.
    const auto onCentre = [this](void (widgets::Viewport::*onViewport)(),
                                 void (widgets::FlipbookView::*onFlipbook)()) {
        return [this, onViewport, onFlipbook] {
            if (m_centre->currentWidget() == m_viewport)
                (m_viewport->*onViewport)();
            else if (m_centre->currentWidget() == m_flipbookView)
                (m_flipbookView->*onFlipbook)();
        };
    };
    QAction* fit =
        view->addAction(tr("&Fit"), this,
                        onCentre(&widgets::Viewport::fitToView, &widgets::FlipbookView::fitToView));
    fit->setShortcut(Qt::Key_F);
    fit->setObjectName(QStringLiteral("fitAction"));
    QAction* zoomIn = view->addAction(
        tr("Zoom &In"), this, onCentre(&widgets::Viewport::zoomIn, &widgets::FlipbookView::zoomIn));
    // Ctrl + = as well: the plus without Shift on most layouts, as browsers take it.
    zoomIn->setShortcuts(QKeySequence::keyBindings(QKeySequence::ZoomIn)
                         << QKeySequence(Qt::CTRL | Qt::Key_Equal));
    QAction* zoomOut =
        view->addAction(tr("Zoom O&ut"), QKeySequence::ZoomOut, this,
                        onCentre(&widgets::Viewport::zoomOut, &widgets::FlipbookView::zoomOut));
    QAction* actualSize = view->addAction(
        tr("Actual Si&ze"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
        onCentre(&widgets::Viewport::showActualSize, &widgets::FlipbookView::showActualSize));
    actualSize->setObjectName(QStringLiteral("actualSizeAction"));
    const auto followCentre = [this, fit, zoomIn, zoomOut, actualSize] {
        const QWidget* centre = m_centre->currentWidget();
        const bool zooms = centre == m_viewport || centre == m_flipbookView;
        for (QAction* action : {fit, zoomIn, zoomOut, actualSize})
            action->setEnabled(zooms);
        m_zoomLabel->setVisible(zooms);
        if (centre == m_viewport)
            showZoom(m_viewport->camera().zoom);
        else if (centre == m_flipbookView && m_flipbookView->shownScale() > 0)
            showZoom(float(m_flipbookView->shownScale()));
    };
    connect(m_centre, &QStackedWidget::currentChanged, this, followCentre);
    followCentre();
    view->addSeparator();
    const QList<QPair<QString, bool render::ViewOptions::*>> toggles = {
        {tr("&Sprites"), &render::ViewOptions::showSprites},
        {tr("&Bones"), &render::ViewOptions::showBones},
        {tr("&Pivots"), &render::ViewOptions::showPivots},
        {tr("Bou&nds"), &render::ViewOptions::showBounds},
        {tr("&Axes"), &render::ViewOptions::showAxes},
        {tr("&Grid"), &render::ViewOptions::showGrid},
        {tr("&Checker Background"), &render::ViewOptions::checkerBackground},
        {tr("Premultiplied &Alpha"), &render::ViewOptions::premultipliedAlpha},
        {tr("S&mooth Textures"), &render::ViewOptions::smoothFiltering},
    };
    for (const auto& [label, member] : toggles) {
        QAction* action = view->addAction(label);
        action->setCheckable(true);
        connect(action, &QAction::toggled, this,
                [this, member = member](bool on) { toggleViewOption(member, on); });
        m_viewActions.append({action, member});
    }
    m_onionAction = view->addAction(tr("&Onion Skin"));
    m_onionAction->setCheckable(true);
    m_onionAction->setShortcut(Qt::Key_O);
    connect(m_onionAction, &QAction::toggled, this,
            [this](bool on) { toggleViewOption(&render::ViewOptions::onionSkin, on); });
    view->addAction(tr("Onion Skin Se&ttings…"), m_viewport, &widgets::Viewport::editOnionSkin);
    view->addAction(tr("Background &Colour…"), m_viewport,
                    &widgets::Viewport::chooseBackgroundColour);
    view->addSeparator();
    view->addAction(m_stress->action());
    view->setToolTipsVisible(true); // a disabled Stress Test… says why
    view->addMenu(m_panelsMenu);
    m_panelsMenu->addSeparator();
    QAction* resetLayout = m_panelsMenu->addAction(tr("&Reset Layout"), this,
                                                   [this] { restoreState(m_defaultLayout); });
    resetLayout->setObjectName(QStringLiteral("resetLayoutAction"));
    resetLayout->setToolTip(tr("Every panel back where a first start puts it"));

    QMenu* playback = menuBar()->addMenu(tr("&Playback"));
    QAction* play = playback->addAction(
        tr("&Play / Pause"), this, [this] { m_document->setPlaying(!m_document->isPlaying()); });
    play->setShortcut(Qt::Key_Space);
    play->setObjectName(QStringLiteral("playAction"));
    // The focused viewport keeps Space for space + drag panning and passes a plain tap back.
    connect(m_viewport, &widgets::Viewport::spaceTapped, play, &QAction::trigger);
    playback->addAction(tr("&Next Frame"), Qt::Key_Right, this,
                        [this] { m_document->stepFrames(1); });
    playback->addAction(tr("P&revious Frame"), Qt::Key_Left, this,
                        [this] { m_document->stepFrames(-1); });
    playback->addAction(tr("&First Frame"), Qt::Key_Home, this, [this] {
        m_document->setPlaying(false);
        m_document->seekFrame(0);
    });
    playback->addAction(tr("&Last Frame"), Qt::Key_End, this, [this] {
        m_document->setPlaying(false);
        m_document->seekFrame(m_document->timelineFrames());
    });
    QAction* loop = playback->addAction(tr("&Loop Every Movement"));
    loop->setCheckable(true);
    loop->setShortcut(Qt::Key_L);
    loop->setToolTip(tr("Off: each movement follows its own loop flag"));
    loop->setChecked(m_document->loopPreview());
    connect(loop, &QAction::toggled, m_document, &Document::setLoopPreview);
    connect(m_document, &Document::loopPreviewChanged, loop, &QAction::setChecked);
    playback->addAction(tr("&Trigger Crossfade"), Qt::Key_T, m_document->crossfade(),
                        &CrossfadeControl::triggerCrossfade);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Bonescope"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::applyViewOptionActions()
{
    const render::ViewOptions options = m_viewport->viewOptions();
    for (const auto& [action, member] : m_viewActions) {
        const QSignalBlocker blocker(action);
        action->setChecked(options.*member);
    }
    const QSignalBlocker blocker(m_onionAction);
    m_onionAction->setChecked(options.onionSkin);
}

void MainWindow::toggleViewOption(bool render::ViewOptions::*option, bool on)
{
    render::ViewOptions options = m_viewport->viewOptions();
    options.*option = on;
    m_viewport->setViewOptions(options);
}

QWidget* MainWindow::centreWidget() const
{
    return m_centre->currentWidget();
}

bool MainWindow::openFile(const QString& path, QString* error)
{
    if (!settleUnsavedEdits(tr("Open")))
        return false;
    QString message;
    if (!m_document->file().open(path, &message)) {
        refused(path, message);
        if (error)
            *error = message;
        else
            showError(tr("Open"), message);
        return false;
    }
    opened(path);
    offerRecovery(path);
    return true;
}

bool MainWindow::openGrid(const QString& imagePath, QSize cellSize, QString* error)
{
    if (!settleUnsavedEdits(tr("Open Image Grid")))
        return false;
    QString message;
    if (!m_document->file().openGrid(imagePath, cellSize.width(), cellSize.height(), &message)) {
        refused(imagePath, message);
        if (error)
            *error = message;
        else
            showError(tr("Open Image Grid"), message);
        return false;
    }
    m_settings.setLastFolder(QFileInfo(imagePath).absolutePath());
    return true;
}

void MainWindow::refused(const QString& path, const QString& message)
{
    const bool open = m_document->kind() != Document::Kind::Empty;
    m_problems->showRefusal(path, message, open ? m_document->displayName() : QString());
}

void MainWindow::opened(const QString& path)
{
    m_settings.addRecentFile(QFileInfo(path).absoluteFilePath());
    m_settings.setLastFolder(QFileInfo(path).absolutePath());
    updateRecentMenu();
}

void MainWindow::offerRecovery(const QString& path)
{
    QString problem;
    const auto recovery = m_journal->find(path, &problem);
    if (!problem.isEmpty())
        showError(tr("Recover Edits"), tr("Edits of %1 kept for recovery cannot be read: %2")
                                           .arg(m_document->displayName(), problem));
    if (!recovery)
        return;
    const QStringList edits = describeUnsavedEdits(*m_document, *recovery);
    if (edits.isEmpty()) { // what it held is what the file holds now
        m_journal->discard();
        return;
    }
    QString question =
        tr("Bonescope ended on %1 without saving these edits of %2:\n\n• %3\n\nRestore them?")
            .arg(QLocale().toString(
                     QDateTime::fromString(QString::fromStdString(recovery->savedAt), Qt::ISODate)
                         .toLocalTime(),
                     QLocale::ShortFormat),
                 m_document->displayName(), edits.join(QStringLiteral("\n• ")));
    if (!m_document->editing()->matchesBase(*recovery))
        question += tr("\n\n%1 has changed on disk since: they will be set on the file as it "
                       "is now.")
                        .arg(m_document->displayName());
    QMessageBox box(QMessageBox::Question, tr("Recover Edits"), question,
                    QMessageBox::Yes | QMessageBox::Discard, this);
    box.button(QMessageBox::Yes)->setText(tr("Restore"));
    box.setDefaultButton(QMessageBox::Yes);
    if (box.exec() != QMessageBox::Yes) {
        m_journal->discard();
        return;
    }
    const QStringList refused = restoreUnsavedEdits(*m_document, *recovery);
    m_journal->flush(); // what was restored is what is kept now
    if (!refused.isEmpty())
        QMessageBox::warning(
            this, tr("Recover Edits"),
            tr("These edits could not be restored:\n\n%1").arg(refused.join(QLatin1Char('\n'))));
}

bool MainWindow::openSample(QString* error)
{
    if (!settleUnsavedEdits(tr("Open Sample")))
        return false;
    QString message;
    if (!m_document->file().openSample(&message)) {
        if (error)
            *error = message;
        else
            showError(tr("Open"), message);
        return false;
    }
    offerRecovery(ExportFile::sampleKey());
    return true;
}

void MainWindow::onDocumentChanged()
{
    const bool flipbook = m_document->kind() == Document::Kind::Flipbook;
    m_centre->setCurrentWidget(flipbook ? static_cast<QWidget*>(m_flipbookView) : m_viewport);
    m_scene.rebuild(*m_document);
    m_viewport->setSelectedBone(-1);
    updateScene();
    m_viewport->fitToView();
    m_watcher->watch(m_document->file().isSample() ? QStringList()
                                                   : m_document->file().sourceFiles());
    // Replaces whatever the status bar said about the file shown before.
    const QString path = QString::fromStdString(m_document->loaded()->path);
    const std::vector<core::LoadError> problems = openFileProblems();
    m_problems->showWarnings(path, problems);
    m_listedLayerSetupProblem = listedLayerSetupProblem();
    showProblemCount(tr("Opened %1").arg(m_document->displayName()), problems.size());
    updateTitle();
}

std::vector<core::LoadError> MainWindow::openFileProblems()
{
    std::vector<core::LoadError> problems = core::validateExport(*m_document->loaded());
    for (core::LoadError& texture : m_scene.textureProblems(*m_document))
        problems.push_back(std::move(texture));
    if (auto layers = m_document->layers()->savedSetupProblem())
        problems.push_back(std::move(*layers));
    return problems;
}

std::optional<std::string> MainWindow::listedLayerSetupProblem() const
{
    const auto problem = m_document->layers()->savedSetupProblem();
    return problem ? std::optional(problem->toString()) : std::nullopt;
}

void MainWindow::relistLayerSetupProblem()
{
    const std::optional<std::string> listed = listedLayerSetupProblem();
    if (listed == m_listedLayerSetupProblem || !m_document->loaded())
        return;
    const bool listedBefore = m_listedLayerSetupProblem.has_value();
    m_listedLayerSetupProblem = listed;
    const std::vector<core::LoadError> problems = openFileProblems();
    // A refusal or reload failure shown since stays: it is newer than the open file's list.
    const QString path = QString::fromStdString(m_document->loaded()->path);
    if (m_problems->showsWarningsOf(path))
        m_problems->showWarnings(path, problems);
    // Only placed elsewhere (a save rewrote the sidecar): no news but the save's.
    if (listed.has_value() != listedBefore)
        showProblemCount(listed ? tr("The sidecar's layer setup is back")
                                : tr("The sidecar's layer setup plays now"),
                         problems.size());
}

void MainWindow::showProblemCount(const QString& news, size_t problems)
{
    if (problems == 0)
        statusBar()->showMessage(news, 4000);
    else if (problems == 1)
        statusBar()->showMessage(tr("%1: 1 problem, see the Problems panel").arg(news));
    else
        statusBar()->showMessage(
            tr("%1: %2 problems, see the Problems panel").arg(news).arg(problems));
}

void MainWindow::updateScene()
{
    if (m_document->kind() == Document::Kind::Armature)
        m_viewport->setScene(m_scene.scene(*m_document, m_viewport->viewOptions()));
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Bonescope").arg(m_document->displayName()));
    // What Save would write: undoable view changes (a hidden bone, the inspector's pair) are
    // not saved anywhere, so they do not mark the window.
    setWindowModified(m_document->isModified());
}

void MainWindow::updateFileActions()
{
    m_reloadAction->setEnabled(canReload());
    m_saveAction->setEnabled(m_document->isModified());
    m_saveAsAction->setEnabled(m_document->editing()->canWrite());
    m_revertAction->setEnabled(m_document->isModified());
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings.recentFiles();
    const QStringList labels = recentFileLabels(files);
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        QAction* action = m_recentMenu->addAction(labels[i]);
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] {
            if (!QFileInfo::exists(path)) {
                m_settings.removeRecentFile(path);
                updateRecentMenu();
                showError(tr("Open Recent"), tr("%1 no longer exists.").arg(path));
                return;
            }
            openFile(path);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::fillRecoveryMenu(const QList<RecoveryJournal::Kept>& kept)
{
    m_recoveryMenu->clear();
    for (const RecoveryJournal::Kept& recovery : kept) {
        const QString path = recovery.exportPath;
        const QString file = recovery.file;
        QAction* action = m_recoveryMenu->addAction(tr("%1 — %2").arg(
            ExportFile::displayNameOf(path),
            QLocale().toString(recovery.savedAt.toLocalTime(), QLocale::ShortFormat)));
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path, file] {
            if (path == ExportFile::sampleKey()) {
                openSample(); // which offers them back
                return;
            }
            if (!QFileInfo::exists(path)) {
                showError(tr("Recover Edits"),
                          tr("%1 no longer exists; the edits kept for it are in %2.")
                              .arg(path, QDir::toNativeSeparators(file)));
                return;
            }
            openFile(path); // which offers them back
        });
    }
    if (kept.isEmpty())
        m_recoveryMenu->addAction(tr("None: every session ended with its edits settled"))
            ->setEnabled(false);
}

void MainWindow::remindOfKeptEdits()
{
    const QList<RecoveryJournal::Kept> kept = m_journal->kept();
    fillRecoveryMenu(kept);
    QStringList names;
    for (const RecoveryJournal::Kept& recovery : kept)
        names << ExportFile::displayNameOf(recovery.exportPath);
    if (!names.isEmpty())
        statusBar()->showMessage(tr("Unsaved edits of %1 were kept when Bonescope ended: File → "
                                    "Recover Unsaved Edits")
                                     .arg(names.join(QStringLiteral(", "))),
                                 30000);
}

void MainWindow::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Animation"),
                                                      m_settings.lastFolder(), kFileFilter);
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::chooseGrid()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Image Grid"), m_settings.lastFolder(), tr("Images (*.png *.jpg *.jpeg)"));
    if (path.isEmpty())
        return;
    bool ok = false;
    const QString cell = QInputDialog::getText(this, tr("Open Image Grid"),
                                               tr("Cell size in pixels (width × height):"),
                                               QLineEdit::Normal, QStringLiteral("64x64"), &ok);
    if (!ok)
        return;
    static const QRegularExpression pattern(
        QStringLiteral("^\\s*(\\d+)\\s*[x×*, ]\\s*(\\d+)\\s*$"));
    const QRegularExpressionMatch match = pattern.match(cell);
    if (!match.hasMatch()) {
        showError(tr("Open Image Grid"), tr("\"%1\" is not a size such as 64x64.").arg(cell));
        return;
    }
    openGrid(path, QSize(match.captured(1).toInt(), match.captured(2).toInt()));
}

void MainWindow::chooseBlendScript()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Blend Script"), m_settings.lastFolder(), tr("Blend scripts (*.json)"));
    QString error;
    if (!path.isEmpty() && !m_document->recorder()->open(path, &error))
        showError(tr("Open Blend Script"), error);
}

void MainWindow::exportFrames()
{
    const core::LoadedExport* loaded = m_document->loaded();
    if (!loaded)
        return;
    const bool flipbook = m_document->kind() == Document::Kind::Flipbook;
    const std::string armature =
        flipbook ? std::string()
                 : loaded->skeleton.armatures[size_t(m_document->armatureIndex())].name;
    const QString file = m_document->filePath();
    // Where this file's frames went last, else a folder beside it.
    const QString folder = m_exportFolders.value(
        file, file.isEmpty()
                  ? QDir(QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
                        .filePath(QStringLiteral("Bonescope"))
                  : QFileInfo(file).dir().filePath(QStringLiteral("frames")));
    // The frames of what the document holds now, edits included: the same calls as
    // `bonescope-cli render`'s. A choice resolves to its plan, shown as it is made, and the
    // call that writes it.
    struct Job {
        cli::FramePlan plan;
        std::function<cli::FramesWritten(const cli::FrameRequest&)> write;
    };
    // The recording as it is now (or the one stopped last): playing on behind the dialog
    // lengthens it, and the export writes the updates the dialog said. The jobs point at this
    // copy (not one each keystroke).
    std::optional<core::BlendScript> recorded;
    if (const core::BlendScript* script = m_document->recorder()->keptScript())
        recorded = *script;
    const auto job = [loaded, armature, flipbook,
                      &recorded](const ExportFramesDialog::Choice& choice) {
        std::string error;
        if (choice.recording && recorded) {
            const QString name = QStringLiteral("recording");
            return Job{cli::planScriptFrames(*loaded, *recorded, name),
                       [=, script = &*recorded](const cli::FrameRequest& request) {
                           return cli::writeScriptFrames(*loaded, *script, name, request);
                       }};
        }
        if (!choice.loop.isEmpty()) {
            const std::string movement = choice.loop.toStdString();
            return Job{cli::planLoopFrames(*loaded, armature, movement),
                       [=](const cli::FrameRequest& request) {
                           return cli::writeLoopFrames(*loaded, armature, movement, request);
                       }};
        }
        if (flipbook) {
            if (auto scenario = core::BlendScenario::parse(choice.scenario.toStdString(), &error))
                return Job{cli::planFlipbookFrames(*loaded, *scenario),
                           [=, scenario = *scenario](const cli::FrameRequest& request) {
                               return cli::writeFlipbookFrames(*loaded, scenario, request);
                           }};
        } else if (auto scenario = core::Scenario::parse(choice.scenario.toStdString(), &error)) {
            return Job{cli::planScenarioFrames(*loaded, armature, *scenario),
                       [=, scenario = *scenario](const cli::FrameRequest& request) {
                           return cli::writeScenarioFrames(*loaded, armature, scenario, request);
                       }};
        }
        Job refused;
        refused.plan.error = QString::fromStdString(error);
        return refused;
    };
    ExportFramesDialog dialog(
        flipbook, m_document->movementNames(), m_document->currentMovement(),
        recorded ? recorded->updates : 0, m_viewport->viewOptions().background, folder,
        [&](const ExportFramesDialog::Choice& choice) { return job(choice).plan; },
        [&](const ExportFramesDialog::Choice& choice) {
            const Job chosen = job(choice);
            if (!chosen.plan.ok()) {
                cli::FramesWritten refused;
                refused.error = chosen.plan.error;
                return refused;
            }
            cli::FrameRequest request = choice.request;
            request.inputs = cli::renderInputs(*loaded);
            // Large frames take seconds each: the count, and a way out.
            QProgressDialog progress(tr("Drawing %1 frames…").arg(chosen.plan.frames), tr("Stop"),
                                     0, chosen.plan.frames, QApplication::activeModalWidget());
            progress.setWindowModality(Qt::WindowModal);
            progress.setMinimumDuration(500);
            request.progress = [&progress](int done, int) {
                progress.setValue(done);
                return !progress.wasCanceled();
            };
            return chosen.write(request);
        },
        this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const cli::FramesWritten& written = dialog.written();
    m_exportFolders.insert(file, QFileInfo(written.paths.front()).absolutePath());
    QString message = tr("Wrote %1").arg(written.summary());
    for (const QString& warning : written.warnings)
        message += QStringLiteral(" · ") + warning;
    statusBar()->showMessage(message, written.warnings.isEmpty() ? 6000 : 20000);
}

void MainWindow::saveBlendScript()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Blend Script"), m_settings.lastFolder(), tr("Blend scripts (*.json)"));
    QString error;
    if (!path.isEmpty() && !m_document->recorder()->save(path, &error))
        showError(tr("Save Blend Script"), error);
}

void MainWindow::reloadFromDisk()
{
    if (!settleUnsavedEdits(tr("Reload")))
        return;
    reloadNow();
}

bool MainWindow::canReload() const
{
    return !m_document->file().isSample() && m_document->kind() != Document::Kind::Empty;
}

void MainWindow::reloadNow()
{
    if (!canReload())
        return;
    QString error;
    if (m_document->file().reload(&error)) {
        statusBar()->showMessage(tr("Reloaded %1").arg(m_document->displayName()), 4000);
        return;
    }
    // An exporter may still be writing: keep the old data and say why.
    m_problems->showReloadFailure(m_document->filePath(), error);
    statusBar()->showMessage(tr("Reload failed: %1").arg(error), 15000);
}

void MainWindow::fileChangedOnDisk()
{
    // Bonescope's own save changes the file too; that needs no reload (an atlas changed at
    // the same moment is a race this does not resolve).
    const bool ownSave = std::exchange(m_savedHere, false);
    if (ownSave && m_document->file().isOnDisk())
        return;
    if (m_document->isModified()) {
        const auto answer = QMessageBox::question(
            this, tr("File Changed on Disk"),
            tr("%1 changed on disk, and it has edits that are not saved here.\n\nReload it and "
               "discard your edits, or keep your edits (saving then overwrites the file)?")
                .arg(m_document->displayName()),
            QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Discard) {
            statusBar()->showMessage(
                tr("%1 changed on disk; your edits are kept").arg(m_document->displayName()),
                15000);
            return;
        }
    }
    reloadNow();
}

bool MainWindow::settleUnsavedEdits(const QString& action)
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, action,
        tr("%1 has edits that are not saved. Save them first?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return save();
    return true; // discarded: whatever comes next replaces the edited document
}

bool MainWindow::save()
{
    if (m_document->file().isSample())
        return saveAs();
    QString error;
    if (!m_document->file().save(&error)) {
        showError(tr("Save"), error);
        return false;
    }
    m_savedHere = true;
    statusBar()->showMessage(tr("Saved %1").arg(m_document->displayName()), 4000);
    updateTitle();
    return true;
}

bool MainWindow::saveAs()
{
    const QString suggested =
        m_document->file().isSample()
            ? QFileInfo(m_settings.lastFolder(),
                        QFileInfo(QString::fromStdString(m_document->loaded()->path)).fileName())
                  .filePath()
            : m_document->filePath();
    // Save As is on for an export an editor holds: an armature or an AnimationCache plist.
    const core::LoadedExport& loaded = *m_document->loaded();
    const QString filter = loaded.kind == core::ExportKind::Flipbook
                               ? tr("AnimationCache plist (*.plist)")
                           : loaded.skeleton.format == core::SourceFormat::CocoStudioJson
                               ? tr("CocoStudio ExportJson (*.ExportJson *.json)")
                               : tr("DragonBones XML (*.xml)");
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Save As"), suggested, filter);
    if (chosen.isEmpty())
        return false;
    // The dialog asked before replacing the name typed, not the one with the extension saveAs
    // gives it.
    const QString path = m_document->file().savedName(chosen);
    if (path != chosen && QFileInfo::exists(path) &&
        QMessageBox::question(this, tr("Save As"),
                              tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName()),
                              QMessageBox::Yes | QMessageBox::No,
                              QMessageBox::No) != QMessageBox::Yes)
        return false;
    QString error;
    std::vector<core::CompanionCopy> companions;
    if (!m_document->file().saveAs(path, &error, &companions)) {
        showError(tr("Save As"), error);
        return false;
    }
    m_savedHere = true;
    m_watcher->watch(m_document->file().sourceFiles());
    opened(m_document->filePath()); // with the extension saveAs gave it
    updateTitle();
    updateFileActions(); // the sample saved as a file can be read again
    const CompanionReport report =
        describeCompanions(companions, QFileInfo(m_document->filePath()).absolutePath());
    const QString name = m_document->displayName();
    statusBar()->showMessage(
        report.copied.isEmpty()
            ? tr("Saved as %1").arg(name)
            : tr("Saved as %1, with %2 copied beside it").arg(name, report.copied),
        8000);
    if (!report.problems.isEmpty())
        QMessageBox::warning(this, tr("Save As"),
                             tr("%1 is saved, but not every sprite sheet or image it reads is "
                                "copied beside it:\n\n%2")
                                 .arg(name, report.problems.join(QLatin1Char('\n'))));
    return true;
}

void MainWindow::revert()
{
    if (!m_document->isModified())
        return;
    const auto answer = QMessageBox::question(
        this, tr("Revert"),
        tr("Discard every edit of %1 since it was last saved?").arg(m_document->displayName()),
        QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Discard)
        return;
    QString error;
    if (!m_document->file().reload(&error))
        showError(tr("Revert"), error);
}

void MainWindow::showAbout()
{
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showError(const QString& title, const QString& message)
{
    statusBar()->showMessage(message, 15000);
    QMessageBox::warning(this, title, message);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!settleUnsavedEdits(tr("Close"))) {
        event->ignore();
        return;
    }
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState());
    m_settings.setViewOptions(m_viewport->viewOptions());
    m_settings.setLoopPreview(m_document->loopPreview());
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!firstLocalFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = firstLocalFile(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openFile(path);
}

} // namespace bonescope::app
