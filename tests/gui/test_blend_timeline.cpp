// The blend timeline edited on the ruler as a user edits it, with the mouse and the keyboard:
// a recorded call's mark dragged to another update, its mode and length changed in place, the
// call deleted. Each edit is one undoable command and the pose on screen is, bit for bit, the
// headless bake (core::bakeScript) of the edited script. Screenshots go to the temporary
// folder (bonescope_gui_*.png).

#include "BlendRecording.h"
#include "BlendRecordingFixture.h"
#include "Document.h"
#include "MainWindow.h"
#include "MainWindowFixture.h"

#include "panels/CallEditor.h"
#include "panels/CrossfadePanel.h"
#include "panels/EventLogPanel.h"
#include "panels/FrameRuler.h"
#include "panels/LayersPanel.h"
#include "panels/TimelinePanel.h"
#include "panels/TracePanel.h"

#include "bake/BlendBakeWriter.h"
#include "base/FrameRate.h"
#include "script/BlendScriptReader.h"
#include "script/ScriptBake.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <sstream>

using namespace bonescope;
using app::Document;
using app::MainWindow;
using test::Activate;
using test::bakedPose;
using test::identicalPose;
using test::recordWalkThenJump;
using test::showWithFile;

using bonescope::test::shotPath;

namespace {
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus");

/// Where the flag of a mark at `frame` is picked on the ruler.
QPoint flagAt(const widgets::FrameRuler& ruler, int frame)
{
    return {int(std::lround(ruler.xForFrame(frame))) + 2, 6};
}

/// The file's bytes as text; empty when it cannot be read.
QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

/// What the core writer writes for `trace` (bonescope-cli bake --script --trace's rows).
QString traceCsv(const std::vector<core::BoneContribution>& trace,
                 const core::ArmatureData& armature)
{
    std::vector<std::string> names;
    for (const core::BoneData& bone : armature.bones)
        names.push_back(bone.name);
    std::ostringstream out;
    core::writeTraceCsv(trace, names, out);
    return QString::fromStdString(out.str());
}

/// Drags the mark at frame `from` to frame `to` with the mouse.
void dragMark(widgets::FrameRuler* ruler, int from, int to)
{
    QTest::mousePress(ruler, Qt::LeftButton, {}, flagAt(*ruler, from));
    QTest::mouseMove(ruler, flagAt(*ruler, (from + to) / 2));
    QTest::mouseMove(ruler, flagAt(*ruler, to));
    QTest::mouseRelease(ruler, Qt::LeftButton, {}, flagAt(*ruler, to));
}
} // namespace

class TestBlendTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void draggedAndEditedMarkBakesLikeTheHeadlessBake();
    void marksStayInOrderAndDeleteRemovesACall();
    void traceExportEqualsTheHeadlessTrace();
    void layerWeightsSetWhileRecordingBecomeCalls();
    void scriptsPastTheBakeLimitsAreRefused();
    void recordingAtOtherSpeedsLogsEveryUpdate();
    void stoppedRecordingComesBackWithUndo();
};

void TestBlendTimeline::initTestCase()
{
    test::isolateSettings();
}

// Record two Triggers, drag the second one's mark 8 updates later, then double-click it and
// type a new mode and length: the script's calls change, the pose at the update on screen and
// at an update inside the moved crossfade are the headless bake's of the edited script, and
// two undos give the recorded script back.
void TestBlendTimeline::draggedAndEditedMarkBakesLikeTheHeadlessBake()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    const auto [firstAt, secondAt] = recordWalkThenJump(window, 20, 10, 40);
    const core::BlendScript recorded = document->recorder()->recording()->script();
    QCOMPARE(recorded.calls.size(), size_t(3));
    QCOMPARE(recorded.calls[2].at, secondAt);
    QCOMPARE(recorded.calls[2].mode, core::TransitionKind::WhileAnimating);
    widgets::TimelinePanel* timeline = window.timeline();
    widgets::FrameRuler* ruler = timeline->ruler();
    QVERIFY(ruler->marksEditable());
    QCOMPARE(ruler->markAt(flagAt(*ruler, secondAt)), 2);
    const int shown = int(document->currentFrame());
    const int commands = document->undoStack()->count();

    // Drag the second Trigger's mark by 8 updates: the call moves, nothing else does.
    const int movedAt = secondAt + 8;
    dragMark(ruler, secondAt, movedAt);
    QCOMPARE(document->undoStack()->count(), commands + 1);
    const core::BlendScript moved = document->recorder()->recording()->script();
    QCOMPARE(moved.calls[2].at, movedAt);
    QCOMPARE(moved.calls[1], recorded.calls[1]);
    QCOMPARE(moved.updates, recorded.updates);
    QCOMPARE(ruler->eventMarks()[2].frame, movedAt);
    QCOMPARE(int(document->currentFrame()), shown);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, moved, shown)));

    // Double-click the mark and type: mode then (one step down from while), 24 frames, Enter.
    QTest::mouseDClick(ruler, Qt::LeftButton, {}, flagAt(*ruler, movedAt));
    widgets::CallEditor* editor = timeline->callEditor();
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    QCOMPARE(editor->modeBox()->currentText(), QStringLiteral("while"));
    QTest::keyClick(editor->modeBox(), Qt::Key_Down);
    QCOMPARE(editor->modeBox()->currentText(), QStringLiteral("then"));
    // A switch has no duration: its box and unit are off while it is chosen.
    QTest::keyClick(editor->modeBox(), Qt::Key_Home);
    QCOMPARE(editor->modeBox()->currentText(), QStringLiteral("switch"));
    QVERIFY(!editor->durationBox()->isEnabled());
    QVERIFY(!editor->unitBox()->isEnabled());
    QTest::keyClick(editor->modeBox(), Qt::Key_Down);
    QTest::keyClick(editor->modeBox(), Qt::Key_Down);
    QCOMPARE(editor->modeBox()->currentText(), QStringLiteral("then"));
    QVERIFY(editor->durationBox()->isEnabled());
    QVERIFY(editor->unitBox()->isEnabled());
    QTest::keyClick(editor->unitBox(), Qt::Key_Down);
    QCOMPARE(editor->unitBox()->currentText(), QStringLiteral("frames"));
    QCOMPARE(editor->durationBox()->value(), 30.0); // 0.5 s shown in frames
    editor->durationBox()->setFocus();
    editor->durationBox()->selectAll();
    QTest::keyClicks(editor->durationBox(), QStringLiteral("24"));
    {
        // The timeline with the popup drawn where it shows, whatever the screen's size.
        QPixmap shot = timeline->grab();
        QPainter painter(&shot);
        painter.drawPixmap(editor->pos() - timeline->mapToGlobal(QPoint(0, 0)), editor->grab());
        painter.end();
        shot.save(shotPath(QStringLiteral("call_editor")));
    }
    QTest::keyClick(editor->durationBox(), Qt::Key_Return);
    QTRY_VERIFY(!timeline->callEditor());

    QCOMPARE(document->undoStack()->count(), commands + 2);
    const core::BlendScript edited = document->recorder()->recording()->script();
    QCOMPARE(edited.calls.size(), size_t(3));
    QCOMPARE(edited.calls[2].at, movedAt);
    QCOMPARE(edited.calls[2].movement, std::string("jump"));
    QCOMPARE(edited.calls[2].mode, core::TransitionKind::ThenAnimate);
    QCOMPARE(edited.calls[2].seconds, core::framesToSeconds(24));
    QVERIFY(ruler->eventMarks()[2].label.contains(QStringLiteral("then 0.40 s")));
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, edited, shown)));
    // Inside the moved crossfade (re-simulated from its checkpoints), scrubbed on the ruler.
    const int inside = movedAt + 5;
    QTest::mouseClick(ruler, Qt::LeftButton, {},
                      QPoint(int(std::lround(ruler->xForFrame(inside))), ruler->height() / 2));
    QCOMPARE(int(document->currentFrame()), inside);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, edited, inside)));
    QVERIFY(!identicalPose(document->pose(), bakedPose(*document, recorded, inside)));
    timeline->grab().save(shotPath(QStringLiteral("call_edited")));

    // Undo both edits: the recorded script and its pose come back.
    document->undoStack()->undo();
    QCOMPARE(document->recorder()->recording()->script().calls[2], moved.calls[2]);
    document->undoStack()->undo();
    QVERIFY(document->recorder()->recording()->script().calls == recorded.calls);
    QCOMPARE(ruler->eventMarks()[2].frame, secondAt);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, recorded, inside)));

    // Made a switch, the call's mark names no length: a switch has none.
    QTest::mouseDClick(ruler, Qt::LeftButton, {}, flagAt(*ruler, secondAt));
    editor = timeline->callEditor();
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    QTest::keyClick(editor->modeBox(), Qt::Key_Home);
    QTest::keyClick(editor->modeBox(), Qt::Key_Return);
    QTRY_VERIFY(!timeline->callEditor());
    const core::BlendScript switched = document->recorder()->recording()->script();
    QCOMPARE(switched.calls.size(), size_t(3));
    QCOMPARE(switched.calls[2].mode, core::TransitionKind::Switch);
    QCOMPARE(ruler->eventMarks()[2].label, QStringLiteral("jump · switch"));
}

// A mark dragged past its neighbour stops at the neighbour's update (the calls stay in order);
// the first call, which starts the script, does not move; Delete (or the mark's context menu)
// removes a call, and undo puts it back.
void TestBlendTimeline::marksStayInOrderAndDeleteRemovesACall()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    const auto [firstAt, secondAt] = recordWalkThenJump(window, 20, 10, 40);
    const core::BlendScript recorded = document->recorder()->recording()->script();
    widgets::FrameRuler* ruler = window.timeline()->ruler();

    dragMark(ruler, firstAt, secondAt + 15);
    const core::BlendScript clamped = document->recorder()->recording()->script();
    QCOMPARE(clamped.calls[1].at, secondAt);
    QCOMPARE(clamped.calls[1].movement, std::string("walk"));
    QCOMPARE(clamped.calls[2].at, secondAt);
    QVERIFY(identicalPose(document->pose(),
                          bakedPose(*document, clamped, int(document->currentFrame()))));
    document->undoStack()->undo();
    QVERIFY(document->recorder()->recording()->script().calls == recorded.calls);

    const int commands = document->undoStack()->count();
    dragMark(ruler, 0, firstAt);
    QCOMPARE(document->undoStack()->count(), commands);
    QCOMPARE(document->recorder()->recording()->script().calls[0].at, 0);

    // Click selects the mark; Delete removes its call.
    QTest::mouseClick(ruler, Qt::LeftButton, {}, flagAt(*ruler, secondAt));
    QCOMPARE(ruler->selectedMark(), 2);
    QTest::keyClick(ruler, Qt::Key_Delete);
    const core::BlendScript deleted = document->recorder()->recording()->script();
    QCOMPARE(deleted.calls.size(), size_t(2));
    QCOMPARE(ruler->eventMarks().size(), 2);
    const int after = secondAt + 10;
    document->seekFrame(after);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, deleted, after)));
    document->undoStack()->undo();
    QVERIFY(document->recorder()->recording()->script().calls == recorded.calls);
    QVERIFY(identicalPose(document->pose(), bakedPose(*document, recorded, after)));

    // The mark's context menu: Delete Call removes the first Trigger's call.
    QTimer::singleShot(0, this, [] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        QVERIFY(menu);
        for (QAction* action : menu->actions())
            if (action->text() == QStringLiteral("Delete Call"))
                action->trigger();
        menu->close();
    });
    const QPoint flag = flagAt(*ruler, firstAt);
    QContextMenuEvent click(QContextMenuEvent::Mouse, flag, ruler->mapToGlobal(flag));
    QApplication::sendEvent(ruler, &click);
    QCOMPARE(document->recorder()->recording()->script().calls.size(), size_t(2));
    QCOMPARE(document->recorder()->recording()->script().calls[1].movement, std::string("jump"));
}

// The trace panel's CSV export, scrubbed into the first crossfade with two bones selected, is
// the core writer's output for bakeScript's trace of the same bones: the rows of that update,
// or (whole recording) of every update. The panel shows where each movement is.
void TestBlendTimeline::traceExportEqualsTheHeadlessTrace()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    const auto [firstAt, secondAt] = recordWalkThenJump(window, 20, 10, 40);
    const core::BlendScript script = document->recorder()->recording()->script();
    const core::ArmatureData& armature = *document->armature();
    const int head = int(armature.findBone("head"));
    const int tail = int(armature.findBone("tail"));
    document->selection()->selectBones({tail, head});
    widgets::FrameRuler* ruler = window.timeline()->ruler();
    const int inside = firstAt + 6;
    QTest::mouseClick(ruler, Qt::LeftButton, {},
                      QPoint(int(std::lround(ruler->xForFrame(inside))), ruler->height() / 2));
    QCOMPARE(int(document->currentFrame()), inside);

    auto bake = core::bakeScript(document->loaded()->skeleton, script, {}, {"tail", "head"});
    QVERIFY(bake);
    std::vector<core::BoneContribution> atInside;
    for (const core::BoneContribution& row : bake->trace)
        if (row.frame == inside)
            atInside.push_back(row);
    QCOMPARE(atInside.size(), size_t(6)); // per bone: stand, walk, result

    widgets::TracePanel* panel = window.trace();
    QVERIFY(panel->exportButton()->isEnabled());
    QTemporaryDir folder;
    const QString updatePath = folder.filePath(QStringLiteral("update.trace.csv"));
    QString error;
    QVERIFY2(panel->exportCsv(updatePath, widgets::TracePanel::Scope::Update, &error),
             qPrintable(error));
    QCOMPARE(readText(updatePath), traceCsv(atInside, armature));
    const QString recordingPath = folder.filePath(QStringLiteral("recording.trace.csv"));
    QVERIFY(panel->exportCsv(recordingPath, widgets::TracePanel::Scope::Recording, &error));
    const QString whole = readText(recordingPath);
    QCOMPARE(whole, traceCsv(bake->trace, armature));
    QVERIFY(whole.count(QLatin1Char('\n')) > script.updates * 2 * 2);

    // Where each movement is: stand runs on, walk has blended in for 6 updates.
    QTableWidget* table = panel->table();
    QCOMPARE(table->rowCount(), 6);
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("walk"));
    QCOMPARE(table->item(1, 9)->text(), QString::number(atInside[1].movementFrame, 'f', 2));
    QCOMPARE(atInside[1].movementFrame, 6.0);
    // stand is where the blend state (the .state.csv) puts the source.
    const auto state =
        std::find_if(bake->states.begin(), bake->states.end(),
                     [&](const core::BlendStateRow& row) { return row.frame == inside; });
    QVERIFY(state != bake->states.end());
    QCOMPARE(atInside[0].contributor, std::string("stand"));
    QCOMPARE(atInside[0].movementFrame, core::secondsToFrames(state->sourceTime));
    QCOMPARE(atInside[1].movementFrame, core::secondsToFrames(state->targetTime));
    QVERIFY(table->item(2, 9)->text().isEmpty()); // result
    window.findChild<QDockWidget*>(QStringLiteral("traceDock"))->raise();
    panel->grab().save(shotPath(QStringLiteral("trace_panel")));
}

// With a layer stack playing, Record records a layered script; a weight typed in the Layers
// dock while it plays becomes a `layer` call (weight, 0 seconds) at that update, marked on the
// ruler, and the pose before and after it is the headless bake's. Undo takes back both the
// call and the dock's weight.
void TestBlendTimeline::layerWeightsSetWhileRecordingBecomeCalls()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    core::LayerSetup setup;
    setup.layers.push_back({"body", 1.f, "walk", {}, 1.0, {}, {}});
    setup.layers.push_back(
        {"arms", 0.2f, "jump", {}, 1.0, std::vector<std::string>{"armUpperL", "armL", "head"}, {}});
    document->layers()->setLayerSetup(setup);
    QVERIFY2(document->layers()->layerSetupError().isEmpty(),
             qPrintable(document->layers()->layerSetupError()));
    QTest::mouseClick(window.crossfade()->recordButton(), Qt::LeftButton);
    QVERIFY(document->recorder()->isRecording());
    QVERIFY(document->recorder()->recording()->script().layers);
    document->advance(15);
    const int at = int(document->currentFrame());

    auto* layers = window.findChild<widgets::LayersPanel*>();
    QVERIFY(layers);
    layers->selectLayer(1);
    layers->weightBox()->setFocus();
    layers->weightBox()->selectAll();
    QTest::keyClicks(layers->weightBox(), QStringLiteral("0.9"));
    QTest::keyClick(layers->weightBox(), Qt::Key_Return);
    document->advance(15);
    document->setPlaying(false);

    const core::BlendScript script = document->recorder()->recording()->script();
    QCOMPARE(script.calls.size(), size_t(1));
    QCOMPARE(script.calls[0].kind, core::ScriptCall::Kind::LayerWeight);
    QCOMPARE(script.calls[0].layer, std::string("arms"));
    QCOMPARE(script.calls[0].at, at);
    QCOMPARE(script.calls[0].weight, double(0.9f));
    QCOMPARE(script.layers->layers[1].weight, 0.2f);
    QCOMPARE(document->layers()->layerSetup().layers[1].weight, 0.9f);
    widgets::FrameRuler* ruler = window.timeline()->ruler();
    QCOMPARE(ruler->eventMarks().size(), 1);
    QCOMPARE(ruler->eventMarks()[0].frame, at);
    QCOMPARE(ruler->eventMarks()[0].label, QStringLiteral("arms · weight 0.90"));
    for (int update : {at - 3, at + 1, at + 10}) {
        document->seekFrame(update);
        QVERIFY(identicalPose(document->pose(), bakedPose(*document, script, update)));
    }
    QVERIFY(!identicalPose(bakedPose(*document, script, at + 10), [&] {
        core::BlendScript without = script;
        without.calls.clear();
        return bakedPose(*document, without, at + 10);
    }()));
    window.timeline()->grab().save(shotPath(QStringLiteral("layer_weight_call")));

    document->undoStack()->undo();
    QVERIFY(document->recorder()->recording()->script().calls.empty());
    QCOMPARE(document->layers()->layerSetup().layers[1].weight, 0.2f);
}

// Opening a script plays it through once: one asking for two billion updates is refused at
// once, naming the limit, as `bake --script` refuses it, and the document stays as it was.
// A recording played at speed 2 runs two of the script's updates per clock update, and at speed
// 0.5 one per two: the event log shows the events of every update run, as the headless bake of
// the recorded script has them (at speed 2 the log kept only the second update's events, so
// Cowboy's "Fire", raised on odd updates, never showed).
void TestBlendTimeline::recordingAtOtherSpeedsLogsEveryUpdate()
{
    for (const double speed : {2.0, 0.5}) {
        MainWindow window;
        QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Cowboy.ExportJson")));
        Document* document = window.document();
        document->setMovement(document->movementNames().indexOf("FireWithoutBullet"));
        document->setPlaying(false);
        document->seekFrame(0);
        document->setSpeed(speed);
        QTest::mouseClick(window.crossfade()->recordButton(), Qt::LeftButton);
        QVERIFY(document->recorder()->isRecording());
        const int begin = document->recorder()->recording()->runner().update();
        QTreeWidget* log = window.eventLog()->list();
        log->clear();
        document->setPlaying(true);
        const int updates = int(160 / speed); // 160 of the script's either way
        document->advance(updates);
        document->setPlaying(false);

        const app::BlendRecording* recording = document->recorder()->recording();
        const int ran = recording->runner().update();
        QCOMPARE(ran - begin, 160);
        const auto bake = core::bakeScript(document->loaded()->skeleton, recording->script());
        QVERIFY(bake.ok());
        QStringList expected;
        for (const core::BakeEvent& event : bake->poses.events)
            if (event.frame > begin && event.frame <= ran)
                expected.append(
                    QStringLiteral("%1 %2")
                        .arg(event.frame)
                        .arg(QString::fromStdString(std::string(core::eventKindName(event.kind)))));
        QVERIFY2(expected.filter(QStringLiteral("FRAME")).size() >= 4,
                 qPrintable(expected.join(',')));
        QStringList shown;
        for (int i = 0; i < log->topLevelItemCount(); ++i)
            shown.append(log->topLevelItem(i)->text(1) + ' ' + log->topLevelItem(i)->text(2));
        QCOMPARE(shown, expected);
    }
}

void TestBlendTimeline::scriptsPastTheBakeLimitsAreRefused()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::No));
    Document* document = window.document();
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("long.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"updates": 2000000000, "calls": [{"at": 0, "play": "stand"}]})");
    file.close();
    QString error;
    QVERIFY(!document->recorder()->open(path, &error));
    QVERIFY2(error.contains(QStringLiteral("2000000000 updates; the limit is 216000")),
             qPrintable(error));
    QVERIFY(!document->recorder()->isRecording());
}

QTEST_MAIN(TestBlendTimeline)
#include "test_blend_timeline.moc"

// Stopping a recording, with the Record button or by choosing another movement, is a step of
// the undo history: Ctrl+Z brings the recorded script back, calls and all, with Save Blend
// Script As; Ctrl+Shift+Z stops it again. Stopped, its script can still be saved until another
// file opens. (It was dropped without a way back but Undo and Redo of the last recorded call;
// then Save Blend Script As went grey on stopping.)
void TestBlendTimeline::stoppedRecordingComesBackWithUndo()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    recordWalkThenJump(window, 20, 10, 40);
    const core::BlendScript recorded = document->recorder()->recording()->script();
    QCOMPARE(recorded.calls.size(), size_t(3));
    auto* saveScript = window.findChild<QAction*>(QStringLiteral("saveBlendScriptAction"));
    QVERIFY(saveScript && saveScript->isEnabled());
    const QString stand = document->movementNames().value(document->currentMovement());
    // Stopped away from the end: Undo comes back to the same update.
    document->setPlaying(false);
    document->seekFrame(25);
    const QString shown = window.timeline()->frameLabel()->text();
    QVERIFY2(shown.startsWith(QStringLiteral("frame 25 / ")), qPrintable(shown));

    QTest::mouseClick(window.crossfade()->recordButton(), Qt::LeftButton);
    QVERIFY(!document->recorder()->isRecording());
    QCOMPARE(document->undoStack()->undoText(), QStringLiteral("Stop Recording"));
    QCOMPARE(window.timeline()->movementBox()->currentText(), stand);
    // Stopped is not thrown away: the status bar says so, and Save Blend Script As still
    // writes the recording, calls and all.
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Save Blend Script")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(saveScript->isEnabled());
    QTemporaryDir folder;
    const QString saved = folder.filePath(QStringLiteral("stopped.json"));
    QVERIFY(document->recorder()->save(saved));
    auto savedScript = core::readBlendScript(saved.toStdString());
    QVERIFY(savedScript);
    QCOMPARE(savedScript.value().calls, recorded.calls);

    window.activateWindow();
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(document->recorder()->isRecording());
    QCOMPARE(document->recorder()->recording()->script().calls, recorded.calls);
    QVERIFY(saveScript->isEnabled());
    QVERIFY(window.crossfade()->recordButton()->isChecked());
    QVERIFY(window.timeline()->ruler()->marksEditable());
    QCOMPARE(window.timeline()->ruler()->eventMarks().size(), 3);
    QCOMPARE(document->currentFrame(), 25.0);
    QCOMPARE(window.timeline()->frameLabel()->text(), shown);
    window.grab().save(shotPath(QStringLiteral("undo_stop_recording")));
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!document->recorder()->isRecording());
    QVERIFY(!window.crossfade()->recordButton()->isChecked());
    document->undoStack()->undo();
    QVERIFY(document->recorder()->isRecording());

    // Another movement chosen in the timeline stops the recording the same way.
    QComboBox* movements = window.timeline()->movementBox();
    movements->setFocus();
    QTest::keyClick(movements, Qt::Key_Down);
    QVERIFY(!document->recorder()->isRecording());
    QCOMPARE(document->currentMovement(), movements->currentIndex());
    QCOMPARE(document->undoStack()->undoText(), QStringLiteral("Stop Recording"));
    document->undoStack()->undo();
    QVERIFY(document->recorder()->isRecording());
    QCOMPARE(document->recorder()->recording()->script().calls, recorded.calls);

    // Another file: nothing of this armature's recording is left to save.
    QTest::mouseClick(window.crossfade()->recordButton(), Qt::LeftButton);
    QVERIFY(saveScript->isEnabled());
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/robot.xml")));
    QVERIFY(!document->recorder()->keptScript());
    QVERIFY(!saveScript->isEnabled());
}
