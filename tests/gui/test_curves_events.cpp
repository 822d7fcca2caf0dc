// The curves panel and the frame-event lane driven as a user drives them, in a shown main
// window. Screenshots go to the temporary folder (bonescope_gui_*.png).

#include "Document.h"
#include "MainWindow.h"
#include "MainWindowFixture.h"
#include "Viewport.h"

#include "panels/BoneTreePanel.h"
#include "panels/ComparatorPanel.h"
#include "panels/CrossfadePanel.h"
#include "panels/CurvePlot.h"
#include "panels/CurvesPanel.h"
#include "panels/EventLane.h"
#include "panels/FlipbookProperties.h"
#include "panels/FlipbookValuesModel.h"
#include "panels/FrameRuler.h"
#include "panels/TimelinePanel.h"
#include "panels/TracePanel.h"
#include "panels/ValuesTableModel.h"
#include "panels/ValuesTablePanel.h"
#include "panels/WeightGraph.h"

#include "bake/BakeTable.h"
#include "base/FrameRate.h"
#include "edit/EditKey.h"
#include "model/BoneAngles.h"
#include "script/BlendScriptReader.h"
#include "script/ScriptBake.h"

#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QStandardPaths>
#include <QTableView>
#include <QToolButton>
#include <QToolTip>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace bonescope;
using app::Document;
using app::MainWindow;

using bonescope::test::shotPath;
using Channel = widgets::CurvePlot::Channel;

namespace {
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus");

bool showWithFile(MainWindow& window, const QString& file)
{
    window.resize(1500, 950);
    window.show();
    return QTest::qWaitForWindowExposed(&window) && window.openFile(file);
}

/// Opens Cowboy paused on FireWithoutBullet, whose one frame event, "Fire", is keyed at
/// timeline frame 10; returns the timeline's event lane.
widgets::EventLane* cowboyFireLane(MainWindow& window)
{
    if (!showWithFile(window, kCorpus + QStringLiteral("/Cowboy.ExportJson")))
        return nullptr;
    Document* document = window.document();
    document->setPlaying(false);
    document->setMovement(document->movementNames().indexOf(QStringLiteral("FireWithoutBullet")));
    return window.timeline()->findChild<widgets::EventLane*>();
}

/// Opens Dragon paused with frame event `event` on keyframe `keyFrame` of stand's beardL (a
/// bone of its own time: sc 2, dl 0.3), then starts stand from its start as a user plays it;
/// returns the timeline's event lane.
widgets::EventLane* dragonBeardEventLane(MainWindow& window, int keyFrame, const char* event)
{
    if (!showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")))
        return nullptr;
    Document* document = window.document();
    document->setPlaying(false);
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    core::EditTarget target = document->editing()->movementTarget(stand);
    target.bone = "beardL";
    target.keyframe = keyFrame;
    document->editing()->setParameter(target, core::EditKey::FrameEvent, std::string(event));
    document->setMovement(stand);
    return window.timeline()->findChild<widgets::EventLane*>();
}

/// Whether `lane` draws key `key`'s mark in `color` (antialiasing allowed for): some pixel
/// around the mark's centre is within a few levels of it.
bool markDrawnIn(widgets::EventLane& lane, size_t key, QColor color)
{
    lane.repaint();
    const QImage image = lane.grab().toImage();
    const QPointF centre = lane.markRect(key).center() * image.devicePixelRatio();
    for (int dy = -3; dy <= 3; ++dy)
        for (int dx = -3; dx <= 3; ++dx) {
            const QColor pixel = image.pixelColor(int(centre.x()) + dx, int(centre.y()) + dy);
            if (std::abs(pixel.red() - color.red()) + std::abs(pixel.green() - color.green()) +
                    std::abs(pixel.blue() - color.blue()) <=
                12)
                return true;
        }
    return false;
}

/// Index of the shown armature's bone `name`, −1 when it has none.
int boneIndex(const Document& document, const char* name)
{
    const auto& bones = document.armature()->bones;
    for (size_t i = 0; i < bones.size(); ++i)
        if (bones[i].name == name)
            return int(i);
    return -1;
}

/// Raises `panel`'s dock and gives it room, as a user does before reading it.
void raiseDock(MainWindow& window, QWidget* panel)
{
    if (auto* dock = bonescope::test::dockOf(panel)) {
        dock->raise();
        window.resizeDocks({dock}, {420}, Qt::Vertical);
    }
}

/// The window's curves panel, its tab raised.
widgets::CurvesPanel* raiseCurves(MainWindow& window)
{
    auto* curves = window.findChild<widgets::CurvesPanel*>();
    if (curves)
        raiseDock(window, curves);
    return curves;
}

/// `window` shown on Dragon with the values table raised; null when either fails.
widgets::ValuesTablePanel* showDragonValues(MainWindow& window)
{
    if (!showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")))
        return nullptr;
    auto* values = window.valuesTable();
    raiseDock(window, values);
    return QTest::qWaitFor([values] { return values->isVisible(); }) ? values : nullptr;
}
} // namespace

class TestCurvesEvents : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void curvesFollowValues();
    void slowMovementKeepsTheTimelinesFrames();
    void keyframeMarksFollowTheBonesOwnTiming();
    void curvesNameTheEasingASpanPlays();
    void valuesTableTintsNoRowWhileBlending();
    void valuesTableShowsThePlayheadRowOfANewBone();
    void curvesClickSeeksAndSharesThePlayhead();
    void curvesChannelBoxesHideStrips();
    void flatChannelsLeaveRoomToTheMovingOnes();
    void eventLaneMissedEvent();
    void eventLaneOnTimeAndLate();
    void eventLaneCrossfadeSkipsEvent();
    void eventLaneKeysFollowTheBonesOwnTimeOverPasses();
    void eventLaneShowsStrayFires();
    void curvesAndLaneFollowAnEdit();
    void curvesFollowRecording();
    void rulerFlagsKeepTheirNamesApart();
    void bonePanelsSayAFlipbookHasNone();
    void valuesListAFlipbooksState();
    void anArmatureWithoutMovementsSaysSo();
};

void TestCurvesEvents::initTestCase()
{
    test::isolateSettings();
}

void TestCurvesEvents::curvesFollowValues()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    document->setPlaying(false);
    const int movement = document->movementNames().indexOf(QStringLiteral("walk"));
    QVERIFY(movement >= 0);
    document->setMovement(movement);
    const QList<int> bones{boneIndex(*document, "armL"), boneIndex(*document, "legR")};
    QVERIFY(!bones.contains(-1));
    document->selection()->selectBones(bones);

    widgets::CurvePlot* plot = curves->plot();
    QCOMPARE(plot->bones(), (QStringList{QStringLiteral("armL"), QStringLiteral("legR")}));
    // The table holds every update since play(): walk's blend-in (`to` 5 frames) first, then its
    // pass of 21 frames. The plot draws the first pass at the timeline's frames: update 5 shows
    // frame 0 (a frame an update at sc 1), frame 20 is the last before the loop starts over.
    widgets::ValuesTableModel* model = window.valuesTable()->model();
    const int blendIn = document->movementData(movement)->durationTo;
    QCOMPARE(blendIn, 5);
    const int passStart = model->firstRowShowing(0);
    QCOMPARE(model->data(model->index(passStart, 0), Qt::DisplayRole).toInt(), blendIn);
    // Beside each update, the timeline's frame it shows: none during the blend-in.
    QCOMPARE(model->headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("timeline"));
    QCOMPARE(model->data(model->index(passStart, 1), Qt::DisplayRole).toString(),
             QStringLiteral("0"));
    QCOMPARE(model->data(model->index(0, 1), Qt::DisplayRole).toString(), QString());
    QMap<QString, QStringList> tableX;
    for (int row = passStart; row < model->rowCount(); ++row) {
        const int frame = model->data(model->index(row, 0), Qt::DisplayRole).toInt();
        if (frame < blendIn + document->movementDuration(movement)) {
            QCOMPARE(model->data(model->index(row, 1), Qt::DisplayRole).toInt(), frame - blendIn);
            tableX[model->data(model->index(row, 2), Qt::DisplayRole).toString()].append(
                model->data(model->index(row, 3), Qt::DisplayRole).toString());
        }
    }
    for (const QString& bone : plot->bones()) {
        const QList<QPointF> samples = plot->samples(bone, Channel::X);
        QCOMPARE(samples.size(), document->movementDuration(movement));
        QStringList plotted;
        for (int i = 0; i < samples.size(); ++i) {
            QCOMPARE(samples[i].x(), double(i));
            plotted.append(QString::fromStdString(core::formatBakeValue(0, samples[i].y())));
        }
        QCOMPARE(plotted, tableX.value(bone));
        // The x of a moving bone changes: the comparison is not between two flat lines.
        QVERIFY(std::adjacent_find(plotted.begin(), plotted.end(), std::not_equal_to<>()) !=
                plotted.end());
    }
    QVERIFY(plot->samples(QStringLiteral("armL"), Channel::Scale, 2).isEmpty());

    // Paused on a frame, the viewport, the curve under the playhead and the table's tinted rows
    // show the same values.
    const QList<QPointF> armL = plot->samples(QStringLiteral("armL"), Channel::X);
    const QList<QPointF> armLRotation = plot->samples(QStringLiteral("armL"), Channel::Rotation);
    for (const int frame : {3, 10, 17}) {
        document->seekFrame(frame);
        QCOMPARE(plot->cursor(), double(frame));
        const core::Transform& shown = document->pose()[size_t(bones[0])].local;
        QVERIFY2(std::abs(shown.x - armL[frame].y()) < 1e-3,
                 qPrintable(QStringLiteral("frame %1: viewport x %2, curve %3")
                                .arg(frame)
                                .arg(shown.x)
                                .arg(armL[frame].y())));
        // Rotation as the bone tree shows it (skewY in degrees), not a mirror of it.
        QVERIFY(std::abs(core::rotationDegrees(shown.skewY) - armLRotation[frame].y()) < 1e-3);
        QCOMPARE(model->playheadFrame(), blendIn + frame);
    }
    // armL only turns: no shear all along, as the bone tree's skew° column says.
    for (const QPointF& point : plot->samples(QStringLiteral("armL"), Channel::Skew))
        QVERIFY(std::abs(point.y()) < 1e-3);
    QVERIFY(std::adjacent_find(armLRotation.begin(), armLRotation.end(), [](QPointF a, QPointF b) {
                return a.y() != b.y();
            }) != armLRotation.end());

    document->seekFrame(10);
    QTest::qWait(50);
    curves->grab().save(shotPath(QStringLiteral("dragon_walk")));
}

void TestCurvesEvents::slowMovementKeepsTheTimelinesFrames()
{
    // horse's stand: `sc` 0.5, so its pass of 20 frames takes 40 updates; no blend-in.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/horse.ExportJson")));
    Document* document = window.document();
    document->setPlaying(false);
    document->setMovement(document->movementNames().indexOf(QStringLiteral("stand")));
    QCOMPARE(document->movementData(document->currentMovement())->scale, 0.5f);
    const int head = boneIndex(*document, "horseHead");
    document->selection()->selectBones({head});
    auto* curves = raiseCurves(window);
    QVERIFY(curves);

    // The whole pass, two updates a frame: the head nods up to its keyframe at timeline frame
    // 10 (pass frame 10 × 20 / 19 ≈ 10.5) and back.
    const QList<QPointF> y = curves->plot()->samples(QStringLiteral("horseHead"), Channel::Y);
    QCOMPARE(y.size(), 39);
    QCOMPARE(y.first().x(), 0.5);
    QCOMPARE(y.last().x(), 19.5);
    const auto lowest =
        std::min_element(y.begin(), y.end(), [](QPointF a, QPointF b) { return a.y() < b.y(); });
    QCOMPARE(lowest->x(), 10.5);

    document->seekFrame(4);
    QCOMPARE(window.timeline()->frameLabel()->text(),
             QStringLiteral("frame 4 / 20 · 0.133 s / 0.667 s"));
    auto* values = window.valuesTable();
    raiseDock(window, values);
    QTRY_VERIFY(values->isVisible());
    // Update 8 shows frame 4; the table scrolled to it when it came into view.
    widgets::ValuesTableModel* model = values->model();
    QCOMPARE(model->playheadFrame(), 8);
    const int row = values->view()->indexAt(QPoint(2, 2)).row();
    QCOMPARE(model->data(model->index(row, 0), Qt::DisplayRole).toInt(), 8);
    QCOMPARE(model->data(model->index(row, 1), Qt::DisplayRole).toInt(), 4);
    const double tableY = model->data(model->index(row, 4), Qt::DisplayRole).toDouble();
    QVERIFY(std::abs(document->pose()[size_t(head)].local.y - tableY) < 1e-3);
    QVERIFY(model->data(model->index(row, 4), Qt::BackgroundRole).isValid());
    QVERIFY(!model->data(model->index(0, 4), Qt::BackgroundRole).isValid());
    QTest::qWait(50);
    window.grab().save(shotPath(QStringLiteral("horse_stand_frame4")));
}

void TestCurvesEvents::keyframeMarksFollowTheBonesOwnTiming()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    document->setPlaying(false);
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    document->setMovement(stand);
    // beardL plays its own pass at sc 2 (60 frames in stand's 30) from 0.7 of the way in: of
    // its keyframes at timeline 0, 2 and 5, it reaches 5 eight frames in and 0 at 18 (the
    // movement's timeline would put them at 0, 10 and 25).
    const int beard = boneIndex(*document, "beardL");
    document->selection()->selectBones({beard});
    const QList<double> marks = window.timeline()->ruler()->keyFrames();
    QCOMPARE(marks.size(), 2);
    QVERIFY(std::abs(marks[0] - 8) < 1e-5 && std::abs(marks[1] - 18) < 1e-5);

    // The curves: the same keyframes, after the span the pass starts in (keyframe 2's, named,
    // not marked); the bone's x there is the keyframe's own.
    const QList<widgets::CurveKey>& keys = curves->plot()->keys();
    QCOMPARE(keys.size(), 3);
    QVERIFY(!keys[0].reached && keys[0].frame == 0);
    QVERIFY(keys[1].reached && std::abs(keys[1].frame - 8) < 1e-5);
    QVERIFY(keys[2].reached && std::abs(keys[2].frame - 18) < 1e-5);
    const core::MovementBoneData& timeline = *document->movementData(stand)->findBone("beardL");
    const auto valueAt = [&](Channel channel, double frame) {
        for (const QPointF& point : curves->plot()->samples(QStringLiteral("beardL"), channel))
            if (point.x() == frame)
                return point.y();
        return qQNaN();
    };
    // Rotation in degrees, the bone tree's; 1e-4 rad, the goldens' tolerance, in degrees.
    const auto degrees = [](float skewY) { return core::rotationDegrees(skewY); };
    const double angleTolerance = core::rotationDegrees(1e-4);
    QVERIFY(std::abs(valueAt(Channel::X, 8) - timeline.frames[2].transform.x) < 1e-3);
    QVERIFY(std::abs(valueAt(Channel::X, 18) - timeline.frames[0].transform.x) < 1e-3);
    QVERIFY(std::abs(valueAt(Channel::Rotation, 8) - degrees(timeline.frames[2].transform.skewY)) <
            angleTolerance);
    // Where the movement's timeline would have put keyframe 1 (turned 6.47°), the beard still
    // holds keyframe 2's 0°.
    QVERIFY(std::abs(valueAt(Channel::Rotation, 10) - degrees(timeline.frames[2].transform.skewY)) <
            angleTolerance);
    QVERIFY(std::abs(valueAt(Channel::Rotation, 10) - degrees(timeline.frames[1].transform.skewY)) >
            5);

    // Properties edits the keyframe the bone is in at the playhead: at frame 10, keyframe 2
    // (timeline 5), at 20 keyframe 0.
    QCOMPARE(document->editing()->keyframeAt(stand, beard, 10), 2);
    QCOMPARE(document->editing()->keyframeAt(stand, beard, 20), 0);
    document->seekFrame(8);
    window.grab().save(shotPath(QStringLiteral("beard_keyframes")));
}

// robot's stop eases SineEaseInOut (twE 2) and its keyframes say nothing (Linear): cocos2d-x
// plays a Linear keyframe's span with the movement's easing, so that is what the curves name
// over each span, marked as the movement's.
void TestCurvesEvents::curvesNameTheEasingASpanPlays()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/robot.xml")));
    Document* document = window.document();
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    document->setPlaying(false);
    const int stop = document->movementNames().indexOf(QStringLiteral("stop"));
    document->setMovement(stop);
    QCOMPARE(document->movementData(stop)->easing, core::Easing::SineEaseInOut);
    const int bone = boneIndex(*document, "bady-a1");
    document->selection()->selectBones({bone});
    const core::MovementBoneData& timeline = *document->movementData(stop)->findBone("bady-a1");
    QCOMPARE(timeline.frames[0].easing, core::Easing::Linear);
    const QList<widgets::CurveKey>& keys = curves->plot()->keys();
    QVERIFY(!keys.isEmpty());
    for (const widgets::CurveKey& key : keys)
        QCOMPARE(key.easing, QStringLiteral("SineEaseInOut (movement)"));
    QVERIFY(curves->grab().save(shotPath(QStringLiteral("robot_stop_easing"))));
}

void TestCurvesEvents::valuesTableShowsThePlayheadRowOfANewBone()
{
    MainWindow window;
    widgets::ValuesTablePanel* values = showDragonValues(window);
    QVERIFY(values);
    Document* document = window.document();
    document->setPlaying(false);
    document->seekFrame(25);
    // Nothing selected, then a bone picked while paused: its rows fill the table, and the
    // playhead's row (well below the first screenful) is the one in view, tinted.
    document->selection()->selectBones({boneIndex(*document, "head")});
    widgets::ValuesTableModel* model = values->model();
    const int row = model->firstRowShowing(25);
    QVERIFY(row > 20);
    QCOMPARE(model->data(model->index(row, 0), Qt::DisplayRole).toInt(), model->playheadFrame());
    QTableView* view = values->view();
    QCOMPARE(view->rowAt(0), row);
    values->grab().save(shotPath(QStringLiteral("values_new_bone")));
}

void TestCurvesEvents::valuesTableTintsNoRowWhileBlending()
{
    MainWindow window;
    widgets::ValuesTablePanel* values = showDragonValues(window);
    QVERIFY(values);
    Document* document = window.document();
    widgets::ValuesTableModel* model = values->model();
    auto* summary = values->findChild<QLabel*>(QStringLiteral("valuesSummary"));
    QVERIFY(summary);
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    const int stand = document->movementNames().indexOf(QStringLiteral("stand"));
    const int tail = boneIndex(*document, "tail");
    document->selection()->selectBones({tail});
    const auto tinted = [&] { return model->playheadFrame() >= 0; };
    const auto says = [&] { return summary->text().contains(QStringLiteral("blending now")); };

    // walk blends in over 5 frames from stand's pose, which no row of walk's bake holds.
    document->setMovement(walk);
    document->setPlaying(true);
    document->advance(2);
    QVERIFY(!document->poseIsMovementPass());
    QVERIFY(!tinted() && says());
    // A seek shows the pass at once, the player still blending in until its next update.
    document->seekFrame(2);
    QVERIFY(tinted() && !says());
    document->setMovement(walk);
    document->advance(6);
    QVERIFY(document->poseIsMovementPass());
    QVERIFY(tinted() && !says());
    // The tinted row's values are the pose shown.
    const int row = model->firstRowShowing(document->currentFrame());
    QCOMPARE(model->data(model->index(row, 0), Qt::DisplayRole).toInt(), model->playheadFrame());
    QVERIFY(std::abs(document->pose()[size_t(tail)].local.x -
                     model->data(model->index(row, 3), Qt::DisplayRole).toDouble()) < 1e-3);

    // A crossfade too shows a blend; a seek ends it on a row again.
    document->playCrossfade({walk, stand, core::TransitionKind::WhileAnimating, 10});
    document->advance(1);
    QVERIFY(!tinted() && says());
    document->setPlaying(false);
    document->seekFrame(3);
    QVERIFY(tinted() && !says());
}

void TestCurvesEvents::curvesClickSeeksAndSharesThePlayhead()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    document->selection()->selectBones({1});
    document->setPlaying(true);
    widgets::CurvePlot* plot = curves->plot();
    QTRY_VERIFY(plot->isVisible());

    const int target = document->movementDuration(document->currentMovement()) / 2;
    QVERIFY(target > 1);
    QTest::mouseClick(plot, Qt::LeftButton, {},
                      QPointF(plot->xForFrame(target), plot->height() / 2.0).toPoint());
    QVERIFY(!document->isPlaying());
    QCOMPARE(document->currentFrame(), double(target));
    QCOMPARE(plot->cursor(), double(target));
    // A step in the timeline moves the plot's playhead with it.
    document->stepFrames(1);
    QCOMPARE(plot->cursor(), double(target + 1));
}

void TestCurvesEvents::curvesChannelBoxesHideStrips()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    window.document()->selection()->selectBones({1});
    QCheckBox* alpha = curves->channelBox(Channel::Alpha);
    QVERIFY(curves->plot()->isChannelShown(Channel::Alpha));
    QTRY_VERIFY(alpha->isVisible());
    QTest::mouseClick(alpha, Qt::LeftButton);
    QVERIFY(!alpha->isChecked());
    QVERIFY(!curves->plot()->isChannelShown(Channel::Alpha));
    QTest::mouseClick(curves->channelBox(Channel::Skew), Qt::LeftButton);
    QVERIFY(!curves->plot()->isChannelShown(Channel::Skew));
    QVERIFY(curves->plot()->isChannelShown(Channel::X));
    QTest::qWait(50);
    curves->grab().save(shotPath(QStringLiteral("four_channels")));
}

// Dragon stand's tail moves in x, y and rotation; its skew, scale and alpha never change. At the
// plot's smallest (the Curves tab of a 1366 × 768 window) six equal strips would each be less
// than a line high; the flat ones take less and the moving ones get more than a line.
void TestCurvesEvents::flatChannelsLeaveRoomToTheMovingOnes()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    window.document()->selection()->selectBones({boneIndex(*window.document(), "tail")});
    widgets::CurvePlot* plot = curves->plot();
    plot->setFixedHeight(plot->minimumSizeHint().height());
    QTRY_COMPARE(plot->height(), plot->minimumSizeHint().height());
    const int line = plot->fontMetrics().height();
    double bottom = 0;
    for (int i = 0; i < widgets::CurvePlot::kChannelCount; ++i) {
        const auto channel = Channel(i);
        const QRectF strip = plot->stripArea(channel);
        const bool moving =
            channel == Channel::X || channel == Channel::Y || channel == Channel::Rotation;
        QVERIFY2(moving ? strip.height() > line : strip.height() < line,
                 qPrintable(widgets::CurvePlot::channelName(channel)));
        QVERIFY(strip.top() > bottom); // in order, none over another
        bottom = strip.bottom();
    }
    QVERIFY(bottom < plot->height());
    curves->grab().save(shotPath(QStringLiteral("flat_channels")));
}

void TestCurvesEvents::eventLaneMissedEvent()
{
    MainWindow window;
    widgets::EventLane* lane = cowboyFireLane(window);
    QVERIFY(lane);
    Document* document = window.document();
    QCOMPARE(lane->tracker().keys().size(), size_t(1));
    QCOMPARE(lane->tracker().keys()[0].name, std::string("Fire"));
    const int fireFrame = lane->tracker().keys()[0].passFrame;
    QCOMPARE(lane->tracker().verdict(0), core::FrameEventVerdict::Pending);

    // A goto past the keyframe, as the user drags the ruler: the event never fires.
    window.timeline()->ruler()->setFocus();
    QTest::mouseClick(window.timeline()->ruler(), Qt::LeftButton, {},
                      QPointF(window.timeline()->ruler()->xForFrame(fireFrame + 6),
                              window.timeline()->ruler()->height() / 2.0)
                          .toPoint());
    QCOMPARE(document->currentFrame(), double(fireFrame + 6));
    QCOMPARE(lane->tracker().verdict(0), core::FrameEventVerdict::Missed);
    QVERIFY(
        markDrawnIn(*lane, 0, widgets::EventLane::verdictColor(core::FrameEventVerdict::Missed)));
    window.timeline()->grab().save(shotPath(QStringLiteral("lane_missed")));

    // Back before the keyframe: a new pass, the last verdict shown until the event is reached.
    document->seekFrame(fireFrame - 4);
    QCOMPARE(lane->tracker().verdict(0), core::FrameEventVerdict::Missed);
    QCOMPARE(lane->tracker().firesThisPass(0), 0);
}

void TestCurvesEvents::eventLaneOnTimeAndLate()
{
    MainWindow window;
    widgets::EventLane* lane = cowboyFireLane(window);
    QVERIFY(lane);
    Document* document = window.document();
    const int fireFrame = lane->tracker().keys()[0].passFrame;
    document->setPlaying(true);
    document->advance(fireFrame + 3);
    QCOMPARE(lane->tracker().verdict(0), core::FrameEventVerdict::OnTime);
    QVERIFY(
        markDrawnIn(*lane, 0, widgets::EventLane::verdictColor(core::FrameEventVerdict::OnTime)));
    window.timeline()->grab().save(shotPath(QStringLiteral("lane_on_time")));
    window.grab().save(shotPath(QStringLiteral("window")));

    // Speed 3 from the start: the updates step over the keyframe's frame.
    document->setMovement(document->currentMovement());
    window.timeline()->speedBox()->setFocus();
    window.timeline()->speedBox()->selectAll();
    QTest::keyClicks(window.timeline()->speedBox(), QStringLiteral("3"));
    QTest::keyClick(window.timeline()->speedBox(), Qt::Key_Enter);
    QCOMPARE(document->speed(), 3.0);
    document->advance(fireFrame / 3 + 2);
    QCOMPARE(lane->tracker().verdict(0), core::FrameEventVerdict::Late);
    QVERIFY(markDrawnIn(*lane, 0, widgets::EventLane::verdictColor(core::FrameEventVerdict::Late)));
    window.timeline()->grab().save(shotPath(QStringLiteral("lane_late")));
}

void TestCurvesEvents::eventLaneCrossfadeSkipsEvent()
{
    // A WhileAnimating crossfade out of FireWithoutBullet started before its Fire keyframe:
    // the blender plays the source on past the keyframe, and nothing raises the event.
    MainWindow window;
    widgets::EventLane* lane = cowboyFireLane(window);
    QVERIFY(lane);
    Document* document = window.document();
    const int fireFrame = lane->tracker().keys()[0].passFrame;
    document->seekFrame(fireFrame - 5);
    core::Crossfade fade;
    fade.source = document->currentMovement();
    fade.target = document->movementNames().indexOf(QStringLiteral("Walk"));
    QVERIFY(fade.target >= 0);
    fade.type = core::TransitionKind::WhileAnimating;
    fade.durationFrames = 20;
    document->crossfade()->setTransition(fade);
    document->crossfade()->triggerCrossfade();
    document->advance(10);
    QVERIFY(document->crossfade()->isCrossfading());
    QCOMPARE(document->currentMovement(), fade.source);
    QVERIFY(document->currentFrame() > fireFrame);
    QCOMPARE(lane->tracker().verdict(0), core::FrameEventVerdict::Missed);
    QVERIFY(
        markDrawnIn(*lane, 0, widgets::EventLane::verdictColor(core::FrameEventVerdict::Missed)));
}

void TestCurvesEvents::eventLaneKeysFollowTheBonesOwnTimeOverPasses()
{
    // Dragon stand's beardL keeps its own time (sc 2): its 60-frame pass spans two of stand's,
    // so its keyframe 2 is reached in every other pass only. Playing on, the lane's key comes
    // and goes with the passes and is never judged missed, the ruler's flag and the selected
    // beard's keyframe marks with it; a step brings the first pass's back.
    MainWindow window;
    widgets::EventLane* lane = dragonBeardEventLane(window, 2, "swish");
    QVERIFY(lane);
    Document* document = window.document();
    const int stand = document->currentMovement();
    const int beardL = boneIndex(*document, "beardL");
    document->selection()->selectBones({beardL});
    QCOMPARE(lane->tracker().keys().size(), size_t(1));
    widgets::FrameRuler* ruler = window.timeline()->ruler();
    // The ruler's "swish" flags, as frames rounded to a thousandth (the beard reaches its
    // keyframe between frames).
    const auto swishFlags = [ruler] {
        QList<double> frames;
        for (const widgets::TimelineMark& mark : ruler->eventMarks())
            if (mark.label == QStringLiteral("swish"))
                frames.append(std::round(mark.frame * 1000) / 1000);
        return frames;
    };
    QCOMPARE(swishFlags(), QList<double>{8.0});
    const QList<double> firstPassKeys = document->keyFrames(stand, beardL, 0);
    const QList<double> secondPassKeys = document->keyFrames(stand, beardL, 1);
    QVERIFY(firstPassKeys != secondPassKeys);
    QCOMPARE(ruler->keyFrames(), firstPassKeys);
    document->setPlaying(true);
    const int pass = document->movementDuration(stand);
    QList<int> keysPerPass;
    QList<int> flagsPerPass;
    QList<bool> firstPassMarks;
    bool judgedOnTime = false;
    const int blendIn = document->movementData(stand)->durationTo;
    for (int i = 0; i < blendIn + 3 * pass + pass / 2 + 1; ++i) {
        const double before = document->currentFrame();
        document->advance(1);
        const auto& keys = lane->tracker().keys();
        if (before < pass / 2 && document->currentFrame() >= pass / 2) { // mid-pass
            keysPerPass.append(int(keys.size()));
            flagsPerPass.append(int(swishFlags().size()));
            QVERIFY(ruler->keyFrames() == firstPassKeys || ruler->keyFrames() == secondPassKeys);
            firstPassMarks.append(ruler->keyFrames() == firstPassKeys);
        }
        for (size_t key = 0; key < keys.size(); ++key) {
            const core::FrameEventVerdict verdict = lane->tracker().verdict(key);
            QVERIFY2(verdict == core::FrameEventVerdict::OnTime ||
                         verdict == core::FrameEventVerdict::Pending,
                     qPrintable(widgets::EventLane::verdictName(verdict)));
            judgedOnTime = judgedOnTime || verdict == core::FrameEventVerdict::OnTime;
        }
        if (i == blendIn + pass / 2) // past the keyframe: on time
            window.timeline()->grab().save(shotPath(QStringLiteral("lane_own_time_first_pass")));
        if (i == blendIn + pass + pass / 2) // no key: the beard plays its other half
            window.timeline()->grab().save(shotPath(QStringLiteral("lane_own_time_second_pass")));
    }
    QVERIFY(judgedOnTime);
    QCOMPARE(keysPerPass, (QList<int>{1, 0, 1, 0}));
    QCOMPARE(flagsPerPass, keysPerPass);
    QCOMPARE(firstPassMarks, (QList<bool>{true, false, true, false}));
    // In the fourth pass the beard plays its second half; a step replays the first pass's time.
    QVERIFY(lane->tracker().keys().empty());
    QVERIFY(lane->tracker().movementHasEvents()); // the lane says why it is empty
    document->stepFrames(1);
    QCOMPARE(lane->tracker().keys().size(), size_t(1));
    QVERIFY(std::abs(lane->tracker().keys()[0].passFrame - 8.0) < 1e-5);
    QCOMPARE(swishFlags(), QList<double>{8.0});
    QCOMPARE(ruler->keyFrames(), firstPassKeys);
    document->advance(1);                   // paused: nothing moves
    for (int i = 0; i < 3; ++i)             // …and still the first pass's, stepping on in it
        document->stepFrames(1);
    QCOMPARE(lane->tracker().keys().size(), size_t(1));
}

void TestCurvesEvents::eventLaneShowsStrayFires()
{
    // An event on Dragon stand beardL's keyframe 1, which the first pass does not reach: as
    // stand starts, cocos2d-x's delayed tween raises it anyway (the first update, and the
    // blend-in's end). The lane has no key for those fires; it shows them as stray fires.
    MainWindow window;
    widgets::EventLane* lane = dragonBeardEventLane(window, 1, "tick");
    QVERIFY(lane);
    Document* document = window.document();
    const int stand = document->currentMovement();
    QVERIFY(lane->tracker().keys().empty());
    QVERIFY(lane->tracker().strayFires().empty());
    document->setPlaying(true);
    document->advance(1);
    QCOMPARE(lane->tracker().strayFires().size(), size_t(1));
    const QRectF stray = lane->strayRect(0);
    QVERIFY(lane->rect().contains(stray.toRect()));
    QHelpEvent help(QEvent::ToolTip, stray.center().toPoint(),
                    lane->mapToGlobal(stray.center().toPoint()));
    QApplication::sendEvent(lane, &help);
    QVERIFY2(QToolTip::text().startsWith(QStringLiteral("tick fired at frame")),
             qPrintable(QToolTip::text()));
    QVERIFY2(QToolTip::text().endsWith(QStringLiteral("which no bone reaches in this pass")),
             qPrintable(QToolTip::text()));
    window.timeline()->grab().save(shotPath(QStringLiteral("lane_stray_fire")));
    // The blend-in's end raises it again, shown in the pass it begins; the next pass has none.
    const int blendIn = document->movementData(stand)->durationTo;
    for (int i = 1; i < blendIn + 2; ++i)
        document->advance(1);
    QCOMPARE(lane->tracker().strayFires().size(), size_t(1));
    QCOMPARE(lane->tracker().strayFires()[0].passFrame, 0.0);
    document->advance(document->movementDuration(stand));
    QVERIFY(lane->tracker().strayFires().empty());
}

void TestCurvesEvents::curvesAndLaneFollowAnEdit()
{
    // Dragon walk: give armL's second keyframe an event and an easing, then undo.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    const int movement = document->movementNames().indexOf(QStringLiteral("walk"));
    document->setMovement(movement);
    const int armL = boneIndex(*document, "armL");
    document->selection()->selectBones({armL});
    auto* curves = window.findChild<widgets::CurvesPanel*>();
    auto* lane = window.timeline()->findChild<widgets::EventLane*>();
    QVERIFY(curves && lane);
    QVERIFY(lane->tracker().keys().empty());
    const QList<QPointF> before = curves->plot()->samples(QStringLiteral("armL"), Channel::X);

    core::EditTarget target = document->editing()->movementTarget(movement);
    target.bone = "armL";
    target.keyframe = 1;
    document->editing()->setParameter(target, core::EditKey::FrameEvent, std::string("swing"));
    QCOMPARE(lane->tracker().keys().size(), size_t(1));
    QCOMPARE(lane->tracker().keys()[0].name, std::string("swing"));
    document->editing()->setParameter(target, core::EditKey::FrameTweenEasing,
                                      core::Easing::QuadEaseIn);
    QCOMPARE(document->movementData(movement)->findBone("armL")->frames[1].easing,
             core::Easing::QuadEaseIn);
    const QList<QPointF> eased = curves->plot()->samples(QStringLiteral("armL"), Channel::X);
    QCOMPARE(eased.size(), before.size());
    QVERIFY(eased != before);

    document->undoStack()->undo();
    document->undoStack()->undo();
    QVERIFY(lane->tracker().keys().empty());
    QCOMPARE(curves->plot()->samples(QStringLiteral("armL"), Channel::X), before);
}

void TestCurvesEvents::curvesFollowRecording()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    document->setPlaying(false);
    const QString scriptPath = QStringLiteral(BONESCOPE_TEST_DATA "/blend/dragon_script.json");
    QString error;
    QVERIFY2(document->recorder()->open(scriptPath, &error), qPrintable(error));
    document->setPlaying(false);
    const int tail = boneIndex(*document, "tail");
    document->selection()->selectBones({tail});

    // Over the script's 150 updates, the values `bonescope-cli bake --script` gives.
    const auto script = core::readBlendScript(scriptPath.toStdString());
    QVERIFY(script);
    const auto baked = core::bakeScript(document->loaded()->skeleton, script.value());
    QVERIFY(baked);
    QList<QPointF> expected;
    for (const core::BakeRow& row : core::toBakeTable(baked->poses).rows)
        if (row.bone == "tail")
            expected.append(QPointF(row.frame, row.values[0]));
    QCOMPARE(expected.size(), 150);
    QCOMPARE(curves->plot()->samples(QStringLiteral("tail"), Channel::X), expected);
    QCOMPARE(curves->plot()->xForFrame(150), curves->plot()->xForFrame(document->timelineFrames()));
    QVERIFY(curves->findChild<QLabel*>()->text().contains(QStringLiteral("150 updates")));
    QVERIFY(curves->grab().save(shotPath(QStringLiteral("recorded"))));

    // Back to the movement: its first pass again.
    document->recorder()->setRecording(false);
    QCOMPARE(curves->plot()->samples(QStringLiteral("tail"), Channel::X).size(),
             document->movementDuration(document->currentMovement()));
}

void TestCurvesEvents::bonePanelsSayAFlipbookHasNone()
{
    // A flipbook has frames, not bones: the panels that list or plot selected bones say so
    // rather than asking for a selection nothing can make. Back on an armature, they ask again.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/flipbook/animations-2.plist")));
    const auto says = [](QWidget* panel, const QString& text) {
        for (const QLabel* label : panel->findChildren<QLabel*>())
            if (label->isVisibleTo(panel) && label->text().contains(text))
                return true;
        return false;
    };
    const QString flipbook = QStringLiteral("A flipbook has no bones");
    auto* curves = raiseCurves(window);
    QVERIFY(curves);
    // The curves say it once, in the plot's middle (the summary above it stays empty).
    const auto plotSays = [curves](const QString& text) {
        return curves->plot()->emptyText().contains(text) && curves->plot()->bones().isEmpty();
    };
    QVERIFY(plotSays(flipbook));
    QVERIFY(!says(curves, flipbook));
    QVERIFY(!says(window.valuesTable(), flipbook)); // it lists the frames' state instead
    QVERIFY(says(window.trace(), flipbook));
    // Nothing can crossfade: the inspector's graph draws no live curves, only grey ones.
    const auto drawsSourceBlue = [&window] {
        const QImage image = window.crossfade()->graph()->grab().toImage();
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (image.pixelColor(x, y) == QColor(40, 120, 220))
                    return true;
        return false;
    };
    QVERIFY(!window.crossfade()->isEnabled());
    QVERIFY(!drawsSourceBlue());
    // Nor compare: the Compare dock's controls are off, and it says why above them (its
    // controls were live on a flipbook, the reason out of sight below them).
    auto* comparator = window.findChild<widgets::ComparatorPanel*>();
    QVERIFY(comparator);
    QVERIFY(!comparator->comparisonArea()->isEnabled());
    QVERIFY(comparator->statusLabel()->isVisibleTo(comparator));
    QVERIFY(comparator->statusLabel()->text().startsWith(QStringLiteral("A flipbook has frames")));
    QVERIFY(comparator->statusLabel()->geometry().bottom() <
            comparator->comparisonArea()->geometry().top());
    // The bone tree says it in the tree's place.
    QVERIFY(says(window.boneTree(), flipbook));
    QVERIFY(!window.boneTree()->tree()->isVisibleTo(window.boneTree()));
    const auto buttons = [&] {
        return QList<QToolButton*>{
            window.valuesTable()->findChild<QToolButton*>(QStringLiteral("copyValuesButton")),
            window.valuesTable()->findChild<QToolButton*>(QStringLiteral("exportCsvButton"))};
    };
    // The event lane judges bone keyframe events: a flipbook's notifications (flagged on the
    // ruler) are not those, and the lane does not claim there are none.
    widgets::EventLane* lane = window.timeline()->eventLane();
    QVERIFY(!window.timeline()->ruler()->eventMarks().isEmpty());
    QCOMPARE(lane->emptyText(), QStringLiteral("Notifications are flagged on the ruler; the event "
                                               "log lists them as they fire"));
    QVERIFY(lane->toolTip().isEmpty()); // no verdict colours to explain
    curves->grab().save(shotPath(QStringLiteral("flipbook_curves")));

    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    QCOMPARE(lane->emptyText(), QStringLiteral("No frame events in this movement"));
    QVERIFY(lane->toolTip().contains(QStringLiteral("green on time")));
    const QString select = QStringLiteral("Select bones in the bone tree or the viewport");
    QVERIFY(plotSays(select));
    QVERIFY(says(window.valuesTable(), select));
    QVERIFY(!says(window.trace(), flipbook));
    QVERIFY(!says(window.boneTree(), flipbook));
    QVERIFY(window.boneTree()->tree()->isVisibleTo(window.boneTree()));
    QVERIFY(drawsSourceBlue());
    QVERIFY(comparator->comparisonArea()->isEnabled());
    QVERIFY(!comparator->statusLabel()->isVisibleTo(comparator));
    for (QToolButton* button : buttons())
        QVERIFY(!button->isEnabled());
    window.document()->selection()->selectBones({boneIndex(*window.document(), "tail")});
    for (QToolButton* button : buttons())
        QVERIFY(button->isEnabled());
}

void TestCurvesEvents::rulerFlagsKeepTheirNamesApart()
{
    // animations-2.plist's dance_1 ends one pass with "lastframe" and starts the next with
    // "firstframe" a few frames later: the first name is cut short of the second flag (it
    // overprinted it), and the flag's tool tip gives it whole.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/flipbook/animations-2.plist")));
    window.document()->setPlaying(false);
    widgets::FrameRuler* ruler = window.timeline()->ruler();
    const QList<widgets::TimelineMark>& marks = ruler->eventMarks();
    int last = -1;
    for (int i = 0; i < marks.size(); ++i)
        if (marks[i].label == QStringLiteral("lastframe") && last < 0)
            last = i;
    QVERIFY(last >= 0);
    double next = ruler->width();
    for (const widgets::TimelineMark& mark : marks)
        if (mark.frame > marks[last].frame)
            next = std::min(next, ruler->xForFrame(mark.frame));
    const double x = ruler->xForFrame(marks[last].frame);
    const QFontMetrics metrics(ruler->font());
    QVERIFY2(x + 8 + metrics.horizontalAdvance(marks[last].label) > next,
             "the names no longer collide at this width: the test checks nothing");

    // No red of the name in the gap before the next flag.
    const QImage image = ruler->grab().toImage();
    const qreal scale = image.devicePixelRatio();
    int red = 0;
    for (int px = int((next - 3) * scale); px < int((next - 1) * scale); ++px)
        for (int py = 0; py < int(14 * scale); ++py) {
            const QColor pixel = image.pixelColor(px, py);
            red += pixel.red() > 150 && pixel.green() < 120;
        }
    QVERIFY(image.save(shotPath(QStringLiteral("ruler_flags"))));
    QCOMPARE(red, 0);

    QHelpEvent help(QEvent::ToolTip, QPoint(int(x) + 2, 5),
                    ruler->mapToGlobal(QPoint(int(x) + 2, 5)));
    QCoreApplication::sendEvent(ruler, &help);
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("lastframe · frame %1").arg(marks[last].frame));
}

// A flipbook's Values dock lists its state at every update, the rows `bake --scenario
// flipbook:NAME` writes to its .state.csv, the one on display tinted; copy and export write
// that layout. (It said a flipbook has no bones.)
void TestCurvesEvents::valuesListAFlipbooksState()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/flipbook/animations-2.plist")));
    Document* document = window.document();
    document->setPlaying(false);
    widgets::ValuesTablePanel* values = window.valuesTable();
    raiseDock(window, values);
    QTRY_VERIFY(values->isVisible());
    widgets::FlipbookValuesModel* model = values->flipbookModel();
    QCOMPARE(values->view()->model(), model);
    QCOMPARE(document->movementNames().value(document->currentMovement()),
             QStringLiteral("dance_1"));
    // Its two loops (336 frames) and the bake's 120 updates after the end.
    QCOMPARE(model->rowCount(), 457);
    QVERIFY(values->findChild<QLabel*>(QStringLiteral("valuesSummary"))
                ->text()
                .startsWith(QStringLiteral("457 updates of dance_1")));
    const QStringList csv = model->toCsv().split(QLatin1Char('\n'));
    QCOMPARE(csv.value(0), QStringLiteral("frame,loop,frameIndex,spriteFrame,notification"));
    QCOMPARE(csv.value(1), QStringLiteral("1,0,0,grossini_dance_01.png,firstframe=true"));
    QVERIFY(csv.contains(QStringLiteral("158,0,13,grossini_dance_14.png,lastframe=true")));

    // The tinted row is the update on display, wherever the playhead is put (a seek onto a
    // frame boundary shows what the bake shows there; the end, the restored original frame).
    const int frames = document->movementDuration(document->currentMovement());
    for (int frame = 0; frame <= frames; ++frame) {
        document->seekFrame(frame);
        const int row = model->playheadRow();
        QVERIFY(row >= 0);
        // The first update shows frame 0.
        QCOMPARE(model->data(model->index(row, 0), Qt::DisplayRole).toInt(), frame + 1);
        QCOMPARE(model->data(model->index(row, 2), Qt::DisplayRole).toInt(),
                 document->flipbookFrameIndex());
    }
    for (QToolButton* button : values->findChildren<QToolButton*>())
        QVERIFY(button->isEnabled());
    values->view()->selectRow(157);
    values->copyToClipboard();
    QCOMPARE(QApplication::clipboard()->text(),
             QStringLiteral("frame,loop,frameIndex,spriteFrame,notification\n"
                            "158,0,13,grossini_dance_14.png,lastframe=true\n"));
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("dance.csv"));
    QString error;
    QVERIFY2(values->exportCsv(path, &error), qPrintable(error));
    QFile exported(path);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(exported.readAll()), model->toCsv());
    values->grab().save(shotPath(QStringLiteral("flipbook_values")));

    // An edit of the timing lists the edited animation's rows: half the delay, half the loops.
    auto* properties = window.findChild<widgets::FlipbookProperties*>();
    QVERIFY(properties);
    test::typeValue(properties->delayPerUnitBox(), QStringLiteral("0.1"));
    QCOMPARE(document->flipbookData(document->currentMovement())->delayPerUnit, 0.1f);
    QCOMPARE(model->rowCount(), 168 + 1 + 120);
    document->undoStack()->undo();
    QCOMPARE(model->rowCount(), 457);

    // Another animation lists its own rows; an armature its bones again.
    document->setMovement(document->currentMovement() + 1);
    QVERIFY(model->rowCount() > 0);
    QVERIFY(model->toCsv().split(QLatin1Char('\n')).value(1).startsWith(QStringLiteral("1,")));
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    QCOMPARE(values->view()->model(), values->model());
    QCOMPARE(model->rowCount(), 0);
}

// weapon.xml holds an armature of displays and no movement: nothing poses its bones, which stay
// at the origin drawing nothing. The lane said "No frame events in this movement" of a movement
// that does not exist, and fitting that single point zoomed the view to 43 799 997 %.
void TestCurvesEvents::anArmatureWithoutMovementsSaysSo()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/weapon.xml")));
    QCOMPARE(window.document()->currentMovement(), -1);
    QVERIFY2(window.timeline()->eventLane()->emptyText().startsWith(
                 QStringLiteral("This armature has no movements")),
             qPrintable(window.timeline()->eventLane()->emptyText()));
    window.viewport()->fitToView();
    QCOMPARE(window.viewport()->camera().zoom, 1.f);

    // With no file open (one that could not be opened at start, a FIFO say) the lane said the
    // same of an armature that does not exist.
    MainWindow empty;
    empty.show();
    QCOMPARE(empty.document()->kind(), Document::Kind::Empty);
    QCOMPARE(empty.timeline()->eventLane()->emptyText(), QStringLiteral("No file open"));
}

QTEST_MAIN(TestCurvesEvents)
#include "test_curves_events.moc"
