#pragma once

#include "DocumentScene.h"
#include "FileWatcher.h"
#include "RecoveryJournal.h"
#include "Settings.h"

#include <QHash>
#include <QMainWindow>

#include <optional>
#include <string>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QStackedWidget;

namespace bonescope::widgets {
class BoneTreePanel;
class CrossfadePanel;
class EventLogPanel;
class TracePanel;
class FlipbookView;
class ProblemsPanel;
class PropertiesPanel;
class StressPanel;
class StressView;
class TransitionTablePanel;
class TimelinePanel;
class ValuesTablePanel;
class Viewport;
} // namespace bonescope::widgets

namespace bonescope::app {

class Document;
class StressMode;

/// The viewer's main window: the viewport (or the flipbook view) in the centre, the panels in
/// docks, menus and shortcuts, opening by dialog, drag and drop, recent files and the command
/// line, reload when the files change on disk, and the layout kept in Settings. It wires the
/// Document to the widgets; the panels themselves only know widgets::AbstractDocument.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens `path`; on failure the current file stays, the error goes to `error` (or, when
    /// `error` is null, to a dialog and the status bar).
    bool openFile(const QString& path, QString* error = nullptr);
    /// Opens `imagePath` cut into cells of `cellSize` pixels as a flipbook.
    bool openGrid(const QString& imagePath, QSize cellSize, QString* error = nullptr);
    /// Opens the embedded sample armature.
    bool openSample(QString* error = nullptr);
    /// Says in the status bar which files have unsaved edits kept by sessions that died, and
    /// lists them in File → Recover Unsaved Edits (at start-up, after the first file opened).
    void remindOfKeptEdits();

    Document* document() const { return m_document; }
    widgets::Viewport* viewport() const { return m_viewport; }
    widgets::FlipbookView* flipbookView() const { return m_flipbookView; }
    widgets::TimelinePanel* timeline() const { return m_timeline; }
    widgets::BoneTreePanel* boneTree() const { return m_boneTree; }
    widgets::ValuesTablePanel* valuesTable() const { return m_values; }
    widgets::CrossfadePanel* crossfade() const { return m_crossfade; }
    widgets::PropertiesPanel* properties() const { return m_properties; }
    widgets::TransitionTablePanel* transitionTable() const { return m_transitionTable; }
    widgets::EventLogPanel* eventLog() const { return m_eventLog; }
    widgets::TracePanel* trace() const { return m_trace; }
    widgets::ProblemsPanel* problems() const { return m_problems; }
    FileWatcher* fileWatcher() const { return m_watcher; }
    RecoveryJournal* recoveryJournal() const { return m_journal; }
    StressMode* stressMode() const { return m_stress; }
    widgets::StressView* stressView() const { return m_stressView; }
    widgets::StressPanel* stressPanel() const { return m_stressPanel; }
    /// The centre widget on display: the viewport, the flipbook view or the stress view.
    QWidget* centreWidget() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createDocks();
    void createActions();
    /// The stress view in the centre, the Stress Test dock and the mode between them.
    void createStressMode();
    void applyViewOptionActions();
    /// The status bar's figures of the frames the centre view draws.
    /// The zoom of the view in the centre, in the status bar.
    void showZoom(float zoom);
    void showFrameStats(double fps, double frameMs, int drawCalls);
    void toggleViewOption(bool render::ViewOptions::*option, bool on);
    void onDocumentChanged();
    /// What the Problems panel lists for the open file: the export's warnings and
    /// validateExport's findings, then the sidecar layer setup's problem while it applies.
    std::vector<core::LoadError> openFileProblems();
    /// The sidecar layer setup's problem as listed (savedSetupProblem's text), if it applies.
    std::optional<std::string> listedLayerSetupProblem() const;
    /// The user repaired the sidecar's layer setup in the dock, or undid the repair, or a save
    /// rewrote the sidecar: the Problems panel drops, lists or places its problem again.
    void relistLayerSetupProblem();
    /// The status bar's `news`, with how many problems the Problems panel lists.
    void showProblemCount(const QString& news, size_t problems);
    void updateScene();
    void updateRecentMenu();
    void updateTitle();
    /// Reload, Save, Save As and Revert enabled as the file and its edits allow.
    void updateFileActions();
    void chooseFile();
    void chooseGrid();
    void chooseBlendScript();
    void saveBlendScript();
    /// File → Export Frames: the dialog, then the frames `bonescope-cli render` would write.
    void exportFrames();
    void opened(const QString& path);
    /// Offers back the edits a session that died left for `path`, just opened.
    void offerRecovery(const QString& path);
    /// File → Recover Unsaved Edits: `kept`, each file opened (and offered back) by its action;
    /// a disabled placeholder when there is none.
    void fillRecoveryMenu(const QList<RecoveryJournal::Kept>& kept);
    /// Shows in the Problems panel why `path` was not opened.
    void refused(const QString& path, const QString& message);
    void reloadFromDisk();
    /// The watcher saw a source file change: reload, unless the file is what this document
    /// last read or saved, and never over unsaved edits without asking.
    void fileChangedOnDisk();
    /// There is a file to read again (not the embedded sample, not nothing).
    bool canReload() const;
    void reloadNow();
    /// Before `action` replaces or closes the document: with unsaved edits, asks to save,
    /// discard or cancel; true to go on.
    bool settleUnsavedEdits(const QString& action);
    bool save();
    bool saveAs();
    void revert();
    void showAbout();
    void showError(const QString& title, const QString& message);
    QDockWidget* addDock(QWidget* panel, const QString& title, const QString& objectName,
                         Qt::DockWidgetArea area);

    Settings m_settings;
    Document* m_document;
    DocumentScene m_scene;
    FileWatcher* m_watcher;
    RecoveryJournal* m_journal;
    QStackedWidget* m_centre;
    widgets::Viewport* m_viewport;
    widgets::FlipbookView* m_flipbookView;
    widgets::TimelinePanel* m_timeline;
    widgets::BoneTreePanel* m_boneTree;
    widgets::ValuesTablePanel* m_values;
    widgets::CrossfadePanel* m_crossfade;
    widgets::PropertiesPanel* m_properties;
    widgets::TransitionTablePanel* m_transitionTable;
    widgets::EventLogPanel* m_eventLog;
    widgets::TracePanel* m_trace;
    widgets::ProblemsPanel* m_problems;
    widgets::StressView* m_stressView = nullptr;
    widgets::StressPanel* m_stressPanel = nullptr;
    StressMode* m_stress = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_recoveryMenu = nullptr;
    QAction* m_reloadAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_revertAction = nullptr;
    /// The saved layer setup's problem as the Problems panel last listed it (none listed: empty).
    std::optional<std::string> m_listedLayerSetupProblem;
    QMenu* m_panelsMenu = nullptr;
    QByteArray m_defaultLayout; ///< the docks as a first start arranges them (Reset Layout)
    QLabel* m_statsLabel;
    QLabel* m_zoomLabel;
    QHash<QString, QString>
        m_exportFolders; ///< per file, the folder Export Frames last wrote to ///< the viewport's
                         ///< zoom, while the viewport is the view in the centre
    QList<QPair<QAction*, bool render::ViewOptions::*>> m_viewActions;
    QAction* m_onionAction = nullptr;
    bool m_savedHere = false; ///< the next change on disk may be this window's own save
};

} // namespace bonescope::app
