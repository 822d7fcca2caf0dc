// The bonescope main window driven as a user drives it: every corpus file opened, played,
// scrubbed and drawn; a bone picked where it is drawn; a crossfade triggered; edits undone;
// a file reloaded from disk. Screenshots go to the temporary folder (bonescope_gui_*.png).

#include "Document.h"
#include "DocumentScene.h"
#include "MainWindow.h"

#include "Viewport.h"
#include "panels/BoneTreePanel.h"
#include "panels/CrossfadePanel.h"
#include "panels/EventLogPanel.h"
#include "panels/FlipbookView.h"
#include "panels/FrameRuler.h"
#include "panels/TimelinePanel.h"
#include "panels/ValuesTableModel.h"
#include "panels/ValuesTablePanel.h"
#include "panels/WeightGraph.h"

#include "bake/BakeRunner.h"
#include "bake/BakeWriter.h"
#include "base/FrameRate.h"

#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <sstream>

using namespace bonescope;
using app::Document;
using app::DocumentScene;
using app::MainWindow;

namespace {
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus");
constexpr double kTick = core::kSecondsPerFrame; // seconds: one update

QString shotPath(const QString& name)
{
    return QDir::temp().filePath(QStringLiteral("bonescope_gui_%1.png").arg(name));
}

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
enum class Activate { No, Yes };

/// Shows `window`, opens `file` in it and, when asked, makes it the active window (for keys);
/// false when any step fails.
bool showWithFile(MainWindow& window, const QString& file, Activate activate = Activate::No)
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !window.openFile(file))
        return false;
    if (activate == Activate::No)
        return true;
    window.activateWindow();
    return QTest::qWaitForWindowActive(&window);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void startsOnTheSamplePlaying();
    void opensPlaysScrubsAndDraws_data();
    void opensPlaysScrubsAndDraws();
    void picksBoneWhereItIsDrawn();
    void nestedArmaturesAreDrawn();
    void nestedArmaturesAreDrawnPausedBlendingAndInGhosts();
    void crossfadeDrivesTheBlender();
    void durationToHandsOverAtOnce();
    void frameEventsReachTheLog();
    void eventLogShowsGoldenFrames();
    void valuesTableMatchesBake_data();
    void valuesTableMatchesBake();
    void visibilityIsUndoable();
    void shortcutsDrivePlayback();
    void spaceDragPansAndSpaceTapPlays();
    void arrowsMoveInTheBoneTree();
    void reloadKeepsMovementFrameAndSelection();
    void loadErrorLeavesDocumentAlone();
    void settingsKeepRecentFilesAndLayout();
};

void TestMainWindow::initTestCase()
{
    // Keep the user's real settings out of the tests.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BonescopeTest"));
    QSettings(QStringLiteral("Bonescope"), QStringLiteral("Bonescope")).clear();
}

void TestMainWindow::startsOnTheSamplePlaying()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString error;
    QVERIFY2(window.openSample(&error), qPrintable(error));
    Document* document = window.document();
    QVERIFY(document->isSample());
    QCOMPARE(document->kind(), Document::Kind::Armature);
    QVERIFY(document->isPlaying());
    QCOMPARE(document->currentMovement(), 0);
    QCOMPARE(window.timeline()->movementBox()->currentText(), QStringLiteral("stand"));
    QVERIFY(window.timeline()->playButton()->isChecked());
    QVERIFY(window.windowTitle().contains(QStringLiteral("Dragon (sample)")));
    // The window's own timer plays it: the frame moves without the test ticking.
    const double before = document->currentFrame();
    QTRY_VERIFY_WITH_TIMEOUT(document->currentFrame() != before, 3000);
    window.grab().save(shotPath(QStringLiteral("sample")));
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

    // Play: fixed ticks move the frame and the ruler's cursor with it.
    QSignalSpy frames(document, &Document::frameChanged);
    for (int i = 0; i < 3; ++i)
        document->tick(kTick);
    QCOMPARE(frames.count(), 3);
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
    QCOMPARE(document->selectedBones(), QList<int>{picked});
    QVERIFY(window.boneTree()->itemForBone(picked)->isSelected());
    QCOMPARE(window.viewport()->selectedBone(), picked);
    // The ruler marks the picked bone's keyframes; the values table lists it for every frame.
    QVERIFY(!window.timeline()->ruler()->keyFrames().isEmpty());
    QCOMPARE(window.valuesTable()->model()->rowCount(), document->bakeMovement(0)->frameCount);
    window.grab().save(shotPath(QStringLiteral("picked")));

    // Selecting in the tree selects in the document and the viewport.
    const int tail = document->armature()->findBone("tail");
    window.boneTree()->tree()->setCurrentItem(window.boneTree()->itemForBone(tail));
    QCOMPARE(document->selectedBones(), QList<int>{tail});
    QCOMPARE(window.viewport()->selectedBone(), tail);
}

void TestMainWindow::nestedArmaturesAreDrawn()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/cyborg.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    document->setPlaying(true);
    document->tick(kTick);
    const int arm = document->armature()->findBone("armOutside");
    QVERIFY(arm >= 0);
    QVERIFY(document->nestedPose(arm));
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
    const auto nestedRootX = [&] { return (*document->nestedPose(arm))[0].world.tx; };

    // Paused after a seek: the pose is sampled, the weapon follows the sampled arm.
    document->seekFrame(3);
    QVERIFY(document->nestedPose(arm));
    QVERIFY2(armQuads() > 1, qPrintable(QString::number(armQuads())));
    const double atThree = nestedRootX();
    document->seekFrame(document->movementDuration(0) / 2);
    QVERIFY(nestedRootX() != atThree);
    QVERIFY(armQuads() > 1);

    // During a blender crossfade.
    widgets::Transition transition = document->transition();
    QVERIFY(transition.source != transition.target);
    transition.type = widgets::TransitionType::WhileAnimating;
    transition.durationFrames = 30;
    document->setTransition(transition);
    document->triggerCrossfade();
    for (int i = 0; i < 3; ++i)
        document->tick(kTick);
    QVERIFY(document->crossfadeWeights().target > 0.0 && document->crossfadeWeights().source > 0.0);
    QVERIFY(document->nestedPose(arm));
    QVERIFY(armQuads() > 1);

    // Onion-skin ghosts: each ghost's weapon is composed onto that ghost's arm.
    document->setPlaying(false);
    render::ViewOptions options = window.viewport()->viewOptions();
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
    QCOMPARE(document->transition().durationFrames, 12);
    QCOMPARE(document->transition().target, walk);
    // The settings were one undoable edit (merged).
    QCOMPARE(document->undoStack()->count(), 1);

    QTest::mouseClick(panel->triggerButton(), Qt::LeftButton);
    QVERIFY(document->isPlaying());
    QVERIFY(document->isCrossfading());
    for (int i = 0; i < 6; ++i)
        document->tick(kTick);
    QCOMPARE(document->crossfadeElapsed(), 6.0);
    QCOMPARE(panel->graph()->cursor(), 6.0);
    QCOMPARE(document->currentMovement(), stand);
    // Halfway: the pose is neither movement's own.
    const core::Pose& mixed = document->pose();
    QVERIFY(!samePose(mixed, document->samplePose(stand, document->currentFrame())));
    QVERIFY(!samePose(mixed, document->samplePose(walk, 6)));
    window.grab().save(shotPath(QStringLiteral("crossfade_half")));

    for (int i = 0; i < 8; ++i)
        document->tick(kTick);
    QCOMPARE(document->currentMovement(), walk);
    QCOMPARE(window.timeline()->movementBox()->currentText(), QStringLiteral("walk"));
    // Past the end the target weighs 1: walk alone, handed back to the cocos2d-x player.
    QVERIFY(document->crossfadeElapsed() >= 12.0);
    QVERIFY(!samePose(document->pose(), document->samplePose(stand, document->currentFrame())));

    // Undo restores the inspector's previous settings.
    document->undoStack()->undo();
    QCOMPARE(panel->durationBox()->value(), 10);
}

void TestMainWindow::durationToHandsOverAtOnce()
{
    MainWindow window;
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    widgets::Transition transition = document->transition();
    transition.type = widgets::TransitionType::DurationTo;
    transition.durationFrames = 8;
    document->setTransition(transition);
    QSignalSpy events(document, &Document::eventRaised);
    document->triggerCrossfade();
    QCOMPARE(document->currentMovement(), transition.target);
    for (int i = 0; i < 4; ++i)
        document->tick(kTick);
    // cocos2d-x's own tween: four frames into an eight-frame durationTo the pose is in between.
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
    for (int i = 0; i < 5; ++i)
        document->tick(kTick);
    QVERIFY(targetStarted());
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
    for (int i = 0; i < document->movementDuration(withEvents) + 5; ++i)
        document->tick(kTick);
    QTreeWidget* log = window.eventLog()->list();
    QStringList kinds;
    for (int i = 0; i < log->topLevelItemCount(); ++i)
        kinds.append(log->topLevelItem(i)->text(2));
    QVERIFY2(kinds.contains(QStringLiteral("FRAME")), qPrintable(kinds.join(',')));
    QVERIFY(kinds.contains(QStringLiteral("START")));
    if (auto* dock = qobject_cast<QDockWidget*>(window.eventLog()->parentWidget()))
        dock->raise();
    window.grab().save(shotPath(QStringLiteral("cowboy_events")));
}

void TestMainWindow::eventLogShowsGoldenFrames()
{
    // Cowboy's FireWithoutBullet raises its "Fire" frame event keyed at timeline frame 10: the
    // golden events file (cocos2d-x's numbers) logs it during update 11, then once a pass.
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
    for (int i = 0; i < 2 * 36 + 30; ++i)
        document->tick(kTick);

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
    document->selectBones(all);

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
}

void TestMainWindow::visibilityIsUndoable()
{
    MainWindow window;
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    const int tail = document->armature()->findBone("tail");
    QTreeWidgetItem* item = window.boneTree()->itemForBone(tail);
    item->setCheckState(0, Qt::Unchecked);
    QVERIFY(!document->isBoneVisible(tail));
    QCOMPARE(document->undoStack()->count(), 1);
    QVERIFY(window.isWindowModified());
    document->undoStack()->undo();
    QVERIFY(document->isBoneVisible(tail));
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
    for (const char* name : {"Dragon.xml", "Dragon.png", "Dragon.plist"})
        QVERIFY(QFile::copy(kCorpus + QLatin1Char('/') + QLatin1String(name),
                            folder.filePath(QLatin1String(name))));
    const QString xml = folder.filePath(QStringLiteral("Dragon.xml"));
    QFile::setPermissions(xml, QFile::ReadOwner | QFile::WriteOwner);
    MainWindow window;
    window.fileWatcher()->setSettleMs(50);
    QVERIFY(window.openFile(xml));
    Document* document = window.document();
    QVERIFY(window.fileWatcher()->watched().contains(QFileInfo(xml).absoluteFilePath()));
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    document->setMovement(walk);
    document->setPlaying(false);
    document->seekFrame(5);
    document->selectBones({3});

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
    QCOMPARE(document->selectedBones(), QList<int>{3});
    QVERIFY(!document->isPlaying());

    // A broken write keeps the old data and says so in the status bar.
    {
        QFile file(xml);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("<skeleton");
    }
    QTest::qWait(400);
    QCOMPARE(reloaded.count(), 1);
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
#include "test_main_window.moc"
