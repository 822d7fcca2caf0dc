// The bonescope main window driven as a user drives it: every corpus file opened, played,
// scrubbed and drawn; a bone picked where it is drawn; a crossfade triggered; edits undone;
// a file reloaded from disk. Screenshots go to the temporary folder (bonescope_gui_*.png).

#include "BlendRecording.h"
#include "BlendRecordingFixture.h"
#include "Document.h"
#include "DocumentScene.h"
#include "ExportFile.h"
#include "LockedFile.h"
#include "MainWindow.h"
#include "MainWindowFixture.h"
#include "RecoveryJournal.h"
#include "TwiceNested.h"
#include "panels/PlayClock.h"

#include "Viewport.h"
#include "panels/BoneTreePanel.h"
#include "panels/ComparatorPanel.h"
#include "panels/CrossfadePanel.h"
#include "panels/DivergencePlot.h"
#include "panels/EventLogPanel.h"
#include "panels/FlipbookProperties.h"
#include "panels/FlipbookView.h"
#include "panels/FrameRuler.h"
#include "panels/PropertiesPanel.h"
#include "panels/TimelinePanel.h"
#include "panels/TracePanel.h"
#include "panels/TransitionTablePanel.h"
#include "panels/ValuesTableModel.h"
#include "panels/ValuesTablePanel.h"
#include "panels/WeightGraph.h"

#include "bake/BakeRunner.h"
#include "bake/BakeWriter.h"
#include "base/FrameRate.h"
#include "runtime/Armature.h"
#include "runtime/Hierarchy.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLockFile>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionButton>
#include <QStyleOptionSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <sstream>
#include <sys/stat.h>

#include "io/SidecarReader.h"
#include "script/BlendScriptReader.h"
#include "script/ScriptBake.h"

using namespace bonescope;
using app::Document;
using app::DocumentScene;
using app::MainWindow;
using test::Activate;
using test::bakedPose;
using test::copyDragon;
using test::fileBytes;
using test::identicalPose;
using test::recordWalkThenJump;
using test::showWithFile;
using test::typeChoice;
using test::typeValue;

using bonescope::test::shotPath;

namespace {
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus");

/// Pixels of `image` that differ from `background` (ignoring alpha).
int countForeground(const QImage& image, QColor background)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixelColor(x, y).rgb() != background.rgb())
                ++count;
    return count;
}

/// Opaque pixels of `image`.
int countOpaque(const QImage& image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qAlpha(image.pixel(x, y)) > 0)
                ++count;
    return count;
}

bool samePose(const core::Pose& a, const core::Pose& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i].local.x - b[i].local.x) > 1e-4f ||
            std::abs(a[i].local.y - b[i].local.y) > 1e-4f ||
            std::abs(a[i].local.skewX - b[i].local.skewX) > 1e-5f ||
            std::abs(a[i].world.tx - b[i].world.tx) > 1e-3f ||
            a[i].displayIndex != b[i].displayIndex)
            return false;
    return true;
}

/// Centre, in viewport pixels, of the first (or, `topmost`, the last) sprite drawn for `bone`;
/// null when none is drawn.
QPoint spriteCentre(const widgets::Viewport& viewport, int bone, bool topmost)
{
    const render::DrawList& list = viewport.drawList();
    for (size_t n = 0; n < list.quads.size(); ++n) {
        const size_t i = topmost ? list.quads.size() - 1 - n : n;
        if (list.quads[i].bone != bone)
            continue;
        QPointF centre;
        for (size_t k = 0; k < 4; ++k)
            centre += QPointF(list.vertices[4 * i + k].x, list.vertices[4 * i + k].y) / 4.0;
        return viewport.camera().worldToScreen(QSizeF(viewport.size())).map(centre).toPoint();
    }
    return {};
}

/// Copies the AnimationCache plist animations-2.plist (format 2, grossini's dance) and the
/// sheet it reads into `folder`, the plist writable; the plist's path, empty when a copy failed.
QString copyDancePlist(const QTemporaryDir& folder)
{
    for (const char* name : {"animations-2.plist", "grossini.plist", "grossini.png"})
        if (!QFile::copy(kCorpus + QStringLiteral("/flipbook/") + QLatin1String(name),
                         folder.filePath(QLatin1String(name))))
            return {};
    const QString plist = folder.filePath(QStringLiteral("animations-2.plist"));
    QFile::setPermissions(plist, QFile::ReadOwner | QFile::WriteOwner);
    return plist;
}

/// A shown, active window on a copy of Dragon, paused at frame 0 of fall with tailTip selected
/// (its keyframes: frames of 2 and 3) and the properties dock raised.
struct TailTipOfFall {
    QTemporaryDir folder;
    MainWindow window;
    Document* document = nullptr;
    int fall = -1;
    QLineEdit* event = nullptr; ///< the properties' keyframe event field

    bool open()
    {
        if (!showWithFile(window, copyDragon(folder), Activate::Yes))
            return false;
        document = window.document();
        fall = document->movementNames().indexOf(QStringLiteral("fall"));
        document->setMovement(fall);
        document->setPlaying(false);
        document->selection()->selectBones({document->armature()->findBone("tailTip")});
        document->seekFrame(0);
        window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
        event = window.properties()->findChild<QLineEdit*>(QStringLiteral("eventEdit"));
        return fall >= 0 && event;
    }
    /// Keyframe `index` of tailTip in fall.
    core::EditTarget keyframe(int index) const
    {
        core::EditTarget target = document->editing()->movementTarget(fall);
        target.bone = "tailTip";
        target.keyframe = index;
        return target;
    }
};

/// A shown window of a given size on Dragon, its bottom docks' Values tab raised and their
/// height there noted: the height the Compare tab's DockRoom grows them from.
struct BottomTabs {
    MainWindow window;
    QDockWidget* values = nullptr;
    QDockWidget* compare = nullptr;
    int valuesHeight = -1;

    bool open(QSize size)
    {
        window.resize(size);
        if (!showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")))
            return false;
        values = window.findChild<QDockWidget*>(QStringLiteral("valuesDock"));
        compare = window.findChild<QDockWidget*>(QStringLiteral("comparatorDock"));
        if (!values || !compare)
            return false;
        values->raise();
        if (!QTest::qWaitFor([this] { return !values->visibleRegion().isEmpty(); }))
            return false;
        QTest::qWait(50); // the layout settles the raised tab
        valuesHeight = values->height();
        return true;
    }
};

/// The pose of the armature `bone` of the shown armature shows, placed on the shown pose; empty
/// when the bone shows none.
core::Pose nestedPoseAt(const Document& document, int bone)
{
    core::NestedPoses nested;
    document.composeNested(document.pose(), nested);
    for (core::NestedPose& node : nested)
        if (node.parent < 0 && node.bone == bone)
            return std::move(node.pose);
    return {};
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void startsOnTheSamplePlaying();
    void recentFilesOfOneNameShowTheirFolders();
    void fitsALaptopScreen();
    void compareTabMakesRoomForItsPreviews();
    void compareTabLeavesTheTimelineWhole();
    void panelsFitTheFirstWindowUnscrolled();
    void opensPlaysScrubsAndDraws_data();
    void opensPlaysScrubsAndDraws();
    void picksBoneWhereItIsDrawn();
    void nestedArmaturesAreDrawn();
    void nestedArmaturesAreDrawnPausedBlendingAndInGhosts();
    void nestedArmaturesAtEveryDepthFollowTheShownPose();
    void crossfadeDrivesTheBlender();
    void switchHasNoDuration();
    void crossfadeDurationIsAsLongAsTheTableAllows();
    void durationToHandsOverAtOnce();
    void recordedCrossfadesScrubLikeTheHeadlessBake();
    void recordingIsSavedInTheSidecar();
    void weightGraphDrawsTheRecordedRetarget();
    void frameEventsReachTheLog();
    void eventLogShowsGoldenFrames();
    void playClockReportsWholeUpdates();
    void valuesTableMatchesBake_data();
    void valuesTableMatchesBake();
    void visibilityIsUndoable();
    void shortcutsDrivePlayback();
    void fieldsKeepTheKeysTheyMoveWith();
    void spaceDragPansAndSpaceTapPlays();
    void arrowsMoveInTheBoneTree();
    void reloadKeepsMovementFrameAndSelection();
    void loadErrorLeavesDocumentAlone();
    void editDurationToSaveAndReopen();
    void editThatWouldNotLoadIsRefused();
    void durationsSayWhatTheyLast();
    void parameterEditsUndoAndMerge();
    void keyframeValuesFollowTheCursor();
    void keyframeTitleSaysWhereTheRulerMarksIt();
    void typedKeyframeValuesStayWithTheirKeyframe();
    void heldArrowStepsStayWithTheirKeyframe();
    void typedMovementValuesStayWithTheirMovement();
    void keyframeShowsTheEasingItsSpanPlays();
    void flipbookTimingIsEditedLiveAndSaved();
    void flipbookFrameDelayUnitsFollowTheCursor();
    void transitionTableDrivesMovementChanges();
    void transitionPairsChosenInTheirCells();
    void transitionUnitKeepsTheDuration();
    void saveWritesOnlyTheFilesThatChanged();
    void unsavedEditsAreNeverSilentlyDiscarded();
    void settingsKeepRecentFilesAndLayout();
    void editsWhileLayersOrARecordingPlay();
    void unsavedEditsSurviveACrash();
    void recoveredEditsCanBeDiscarded();
    void flipbookTimingEditsSurviveACrash();
    void aSecondWindowKeepsItsEditsApart();
    void recoveryFollowsSaveAs();
    void sampleEditsSurviveACrash();
    void aNinthWindowSaysItKeepsNoRecovery();
    void aRecordingSurvivesACrash();
    void keptEditsAreListedInTheFileMenu();
    void editsTheFileRefusesAreListedAfterRestoring();
    void frameLabelCountsTheFramesTheRulerShows();
};

void TestMainWindow::initTestCase()
{
    test::isolateSettings();
}

void TestMainWindow::startsOnTheSamplePlaying()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString error;
    QVERIFY2(window.openSample(&error), qPrintable(error));
    Document* document = window.document();
    QVERIFY(document->file().isSample());
    QCOMPARE(document->kind(), Document::Kind::Armature);
    QVERIFY(document->isPlaying());
    QCOMPARE(document->currentMovement(), 0);
    QCOMPARE(window.timeline()->movementBox()->currentText(), QStringLiteral("stand"));
    QVERIFY(window.timeline()->playButton()->isChecked());
    QVERIFY(window.windowTitle().contains(QStringLiteral("Dragon (sample)")));
    // The right column's lower tabs open on the crossfade inspector (not Layers, its neighbour
    // in the tabs, which the hidden stress dock's tab would leave shown).
    QVERIFY(!test::dockOf(window.crossfade())->visibleRegion().isEmpty());
    QVERIFY(
        window.findChild<QDockWidget*>(QStringLiteral("layersDock"))->visibleRegion().isEmpty());
    // The window's own timer plays it: the frame moves without the test ticking.
    const double before = document->currentFrame();
    QTRY_VERIFY_WITH_TIMEOUT(document->currentFrame() != before, 3000);
    window.grab().save(shotPath(QStringLiteral("sample")));
}

void TestMainWindow::fitsALaptopScreen()
{
    // Every dock together must fit a 1280×720 screen (panels scroll inside their docks), and
    // the first window is no larger than the screen it opens on.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QSize minimum = window.minimumSizeHint();
    QVERIFY2(
        minimum.width() <= 1280 && minimum.height() <= 720,
        qPrintable(QStringLiteral("minimum %1×%2").arg(minimum.width()).arg(minimum.height())));
    const QSize available = window.screen()->availableSize();
    QVERIFY(window.width() <= available.width());
    QVERIFY(window.height() <= available.height());
}

void TestMainWindow::compareTabMakesRoomForItsPreviews()
{
    // In the first window's size the bottom docks suit the values table; the Compare tab grows
    // them while it is shown, so that its previews and plot fit unscrolled, then gives the
    // height back, unless the user chose another meanwhile.
    BottomTabs tabs;
    QVERIFY(tabs.open({1400, 900}));
    MainWindow& window = tabs.window;
    QDockWidget* values = tabs.values;
    QDockWidget* compare = tabs.compare;
    auto* panel = window.findChild<widgets::ComparatorPanel*>();
    QVERIFY(panel);
    const int before = tabs.valuesHeight;
    QCOMPARE_LT(before, 300);

    compare->raise();
    auto* scroll = qobject_cast<QScrollArea*>(compare->widget());
    QVERIFY(scroll);
    QTRY_VERIFY(!scroll->verticalScrollBar()->isVisible() && panel->viewport(0)->height() >= 100);
    QCOMPARE_LT(compare->height(), window.height() * 0.55);
    QVERIFY(window.grab().save(shotPath(QStringLiteral("compare_tab"))));

    values->raise();
    QTRY_VERIFY(std::abs(values->height() - before) <= 4);

    // The user makes it shorter while comparing: that height stays after leaving the tab.
    compare->raise();
    QTRY_COMPARE_GT(compare->height(), before + 100);
    window.resizeDocks({compare}, {before + 60}, Qt::Vertical);
    QTRY_VERIFY(std::abs(compare->height() - (before + 60)) <= 30);
    const int chosen = compare->height();
    values->raise();
    QTest::qWait(100);
    QCOMPARE(values->height(), chosen);
}

void TestMainWindow::compareTabLeavesTheTimelineWhole()
{
    // On a laptop's 1366 × 768 the central view reaches its minimum before the Compare tab has
    // all it wants: the tab grows no further than that, rather than squeezing the timeline
    // beside it into a scroll bar; and what it gets holds the whole panel.
    BottomTabs tabs;
    QVERIFY(tabs.open({1366, 768}));
    auto* timeline = qobject_cast<QScrollArea*>(test::dockOf(tabs.window.timeline())->widget());
    QVERIFY(timeline);
    tabs.compare->raise();
    QTRY_COMPARE_GT(tabs.compare->height(), tabs.valuesHeight + 100);
    QTest::qWait(100);
    QVERIFY(!timeline->verticalScrollBar()->isVisible());
    // …and the Compare panel fits what it gets, its divergence plot on screen, not scrolled
    // below (the overlaid page's viewport made the views 160 × 120 at least, even side by
    // side).
    auto* compare = qobject_cast<QScrollArea*>(tabs.compare->widget());
    QVERIFY(compare);
    QTRY_VERIFY(!compare->verticalScrollBar()->isVisible());
    auto* plot = tabs.window.findChild<widgets::DivergencePlot*>();
    QVERIFY(plot);
    QCOMPARE_GE(plot->height(), plot->minimumSizeHint().height());
    // The previews are short there, and the armature still fills most of one (a fixed 24-pixel
    // margin left it a third of the height).
    widgets::Viewport* preview = tabs.window.findChild<widgets::ComparatorPanel*>()->viewport(0);
    const render::Bounds& bounds = preview->drawList().bounds;
    const QRectF shown = preview->camera()
                             .worldToScreen(QSizeF(preview->size()))
                             .mapRect(QRectF(bounds.minX, bounds.minY, bounds.maxX - bounds.minX,
                                             bounds.maxY - bounds.minY));
    QCOMPARE_LT(preview->height(), 100);
    QCOMPARE_GE(std::max(shown.height() / preview->height(), shown.width() / preview->width()),
                0.7);
    QVERIFY(tabs.window.grab().save(shotPath(QStringLiteral("compare_tab_laptop"))));
}

void TestMainWindow::panelsFitTheFirstWindowUnscrolled()
{
    // In the first window's size every panel, raised in its tab, fits its dock: a scroll bar
    // around a panel (around the trace's and the values' tables, say) would be a second one.
    MainWindow window;
    window.resize(1400, 900);
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Cowboy.ExportJson")));
    int checked = 0;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (dock->isHidden()) // the stress dock, until stress mode
            continue;
        dock->raise();
        auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
        QVERIFY(scroll);
        QTRY_VERIFY2(!dock->visibleRegion().isEmpty(), qPrintable(dock->objectName()));
        QTest::qWait(50); // the layout settles the raised tab (and DockRoom grows Compare)
        QTRY_VERIFY2(!scroll->verticalScrollBar()->isVisible() &&
                         !scroll->horizontalScrollBar()->isVisible(),
                     qPrintable(dock->objectName()));
        ++checked;
    }
    QCOMPARE(checked, 12); // every dock but the stress test's
}

void TestMainWindow::opensPlaysScrubsAndDraws_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QSize>("gridCell");
    QTest::addColumn<bool>("armature");
    const QDir corpus(kCorpus);
    for (const QString& name :
         corpus.entryList({QStringLiteral("*.xml"), QStringLiteral("*.ExportJson")}, QDir::Files))
        QTest::newRow(qPrintable(name)) << corpus.filePath(name) << QSize() << true;
    const QDir flipbooks(corpus.filePath(QStringLiteral("flipbook")));
    for (const QString& name : flipbooks.entryList({QStringLiteral("*.plist")}, QDir::Files))
        QTest::newRow(qPrintable(name)) << flipbooks.filePath(name) << QSize() << false;
    QTest::newRow("dance sequence")
        << flipbooks.filePath(QStringLiteral("dance/grossini_dance_01.png")) << QSize() << false;
    QTest::newRow("dragon grid") << flipbooks.filePath(QStringLiteral("dragon_animation.png"))
                                 << QSize(132, 132) << false;
    QTest::newRow("grossini grid") << flipbooks.filePath(QStringLiteral("grossini_dance_atlas.png"))
                                   << QSize(85, 121) << false;
}

void TestMainWindow::opensPlaysScrubsAndDraws()
{
    QFETCH(QString, path);
    QFETCH(QSize, gridCell);
    QFETCH(bool, armature);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString error;
    const bool opened = gridCell.isValid() ? window.openGrid(path, gridCell, &error)
                                           : window.openFile(path, &error);
    QVERIFY2(opened, qPrintable(error));
    Document* document = window.document();
    QCOMPARE(document->kind(), armature ? Document::Kind::Armature : Document::Kind::Flipbook);
    QCOMPARE(window.centreWidget(), armature ? static_cast<QWidget*>(window.viewport())
                                             : static_cast<QWidget*>(window.flipbookView()));

    // The first movement plays at once; the timeline lists every movement.
    const QStringList movements = document->movementNames();
    QCOMPARE(window.timeline()->movementBox()->count(), movements.size());
    if (movements.isEmpty()) {
        // A display library (weapon.xml): nothing plays and, as a fresh cocos2d-x Armature
        // without movements, no bone has a display chosen (the viewport shows the axes only).
        QVERIFY(!document->isPlaying());
        QCOMPARE(document->pose().size(), document->armature()->bones.size());
        for (const core::BonePose& bone : document->pose())
            QCOMPARE(bone.displayIndex, -1);
        window.grab().save(shotPath(QFileInfo(path).completeBaseName()));
        return;
    }
    QCOMPARE(window.timeline()->movementBox()->count(), movements.size());
    QCOMPARE(document->currentMovement(), 0);
    QVERIFY(document->isPlaying());
    const int duration = document->movementDuration(0);
    QVERIFY(duration > 0);
    QCOMPARE(window.timeline()->ruler()->duration(), duration);

    // Play: updates move the frame and the ruler's cursor with it; the updates of one tick are
    // announced once.
    QSignalSpy frames(document, &Document::frameChanged);
    document->advance(3);
    QCOMPARE(frames.count(), 1);
    QCOMPARE(window.timeline()->ruler()->cursorFrame(), document->currentFrame());

    // Scrub: a click on the ruler pauses on the frame under the mouse with the exact pose.
    auto* ruler = window.timeline()->ruler();
    const int target = duration / 2;
    QTest::mouseClick(ruler, Qt::LeftButton, {},
                      QPoint(int(std::lround(ruler->xForFrame(target))), ruler->height() / 2));
    QVERIFY(!document->isPlaying());
    QVERIFY(!window.timeline()->playButton()->isChecked());
    QCOMPARE(document->currentFrame(), double(target));
    QVERIFY(window.timeline()->frameLabel()->text().startsWith(
        QStringLiteral("frame %1 / %2").arg(target).arg(duration)));
    if (armature) {
        QVERIFY(samePose(document->pose(), document->samplePose(0, target)));
        // A drag lands on the frame under the mouse too.
        QTest::mousePress(ruler, Qt::LeftButton, {}, QPoint(int(ruler->xForFrame(0)) + 1, 5));
        QMouseEvent move(QEvent::MouseMove, QPointF(ruler->xForFrame(duration), 5),
                         ruler->mapToGlobal(QPointF(ruler->xForFrame(duration), 5)), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(ruler, &move);
        QTest::mouseRelease(ruler, Qt::LeftButton, {}, QPoint(int(ruler->xForFrame(duration)), 5));
        QCOMPARE(document->currentFrame(), double(duration));
        QCOMPARE(window.boneTree()->tree()->topLevelItemCount() > 0, true);

        // Rendered pixels: the armature covers part of the viewport.
        window.viewport()->fitToView();
        const QImage frame = window.viewport()->grabFramebuffer();
        const int drawn = countForeground(frame, window.viewport()->viewOptions().background);
        QVERIFY2(drawn > frame.width() * frame.height() / 50,
                 qPrintable(QStringLiteral("only %1 pixels drawn").arg(drawn)));
    } else {
        // Frame 1 (a grid's later cells may be empty).
        document->seekFrame(0);
        QCOMPARE(document->flipbookFrameIndex(), 0);
        const QImage frame = window.flipbookView()->currentFrameImage();
        QVERIFY(!frame.isNull());
        QVERIFY(countOpaque(frame) > 50);
    }
    window.grab().save(shotPath(QFileInfo(path).completeBaseName()));
}

void TestMainWindow::picksBoneWhereItIsDrawn()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    document->seekFrame(0);
    window.viewport()->fitToView();
    window.viewport()->grabFramebuffer(); // paints, so the draw list is this frame's

    // The sprite drawn last is on top of everything: a click at its centre picks its bone.
    const render::DrawList& list = window.viewport()->drawList();
    QVERIFY(!list.quads.empty());
    const int picked = list.quads.back().bone;
    QVERIFY(picked >= 0);
    const QPoint click = spriteCentre(*window.viewport(), picked, /*topmost=*/true);
    QVERIFY(!click.isNull());
    QTest::mouseClick(window.viewport(), Qt::LeftButton, {}, click);
    QCOMPARE(document->selection()->selectedBones(), QList<int>{picked});
    QVERIFY(window.boneTree()->itemForBone(picked)->isSelected());
    QCOMPARE(window.viewport()->selectedBone(), picked);
    // The ruler marks the picked bone's keyframes; the values table lists it for every frame.
    QVERIFY(!window.timeline()->ruler()->keyFrames().isEmpty());
    QCOMPARE(window.valuesTable()->model()->rowCount(), document->bakeMovement(0)->frameCount);
    window.grab().save(shotPath(QStringLiteral("picked")));

    // Selecting in the tree selects in the document and the viewport.
    const int tail = document->armature()->findBone("tail");
    window.boneTree()->tree()->setCurrentItem(window.boneTree()->itemForBone(tail));
    QCOMPARE(document->selection()->selectedBones(), QList<int>{tail});
    QCOMPARE(window.viewport()->selectedBone(), tail);
}

void TestMainWindow::nestedArmaturesAreDrawn()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/cyborg.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    document->setPlaying(true);
    document->advance(1);
    const int arm = document->armature()->findBone("armOutside");
    QVERIFY(arm >= 0);
    QVERIFY(!nestedPoseAt(*document, arm).empty());
    window.viewport()->grabFramebuffer();
    int armQuads = 0;
    for (const render::SpriteQuad& quad : window.viewport()->drawList().quads)
        armQuads += quad.bone == arm ? 1 : 0;
    // The weapon armature's sprites are drawn under the arm bone that shows it.
    QVERIFY2(armQuads > 1, qPrintable(QString::number(armQuads)));
    window.grab().save(shotPath(QStringLiteral("cyborg_nested")));
}

void TestMainWindow::nestedArmaturesAreDrawnPausedBlendingAndInGhosts()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/cyborg.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    const int arm = document->armature()->findBone("armOutside");
    QVERIFY(arm >= 0);
    const auto armQuads = [&] {
        window.viewport()->grabFramebuffer();
        int count = 0;
        for (const render::SpriteQuad& quad : window.viewport()->drawList().quads)
            count += quad.armature == 0 && quad.bone == arm ? 1 : 0;
        return count;
    };
    const auto nestedRootX = [&] { return nestedPoseAt(*document, arm).at(0).world.tx; };

    // Paused after a seek: the pose is sampled, the weapon follows the sampled arm.
    document->seekFrame(3);
    QVERIFY(!nestedPoseAt(*document, arm).empty());
    QVERIFY2(armQuads() > 1, qPrintable(QString::number(armQuads())));
    const double atThree = nestedRootX();
    document->seekFrame(document->movementDuration(0) / 2);
    QVERIFY(nestedRootX() != atThree);
    QVERIFY(armQuads() > 1);

    // During a blender crossfade.
    widgets::Transition transition = document->crossfade()->transition();
    QVERIFY(transition.source != transition.target);
    transition.type = widgets::TransitionType::WhileAnimating;
    transition.durationFrames = 30;
    document->crossfade()->setTransition(transition);
    document->crossfade()->triggerCrossfade();
    document->advance(3);
    QVERIFY(document->crossfade()->crossfadeWeights().target > 0.0 &&
            document->crossfade()->crossfadeWeights().source > 0.0);
    QVERIFY(!nestedPoseAt(*document, arm).empty());
    QVERIFY(armQuads() > 1);

    // Onion-skin ghosts: each ghost's weapon is composed onto that ghost's arm.
    document->setPlaying(false);
    render::ViewOptions options = window.viewport()->viewOptions();
    options.onionSkin = true;
    options.onionBefore = options.onionAfter = 2;
    window.viewport()->setViewOptions(options);
    DocumentScene scene;
    scene.rebuild(*document);
    const render::Scene& built = scene.scene(*document, options);
    QCOMPARE(built.ghosts.size(), size_t(4));
    QList<double> ghostX;
    for (const render::OnionGhost& ghost : built.ghosts) {
        QVERIFY(size_t(arm) < ghost.view.nested.size());
        const render::ArmatureView* weapon = ghost.view.nested[size_t(arm)];
        QVERIFY(weapon && !weapon->pose.empty());
        ghostX.append(weapon->pose[0].world.tx);
    }
    QVERIFY(ghostX.first() != ghostX.last());
    // The window's own scene draws them: a seek refreshes it with the new options.
    document->seekFrame(document->currentFrame());
    window.viewport()->grabFramebuffer();
    int ghostQuads = 0;
    for (const render::SpriteQuad& quad : window.viewport()->drawList().quads)
        ghostQuads += quad.armature < 0 ? 1 : 0;
    QVERIFY(ghostQuads > 0);
    window.grab().save(shotPath(QStringLiteral("cyborg_nested_onion")));
    window.viewport()->grabFramebuffer().save(shotPath(QStringLiteral("cyborg_nested_onion_gl")));
}

// The viewer drew one level of nesting, and placed it on the plain playback's pose: an armature
// nested in a nested one was missing, and while a recording or a layer stack played, the
// weapons stayed where the movement's playback had left the arms.
void TestMainWindow::nestedArmaturesAtEveryDepthFollowTheShownPose()
{
    QTemporaryDir folder;
    const QString path = test::writeTwiceNestedCyborg(folder.path());
    QVERIFY(!path.isEmpty());
    MainWindow window;
    QVERIFY(showWithFile(window, path));
    Document* document = window.document();
    document->setPlaying(false);
    const int inside = document->armature()->findBone("armInside");
    const int outside = document->armature()->findBone("armOutside");
    const auto quadsUnder = [&](int bone) {
        window.viewport()->grabFramebuffer();
        int count = 0;
        for (const render::SpriteQuad& quad : window.viewport()->drawList().quads)
            count += quad.armature == 0 && quad.bone == bone ? 1 : 0;
        return count;
    };
    // armInside draws its forearm and upper arm, and in its hand the four sprites of a whole
    // armOutside (weapon, upper arm, hand, forearm), as the outer arm draws its four.
    QCOMPARE(quadsUnder(outside), 4);
    QCOMPARE(quadsUnder(inside), 2 + 4);
    window.grab().save(shotPath(QStringLiteral("cyborg_nested_twice")));

    // Recording a crossfade: the weapon goes with the recorded pose's arm, not with the arm
    // of the playback the recording started from (which stands still meanwhile).
    widgets::Transition transition = document->crossfade()->transition();
    transition.target = document->movementNames().indexOf(QStringLiteral("run"));
    transition.type = widgets::TransitionType::WhileAnimating;
    transition.durationFrames = 10;
    document->crossfade()->setTransition(transition);
    QTest::mouseClick(window.crossfade()->recordButton(), Qt::LeftButton);
    QVERIFY(document->recorder()->isRecording());
    document->setPlaying(true);
    QTest::mouseClick(window.crossfade()->triggerButton(), Qt::LeftButton);
    document->advance(23);
    document->setPlaying(false);
    const core::BonePose& recordedArm = document->pose()[size_t(outside)];
    const core::BonePose& playbackArm = document->playback().pose()[size_t(outside)];
    QVERIFY(std::abs(recordedArm.world.ty - playbackArm.world.ty) > 0.5f);
    DocumentScene scene;
    scene.rebuild(*document);
    const render::Scene& built = scene.scene(*document, window.viewport()->viewOptions());
    QCOMPARE(built.armatures.size(), size_t(1));
    const render::ArmatureView* weapon = built.armatures[0].nested[size_t(outside)];
    QVERIFY(weapon && !weapon->pose.empty());
    const core::Armature* child =
        document->recorder()->recording()->runner().armature().childArmature(outside);
    QVERIFY(child);
    core::Pose expected = child->pose();
    core::updateWorldTransforms(child->rig(), expected, &recordedArm);
    QCOMPARE(weapon->pose[0].world.tx, expected[0].world.tx);
    QCOMPARE(weapon->pose[0].world.ty, expected[0].world.ty);
    QCOMPARE(quadsUnder(inside), 2 + 4);
}

void TestMainWindow::crossfadeDrivesTheBlender()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    widgets::CrossfadePanel* panel = window.crossfade();
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));

    panel->sourceBox()->setCurrentIndex(stand);
    emit panel->sourceBox()->activated(stand);
    panel->targetBox()->setCurrentIndex(walk);
    emit panel->targetBox()->activated(walk);
    const int type = panel->typeBox()->findText(QStringLiteral("WhileAnimating"));
    panel->typeBox()->setCurrentIndex(type);
    emit panel->typeBox()->activated(type);
    panel->durationBox()->setValue(12);
    emit panel->durationBox()->editingFinished();
    QCOMPARE(document->crossfade()->transition().durationFrames, 12);
    QCOMPARE(document->crossfade()->transition().target, walk);
    // The settings were one undoable edit (merged).
    QCOMPARE(document->undoStack()->count(), 1);

    QTest::mouseClick(panel->triggerButton(), Qt::LeftButton);
    QVERIFY(document->isPlaying());
    QVERIFY(document->crossfade()->isCrossfading());
    document->advance(6);
    QCOMPARE(document->crossfade()->crossfadeElapsed(), 6.0);
    QCOMPARE(panel->graph()->cursor(), 6.0);
    QCOMPARE(document->currentMovement(), stand);
    // Halfway: the pose is neither movement's own.
    const core::Pose& mixed = document->pose();
    QVERIFY(!samePose(mixed, document->samplePose(stand, document->currentFrame())));
    QVERIFY(!samePose(mixed, document->samplePose(walk, 6)));
    window.grab().save(shotPath(QStringLiteral("crossfade_half")));

    document->advance(8);
    QCOMPARE(document->currentMovement(), walk);
    QCOMPARE(window.timeline()->movementBox()->currentText(), QStringLiteral("walk"));
    // Past the end the target weighs 1: walk alone, handed back to the cocos2d-x player.
    QVERIFY(document->crossfade()->crossfadeElapsed() >= 12.0);
    QVERIFY(!samePose(document->pose(), document->samplePose(stand, document->currentFrame())));

    // Undo restores the inspector's previous settings.
    document->undoStack()->undo();
    QCOMPARE(panel->durationBox()->value(), 10);
}

void TestMainWindow::switchHasNoDuration()
{
    // A Switch hands over at once and the blender ignores its duration: every duration box is
    // off while a Switch is chosen, and on again for the other transitions.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    window.document()->setPlaying(false);

    widgets::CrossfadePanel* crossfade = window.crossfade();
    typeChoice(crossfade->typeBox(), QStringLiteral("Switch"));
    QCOMPARE(window.document()->crossfade()->transition().type, widgets::TransitionType::Switch);
    QVERIFY(!crossfade->durationBox()->isEnabled());
    QCOMPARE(crossfade->graph()->durationFrames(), 0); // the weights cut over at 0
    typeChoice(crossfade->typeBox(), QStringLiteral("ThenAnimate"));
    QCOMPARE(window.document()->crossfade()->transition().type,
             widgets::TransitionType::ThenAnimate);
    QVERIFY(crossfade->durationBox()->isEnabled());
    QCOMPARE(crossfade->graph()->durationFrames(), crossfade->durationBox()->value());

    auto* compare = window.findChild<widgets::ComparatorPanel*>();
    QVERIFY(compare);
    QCOMPARE(compare->kindBox(0)->currentText(), QStringLiteral("Switch")); // the first default
    QVERIFY(!compare->durationBox(0)->isEnabled());
    QVERIFY(compare->durationBox(1)->isEnabled());
    typeChoice(compare->kindBox(1), QStringLiteral("Switch"));
    QVERIFY(!compare->durationBox(1)->isEnabled());
    typeChoice(compare->kindBox(1), QStringLiteral("WhileAnimating"));
    QVERIFY(compare->durationBox(1)->isEnabled());

    // The transition table's default row (its widgets are made anew with each edit).
    widgets::TransitionTablePanel* table = window.transitionTable();
    window.findChild<QDockWidget*>(QStringLiteral("transitionTableDock"))->raise();
    const auto cell = [table](int column) { return table->table()->cellWidget(0, column); };
    constexpr int kType = 2, kDuration = 3, kUnit = 4;
    QVERIFY(cell(kDuration)->isEnabled());
    typeChoice(static_cast<QComboBox*>(cell(kType)), QStringLiteral("Switch"));
    QCOMPARE(window.document()->editing()->transitionTable().fallback.kind,
             core::TransitionKind::Switch);
    QVERIFY(!cell(kDuration)->isEnabled());
    QVERIFY(!cell(kUnit)->isEnabled());
    typeChoice(static_cast<QComboBox*>(cell(kType)), QStringLiteral("WhileAnimating"));
    QVERIFY(cell(kDuration)->isEnabled());
    QVERIFY(cell(kUnit)->isEnabled());
}

// The inspector's duration box shows what Trigger plays, however long the table or the
// export makes it, and takes every digit typed (it stopped at 600 frames: typing 1000 left 100,
// and a table row of 900 frames showed as 600 while 900 played).
void TestMainWindow::crossfadeDurationIsAsLongAsTheTableAllows()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    document->setPlaying(false);
    widgets::CrossfadePanel* crossfade = window.crossfade();

    // The table's default row, typed: the inspector, which showed it, follows.
    widgets::TransitionTablePanel* table = window.transitionTable();
    window.findChild<QDockWidget*>(QStringLiteral("transitionTableDock"))->raise();
    typeValue(static_cast<QDoubleSpinBox*>(table->table()->cellWidget(0, 3)),
              QStringLiteral("900"));
    QCOMPARE(document->editing()->transitionTable().fallback.frames(0), 900.0);
    QCOMPARE(document->crossfade()->transition().durationFrames, 900);
    QCOMPARE(crossfade->durationBox()->value(), 900);

    // Typed into the inspector itself.
    crossfade->raise();
    typeValue(crossfade->durationBox(), QStringLiteral("1000"));
    QCOMPARE(document->crossfade()->transition().durationFrames, 1000);
    QCOMPARE(crossfade->durationBox()->text(), QStringLiteral("1000 frames"));

    // In durationTo mode the box is the target's own `to`, as long as an edit may make it.
    typeChoice(crossfade->typeBox(), QStringLiteral("cocos2d-x durationTo"));
    typeValue(crossfade->durationBox(), QStringLiteral("2400"));
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    QCOMPARE(document->crossfade()->transition().target, walk);
    QCOMPARE(document->editing()->parameter(document->editing()->movementTarget(walk),
                                            core::EditKey::DurationTo),
             core::EditValue(2400));
    QCOMPARE(crossfade->durationBox()->value(), 2400);
}

void TestMainWindow::durationToHandsOverAtOnce()
{
    MainWindow window;
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    widgets::Transition transition = document->crossfade()->transition();
    transition.type = widgets::TransitionType::DurationTo;
    transition.durationFrames = 8;
    document->crossfade()->setTransition(transition);
    QSignalSpy events(document, &Document::eventRaised);
    document->crossfade()->triggerCrossfade();
    QCOMPARE(document->currentMovement(), transition.target);
    document->advance(4);
    // cocos2d-x's own tween over the target's own `to` (walk: 5 frames, not the 8 set above, as
    // play(walk) does in a game): four frames in, the pose is in between.
    QVERIFY(!samePose(document->pose(), document->samplePose(transition.target, 0)));
    // As in cocos2d-x, the target's START comes when its durationTo blend-in is over.
    const auto targetStarted = [&] {
        for (const QList<QVariant>& args : events) {
            const auto event = args.at(0).value<widgets::PlaybackEvent>();
            if (event.kind == core::ArmatureEventKind::Start &&
                event.movement == document->movementNames().at(transition.target))
                return true;
        }
        return false;
    };
    QVERIFY(!targetStarted());
    document->advance(5);
    QVERIFY(targetStarted());
}

// Record two Triggers while playing (a crossfade, then an interrupt during it), scrub back
// into the first crossfade on the ruler and step with the arrow keys: every pose is the one
// the headless bake of the recorded script computes at that update; undo drops a call; the
// script saved and opened again plays the same.
void TestMainWindow::recordedCrossfadesScrubLikeTheHeadlessBake()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    widgets::CrossfadePanel* panel = window.crossfade();
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    const auto [firstAt, secondAt] = recordWalkThenJump(window, 20, 10, 40);
    QVERIFY(document->recorder()->isRecording());
    QCOMPARE(secondAt, firstAt + 10);
    widgets::Transition transition = document->crossfade()->transition();

    const core::BlendScript script = document->recorder()->recording()->script();
    QCOMPARE(script.calls.size(), size_t(3));
    QCOMPARE(script.calls[1].at, firstAt);
    QCOMPARE(script.calls[2].at, secondAt);
    QCOMPARE(script.calls[2].movement, std::string("jump"));
    QCOMPARE(script.updates, secondAt + 40);
    widgets::FrameRuler* ruler = window.timeline()->ruler();
    QCOMPARE(ruler->duration(), script.updates);
    QCOMPARE(ruler->eventMarks().size(), 3);
    QCOMPARE(ruler->eventMarks()[1].frame, firstAt);
    window.grab().save(shotPath(QStringLiteral("recorded_script")));

    // Scrub back into the first crossfade with the mouse.
    const int inside = firstAt + 6;
    QTest::mouseClick(ruler, Qt::LeftButton, {},
                      QPoint(int(std::lround(ruler->xForFrame(inside))), ruler->height() / 2));
    QCOMPARE(int(document->currentFrame()), inside);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, script, inside)));
    QCOMPARE(document->crossfade()->crossfadeElapsed(), 6.0);
    QCOMPARE(panel->graph()->cursor(), double(inside)); // the graph shows the recording
    // The trace panel: the selected bone's contributions, as bake --trace lists them.
    const int head = int(document->armature()->findBone("head"));
    document->selection()->selectBones({head});
    QTableWidget* trace = window.trace()->table();
    QCOMPARE(trace->rowCount(), 3);
    QCOMPARE(trace->item(0, 1)->text(), QStringLiteral("stand"));
    QCOMPARE(trace->item(1, 1)->text(), QStringLiteral("walk"));
    QCOMPARE(trace->item(1, 2)->text(), QStringLiteral("0.2000")); // 6 of 30 frames
    QCOMPARE(trace->item(2, 1)->text(), QStringLiteral("result"));
    QCOMPARE(trace->item(2, 3)->text(),
             QString::number(document->pose()[size_t(head)].local.x, 'f', 3));
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, script, inside)));
    window.findChild<QDockWidget*>(QStringLiteral("traceDock"))->raise();
    window.grab().save(shotPath(QStringLiteral("recorded_scrubbed")));
    // Step backwards and forwards with the keys.
    QTest::keyClick(&window, Qt::Key_Left);
    QTest::keyClick(&window, Qt::Key_Left);
    QCOMPARE(int(document->currentFrame()), inside - 2);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, script, inside - 2)));
    for (int i = 0; i < 9; ++i)
        QTest::keyClick(&window, Qt::Key_Right);
    QCOMPARE(int(document->currentFrame()), inside + 7); // inside the interrupt
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, script, inside + 7)));

    // Saved and opened again: the same script, the same poses.
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("recorded.json"));
    QString error;
    QVERIFY2(document->recorder()->save(path, &error), qPrintable(error));
    const auto read = core::readBlendScript(path.toStdString());
    QVERIFY(read);
    QCOMPARE(read->calls.size(), script.calls.size());
    QVERIFY(document->recorder()->open(path, &error));
    document->seekFrame(inside);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, script, inside)));

    // Undo a recorded call; stopping the recording plays the movement again.
    QVERIFY(document->recorder()->open(path, &error));
    // Recording again from a frame scrubbed back to replaces the calls that followed it.
    document->seekFrame(secondAt - 2);
    transition.target = walk;
    document->crossfade()->setTransition(transition);
    document->crossfade()->triggerCrossfade();
    document->setPlaying(false);
    QCOMPARE(document->recorder()->recording()->script().calls.size(), size_t(3));
    QCOMPARE(document->recorder()->recording()->script().calls[2].movement, std::string("walk"));
    QCOMPARE(document->recorder()->recording()->script().calls[2].at, secondAt - 2);
    document->undoStack()->undo();
    QCOMPARE(document->recorder()->recording()->script().calls[2].movement, std::string("jump"));
    QTest::mouseClick(panel->recordButton(), Qt::LeftButton);
    QVERIFY(!document->recorder()->isRecording());
    QCOMPARE(ruler->eventMarks().size(), 0);
}

// A recording is saved with the export (its sidecar's scripts) and comes back when the
// export is opened again: the same calls and marks, the same pose at an update.
void TestMainWindow::recordingIsSavedInTheSidecar()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    core::BlendScript script;
    QList<widgets::TimelineMark> marks;
    core::Pose pose;
    const int inside = 26;
    {
        MainWindow window;
        QVERIFY(showWithFile(window, xml, Activate::Yes));
        Document* document = window.document();
        QAction* save = window.findChild<QAction*>(QStringLiteral("saveAction"));
        QVERIFY(!save->isEnabled());
        recordWalkThenJump(window, 20, 10, 20);
        // An unsaved recording can be saved, and is saved with the export.
        QVERIFY(document->isModified());
        QVERIFY(save->isEnabled());
        save->trigger();
        QVERIFY(!document->isModified());
        script = document->recorder()->recording()->script();
        QCOMPARE(script.calls.size(), size_t(3));
        marks = window.timeline()->ruler()->eventMarks();
        document->seekFrame(inside);
        pose = document->pose();
        QVERIFY(identicalPose(pose, bakedPose(*document, script, inside)));
    }
    const QString sidecar = QString::fromStdString(core::sidecarPathFor(xml.toStdString()));
    QVERIFY(QFileInfo::exists(sidecar));

    MainWindow window;
    QVERIFY(showWithFile(window, xml, Activate::Yes));
    Document* document = window.document();
    QVERIFY(document->recorder()->isRecording());
    QVERIFY(!document->isPlaying());
    QVERIFY(!document->isModified());
    QCOMPARE(int(document->currentFrame()), 1);
    const core::BlendScript& reopened = document->recorder()->recording()->script();
    QCOMPARE(reopened.updates, script.updates);
    QVERIFY(reopened.calls == script.calls);
    widgets::FrameRuler* ruler = window.timeline()->ruler();
    QCOMPARE(ruler->duration(), script.updates);
    QCOMPARE(ruler->eventMarks().size(), marks.size());
    for (int i = 0; i < marks.size(); ++i) {
        QCOMPARE(ruler->eventMarks()[i].frame, marks[i].frame);
        QCOMPARE(ruler->eventMarks()[i].label, marks[i].label);
    }
    QTest::mouseClick(ruler, Qt::LeftButton, {},
                      QPoint(int(std::lround(ruler->xForFrame(inside))), ruler->height() / 2));
    QCOMPARE(int(document->currentFrame()), inside);
    QVERIFY(identicalPose(document->pose(), pose));
    window.grab().save(shotPath(QStringLiteral("recording_reopened")));

    // A sidecar script the armature cannot play is a warning, not a recording.
    {
        QFile out(sidecar);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({ "version": 1, "scripts": [ { "updates": 10,
                     "calls": [ { "at": 0, "play": "nosuch" } ] } ] })");
    }
    QVERIFY(document->file().reload());
    QVERIFY(!document->recorder()->isRecording());
    const auto& warnings = document->loaded()->warnings;
    const auto nosuch =
        std::find_if(warnings.begin(), warnings.end(), [](const core::LoadError& warning) {
            return warning.toString().find("nosuch") != std::string::npos;
        });
    QVERIFY(nosuch != warnings.end());
    // Placed in the sidecar itself, not in the copy of the script the recording was read from.
    QCOMPARE(QString::fromStdString(nosuch->file), sidecar);
    QCOMPARE(nosuch->jsonPointer, std::string("/scripts/0/calls/0/play"));
    QCOMPARE(nosuch->line, 2);
}

// Triggering during a crossfade re-targets the blender (seed 002): the inspector's graph
// draws, update by update, the weights the runner reports for the recording.
void TestMainWindow::weightGraphDrawsTheRecordedRetarget()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    widgets::CrossfadePanel* panel = window.crossfade();
    widgets::WeightGraph* graph = panel->graph();
    QVERIFY(!graph->showsRecording());
    const auto [firstAt, secondAt] = recordWalkThenJump(window, 10, 12, 40);
    QVERIFY(graph->showsRecording());
    const int length = document->timelineFrames();
    QCOMPARE(graph->recordedCurve(false).size(), length);
    QCOMPARE(graph->recordedCurve(true).size(), length);

    const QRectF plot = graph->plotRect();
    std::vector<core::BlendStateRow> states;
    for (int update : {firstAt, firstAt + 1, firstAt + 6, secondAt, secondAt + 1, secondAt + 2,
                       secondAt + 20, length}) {
        document->seekFrame(update);
        QCOMPARE(graph->cursor(), double(update));
        const core::BlendStateRow& state = document->recorder()->recording()->runner().state();
        states.push_back(state);
        const QPointF source = graph->recordedCurve(false)[update - 1];
        const QPointF target = graph->recordedCurve(true)[update - 1];
        QCOMPARE(target.x(), source.x());
        QCOMPARE(source.y(), plot.bottom() - state.sourceWeight * plot.height());
        QCOMPARE(target.y(), plot.bottom() - state.targetWeight * plot.height());
        if (update == secondAt + 2)
            window.grab().save(shotPath(QStringLiteral("weight_graph_retarget")));
    }
    // Before the first Trigger nothing blends; inside it walk gains. The re-target (seed 002)
    // hands the blend to walk → jump with the weights reached so far and the time left.
    QCOMPARE(states[0].sourceWeight, 1.0);
    QCOMPARE(states[0].targetWeight, 0.0);
    QCOMPARE(states[2].target, std::string("walk"));
    QVERIFY(states[2].targetWeight > 0.0 && states[2].targetWeight < 1.0);
    QCOMPARE(states[3].source, std::string("stand"));
    QCOMPARE(states[4].source, std::string("walk"));
    QCOMPARE(states[4].target, std::string("jump"));
    QVERIFY(states[4].targetWeight > states[3].targetWeight);
    QVERIFY(std::abs(states[4].timeLeft - (states[3].timeLeft - core::kSecondsPerFrame)) < 1e-9);
    QVERIFY(states[7].target.empty());
    // The graph names each pair where it starts: the Trigger, the re-target, the blend's end.
    const QList<widgets::TimelineMark>& blends = graph->recordedBlends();
    QCOMPARE(blends.size(), 4);
    QCOMPARE(blends[1].frame, firstAt + 1);
    QCOMPARE(blends[1].label, QStringLiteral("stand → walk"));
    QCOMPARE(blends[2].frame, secondAt + 1);
    QCOMPARE(blends[2].label, QStringLiteral("walk → jump"));
    QCOMPARE(blends[3].label, QStringLiteral("jump"));
}

void TestMainWindow::frameEventsReachTheLog()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Cowboy.ExportJson")));
    Document* document = window.document();
    int withEvents = -1;
    for (int m = 0; m < document->movementNames().size() && withEvents < 0; ++m)
        if (!document->eventMarks(m).isEmpty())
            withEvents = m;
    QVERIFY(withEvents >= 0);
    document->setMovement(withEvents);
    document->setPlaying(true);
    QCOMPARE(window.timeline()->ruler()->eventMarks().size(),
             document->eventMarks(withEvents).size());
    document->advance(document->movementDuration(withEvents) + 5);
    QTreeWidget* log = window.eventLog()->list();
    QStringList kinds;
    for (int i = 0; i < log->topLevelItemCount(); ++i)
        kinds.append(log->topLevelItem(i)->text(2));
    QVERIFY2(kinds.contains(QStringLiteral("FRAME")), qPrintable(kinds.join(',')));
    QVERIFY(kinds.contains(QStringLiteral("START")));
    if (auto* dock = bonescope::test::dockOf(window.eventLog()))
        dock->raise();
    window.grab().save(shotPath(QStringLiteral("cowboy_events")));
}

void TestMainWindow::eventLogShowsGoldenFrames()
{
    // Cowboy's FireWithoutBullet raises its "Fire" frame event keyed at timeline frame 10: the
    // golden events file (cocos2d-x's numbers) logs it during update 11, then once a pass. Played
    // as the wall clock plays it: a stalled first frame, then ticks that do not divide 1/60 s.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Cowboy.ExportJson")));
    Document* document = window.document();
    document->setPlaying(false);
    QTreeWidget* log = window.eventLog()->list();
    log->clear();
    const int movement = document->movementNames().indexOf(QStringLiteral("FireWithoutBullet"));
    QVERIFY(movement >= 0);
    document->setMovement(movement);
    document->setPlaying(true);
    // play:MOV runs 2 × dr + 30 updates (golden/README.md "Scenarios"); dr is 36.
    constexpr int kUpdates = 2 * 36 + 30;
    widgets::PlayClock clock;
    double elapsed = 0.1;
    for (int played = 0, tick = 0; played < kUpdates; ++tick) {
        const int updates = std::min(clock.takeDueUpdates(elapsed), kUpdates - played);
        document->advance(updates);
        played += updates;
        elapsed += tick % 2 ? 0.021 : 0.013;
    }

    QFile golden(QStringLiteral(BONESCOPE_TEST_DATA
                                "/golden/Cowboy/Cowboy__play_FireWithoutBullet.events.csv"));
    QVERIFY(golden.open(QIODevice::ReadOnly | QIODevice::Text));
    QStringList expected = QString::fromUtf8(golden.readAll()).split('\n', Qt::SkipEmptyParts);
    expected.removeFirst(); // header
    QStringList shown;
    for (int i = 0; i < log->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = log->topLevelItem(i);
        shown.append(QStringList{item->text(1), item->text(2), item->text(3), item->text(4)}.join(
            QLatin1Char(',')));
    }
    QVERIFY(expected.filter(QStringLiteral(",FRAME,")).size() >= 2);
    // Events of one update may come in any order: compare as sorted lists.
    expected.sort();
    shown.sort();
    QCOMPARE(shown, expected);
}

void TestMainWindow::playClockReportsWholeUpdates()
{
    widgets::PlayClock clock;
    QCOMPARE(clock.takeDueUpdates(0.010), 0);
    QCOMPARE(clock.takeDueUpdates(0.017), 1);
    // Fractions carry over: 2.4 updates have passed, one more than reported.
    QCOMPARE(clock.takeDueUpdates(0.040), 1);
    QCOMPARE(clock.takeDueUpdates(0.049), 0);
    QCOMPARE(clock.takeDueUpdates(0.0501), 1);
    // A stall reports at most kMaxUpdatesPerTick and drops the rest.
    QCOMPARE(clock.takeDueUpdates(1.0), widgets::PlayClock::kMaxUpdatesPerTick);
    QCOMPARE(clock.takeDueUpdates(1.010), 0);
    QCOMPARE(clock.takeDueUpdates(1.017), 1);
    clock.start();
    QCOMPARE(clock.takeDueUpdates(0.017), 1);
}

void TestMainWindow::valuesTableMatchesBake_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("movement");
    QTest::newRow("Dragon stand (durationTo 6)") << "Dragon.xml"
                                                 << "stand";
    QTest::newRow("Dragon walk (durationTo 5)") << "Dragon.xml"
                                                << "walk";
    QTest::newRow("Cowboy Walk") << "Cowboy.ExportJson"
                                 << "Walk";
}

void TestMainWindow::valuesTableMatchesBake()
{
    // The values table, its CSV export and its clipboard copy are `bake`'s rows of play:MOV:
    // same frame numbers, same values, same layout.
    QFETCH(QString, file);
    QFETCH(QString, movement);
    MainWindow window;
    QVERIFY(window.openFile(kCorpus + QLatin1Char('/') + file));
    Document* document = window.document();
    const int index = document->movementNames().indexOf(movement);
    QVERIFY(index >= 0);
    document->setMovement(index);
    QList<int> all;
    for (int bone = 0; bone < int(document->armature()->bones.size()); ++bone)
        all.append(bone);
    document->selection()->selectBones(all);

    const auto scenario = core::Scenario::parse("play:" + movement.toStdString());
    QVERIFY(scenario);
    const auto bake =
        core::runBake(document->loaded()->skeleton, document->armature()->name, *scenario);
    QVERIFY(bake.ok());
    std::ostringstream baked;
    core::writeBakeCsv(bake.value(), baked);
    const QString expected = QString::fromStdString(baked.str());
    const QStringList lines = expected.split(QLatin1Char('\n'), Qt::SkipEmptyParts);

    widgets::ValuesTableModel* model = window.valuesTable()->model();
    QCOMPARE(model->rowCount(), bake->frameCount * all.size());
    const auto* summary = window.valuesTable()->findChild<QLabel*>(QStringLiteral("valuesSummary"));
    QVERIFY(summary);
    QCOMPARE(summary->text(), QStringLiteral("%1 bones × %2 frames of %3")
                                  .arg(all.size())
                                  .arg(bake->frameCount)
                                  .arg(movement));
    QCOMPARE(model->toCsv(), expected);
    QCOMPARE(model->data(model->index(0, 0), Qt::DisplayRole).toString(), QStringLiteral("1"));

    QTemporaryDir folder;
    const QString csv = folder.filePath(QStringLiteral("values.csv"));
    QString error;
    QVERIFY2(window.valuesTable()->exportCsv(csv, &error), qPrintable(error));
    QFile exported(csv);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(exported.readAll()), expected);

    // Copying a row from the middle puts the header and that bake line on the clipboard.
    const int row = int(all.size()) * 7 + 1;
    window.valuesTable()->view()->selectRow(row);
    window.valuesTable()->copyToClipboard();
    const QStringList copied =
        QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(copied, (QStringList{lines.first(), lines.at(row + 1)}));

    QVERIFY(!window.valuesTable()->exportCsv(folder.filePath(QStringLiteral("no/such/dir.csv")),
                                             &error));
    QVERIFY(!error.isEmpty());

    document->selection()->selectBones({all.first()});
    QCOMPARE(summary->text(),
             QStringLiteral("1 bone × %1 frames of %2").arg(bake->frameCount).arg(movement));
}

void TestMainWindow::visibilityIsUndoable()
{
    MainWindow window;
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    const int tail = document->armature()->findBone("tail");
    QTreeWidgetItem* item = window.boneTree()->itemForBone(tail);
    item->setCheckState(0, Qt::Unchecked);
    QVERIFY(!document->selection()->isBoneVisible(tail));
    QCOMPARE(document->undoStack()->count(), 1);
    // Undoable, but not an unsaved change: nothing saves a bone's visibility, so the title has
    // no mark and Save stays off, as the close prompt agrees.
    QVERIFY(!window.isWindowModified());
    QVERIFY(!window.findChild<QAction*>(QStringLiteral("saveAction"))->isEnabled());
    document->undoStack()->undo();
    QVERIFY(document->selection()->isBoneVisible(tail));
    QCOMPARE(item->checkState(0), Qt::Checked);
    document->undoStack()->redo();
    QCOMPARE(item->checkState(0), Qt::Unchecked);
}

void TestMainWindow::shortcutsDrivePlayback()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    QVERIFY(document->isPlaying());
    QTest::keyClick(&window, Qt::Key_Space);
    QVERIFY(!document->isPlaying());
    QTest::keyClick(&window, Qt::Key_Home);
    QCOMPARE(document->currentFrame(), 0.0);
    QTest::keyClick(&window, Qt::Key_Right);
    QTest::keyClick(&window, Qt::Key_Right);
    QCOMPARE(document->currentFrame(), 2.0);
    QTest::keyClick(&window, Qt::Key_Left);
    QCOMPARE(document->currentFrame(), 1.0);
    QTest::keyClick(&window, Qt::Key_End);
    QCOMPARE(document->currentFrame(), double(document->movementDuration(0)));
    QTest::keyClick(&window, Qt::Key_Space);
    QVERIFY(document->isPlaying());
}

// Home and End pick a focused combo box's first and last item, a focused spin box moves its
// cursor with ←/→, Home and End, the bone tree collapses with ←, the Compare slider goes to its
// end: none of them moves the timeline, which keeps those keys everywhere else.
void TestMainWindow::fieldsKeepTheKeysTheyMoveWith()
{
    QTemporaryDir folder;
    MainWindow window;
    QVERIFY(showWithFile(window, copyDragon(folder), Activate::Yes));
    Document* document = window.document();
    document->setPlaying(false);
    document->seekFrame(5);
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    auto* easing = window.properties()->findChild<QComboBox*>(QStringLiteral("easingBox"));
    easing->setFocus();
    QTRY_VERIFY(easing->hasFocus());
    QTest::keyClick(easing, Qt::Key_End);
    QCOMPARE(easing->currentText(), QStringLiteral("BounceEaseInOut"));
    QTest::keyClick(easing, Qt::Key_Home);
    QCOMPARE(easing->currentText(), QStringLiteral("None"));
    QCOMPARE(document->currentFrame(), 5.0);

    QDoubleSpinBox* speed = window.timeline()->speedBox();
    speed->setFocus();
    QTRY_VERIFY(speed->hasFocus());
    for (const Qt::Key key : {Qt::Key_End, Qt::Key_Left, Qt::Key_Home, Qt::Key_Right})
        QTest::keyClick(speed, key);
    QCOMPARE(document->currentFrame(), 5.0);

    QTreeWidget* tree = window.boneTree()->tree();
    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());
    tree->setCurrentItem(tree->topLevelItem(0));
    QVERIFY(tree->topLevelItem(0)->isExpanded());
    QTest::keyClick(tree, Qt::Key_Left);
    QVERIFY(!tree->topLevelItem(0)->isExpanded());
    QTest::keyClick(tree, Qt::Key_Right);
    QCOMPARE(document->currentFrame(), 5.0);

    // The Compare tab's update slider (its own timeline) takes End to its last update.
    auto* slider = window.findChild<QSlider*>(QStringLiteral("comparatorSlider"));
    QVERIFY(slider && slider->isVisible());
    slider->setFocus();
    QTRY_VERIFY(slider->hasFocus());
    QTest::keyClick(slider, Qt::Key_End);
    QCOMPARE(slider->value(), slider->maximum());
    QCOMPARE(document->currentFrame(), 5.0);

    // Anywhere else the timeline has them.
    window.viewport()->setFocus();
    QTRY_VERIFY(window.viewport()->hasFocus());
    QTest::keyClick(window.viewport(), Qt::Key_Home);
    QCOMPARE(document->currentFrame(), 0.0);
    QTest::keyClick(window.viewport(), Qt::Key_Right);
    QCOMPARE(document->currentFrame(), 1.0);
}

void TestMainWindow::spaceDragPansAndSpaceTapPlays()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    widgets::Viewport* viewport = window.viewport();
    viewport->setFocus();
    QTRY_VERIFY(viewport->hasFocus());
    Document* document = window.document();
    QVERIFY(document->isPlaying());

    // Space held + left drag pans by the drag (screen y down = world y up) and does not toggle.
    const render::ViewCamera before = viewport->camera();
    const QPoint from = viewport->rect().center();
    const QPoint to = from + QPoint(40, 25);
    QTest::keyPress(viewport, Qt::Key_Space);
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    QTest::keyRelease(viewport, Qt::Key_Space);
    QVERIFY(document->isPlaying());
    const render::ViewCamera after = viewport->camera();
    QVERIFY2(qAbs(after.centerX - (before.centerX - 40.0f / before.zoom)) < 1e-3f,
             qPrintable(QString::number(after.centerX - before.centerX)));
    QVERIFY2(qAbs(after.centerY - (before.centerY + 25.0f / before.zoom)) < 1e-3f,
             qPrintable(QString::number(after.centerY - before.centerY)));

    // A plain tap toggles playback, once per tap.
    QTest::keyClick(viewport, Qt::Key_Space);
    QVERIFY(!document->isPlaying());
    QTest::keyClick(viewport, Qt::Key_Space);
    QVERIFY(document->isPlaying());
    QCOMPARE(viewport->camera().centerX, after.centerX);
}

void TestMainWindow::arrowsMoveInTheBoneTree()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    document->setPlaying(false);
    document->seekFrame(3);

    // In the tree ← / → collapse and expand; the frame stays.
    QTreeWidget* tree = window.boneTree()->tree();
    QTreeWidgetItem* root = tree->topLevelItem(0);
    QVERIFY(root && root->childCount() > 0);
    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());
    tree->setCurrentItem(root);
    root->setExpanded(true);
    QTest::keyClick(tree, Qt::Key_Left);
    QVERIFY(!root->isExpanded());
    QTest::keyClick(tree, Qt::Key_Right);
    QVERIFY(root->isExpanded());
    QTest::keyClick(tree, Qt::Key_Right);
    QCOMPARE(tree->currentItem(), root->child(0));
    QCOMPARE(document->currentFrame(), 3.0);

    // Anywhere else they still step frames.
    window.viewport()->setFocus();
    QTRY_VERIFY(window.viewport()->hasFocus());
    QTest::keyClick(window.viewport(), Qt::Key_Right);
    QCOMPARE(document->currentFrame(), 4.0);
    QTest::keyClick(window.viewport(), Qt::Key_Left);
    QTest::keyClick(window.viewport(), Qt::Key_Left);
    QCOMPARE(document->currentFrame(), 2.0);
}

void TestMainWindow::reloadKeepsMovementFrameAndSelection()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    MainWindow window;
    window.fileWatcher()->setSettleMs(50);
    QVERIFY(window.openFile(xml));
    Document* document = window.document();
    QVERIFY(window.fileWatcher()->watched().contains(QFileInfo(xml).absoluteFilePath()));
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    document->setMovement(walk);
    document->setPlaying(false);
    document->seekFrame(5);
    document->selection()->selectBones({3});

    QSignalSpy reloaded(document, &Document::documentChanged);
    {
        // An exporter writing the file again (same content plus a comment).
        QFile file(xml);
        QVERIFY(file.open(QIODevice::Append));
        file.write("<!-- exported again -->\n");
    }
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, 5000);
    QCOMPARE(document->currentMovement(), walk);
    QCOMPARE(document->currentFrame(), 5.0);
    QCOMPARE(document->selection()->selectedBones(), QList<int>{3});
    QVERIFY(!document->isPlaying());

    // The sprite sheet it reads is watched too: packed again, it reloads the same way.
    const QString sheet = QDir(folder.path()).filePath(QStringLiteral("Dragon.plist"));
    QVERIFY(window.fileWatcher()->watched().contains(sheet));
    {
        QFile file(sheet);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        file.close();
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
    }
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 2, 5000);
    QCOMPARE(document->currentFrame(), 5.0);

    // A broken write keeps the old data and says so in the status bar.
    {
        QFile file(xml);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("<skeleton");
    }
    QTest::qWait(400);
    QCOMPARE(reloaded.count(), 2);
    QCOMPARE(document->currentMovement(), walk);
}

void TestMainWindow::loadErrorLeavesDocumentAlone()
{
    MainWindow window;
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    QString error;
    const QString broken = QStringLiteral(BONESCOPE_TEST_DATA "/broken/json/truncated.ExportJson");
    QVERIFY(!window.openFile(broken, &error));
    QVERIFY2(error.contains(QStringLiteral("truncated.ExportJson")), qPrintable(error));
    QCOMPARE(window.document()->displayName(), QStringLiteral("Dragon.xml"));
    QVERIFY(!window.openFile(QStringLiteral("/no/such/file.xml"), &error));
    QVERIFY(!error.isEmpty());
}

namespace {

/// Clicks `button` of the next message box that opens (a modal dialog blocks the test until
/// it is answered); `text` receives its text. Returns the poll, which deleting cancels (no box
/// opened: it has not deleted itself).
QTimer* answerNextMessageBox(QMessageBox::StandardButton button, QString* text)
{
    auto* poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, [poll, button, text] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        // Stopped at once: a deleteLater is not taken while the next dialog's loop runs.
        poll->stop();
        poll->deleteLater();
        *text = box->text();
        if (QAbstractButton* answer = box->button(button))
            answer->click();
        else
            box->reject(); // asked something else: the test's checks of `text` say so
    });
    poll->start(20);
    return poll;
}

} // namespace

void TestMainWindow::recentFilesOfOneNameShowTheirFolders()
{
    // Two Dragon.xml from different folders (an export and its edited copy, say) and a file
    // whose name is its own: the menu tells the two apart by folder, newest first.
    QTemporaryDir first;
    QTemporaryDir second;
    for (const QTemporaryDir* dir : {&first, &second})
        QVERIFY(QFile::copy(kCorpus + QStringLiteral("/Dragon.xml"),
                            dir->filePath(QStringLiteral("Dragon.xml"))));
    MainWindow window;
    QVERIFY(window.openFile(first.filePath(QStringLiteral("Dragon.xml"))));
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/robot.xml")));
    QVERIFY(window.openFile(second.filePath(QStringLiteral("Dragon.xml"))));
    const QList<QAction*> actions =
        window.findChild<QMenu*>(QStringLiteral("recentMenu"))->actions();
    QVERIFY(actions.size() >= 3);
    const auto folder = [](const QTemporaryDir& dir) {
        return QDir::toNativeSeparators(QFileInfo(dir.path()).absoluteFilePath());
    };
    QCOMPARE(actions[0]->text(), QStringLiteral("Dragon.xml — ") + folder(second));
    QCOMPARE(actions[1]->text(), QStringLiteral("robot.xml"));
    QCOMPARE(actions[2]->text(), QStringLiteral("Dragon.xml — ") + folder(first));
    QCOMPARE(actions[0]->statusTip(), QFileInfo(second.filePath("Dragon.xml")).absoluteFilePath());
}

void TestMainWindow::editThatWouldNotLoadIsRefused()
{
    // Dragon stand's beards play at sc 2: a 999 999-frame pass (the field's largest) makes theirs
    // longer than the readers accept. The field used to keep the value, the undo stack took the
    // edit and playback silently stayed on the old pass; Save then wrote a file Bonescope refuses.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    QCOMPARE(document->currentMovement(), document->movementNames().indexOf("stand"));
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    widgets::PropertiesPanel* properties = window.properties();
    QCOMPARE(properties->durationTweenBox()->value(), 30);

    typeValue(properties->durationTweenBox(), QStringLiteral("999999"));
    const QString refusal = properties->refusalLabel()->text();
    QVERIFY2(refusal.contains(QStringLiteral("would not load")) &&
                 refusal.contains(QStringLiteral("beardL")),
             qPrintable(refusal));
    QCOMPARE(properties->durationTweenBox()->value(), 30);
    QCOMPARE(document->undoStack()->count(), 0);
    QVERIFY(!document->isModified());
    properties->grab().save(shotPath(QStringLiteral("properties_would_not_load")));

    // A pass the beards can take is an edit as any other, and clears the refusal.
    typeValue(properties->durationTweenBox(), QStringLiteral("400000"));
    QVERIFY(properties->refusalLabel()->text().isEmpty());
    QCOMPARE(document->undoStack()->count(), 1);
    QCOMPARE(window.timeline()->ruler()->duration(), 400000);
}

void TestMainWindow::durationsSayWhatTheyLast()
{
    // Cowboy Walk: dr 41, durationTween 0 (a pass then plays dr), durationTo 0, sc 1. The
    // labels follow what is typed, the speed scale included, and the undo.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Cowboy.ExportJson"), Activate::Yes));
    Document* document = window.document();
    QCOMPARE(document->currentMovement(), document->movementNames().indexOf("Walk"));
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    widgets::PropertiesPanel* properties = window.properties();
    QCOMPARE(properties->durationToSeconds()->text(), QStringLiteral("0.000 s"));
    QCOMPARE(properties->passLength()->text(), QStringLiteral("dr: 41 frames · 0.683 s"));

    typeValue(properties->durationTweenBox(), QStringLiteral("30"));
    QCOMPARE(properties->passLength()->text(), QStringLiteral("0.500 s"));
    typeValue(properties->findChild<QDoubleSpinBox*>(QStringLiteral("scaleBox")),
              QStringLiteral("0.5"));
    QCOMPARE(properties->passLength()->text(), QStringLiteral("1.000 s"));
    typeValue(properties->durationToBox(), QStringLiteral("12"));
    QCOMPARE(properties->durationToSeconds()->text(), QStringLiteral("0.400 s"));
    QCOMPARE(document->undoStack()->count(), 3);
    properties->grab().save(shotPath(QStringLiteral("properties_durations")));

    // Another movement shows its own; the edited one its edits again.
    document->setMovement(document->movementNames().indexOf("FireMax"));
    QCOMPARE(properties->passLength()->text(), QStringLiteral("dr: 71 frames · 1.183 s"));
    document->setMovement(document->movementNames().indexOf("Walk"));
    QCOMPARE(properties->durationToSeconds()->text(), QStringLiteral("0.400 s"));
    QCOMPARE(properties->passLength()->text(), QStringLiteral("1.000 s"));

    while (document->undoStack()->canUndo())
        document->undoStack()->undo();
    QCOMPARE(properties->durationToSeconds()->text(), QStringLiteral("0.000 s"));
    QCOMPARE(properties->passLength()->text(), QStringLiteral("dr: 41 frames · 0.683 s"));
}

void TestMainWindow::editDurationToSaveAndReopen()
{
    QTemporaryDir folder;
    const QString file = copyDragon(folder);
    QByteArray original;
    {
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        original = in.readAll();
    }
    {
        MainWindow window;
        QVERIFY(showWithFile(window, file, Activate::Yes));
        Document* document = window.document();
        const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
        const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
        document->setMovement(walk);
        QVERIFY(document->isPlaying());

        // The crossfade inspector in durationTo mode shows walk's own `to`.
        widgets::CrossfadePanel* crossfade = window.crossfade();
        widgets::Transition transition = document->crossfade()->transition();
        transition.source = stand;
        transition.target = walk;
        transition.type = widgets::TransitionType::DurationTo;
        document->crossfade()->setTransition(transition);
        QCOMPARE(crossfade->durationBox()->value(), 5);
        QCOMPARE(crossfade->graph()->durationFrames(), 5);
        const QImage graphBefore = crossfade->graph()->grab().toImage();

        // Typed into the properties panel by keyboard.
        window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
        widgets::PropertiesPanel* properties = window.properties();
        QCOMPARE(properties->durationToBox()->value(), 5);
        const int steps = document->undoStack()->count();
        typeValue(properties->durationToBox(), QStringLiteral("12"));
        const core::EditTarget walkTarget = document->editing()->movementTarget(walk);
        QCOMPARE(document->editing()->parameter(walkTarget, core::EditKey::DurationTo),
                 core::EditValue(12));
        QCOMPARE(document->undoStack()->count(), steps + 1);
        QVERIFY(document->isModified());
        QVERIFY(window.isWindowModified());
        // Live: still playing the same movement, and the graph follows the new value.
        QVERIFY(document->isPlaying());
        QCOMPARE(document->currentMovement(), walk);
        QCOMPARE(crossfade->durationBox()->value(), 12);
        QCOMPARE(crossfade->graph()->durationFrames(), 12);
        QVERIFY(crossfade->graph()->grab().toImage() != graphBefore);
        window.grab().save(shotPath(QStringLiteral("properties_edited")));
        properties->grab().save(shotPath(QStringLiteral("properties_panel")));
        crossfade->grab().save(shotPath(QStringLiteral("crossfade_durationTo")));

        // Holding the spin box's up arrow steps several times: one undo step. Paused, so the
        // auto-repeat is not starved by playback ticks on a loaded machine.
        document->setPlaying(false);
        const int held = document->undoStack()->count();
        QSpinBox* box = properties->durationToBox();
        const QPoint upArrow(box->width() - 6, box->height() / 4);
        QTest::mousePress(box, Qt::LeftButton, {}, upArrow);
        QTRY_VERIFY_WITH_TIMEOUT(box->value() >= 15, 20000);
        QTest::mouseRelease(box, Qt::LeftButton, {}, upArrow);
        QCOMPARE(document->undoStack()->count(), held + 1);
        QCOMPARE(document->editing()->parameter(walkTarget, core::EditKey::DurationTo),
                 core::EditValue(box->value()));
        document->undoStack()->undo();
        QCOMPARE(box->value(), 12);

        // A negative duration is refused in the field, with the reason.
        typeValue(properties->durationToBox(), QStringLiteral("-3"));
        QVERIFY2(properties->refusalLabel()->text().contains(QStringLiteral("negative")),
                 qPrintable(properties->refusalLabel()->text()));
        QCOMPARE(properties->durationToBox()->value(), 12);
        QCOMPARE(document->undoStack()->index(), steps + 1);
        properties->grab().save(shotPath(QStringLiteral("properties_refused")));

        QAction* save = window.findChild<QAction*>(QStringLiteral("saveAction"));
        QVERIFY(save && save->isEnabled());
        save->trigger();
        QVERIFY(!document->isModified());
        QVERIFY(!window.isWindowModified());
    }
    QFile saved(file);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QByteArray expected = original;
    expected.replace(R"(<mov name="walk" dr="9" to="5")", R"(<mov name="walk" dr="9" to="12")");
    QCOMPARE(saved.readAll(), expected);

    MainWindow reopened;
    QVERIFY(showWithFile(reopened, file));
    Document* document = reopened.document();
    document->setMovement(document->movementNames().indexOf(QStringLiteral("walk")));
    QCOMPARE(reopened.properties()->durationToBox()->value(), 12);
}

void TestMainWindow::parameterEditsUndoAndMerge()
{
    QTemporaryDir folder;
    MainWindow window;
    QVERIFY(window.openFile(copyDragon(folder)));
    Document* document = window.document();
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    document->setMovement(stand);
    const core::EditTarget target = document->editing()->movementTarget(stand);
    const auto value = [&] {
        return document->editing()->parameter(target, core::EditKey::DurationTo);
    };
    QCOMPARE(value(), core::EditValue(6));
    // One drag (a merge session) is one undo step; a new session is another.
    document->editing()->setParameter(target, core::EditKey::DurationTo, 7, 1);
    document->editing()->setParameter(target, core::EditKey::DurationTo, 8, 1);
    document->editing()->setParameter(target, core::EditKey::DurationTo, 9, 1);
    QCOMPARE(document->undoStack()->count(), 1);
    document->editing()->setParameter(target, core::EditKey::DurationTo, 10, 2);
    QCOMPARE(document->undoStack()->count(), 2);
    // Session 0 never merges.
    document->editing()->setParameter(target, core::EditKey::Loop, false, 0);
    document->editing()->setParameter(target, core::EditKey::Loop, true, 0);
    QCOMPARE(document->undoStack()->count(), 4);
    document->undoStack()->undo();
    document->undoStack()->undo();
    QCOMPARE(value(), core::EditValue(10));
    document->undoStack()->undo();
    QCOMPARE(value(), core::EditValue(9));
    document->undoStack()->undo();
    QCOMPARE(value(), core::EditValue(6));
    QVERIFY(!document->isModified());
    document->undoStack()->redo();
    QCOMPARE(value(), core::EditValue(9));
    QVERIFY(document->isModified());
    // The model follows: stand's durationTo is what the player uses.
    QCOMPARE(
        document->loaded()->skeleton.findAnimation("Dragon")->findMovement("stand")->durationTo, 9);
    // A refused value is not an edit.
    document->editing()->setParameter(target, core::EditKey::DurationTo, -1, 0);
    QCOMPARE(value(), core::EditValue(9));
    QCOMPARE(document->undoStack()->index(), 1);
}

void TestMainWindow::keyframeTitleSaysWhereTheRulerMarksIt()
{
    TailTipOfFall tail;
    QVERIFY(tail.open());
    MainWindow& window = tail.window;
    Document* document = tail.document;
    // stand plays its 7 timeline frames (dr) over a pass of 30 (drTW): tail's third keyframe
    // starts at timeline frame 5, which the ruler marks at 25.
    document->setMovement(document->movementNames().indexOf(QStringLiteral("stand")));
    document->setPlaying(false);
    document->selection()->selectBones({document->armature()->findBone("tail")});
    document->seekFrame(27);
    QVERIFY(window.timeline()->ruler()->keyFrames().contains(25.0));
    const auto groups = window.properties()->findChildren<QGroupBox*>();
    QVERIFY(std::any_of(groups.begin(), groups.end(), [](const QGroupBox* group) {
        return group->title() == QStringLiteral("Keyframe 3 of tail · frame 25");
    }));

    // cyborg run's body keeps half the movement's time (sc 0.5): it plays its timeline twice
    // in a pass and reaches each keyframe twice, both marked.
    MainWindow cyborg;
    QVERIFY(showWithFile(cyborg, kCorpus + QStringLiteral("/cyborg.xml")));
    Document* run = cyborg.document();
    run->setMovement(run->movementNames().indexOf(QStringLiteral("run")));
    run->setPlaying(false);
    run->selection()->selectBones({run->armature()->findBone("body")});
    run->seekFrame(1);
    const auto titles = cyborg.properties()->findChildren<QGroupBox*>();
    QVERIFY(std::any_of(titles.begin(), titles.end(), [](const QGroupBox* group) {
        return group->title() == QStringLiteral("Keyframe 1 of body · frames 0, 10");
    }));
    QCOMPARE(cyborg.timeline()->ruler()->keyFrames().count(10.0), 2);
}

void TestMainWindow::keyframeValuesFollowTheCursor()
{
    TailTipOfFall tail;
    QVERIFY(tail.open());
    MainWindow& window = tail.window;
    Document* document = tail.document;
    QLineEdit* event = tail.event;
    QVERIFY(event->isEnabled());
    event->setFocus();
    QTest::keyClicks(event, QStringLiteral("flick"));
    QTest::keyClick(event, Qt::Key_Return);
    const core::EditTarget first = tail.keyframe(0);
    QCOMPARE(document->editing()->parameter(first, core::EditKey::FrameEvent),
             core::EditValue(std::string("flick")));
    // The ruler shows the new event at once.
    const QList<widgets::TimelineMark> marks = window.timeline()->ruler()->eventMarks();
    QVERIFY(std::any_of(marks.begin(), marks.end(), [](const widgets::TimelineMark& mark) {
        return mark.label == QLatin1String("flick");
    }));
    window.properties()->grab().save(shotPath(QStringLiteral("properties_keyframe")));

    // Past tailTip's second keyframe (fall: frames of 2 and 3) the panel edits that one.
    const auto groupTitled = [&](const QString& title) {
        const auto groups = window.properties()->findChildren<QGroupBox*>();
        return std::any_of(groups.begin(), groups.end(),
                           [&](const QGroupBox* group) { return group->title() == title; });
    };
    // The title says where the keyframe starts, as the ruler marks it.
    QVERIFY(groupTitled(QStringLiteral("Keyframe 1 of tailTip · frame 0")));
    document->seekFrame(document->movementDuration(tail.fall));
    // fall plays 5 timeline frames over a pass of 5: the keyframe at timeline frame 2 of 0–4
    // is reached 2.5 frames in, where the ruler marks it.
    QVERIFY(groupTitled(QStringLiteral("Keyframe 2 of tailTip · frame 2.5")));
    QVERIFY(event->text().isEmpty());
    auto* easing = window.properties()->findChild<QComboBox*>(QStringLiteral("frameEasingBox"));
    // A keyframe's None holds the span in cocos2d-x: its item says so.
    const int none = easing->findData(int(core::Easing::None));
    QVERIFY(easing->itemData(none, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("does not tween")));
    const int bounce = easing->findText(QStringLiteral("BounceEaseOut"));
    easing->setCurrentIndex(bounce);
    emit easing->activated(bounce);
    const core::EditTarget second = tail.keyframe(1);
    QCOMPARE(document->editing()->parameter(second, core::EditKey::FrameTweenEasing),
             core::EditValue(core::Easing::BounceEaseOut));
    // DragonBones XML: tweenRotate is editable, the movement speed is not (with the reason).
    auto* scale = window.properties()->findChild<QDoubleSpinBox*>(QStringLiteral("scaleBox"));
    QVERIFY(!scale->isEnabled());
    QVERIFY(scale->toolTip().contains(QStringLiteral("DragonBones XML")));
    QVERIFY(window.properties()
                ->findChild<QDoubleSpinBox*>(QStringLiteral("tweenRotateBox"))
                ->isEnabled());
}

// While playing, the cursor leaves the keyframe whose event or turns are being typed: the
// typing stays, Enter gives it to that keyframe, and the panel then follows the cursor.
void TestMainWindow::typedKeyframeValuesStayWithTheirKeyframe()
{
    TailTipOfFall tail;
    QVERIFY(tail.open());
    Document* document = tail.document;
    QLineEdit* event = tail.event;
    auto* turns =
        tail.window.properties()->findChild<QDoubleSpinBox*>(QStringLiteral("tweenRotateBox"));
    QVERIFY(turns);
    const core::EditTarget first = tail.keyframe(0);
    const core::EditTarget second = tail.keyframe(1);
    const auto value = [document](const core::EditTarget& target, core::EditKey key) {
        return document->editing()->parameter(target, key);
    };
    const int last = document->movementDuration(tail.fall);

    event->setFocus();
    QTest::keyClicks(event, QStringLiteral("fli"));
    document->seekFrame(last); // tailTip's second keyframe
    QCOMPARE(event->text(), QStringLiteral("fli"));
    QTest::keyClicks(event, QStringLiteral("ck"));
    QTest::keyClick(event, Qt::Key_Return);
    QCOMPARE(value(first, core::EditKey::FrameEvent), core::EditValue(std::string("flick")));
    QCOMPARE(value(second, core::EditKey::FrameEvent), core::EditValue(std::string()));
    // Entered: the panel shows the keyframe at the cursor again.
    QVERIFY(event->text().isEmpty());

    turns->setFocus();
    turns->selectAll();
    QTest::keyClicks(turns, QStringLiteral("2"));
    document->seekFrame(0);
    QCOMPARE(turns->cleanText(), QStringLiteral("2"));
    QTest::keyClick(turns, Qt::Key_Return);
    QCOMPARE(value(second, core::EditKey::FrameTweenRotate), core::EditValue(2.0));
    QCOMPARE(value(first, core::EditKey::FrameTweenRotate), core::EditValue(0.0));
    QCOMPARE(event->text(), QStringLiteral("flick")); // the first keyframe's, at the cursor
}

// Holding a spin box's arrow while playing: every step goes to the keyframe the box showed
// when pressed, though the cursor reaches another keyframe between steps; the steps are one
// undo step, and on release the panel follows the cursor again.
void TestMainWindow::heldArrowStepsStayWithTheirKeyframe()
{
    TailTipOfFall tail;
    QVERIFY(tail.open());
    Document* document = tail.document;
    auto* turns =
        tail.window.properties()->findChild<QDoubleSpinBox*>(QStringLiteral("tweenRotateBox"));
    QVERIFY(turns);
    const auto turnsOf = [&](int keyframe) {
        return document->editing()->parameter(tail.keyframe(keyframe),
                                              core::EditKey::FrameTweenRotate);
    };
    QStyleOptionSpinBox option;
    option.initFrom(turns);
    option.subControls = QStyle::SC_SpinBoxUp;
    const QPoint up = turns->style()
                          ->subControlRect(QStyle::CC_SpinBox, &option, QStyle::SC_SpinBoxUp, turns)
                          .center();
    const int undoSteps = document->undoStack()->count();

    QTest::mousePress(turns, Qt::LeftButton, {}, up);           // a step
    document->seekFrame(document->movementDuration(tail.fall)); // tailTip's second keyframe
    turns->stepUp();                                            // the held arrow's auto-repeat
    QCOMPARE(turnsOf(0), core::EditValue(2.0));
    QCOMPARE(turnsOf(1), core::EditValue(0.0));
    QTest::mouseRelease(turns, Qt::LeftButton, {}, up);
    QCOMPARE(turns->value(), 0.0); // the second keyframe's, at the cursor
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);
    document->undoStack()->undo();
    QCOMPARE(turnsOf(0), core::EditValue(0.0));
}

// A blend script or a crossfade changes the movement while a movement value is being typed:
// the typing stays, Enter gives it to the movement it was begun on, then the panel shows the
// current movement.
void TestMainWindow::typedMovementValuesStayWithTheirMovement()
{
    QTemporaryDir folder;
    MainWindow window;
    QVERIFY(showWithFile(window, copyDragon(folder), Activate::Yes));
    Document* document = window.document();
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    document->setMovement(stand);
    document->setPlaying(false);
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    QSpinBox* tween = window.properties()->durationTweenBox();
    const auto durationTween = [document](int movement) {
        return document->editing()->parameter(document->editing()->movementTarget(movement),
                                              core::EditKey::DurationTween);
    };
    const core::EditValue walkBefore = *durationTween(walk);

    tween->setFocus();
    tween->selectAll();
    QTest::keyClicks(tween, QStringLiteral("40"));
    document->setMovement(walk);
    QCOMPARE(tween->cleanText(), QStringLiteral("40"));
    QTest::keyClick(tween, Qt::Key_Return);
    QCOMPARE(*durationTween(stand), core::EditValue(40));
    QCOMPARE(*durationTween(walk), walkBefore);
    // Entered: walk's own value is shown.
    QCOMPARE(core::EditValue(tween->value()), walkBefore);
}

// A flipbook has no movement or keyframe values to edit: the properties dock shows the
// animation's timing as the file gives it, and the armature groups again for an armature.
// An AnimationCache plist's timing edited as a designer edits it, by the keyboard and while it
// plays: the animation plays with the new timing at once, undo takes it back, Save writes only
// the edited values into the plist. What cannot be edited is off, with the reason.
void TestMainWindow::flipbookTimingIsEditedLiveAndSaved()
{
    QTemporaryDir folder;
    const QString plist = copyDancePlist(folder);
    QVERIFY(!plist.isEmpty());
    const QByteArray original = [&] {
        QFile file(plist);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }();

    MainWindow window;
    QVERIFY(showWithFile(window, plist, Activate::Yes));
    Document* document = window.document();
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    widgets::PropertiesPanel* properties = window.properties();
    auto* flipbook = properties->findChild<widgets::FlipbookProperties*>();
    QVERIFY(flipbook);
    const auto label = [properties](const char* name) {
        return properties->findChild<QLabel*>(QLatin1String(name))->text();
    };
    QVERIFY(flipbook->isVisibleTo(properties));
    QVERIFY(!properties->durationToBox()->isVisibleTo(properties));
    QCOMPARE(flipbook->title(), QStringLiteral("Animation dance_1"));
    QCOMPARE(label("flipbookFrames"), QStringLiteral("14"));
    QCOMPARE(flipbook->delayPerUnitBox()->value(), 0.2);
    QCOMPARE(label("flipbookLoopUnits"), QStringLiteral("14 in a loop"));
    QCOMPARE(flipbook->loopsBox()->value(), 2);
    QVERIFY(flipbook->restoreBox()->isChecked());
    // 2 loops of 14 units of 0.2 s, at 60 frames a second.
    QCOMPARE(label("flipbookLength"), QStringLiteral("5.600 s · 336 frames"));
    QCOMPARE(document->movementDuration(0), 336);

    // Typed while it plays: nothing changes before Enter, then the animation is 0.1 s a unit.
    QVERIFY(document->isPlaying());
    QDoubleSpinBox* delay = flipbook->delayPerUnitBox();
    delay->setFocus();
    QTRY_VERIFY(delay->hasFocus());
    delay->selectAll();
    QTest::keyClicks(delay, QStringLiteral("0.1"));
    QTest::qWait(100); // frames go by
    QCOMPARE(delay->text(), QStringLiteral("0.1 s"));
    QCOMPARE(document->movementDuration(0), 336);
    QTest::keyClick(delay, Qt::Key_Return);
    QCOMPARE(document->flipbookData(0)->delayPerUnit, 0.1f);
    QCOMPARE(document->movementDuration(0), 168);
    QCOMPARE(label("flipbookLength"), QStringLiteral("2.800 s · 168 frames"));
    QVERIFY(document->currentFrame() <= 168);
    QVERIFY(document->isModified());
    // Loops stepped by the keyboard's arrow, and the restore flag clicked (Space plays and
    // pauses).
    flipbook->loopsBox()->setFocus();
    QTRY_VERIFY(flipbook->loopsBox()->hasFocus());
    QTest::keyClick(flipbook->loopsBox(), Qt::Key_Up);
    QCOMPARE(document->flipbookData(0)->loops, 3);
    QCOMPARE(document->movementDuration(0), 252);
    QStyleOptionButton indicator;
    indicator.initFrom(flipbook->restoreBox());
    QTest::mouseClick(
        flipbook->restoreBox(), Qt::LeftButton, {},
        flipbook->restoreBox()
            ->style()
            ->subElementRect(QStyle::SE_CheckBoxIndicator, &indicator, flipbook->restoreBox())
            .center());
    QVERIFY(!document->flipbookData(0)->restoreOriginalFrame);
    QVERIFY(flipbook->refusal()->isHidden()); // the boxes keep to the plist's ranges
    properties->grab().save(shotPath(QStringLiteral("properties_flipbook")));

    // The delay's arrow held (a press, the auto-repeat's steps, the release): one undo step.
    {
        QDoubleSpinBox* box = flipbook->delayPerUnitBox();
        QStyleOptionSpinBox option;
        option.initFrom(box);
        option.subControls = QStyle::SC_SpinBoxUp;
        const QPoint up =
            box->style()
                ->subControlRect(QStyle::CC_SpinBox, &option, QStyle::SC_SpinBoxUp, box)
                .center();
        const int undoSteps = document->undoStack()->count();
        QTest::mousePress(box, Qt::LeftButton, {}, up); // a step
        box->stepUp();                                  // the held arrow's auto-repeat
        box->stepUp();
        QTest::mouseRelease(box, Qt::LeftButton, {}, up);
        QCOMPARE(document->flipbookData(0)->delayPerUnit, 0.13f);
        QCOMPARE(document->undoStack()->count(), undoSteps + 1);
        document->undoStack()->undo();
        QCOMPARE(document->flipbookData(0)->delayPerUnit, 0.1f);
    }

    // Undo takes the flag back, then the loops.
    document->undoStack()->undo();
    QVERIFY(document->flipbookData(0)->restoreOriginalFrame);
    QVERIFY(flipbook->restoreBox()->isChecked());
    document->undoStack()->undo();
    QCOMPARE(document->flipbookData(0)->loops, 2);
    QCOMPARE(flipbook->loopsBox()->value(), 2);

    // Save: the plist holds the new delay, every other byte as it was.
    window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
    QVERIFY(!document->isModified());
    QFile saved(plist);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QByteArray expected = original;
    expected.replace(expected.indexOf("<real>0.2</real>"), 16, "<real>0.1</real>");
    QCOMPARE(saved.readAll(), expected);

    // Save As elsewhere, without the extension: tuned.plist, with its sprite sheet and image
    // copied beside it, read from there from now on.
    QTemporaryDir elsewhere;
    test::typeValue(flipbook->delayPerUnitBox(), QStringLiteral("0.25"));
    QVERIFY(document->isModified());
    auto* saveAs = window.findChild<QAction*>(QStringLiteral("saveAsAction"));
    QVERIFY(saveAs->isEnabled());
    QString error;
    QVERIFY2(document->file().saveAs(elsewhere.filePath(QStringLiteral("tuned")), &error),
             qPrintable(error));
    const QString tuned = elsewhere.filePath(QStringLiteral("tuned.plist"));
    QCOMPARE(document->filePath(), tuned);
    QVERIFY(!document->isModified());
    for (const QString& name : {QStringLiteral("grossini.plist"), QStringLiteral("grossini.png")})
        QVERIFY(QFile::exists(elsewhere.filePath(name)));
    const auto reloaded = core::loadExport(tuned.toStdString());
    QVERIFY(reloaded);
    for (const core::LoadError& warning : reloaded.value().warnings)
        QVERIFY2(warning.message.find("grossini_dance") == std::string::npos, // grossini's frames
                 warning.toString().c_str());
    QCOMPARE(reloaded.value().flipbooks.animations.front().delayPerUnit, 0.25f);

    // A format 1 plist has a delay only; an image sequence has no timing of its own to save.
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/flipbook/animations.plist")));
    QVERIFY(flipbook->delayPerUnitBox()->isEnabled());
    QVERIFY(!flipbook->loopsBox()->isEnabled());
    QVERIFY(flipbook->loopsBox()->toolTip().contains(QStringLiteral("format 1")));
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/flipbook/dance/grossini_dance_01.png")));
    QVERIFY(!flipbook->delayPerUnitBox()->isEnabled());
    QVERIFY(!saveAs->isEnabled());
    QVERIFY(label("flipbookNote").startsWith(QStringLiteral("Read-only")));

    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    QVERIFY(!flipbook->isVisibleTo(properties));
    QVERIFY(properties->durationToBox()->isVisibleTo(properties));
}

// A frame's own delay units, edited where the cursor is: the properties show the frame the
// timeline shows and edit it by the keyboard, typing stays with the frame it was begun on while
// the cursor moves on, each edit is an undo step named by its frame, and Save changes only
// those values' bytes.
void TestMainWindow::flipbookFrameDelayUnitsFollowTheCursor()
{
    QTemporaryDir folder;
    const QString plist = copyDancePlist(folder);
    QVERIFY(!plist.isEmpty());
    const QByteArray original = fileBytes(plist);

    MainWindow window;
    QVERIFY(showWithFile(window, plist, Activate::Yes));
    Document* document = window.document();
    document->setPlaying(false);
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    widgets::PropertiesPanel* properties = window.properties();
    auto* flipbook = properties->findChild<widgets::FlipbookProperties*>();
    QDoubleSpinBox* units = flipbook->frameDelayUnitsBox();
    QVERIFY(units->isEnabled());
    const auto shownFrame = [properties] {
        return properties->findChild<QLabel*>(QStringLiteral("flipbookFrame"))->text();
    };
    const auto seekToFrame = [document](int index) {
        for (int frame = 0; frame < document->movementDuration(0); ++frame) {
            document->seekFrame(frame);
            if (document->flipbookFrameIndex() == index)
                return true;
        }
        return false;
    };
    const auto unitsOf = [document](int index) {
        return document->flipbookData(0)->frames[size_t(index)].delayUnits;
    };

    QVERIFY(seekToFrame(7));
    QCOMPARE(shownFrame(), QStringLiteral("8 of 14 · grossini_dance_08.png"));
    QCOMPARE(units->value(), 2.0);
    test::typeValue(units, QStringLiteral("3"));
    QCOMPARE(unitsOf(7), 3.f);
    QCOMPARE(document->movementDuration(0), 360); // 15 units of 0.2 s, two loops, at 60 a second
    QCOMPARE(document->undoStack()->undoText(),
             QStringLiteral("Change delayUnits of dance_1 frame 8"));

    // Typed, not entered: the cursor moves to frame 2, the field stays with frame 8.
    units->selectAll();
    QTest::keyClicks(units, QStringLiteral("4"));
    QVERIFY(seekToFrame(1));
    QCOMPARE(shownFrame(), QStringLiteral("8 of 14 · grossini_dance_08.png"));
    QTest::keyClick(units, Qt::Key_Return);
    QCOMPARE(unitsOf(7), 4.f);
    QCOMPARE(unitsOf(1), 1.f);
    // Entered: the field shows the frame at the cursor again, and its arrow key steps it.
    QCOMPARE(shownFrame(), QStringLiteral("2 of 14 · grossini_dance_02.png"));
    QCOMPARE(units->value(), 1.0);
    QTest::keyClick(units, Qt::Key_Up);
    QCOMPARE(unitsOf(1), 2.f);

    document->undoStack()->undo();
    QCOMPARE(unitsOf(1), 1.f);
    QCOMPARE(units->value(), 1.0);
    for (const float frame8 : {3.f, 2.f}) {
        document->undoStack()->undo();
        QCOMPARE(unitsOf(7), frame8);
    }
    for (int step = 0; step < 3; ++step)
        document->undoStack()->redo();

    window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
    QVERIFY(!document->isModified());
    QByteArray expected = original;
    for (const auto& [sprite, value] :
         {std::pair{"grossini_dance_02.png", "2"}, std::pair{"grossini_dance_08.png", "4"}}) {
        const qsizetype at = expected.indexOf("<integer>", expected.indexOf(sprite));
        expected.replace(at + 9, 1, value);
    }
    QCOMPARE(fileBytes(plist), expected);

    // The arrow held on frame 2 while the cursor moves to frame 8: its steps stay with frame 2,
    // as one undo step, and the release shows the frame at the cursor.
    QStyleOptionSpinBox option;
    option.initFrom(units);
    option.subControls = QStyle::SC_SpinBoxUp;
    const QPoint up = units->style()
                          ->subControlRect(QStyle::CC_SpinBox, &option, QStyle::SC_SpinBoxUp, units)
                          .center();
    const int undoSteps = document->undoStack()->count();
    QTest::mousePress(units, Qt::LeftButton, {}, up); // a step
    QVERIFY(seekToFrame(7));
    units->stepUp(); // the held arrow's auto-repeat
    QTest::mouseRelease(units, Qt::LeftButton, {}, up);
    QCOMPARE(unitsOf(1), 4.f);
    QCOMPARE(unitsOf(7), 4.f);
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);
    // Frame 2 lasts longer now, so the cursor shows an earlier frame than 8, not frame 2.
    QCOMPARE(flipbook->shownFrame(), document->flipbookFrameIndex());
    QVERIFY(flipbook->shownFrame() > 1 && flipbook->shownFrame() < 7);
    document->undoStack()->undo();
    QCOMPARE(unitsOf(1), 2.f);

    // A format 1 plist has no frame delay units: the field is off and says why.
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/flipbook/animations.plist")));
    QVERIFY(!units->isEnabled());
    QVERIFY(units->toolTip().contains(QStringLiteral("format 1")));
}

// Under the keyframe's easing box the panel says what its span plays with: a Linear keyframe
// plays the movement's easing (cocos2d-x's Tween::updateFrameData), a None keyframe is not
// tweened, any other its own. Chosen from the keyboard.
void TestMainWindow::keyframeShowsTheEasingItsSpanPlays()
{
    TailTipOfFall tail;
    QVERIFY(tail.open());
    MainWindow& window = tail.window;
    auto* keyEasing = window.properties()->findChild<QComboBox*>(QStringLiteral("frameEasingBox"));
    auto* movementEasing = window.properties()->findChild<QComboBox*>(QStringLiteral("easingBox"));
    auto* played = window.properties()->findChild<QLabel*>(QStringLiteral("playedEasingLabel"));
    QVERIFY(keyEasing && movementEasing && played);

    typeChoice(keyEasing, QStringLiteral("Linear"));
    typeChoice(movementEasing, QStringLiteral("SineEaseIn"));
    QCOMPARE(played->text(), QStringLiteral("SineEaseIn, the movement's easing"));
    window.properties()->grab().save(shotPath(QStringLiteral("properties_played_easing")));
    typeChoice(keyEasing, QStringLiteral("QuadEaseOut"));
    QCOMPARE(played->text(), QStringLiteral("QuadEaseOut"));
    typeChoice(keyEasing, QStringLiteral("None"));
    QVERIFY(played->text().startsWith(QStringLiteral("not tweened")));
    typeChoice(keyEasing, QStringLiteral("Linear"));
    typeChoice(movementEasing, QStringLiteral("Linear"));
    QCOMPARE(played->text(), QStringLiteral("Linear"));
    // A movement of easing None leaves a Linear keyframe linear.
    typeChoice(movementEasing, QStringLiteral("None"));
    QCOMPARE(played->text(), QStringLiteral("Linear"));
    // Undo brings the movement's easing back, and the label with it.
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(played->text(), QStringLiteral("Linear"));
    for (int step = 0; step < 64 && played->text() != QStringLiteral("QuadEaseOut"); ++step)
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(played->text(), QStringLiteral("QuadEaseOut"));

    // DragonBones XML cannot hold SineEaseOut (cocos2d-x reads twE="2" as SineEaseInOut): the
    // item is greyed with the reason. An ExportJson can, and CustomEasing on keyframes.
    const auto item = [](QComboBox* box, const QString& text) {
        return static_cast<QStandardItemModel*>(box->model())->item(box->findText(text));
    };
    QVERIFY(!item(keyEasing, QStringLiteral("SineEaseOut"))->isEnabled());
    QVERIFY(
        item(keyEasing, QStringLiteral("SineEaseOut"))->toolTip().contains(QStringLiteral("twE")));
    QVERIFY(!item(movementEasing, QStringLiteral("SineEaseOut"))->isEnabled());
    MainWindow cowboy;
    QVERIFY(showWithFile(cowboy, kCorpus + QStringLiteral("/Cowboy.ExportJson")));
    keyEasing = cowboy.properties()->findChild<QComboBox*>(QStringLiteral("frameEasingBox"));
    movementEasing = cowboy.properties()->findChild<QComboBox*>(QStringLiteral("easingBox"));
    QVERIFY(item(keyEasing, QStringLiteral("SineEaseOut"))->isEnabled());
    QVERIFY(item(keyEasing, QStringLiteral("CustomEasing"))->isEnabled());
    QVERIFY(item(movementEasing, QStringLiteral("SineEaseOut"))->isEnabled());
}

// Changing a transition's unit keeps its length of time: the default's 10 frames become
// 0.167 s, not 10 s, and back 10 frames exactly (the box shows three decimals, the table keeps
// the whole number); a number typed in seconds converts too. Chosen with the keyboard.
void TestMainWindow::transitionUnitKeepsTheDuration()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    window.findChild<QDockWidget*>(QStringLiteral("transitionTableDock"))->raise();
    QTableWidget* table = window.transitionTable()->table();
    auto* duration = static_cast<QDoubleSpinBox*>(table->cellWidget(0, 3));
    auto* unit = static_cast<QComboBox*>(table->cellWidget(0, 4));
    const auto fallback = [document] { return document->editing()->transitionTable().fallback; };
    QCOMPARE(fallback().frames(0), 10.0);
    QCOMPARE(duration->text(), QStringLiteral("10")); // not "10.000"
    const auto chooseUnit = [&](int index) {
        unit = static_cast<QComboBox*>(table->cellWidget(0, 4));
        unit->setFocus();
        while (unit->currentIndex() != index)
            QTest::keyClick(unit, unit->currentIndex() < index ? Qt::Key_Down : Qt::Key_Up);
        duration = static_cast<QDoubleSpinBox*>(table->cellWidget(0, 3));
    };

    chooseUnit(1); // seconds
    QCOMPARE(fallback().unit, core::TransitionSpec::Unit::Seconds);
    QCOMPARE(fallback().frames(0), 10.0);
    QCOMPARE(duration->text(), QStringLiteral("0.167"));
    chooseUnit(0); // frames
    QCOMPARE(fallback().unit, core::TransitionSpec::Unit::Frames);
    QCOMPARE(fallback().duration, 10.0);

    chooseUnit(1);
    typeValue(duration, QStringLiteral("0.5"));
    QCOMPARE(fallback().duration, 0.5);
    QCOMPARE(static_cast<QDoubleSpinBox*>(table->cellWidget(0, 3))->text(), QStringLiteral("0.5"));
    chooseUnit(0);
    QCOMPARE(fallback().duration, 30.0);
    QCOMPARE(static_cast<QDoubleSpinBox*>(table->cellWidget(0, 3))->value(), 30.0);
    // One frame is 0.0167 s, shown "0.017": changing the type alone keeps the whole number.
    typeValue(static_cast<QDoubleSpinBox*>(table->cellWidget(0, 3)), QStringLiteral("1"));
    chooseUnit(1);
    QCOMPARE(duration->text(), QStringLiteral("0.017"));
    QVERIFY(window.transitionTable()->grab().save(shotPath(QStringLiteral("transition_unit"))));
    auto* type = static_cast<QComboBox*>(table->cellWidget(0, 2));
    type->setFocus();
    QTest::keyClick(type, Qt::Key_Down);
    QCOMPARE(fallback().duration, 1.0 / 60.0);
    QCOMPARE(fallback().frames(0), 1.0);
    document->undoStack()->undo();
    document->undoStack()->undo();
    QCOMPARE(fallback().unit, core::TransitionSpec::Unit::Frames);
    QCOMPARE(fallback().duration, 1.0);
}

// The table's cells as a designer uses them with the keyboard: a pair's source and target
// chosen in its row (a pair that has a row already refused), and a box stepped with the arrow
// keys several times over, each step an edit (the row's widgets stay, and so does the focus).
void TestMainWindow::transitionPairsChosenInTheirCells()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    const QStringList names = document->movementNames();
    const int stand = names.indexOf(QStringLiteral("stand"));
    const int walk = names.indexOf(QStringLiteral("walk"));
    widgets::TransitionTablePanel* panel = window.transitionTable();
    window.findChild<QDockWidget*>(QStringLiteral("transitionTableDock"))->raise();
    constexpr int kSource = 0, kTarget = 1, kType = 2;
    const auto box = [panel](int row, int column) {
        return static_cast<QComboBox*>(panel->table()->cellWidget(row, column));
    };
    const auto& table = [document]() -> const core::TransitionTable& {
        return document->editing()->transitionTable();
    };
    const auto pairs = [&table] {
        QStringList list;
        for (const auto& rule : table().rules)
            list.append(QString::fromStdString(rule.source + " > " + rule.target));
        return list;
    };

    document->crossfade()->setTransition({stand, walk, widgets::TransitionType::ThenAnimate, 8});
    QTest::mouseClick(panel->addButton(), Qt::LeftButton);
    QCOMPARE(pairs(), QStringList{QStringLiteral("stand > walk")});
    QCOMPARE(box(1, kSource)->count(), names.size()); // every movement to choose from
    typeChoice(box(1, kTarget), QStringLiteral("jump"));
    QCOMPARE(pairs(), QStringList{QStringLiteral("stand > jump")});
    QCOMPARE(table().find("stand", "jump").kind, core::TransitionKind::ThenAnimate);
    QCOMPARE(&table().find("stand", "walk"), &table().fallback);
    // The inspector showed the row it stored; stand → walk now plays the default, and so does it.
    QCOMPARE(document->crossfade()->transition().type, widgets::TransitionType::WhileAnimating);
    QCOMPARE(document->crossfade()->transition().durationFrames, 10);

    // A second row may not take the first one's pair.
    QTest::mouseClick(panel->addButton(), Qt::LeftButton);
    QCOMPARE(pairs(),
             (QStringList{QStringLiteral("stand > jump"), QStringLiteral("stand > walk")}));
    QVERIFY(panel->refusal()->isHidden());
    const int jump = names.indexOf(QStringLiteral("jump"));
    box(2, kTarget)->setCurrentIndex(jump);
    emit box(2, kTarget)->activated(jump);
    QCOMPARE(pairs(),
             (QStringList{QStringLiteral("stand > jump"), QStringLiteral("stand > walk")}));
    QCOMPARE(box(2, kTarget)->currentText(), QStringLiteral("walk"));
    QVERIFY(!panel->refusal()->isHidden());
    QVERIFY(panel->refusal()->text().contains(QStringLiteral("stand → jump")));

    // Three steps down the second row's type, by the keyboard: three edits.
    QComboBox* type = box(2, kType);
    type->setFocus();
    QTRY_VERIFY(type->hasFocus());
    QTest::keyClick(type, Qt::Key_Home);
    QCOMPARE(table().rules[1].spec.kind, core::TransitionKind::Switch);
    for (const auto kind : {core::TransitionKind::WhileAnimating, core::TransitionKind::ThenAnimate,
                            core::TransitionKind::DurationTo}) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
        QCOMPARE(table().rules[1].spec.kind, kind);
    }
    QCOMPARE(box(2, kType), type);         // the same box all along
    QVERIFY(panel->refusal()->isHidden()); // an accepted edit clears the refusal

    // Undo walks back through the steps, the second row and the first row's new target.
    for (int i = 0; i < 4; ++i)
        document->undoStack()->undo();
    QCOMPARE(table().rules[1].spec.kind, core::TransitionKind::WhileAnimating);
    document->undoStack()->undo();
    QCOMPARE(pairs(), QStringList{QStringLiteral("stand > jump")});
    document->undoStack()->undo();
    QCOMPARE(pairs(), QStringList{QStringLiteral("stand > walk")});
    QCOMPARE(box(1, kTarget)->currentText(), QStringLiteral("walk"));
}

void TestMainWindow::transitionTableDrivesMovementChanges()
{
    QTemporaryDir folder;
    const QString file = copyDragon(folder);
    {
        MainWindow window;
        QVERIFY(showWithFile(window, file, Activate::Yes));
        Document* document = window.document();
        const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
        const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
        widgets::TransitionTablePanel* panel = window.transitionTable();
        window.findChild<QDockWidget*>(QStringLiteral("transitionTableDock"))->raise();
        QCOMPARE(panel->table()->rowCount(), 1); // the default alone

        // The inspector's pair and settings become a row.
        document->crossfade()->setTransition(
            {stand, walk, widgets::TransitionType::ThenAnimate, 8});
        QTest::mouseClick(panel->addButton(), Qt::LeftButton);
        QCOMPARE(panel->table()->rowCount(), 2);
        QCOMPARE(document->editing()->transitionTable().find("stand", "walk").kind,
                 core::TransitionKind::ThenAnimate);
        QVERIFY(document->isModified());
        auto* duration = static_cast<QDoubleSpinBox*>(panel->table()->cellWidget(1, 3));
        typeValue(duration, QStringLiteral("20"));
        QCOMPARE(document->editing()->transitionTable().find("stand", "walk").frames(0), 20.0);
        // The inspector showed the row's pair and settings: it follows the row.
        QCOMPARE(document->crossfade()->transition().durationFrames, 20);
        panel->grab().save(shotPath(QStringLiteral("transition_table")));

        // While playing, the timeline moves to walk with the table's transition.
        document->setMovement(stand);
        document->setPlaying(true);
        QComboBox* movements = window.timeline()->movementBox();
        movements->setCurrentIndex(walk);
        emit movements->activated(walk);
        QVERIFY(document->crossfade()->isCrossfading());
        document->advance(10);
        QCOMPARE(document->currentMovement(), stand); // halfway through 20 frames
        document->advance(12);
        QCOMPARE(document->currentMovement(), walk);

        // Undo goes back through the table edits.
        document->undoStack()->undo();
        QCOMPARE(document->editing()->transitionTable().find("stand", "walk").frames(0), 8.0);
        QCOMPARE(document->crossfade()->transition().durationFrames, 8);
        document->undoStack()->redo();
        window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
        QVERIFY(!document->isModified());
    }
    QVERIFY(QFile::exists(file + QStringLiteral(".bonescope.json")));
    MainWindow reopened;
    QVERIFY(reopened.openFile(file));
    Document* document = reopened.document();
    QCOMPARE(document->editing()->transitionTable().rules.size(), size_t(1));
    QCOMPARE(document->editing()->transitionTable().find("stand", "walk").frames(0), 20.0);
    QCOMPARE(reopened.transitionTable()->table()->rowCount(), 2);
    // The inspector opens on the first two movements, stand and walk, as the table has them.
    widgets::CrossfadePanel* crossfade = reopened.crossfade();
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    const int jump = document->movementNames().indexOf(QStringLiteral("jump"));
    QCOMPARE(stand, 0);
    QCOMPARE(walk, 1);
    QCOMPARE(document->crossfade()->transition().type, widgets::TransitionType::ThenAnimate);
    QCOMPARE(document->crossfade()->transition().durationFrames, 20);
    QCOMPARE(crossfade->durationBox()->value(), 20);
    // Choosing the pair in the crossfade inspector starts from the table's row.
    crossfade->sourceBox()->setCurrentIndex(jump);
    emit crossfade->sourceBox()->activated(jump);
    crossfade->sourceBox()->setCurrentIndex(stand);
    emit crossfade->sourceBox()->activated(stand);
    crossfade->targetBox()->setCurrentIndex(walk);
    emit crossfade->targetBox()->activated(walk);
    QCOMPARE(document->crossfade()->transition().type, widgets::TransitionType::ThenAnimate);
    QCOMPARE(document->crossfade()->transition().durationFrames, 20);

    // A duration tried in the inspector stays when the row changes afterwards.
    typeValue(crossfade->durationBox(), QStringLiteral("12"));
    QCOMPARE(document->crossfade()->transition().durationFrames, 12);
    typeValue(static_cast<QDoubleSpinBox*>(reopened.transitionTable()->table()->cellWidget(1, 3)),
              QStringLiteral("30"));
    QCOMPARE(document->editing()->transitionTable().find("stand", "walk").frames(0), 30.0);
    QCOMPARE(document->crossfade()->transition().durationFrames, 12);
}

// A designer tunes crossfades in a read-only checkout (Perforce, a vendor folder): a save of
// the transition table writes the sidecar and leaves the export alone, its bytes, time and
// mode; an edit of the export itself then needs it writable, and a save that may write it (as
// root) keeps it read-only.
void TestMainWindow::saveWritesOnlyTheFilesThatChanged()
{
    QTemporaryDir folder;
    const QString file = copyDragon(folder);
    const QByteArray original = fileBytes(file);
    QVERIFY(test::lockFile(file));

    MainWindow window;
    QVERIFY(showWithFile(window, file, Activate::Yes));
    Document* document = window.document();
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    document->crossfade()->setTransition({stand, walk, widgets::TransitionType::ThenAnimate, 8});
    QTest::mouseClick(window.transitionTable()->addButton(), Qt::LeftButton);
    QVERIFY(document->isModified());
    QString error;
    QVERIFY2(document->file().save(&error), qPrintable(error));
    QVERIFY(!document->isModified());
    QVERIFY(QFile::exists(file + QStringLiteral(".bonescope.json")));
    QCOMPARE(fileBytes(file), original);
    QCOMPARE(QFileInfo(file).lastModified().toUTC(), test::kLongAgo);
    QCOMPARE(test::modeOf(file), test::kReadOnly);

    QCOMPARE(document->editing()->setParameter(document->editing()->movementTarget(stand),
                                               core::EditKey::DurationTo, core::EditValue(7)),
             QString());
    const bool written = document->file().save(&error);
    if (QFileInfo(file).isWritable()) { // root writes whatever the mode says
        QVERIFY2(written, qPrintable(error));
        QVERIFY(fileBytes(file) != original);
        QCOMPARE(test::modeOf(file), test::kReadOnly);
    } else {
        QVERIFY(!written);
        QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
        QCOMPARE(fileBytes(file), original);
        QVERIFY(document->isModified());
    }
}

void TestMainWindow::unsavedEditsAreNeverSilentlyDiscarded()
{
    QTemporaryDir folder;
    const QString file = copyDragon(folder);
    MainWindow window;
    window.fileWatcher()->setSettleMs(50);
    QVERIFY(showWithFile(window, file));
    Document* document = window.document();
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    const core::EditTarget target = document->editing()->movementTarget(walk);
    document->editing()->setParameter(target, core::EditKey::DurationTo, 30);
    QVERIFY(document->isModified());

    // Opening another file asks first; Cancel keeps the document and its edit.
    QString asked;
    answerNextMessageBox(QMessageBox::Cancel, &asked);
    QVERIFY(!window.openFile(kCorpus + QStringLiteral("/Cowboy.ExportJson")));
    QVERIFY2(asked.contains(QStringLiteral("not saved")), qPrintable(asked));
    QCOMPARE(document->displayName(), QStringLiteral("Dragon.xml"));
    QCOMPARE(document->editing()->parameter(target, core::EditKey::DurationTo),
             core::EditValue(30));

    // The file changes on disk: reloading would lose the edit, so it asks; Cancel keeps it.
    QSignalSpy reloaded(document, &Document::documentChanged);
    asked.clear();
    answerNextMessageBox(QMessageBox::Cancel, &asked);
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::Append));
        out.write("<!-- exported again -->\n");
    }
    QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), 5000);
    QVERIFY2(asked.contains(QStringLiteral("changed on disk")), qPrintable(asked));
    QCOMPARE(reloaded.count(), 0);
    QCOMPARE(document->editing()->parameter(target, core::EditKey::DurationTo),
             core::EditValue(30));

    // A save that cannot be written (no folder there) says why and keeps the edit unsaved.
    QString error;
    QVERIFY(!document->file().saveAs(folder.filePath(QStringLiteral("no/such/folder/Dragon.xml")),
                                     &error));
    QVERIFY2(error.contains(QStringLiteral("Cannot write")), qPrintable(error));
    QVERIFY(document->isModified());
    QCOMPARE(document->filePath(), QFileInfo(file).absoluteFilePath());
    // Nor is a pipe (or a device) replaced by the saved file.
    const QString pipe = folder.filePath(QStringLiteral("pipe.xml"));
    QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
    QVERIFY(!document->file().saveAs(pipe, &error));
    QVERIFY2(error.contains(QStringLiteral("is not a regular file")), qPrintable(error));
    QVERIFY(!QFileInfo(pipe).isFile());
    QVERIFY(document->isModified());

    // Saving our own edit is not mistaken for an outside change.
    window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
    QTest::qWait(300);
    QCOMPARE(reloaded.count(), 0);
    QVERIFY(!document->isModified());

    // Revert (confirmed) drops a later edit and goes back to the saved file.
    document->editing()->setParameter(target, core::EditKey::Loop, false);
    QVERIFY(window.isWindowModified());
    asked.clear();
    answerNextMessageBox(QMessageBox::Discard, &asked);
    window.findChild<QAction*>(QStringLiteral("revertAction"))->trigger();
    QVERIFY(!asked.isEmpty());
    QVERIFY(!document->isModified());
    QVERIFY(!window.isWindowModified());
    QCOMPARE(document->editing()->parameter(target, core::EditKey::Loop), core::EditValue(true));
    QCOMPARE(document->editing()->parameter(target, core::EditKey::DurationTo),
             core::EditValue(30));
}

namespace {

/// What a crash leaves: the recovery file of `path` (an ExportFile::recoveryKey) as `window`'s
/// journal last wrote it, put back after the window is gone (an orderly end removes it). False
/// when there was none.
bool endAsACrashWould(std::unique_ptr<MainWindow>& window, const QString& path)
{
    window->recoveryJournal()->flush();
    if (window->document()->file().recoveryKey() != path)
        return false;
    const QString file = window->recoveryJournal()->keptFile();
    const QByteArray kept = fileBytes(file);
    window.reset();
    if (kept.isEmpty() || QFileInfo::exists(file))
        return false;
    QFile restored(file);
    return restored.open(QIODevice::WriteOnly) && restored.write(kept) == kept.size();
}

/// The one entry of `window`'s File → Recover Unsaved Edits menu as it opens (a kept recovery,
/// or the disabled line saying there is none); null when it lists more.
QAction* onlyKeptEdits(MainWindow& window)
{
    auto* menu = window.findChild<QMenu*>(QStringLiteral("recoveryMenu"));
    if (!menu)
        return nullptr;
    emit menu->aboutToShow();
    return menu->actions().size() == 1 ? menu->actions().front() : nullptr;
}

} // namespace

void TestMainWindow::editsWhileLayersOrARecordingPlay()
{
    // An edit reads the movements again: the layer stack and the recording playing them must
    // play the new ones (they held the old, freed with the edit).
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    MainWindow window;
    QVERIFY(showWithFile(window, xml));
    Document* document = window.document();
    document->setPlaying(false);
    document->selection()->selectBones({0, 1});
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    core::LayerSetup layers;
    layers.layers.push_back({"body", 1.f, "walk", {}, 1.0, {}, {}});
    document->layers()->setLayerSetup(layers);
    QVERIFY(document->layers()->isLive());
    document->advance(20);
    QCOMPARE(document->editing()->setParameter(walk, core::EditKey::DurationTween, 40), QString());
    QVERIFY(document->layers()->isLive());
    document->advance(20);
    QVERIFY(!document->layers()->boneTrace().empty());
    const core::Pose edited = document->pose();
    // The same setup opened on the edited file from the start plays the same pose.
    window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
    QVERIFY(!document->isModified());
    MainWindow reopened;
    QVERIFY(showWithFile(reopened, xml));
    reopened.document()->setPlaying(false);
    QCOMPARE(reopened.document()->layers()->layerSetup(), layers);
    reopened.document()->layers()->seek(core::framesToSeconds(40));
    document->layers()->seek(core::framesToSeconds(40));
    QCOMPARE(document->pose().size(), reopened.document()->pose().size());
    for (size_t bone = 0; bone < edited.size(); ++bone)
        QCOMPARE(document->pose()[bone].world.tx, reopened.document()->pose()[bone].world.tx);

    document->layers()->setLayerSetup({});
    document->recorder()->setRecording(true);
    QVERIFY(document->recorder()->isRecording());
    document->advance(10);
    QCOMPARE(document->editing()->setParameter(walk, core::EditKey::DurationTween, 30), QString());
    QVERIFY(document->recorder()->isRecording());
    document->advance(10);
    QVERIFY(document->recorder()->bakeRecording().ok());
}

void TestMainWindow::unsavedEditsSurviveACrash()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    const core::EditTarget headKey{"Dragon", "walk", "head", 1};
    core::TransitionTable transitions;
    transitions.fallback.kind = core::TransitionKind::Switch;
    core::LayerSetup layers;
    layers.layers.push_back({"body", 0.5f, "walk", {}, 1.0, {}, {}});

    auto window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, xml));
    Document* document = window->document();
    const QString recoveryFile = window->recoveryJournal()->fileFor(xml);
    QCOMPARE(document->editing()->setParameter(walk, core::EditKey::DurationTo, 10, 1), QString());
    // Written a moment after the edit, not at once: a drag writes once.
    QVERIFY(!QFileInfo::exists(recoveryFile));
    QTRY_VERIFY(QFileInfo::exists(recoveryFile));
    // A step of the same drag (merged into the undo step) is written too.
    QCOMPARE(document->editing()->setParameter(walk, core::EditKey::DurationTo, 12, 1), QString());
    QTRY_VERIFY(fileBytes(recoveryFile).contains("\"value\": 12"));
    QCOMPARE(
        document->editing()->setParameter(headKey, core::EditKey::FrameEvent, std::string("step")),
        QString());
    document->editing()->setTransitionTable(transitions);
    document->layers()->setLayerSetup(layers);
    // Undone back to the file: nothing to recover.
    const int edits = document->undoStack()->index();
    document->undoStack()->setIndex(0);
    QVERIFY(!document->isModified());
    QVERIFY(!QFileInfo::exists(recoveryFile));
    document->undoStack()->setIndex(edits);
    QVERIFY(document->isModified());
    QVERIFY(endAsACrashWould(window, xml));

    // The next session that opens the file is offered the edits, and takes them.
    window = std::make_unique<MainWindow>();
    QString asked;
    answerNextMessageBox(QMessageBox::Yes, &asked);
    QVERIFY(showWithFile(*window, xml));
    for (const char* named : {"walk durationTo 12", "walk head keyframe 1 event \"step\"",
                              "the transition table", "the layer setup"})
        QVERIFY2(asked.contains(QLatin1String(named)), qPrintable(asked));
    QVERIFY2(!asked.contains(QStringLiteral("changed on disk")), qPrintable(asked));
    document = window->document();
    app::ExportEditing* editing = document->editing();
    QVERIFY(document->isModified());
    QCOMPARE(editing->parameter(walk, core::EditKey::DurationTo), core::EditValue(12));
    QCOMPARE(editing->parameter(headKey, core::EditKey::FrameEvent),
             core::EditValue(std::string("step")));
    QCOMPARE(editing->transitionTable(), transitions);
    QCOMPARE(document->layers()->layerSetup(), layers);
    // One undo step gives the file back as it is on disk, redo the edits again.
    QCOMPARE(document->undoStack()->count(), 1);
    document->undoStack()->undo();
    QVERIFY(!document->isModified());
    QCOMPARE(editing->parameter(walk, core::EditKey::DurationTo), core::EditValue(5));
    document->undoStack()->redo();
    QCOMPARE(editing->parameter(walk, core::EditKey::DurationTo), core::EditValue(12));

    // Saved: the recovery goes, and opening the file again asks nothing.
    QTRY_VERIFY(QFileInfo::exists(recoveryFile)); // kept again after the redo
    window->findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
    QVERIFY(!document->isModified());
    QVERIFY(!QFileInfo::exists(recoveryFile));
    QVERIFY(fileBytes(xml).contains("to=\"12\""));

    // A file changed on disk since the edits: the question says so, and the edits go onto the
    // file as it is now.
    QCOMPARE(editing->setParameter(walk, core::EditKey::Loop, false), QString());
    QVERIFY(endAsACrashWould(window, xml));
    {
        QFile changed(xml);
        QVERIFY(changed.open(QIODevice::Append));
        changed.write("<!-- changed elsewhere -->\n");
    }
    window = std::make_unique<MainWindow>();
    asked.clear();
    answerNextMessageBox(QMessageBox::Yes, &asked);
    QVERIFY(showWithFile(*window, xml));
    QVERIFY2(asked.contains(QStringLiteral("changed on disk")), qPrintable(asked));
    QVERIFY2(asked.contains(QStringLiteral("walk loop false")), qPrintable(asked));
    QCOMPARE(window->document()->editing()->parameter(walk, core::EditKey::Loop),
             core::EditValue(false));
    // An orderly close (the edits discarded) leaves nothing behind.
    answerNextMessageBox(QMessageBox::Discard, &asked);
    QVERIFY(window->close());
    window.reset();
    QVERIFY(!QFileInfo::exists(recoveryFile));
}

void TestMainWindow::recoveredEditsCanBeDiscarded()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    const QByteArray onDisk = fileBytes(xml);
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    auto window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, xml));
    QCOMPARE(window->document()->editing()->setParameter(walk, core::EditKey::DurationTo, 9),
             QString());
    const QString recoveryFile = window->recoveryJournal()->fileFor(xml);
    QVERIFY(endAsACrashWould(window, xml));

    window = std::make_unique<MainWindow>();
    QString asked;
    answerNextMessageBox(QMessageBox::Discard, &asked);
    QVERIFY(showWithFile(*window, xml));
    QVERIFY2(asked.contains(QStringLiteral("walk durationTo 9")), qPrintable(asked));
    QVERIFY(!window->document()->isModified());
    QVERIFY(!QFileInfo::exists(recoveryFile));
    QCOMPARE(fileBytes(xml), onDisk);

    // A recovery file that cannot be read is said, and moved aside for the user to look at.
    window.reset();
    {
        QFile broken(recoveryFile);
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{ \"bonescopeRecovery\": 1, ");
    }
    window = std::make_unique<MainWindow>();
    asked.clear();
    answerNextMessageBox(QMessageBox::Ok, &asked);
    QVERIFY(showWithFile(*window, xml));
    QVERIFY2(asked.contains(QStringLiteral("cannot be read")), qPrintable(asked));
    QVERIFY2(asked.contains(recoveryFile + QStringLiteral(".unreadable")), qPrintable(asked));
    QVERIFY(!window->document()->isModified());
    QCOMPARE(fileBytes(recoveryFile + QStringLiteral(".unreadable")),
             QByteArray("{ \"bonescopeRecovery\": 1, "));
    QVERIFY(!QFileInfo::exists(recoveryFile));
}

void TestMainWindow::flipbookTimingEditsSurviveACrash()
{
    QTemporaryDir folder;
    const QString plist = copyDancePlist(folder);
    QVERIFY(!plist.isEmpty());
    const core::FlipbookTarget dance{"dance_1", -1};
    const core::FlipbookTarget thirdFrame{"dance_1", 2};
    auto window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, plist));
    app::ExportEditing* editing = window->document()->editing();
    QCOMPARE(editing->setFlipbookValue(dance, core::FlipbookKey::DelayPerUnit, 0.5), QString());
    QCOMPARE(editing->setFlipbookValue(thirdFrame, core::FlipbookKey::DelayUnits, 3), QString());
    QVERIFY(endAsACrashWould(window, plist));

    window = std::make_unique<MainWindow>();
    QString asked;
    answerNextMessageBox(QMessageBox::Yes, &asked);
    QVERIFY(showWithFile(*window, plist));
    QVERIFY2(asked.contains(QStringLiteral("2 values: dance_1 delayPerUnit 0.5, dance_1 frame 2 "
                                           "delayUnits 3")),
             qPrintable(asked));
    editing = window->document()->editing();
    QCOMPARE(editing->flipbookValue(dance, core::FlipbookKey::DelayPerUnit), 0.5);
    QCOMPARE(editing->flipbookValue(thirdFrame, core::FlipbookKey::DelayUnits), 3.0);
    QVERIFY(window->document()->isModified());
}

void TestMainWindow::aSecondWindowKeepsItsEditsApart()
{
    // Two Bonescopes on one export: each keeps its edits in a file of its own. The second is
    // not offered the first one's (the first did not end) and never touches them; when the
    // second dies, the next session on the export is offered its edits, not the first one's.
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    MainWindow first;
    QVERIFY(showWithFile(first, xml));
    QCOMPARE(first.document()->editing()->setParameter(walk, core::EditKey::DurationTo, 11),
             QString());
    first.recoveryJournal()->flush();
    const QString firstFile = first.recoveryJournal()->keptFile();
    QCOMPARE(firstFile, first.recoveryJournal()->fileFor(xml));
    const QByteArray firstKept = fileBytes(firstFile);
    QVERIFY(firstKept.contains("\"value\": 11"));

    QString asked;
    auto second = std::make_unique<MainWindow>();
    QTimer* poll = answerNextMessageBox(QMessageBox::Discard, &asked);
    QVERIFY(showWithFile(*second, xml));
    QTest::qWait(100); // a question would have been answered by now
    QVERIFY2(asked.isEmpty(), qPrintable(asked));
    delete poll; // nothing to answer
    QCOMPARE(second->document()->editing()->setParameter(walk, core::EditKey::DurationTo, 4),
             QString());
    second->recoveryJournal()->flush();
    const QString secondFile = second->recoveryJournal()->keptFile();
    QCOMPARE(secondFile, second->recoveryJournal()->fileFor(xml, 1));
    QVERIFY(fileBytes(secondFile).contains("\"value\": 4"));
    QCOMPARE(fileBytes(firstFile), firstKept);
    QVERIFY(endAsACrashWould(second, xml));
    QCOMPARE(fileBytes(firstFile), firstKept);

    // The third session takes the file the second left, and is offered its edits.
    asked.clear();
    answerNextMessageBox(QMessageBox::Yes, &asked);
    MainWindow third;
    QVERIFY(showWithFile(third, xml));
    QTRY_VERIFY(!asked.isEmpty());
    QVERIFY2(asked.contains(QStringLiteral("walk durationTo 4")), qPrintable(asked));
    QCOMPARE(third.document()->editing()->parameter(walk, core::EditKey::DurationTo),
             core::EditValue(4));
    QCOMPARE(third.recoveryJournal()->keptFile(), secondFile);
    QCOMPARE(fileBytes(firstFile), firstKept);
    QCOMPARE(first.document()->editing()->parameter(walk, core::EditKey::DurationTo),
             core::EditValue(11));
}

void TestMainWindow::recoveryFollowsSaveAs()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    const QString copy = folder.filePath(QStringLiteral("Copy.xml"));
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    auto window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, xml));
    Document* document = window->document();
    QCOMPARE(document->editing()->setParameter(walk, core::EditKey::DurationTo, 7), QString());
    QString error;
    QVERIFY2(document->file().saveAs(copy, &error), qPrintable(error));
    QCOMPARE(document->editing()->setParameter(walk, core::EditKey::DurationTo, 8), QString());
    app::RecoveryJournal* journal = window->recoveryJournal();
    journal->flush();
    QVERIFY(!QFileInfo::exists(journal->fileFor(xml)));
    QVERIFY(fileBytes(journal->fileFor(copy)).contains("Copy.xml"));
    QVERIFY(endAsACrashWould(window, copy));

    window = std::make_unique<MainWindow>();
    QString asked;
    answerNextMessageBox(QMessageBox::Yes, &asked);
    QVERIFY(showWithFile(*window, copy));
    QVERIFY2(asked.contains(QStringLiteral("walk durationTo 8")), qPrintable(asked));
    QCOMPARE(window->document()->editing()->parameter(walk, core::EditKey::DurationTo),
             core::EditValue(8));
}

void TestMainWindow::sampleEditsSurviveACrash()
{
    // The sample is extracted to a folder of its own in each session: its edits are kept under
    // its resource path, offered when the sample opens again and listed in the Recover menu.
    const QString sample = app::ExportFile::sampleKey();
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    auto window = std::make_unique<MainWindow>();
    QVERIFY(window->openSample());
    QCOMPARE(window->document()->editing()->setParameter(walk, core::EditKey::DurationTo, 9),
             QString());
    window->recoveryJournal()->flush();
    QCOMPARE(window->recoveryJournal()->keptFile(), window->recoveryJournal()->fileFor(sample));
    QVERIFY(endAsACrashWould(window, sample));

    window = std::make_unique<MainWindow>();
    QString asked;
    answerNextMessageBox(QMessageBox::Yes, &asked);
    QVERIFY(window->openSample());
    QVERIFY2(asked.contains(QStringLiteral("edits of Dragon (sample)")) &&
                 asked.contains(QStringLiteral("walk durationTo 9")),
             qPrintable(asked));
    QCOMPARE(window->document()->editing()->parameter(walk, core::EditKey::DurationTo),
             core::EditValue(9));
    QVERIFY(window->document()->isModified());
    QVERIFY(endAsACrashWould(window, sample));

    // Another file open: the menu names the sample and opens it, which offers the edits back.
    window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, kCorpus + QStringLiteral("/robot.xml")));
    window->remindOfKeptEdits();
    QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("Dragon (sample)")),
             qPrintable(window->statusBar()->currentMessage()));
    QAction* kept = onlyKeptEdits(*window);
    QVERIFY(kept);
    QVERIFY2(kept->text().startsWith(QStringLiteral("Dragon (sample) — ")),
             qPrintable(kept->text()));
    asked.clear();
    answerNextMessageBox(QMessageBox::Yes, &asked);
    kept->trigger();
    QVERIFY2(asked.contains(QStringLiteral("walk durationTo 9")), qPrintable(asked));
    QVERIFY(window->document()->file().isSample());
    QCOMPARE(window->document()->editing()->parameter(walk, core::EditKey::DurationTo),
             core::EditValue(9));
}

void TestMainWindow::aNinthWindowSaysItKeepsNoRecovery()
{
    // Eight sessions keep edits of the export (their locks held here): the next keeps none, and
    // says so after an edit rather than losing it silently in a crash.
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    MainWindow window;
    app::RecoveryJournal* journal = window.recoveryJournal();
    QVERIFY(QDir().mkpath(app::RecoveryJournal::defaultFolder()));
    std::vector<std::unique_ptr<QLockFile>> others;
    for (int slot = 0; slot < app::RecoveryJournal::kSessionsPerExport; ++slot) {
        others.push_back(
            std::make_unique<QLockFile>(journal->fileFor(xml, slot) + QStringLiteral(".lock")));
        QVERIFY(others.back()->tryLock(0));
    }
    QVERIFY(showWithFile(window, xml));
    QVERIFY(journal->keptFile().isEmpty());
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    QCOMPARE(window.document()->editing()->setParameter(walk, core::EditKey::DurationTo, 13),
             QString());
    QVERIFY(window.document()->isModified());
    journal->flush();
    const QString said = window.statusBar()->currentMessage();
    QVERIFY2(said.contains(QStringLiteral("cannot be kept for recovery")) &&
                 said.contains(QStringLiteral("8 other Bonescopes keep edits of Dragon.xml")),
             qPrintable(said));
    for (int slot = 0; slot < app::RecoveryJournal::kSessionsPerExport; ++slot)
        QVERIFY(!QFileInfo::exists(journal->fileFor(xml, slot)));
}

void TestMainWindow::aRecordingSurvivesACrash()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    auto window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, xml));
    recordWalkThenJump(*window, 5, 10, 10);
    const core::BlendScript recorded = window->document()->recorder()->recording()->script();
    QCOMPARE(recorded.calls.size(), size_t(3));
    QVERIFY(endAsACrashWould(window, xml));

    window = std::make_unique<MainWindow>();
    QString asked;
    answerNextMessageBox(QMessageBox::Yes, &asked);
    QVERIFY(showWithFile(*window, xml));
    QVERIFY2(asked.contains(QStringLiteral("the recorded blend script")), qPrintable(asked));
    const app::BlendRecording* restored = window->document()->recorder()->recording();
    QVERIFY(restored);
    QVERIFY(restored->script().calls == recorded.calls);
    QCOMPARE(restored->script().updates, recorded.updates);
    QVERIFY(window->document()->isModified());
}

void TestMainWindow::keptEditsAreListedInTheFileMenu()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    auto window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, xml));
    QCOMPARE(window->document()->editing()->setParameter(walk, core::EditKey::DurationTo, 3),
             QString());
    QVERIFY(endAsACrashWould(window, xml));

    // Another file open: the menu and the status bar name the one with kept edits.
    window = std::make_unique<MainWindow>();
    QVERIFY(showWithFile(*window, kCorpus + QStringLiteral("/robot.xml")));
    window->remindOfKeptEdits();
    QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("Dragon.xml")),
             qPrintable(window->statusBar()->currentMessage()));
    QAction* kept = onlyKeptEdits(*window);
    QVERIFY(kept);
    QVERIFY2(kept->text().startsWith(QStringLiteral("Dragon.xml — ")), qPrintable(kept->text()));
    QCOMPARE(kept->toolTip(), xml);
    QString asked;
    answerNextMessageBox(QMessageBox::Yes, &asked);
    kept->trigger();
    QVERIFY2(asked.contains(QStringLiteral("walk durationTo 3")), qPrintable(asked));
    QCOMPARE(window->document()->filePath(), xml);
    QCOMPARE(window->document()->editing()->parameter(walk, core::EditKey::DurationTo),
             core::EditValue(3));
    // This window keeps them now: nothing left over for another session to recover.
    QAction* none = onlyKeptEdits(*window);
    QVERIFY(none && !none->isEnabled());
}

void TestMainWindow::editsTheFileRefusesAreListedAfterRestoring()
{
    QTemporaryDir folder;
    const QString xml = copyDragon(folder);
    QVERIFY(!xml.isEmpty());
    const core::EditTarget walk{"Dragon", "walk", "", -1};
    const core::EditTarget gone{"Dragon", "sprint", "", -1}; // renamed since, say
    core::EditRecovery recovery;
    recovery.exportPath = xml.toStdString();
    recovery.savedAt = "2026-12-05T10:00:00Z";
    const QByteArray bytes = fileBytes(xml);
    recovery.baseDigest = core::contentDigest(std::string_view(bytes.data(), size_t(bytes.size())));
    recovery.baseSize = std::uint64_t(bytes.size());
    recovery.edits = {{walk, core::EditKey::DurationTo, 12}, {gone, core::EditKey::DurationTo, 3}};
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    {
        QFile file(window.recoveryJournal()->fileFor(xml));
        QVERIFY(QDir().mkpath(QFileInfo(file).absolutePath()));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(core::writeEditRecovery(recovery)));
    }
    // Restore on the question, then OK on the list of what could not be restored.
    QStringList asked;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            asked << box->text();
            box->button(asked.size() == 1 ? QMessageBox::Yes : QMessageBox::Ok)->click();
        }
    });
    poll.start(20);
    QVERIFY(window.openFile(xml));
    poll.stop();
    QCOMPARE(asked.size(), 2);
    QVERIFY2(asked[0].contains(QStringLiteral("sprint durationTo 3")), qPrintable(asked[0]));
    QVERIFY2(asked[1].contains(QStringLiteral("sprint durationTo 3: ")), qPrintable(asked[1]));
    QVERIFY2(!asked[1].contains(QStringLiteral("walk durationTo")), qPrintable(asked[1]));
    QCOMPARE(window.document()->editing()->parameter(walk, core::EditKey::DurationTo),
             core::EditValue(12));
    QVERIFY(window.document()->isModified());
}

void TestMainWindow::settingsKeepRecentFilesAndLayout()
{
    const QString dragon = QFileInfo(kCorpus + QStringLiteral("/Dragon.xml")).absoluteFilePath();
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(dragon));
        window.viewport()->setViewOptions([&] {
            render::ViewOptions options = window.viewport()->viewOptions();
            options.showBones = true;
            return options;
        }());
        window.close();
    }
    app::Settings settings;
    QCOMPARE(settings.recentFiles().value(0), dragon);
    QVERIFY(settings.viewOptions().showBones);
    QVERIFY(!settings.windowState().isEmpty());
    MainWindow again;
    QVERIFY(again.viewport()->viewOptions().showBones);
}

QTEST_MAIN(TestMainWindow)
// The clock adds float steps: a movement of `sc` 0.4 reaches frames like 5.9999995, which the
// ruler draws on 6; the label said "frame 5" beside it (note 46).
void TestMainWindow::frameLabelCountsTheFramesTheRulerShows()
{
    MainWindow window;
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/HeroAnimation.ExportJson")));
    Document* document = window.document();
    const core::MovementData* movement = document->movementData(document->currentMovement());
    QVERIFY(movement && movement->scale < 1.f);
    QVERIFY(document->isPlaying());
    int checked = 0;
    for (int update = 0; update < 200; ++update) {
        document->advance(1);
        const double frame = document->currentFrame();
        const double whole = std::round(frame);
        if (frame >= whole || whole - frame > 1e-4)
            continue;
        ++checked; // just under a whole frame
        QCOMPARE(window.timeline()->ruler()->cursorFrame(), frame);
        if (checked == 1)
            window.timeline()->grab().save(shotPath(QStringLiteral("frame_label_sc04")));
        QVERIFY2(window.timeline()->frameLabel()->text().startsWith(
                     QStringLiteral("frame %1 / ").arg(int(whole))),
                 qPrintable(QString::number(frame, 'g', 9) + QStringLiteral(": ") +
                            window.timeline()->frameLabel()->text()));
    }
    QVERIFY(checked > 0);
}

#include "test_main_window.moc"
