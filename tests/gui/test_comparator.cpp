// The A/B comparator driven as a designer drives it, in a shown main window: Dragon stand →
// walk with three transitions typed into the panel, scrubbed by keys, typed updates and clicks
// on the divergence plot; side by side and overlaid; a choice adopted into the transition
// table and undone. Screenshots go to the temporary folder (bonescope_gui_comparator*.png).

#include "Document.h"
#include "MainWindow.h"
#include "MainWindowFixture.h"

#include "Viewport.h"
#include "panels/ComparatorPanel.h"

#include "script/ScriptBake.h"

#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

using namespace bonescope;
using app::Document;
using app::MainWindow;
using test::typeChoice;
using test::typeValue;
using widgets::ComparatorPanel;

namespace {
const QString kDragon = QStringLiteral(BONESCOPE_TEST_DATA "/corpus/Dragon.xml");

/// Screenshot `name` of this test (bonescope_gui_comparator_NAME.png).
QString shotPath(const QString& name)
{
    return test::shotPath(QStringLiteral("comparator_") + name);
}

/// Pixels whose colour differs by more than `tolerance` in any channel.
int differingPixels(const QImage& a, const QImage& b, int tolerance = 2)
{
    if (a.size() != b.size())
        return a.width() * a.height();
    const QImage left = a.convertToFormat(QImage::Format_RGB32);
    const QImage right = b.convertToFormat(QImage::Format_RGB32);
    int count = 0;
    for (int y = 0; y < left.height(); ++y) {
        const auto* l = reinterpret_cast<const QRgb*>(left.constScanLine(y));
        const auto* r = reinterpret_cast<const QRgb*>(right.constScanLine(y));
        for (int x = 0; x < left.width(); ++x)
            if (std::abs(qRed(l[x]) - qRed(r[x])) > tolerance ||
                std::abs(qGreen(l[x]) - qGreen(r[x])) > tolerance ||
                std::abs(qBlue(l[x]) - qBlue(r[x])) > tolerance)
                ++count;
    }
    return count;
}

/// A shown window on Dragon (or `file`), paused, with the comparator floated at a size where its
/// three viewports are equal squares, and stand → walk (or `target`) with a switch, while 0.5 s
/// and then 0.5 s typed into it.
struct DragonComparator {
    MainWindow window;
    Document* document = nullptr;
    ComparatorPanel* panel = nullptr;

    bool open(const QString& file = kDragon, const QString& target = QStringLiteral("walk"))
    {
        if (!test::showWithFile(window, file))
            return false;
        document = window.document();
        document->setPlaying(false);
        panel = window.findChild<ComparatorPanel*>();
        if (!panel)
            return false;
        QDockWidget* dock = test::dockOf(panel);
        if (!dock)
            return false;
        dock->setFloating(true);
        dock->show();
        dock->resize(1250, 900);
        for (int i = 0; i < ComparatorPanel::kMaxChoices; ++i)
            panel->viewport(i)->setFixedSize(360, 300);
        panel->overlayViewport()->setFixedSize(360, 300);
        if (!QTest::qWaitForWindowExposed(dock))
            return false;
        typeChoice(panel->sourceBox(), QStringLiteral("stand"));
        typeChoice(panel->targetBox(), target);
        const QString kinds[] = {QStringLiteral("Switch"), QStringLiteral("WhileAnimating"),
                                 QStringLiteral("ThenAnimate")};
        for (int i = 0; i < ComparatorPanel::kMaxChoices; ++i)
            typeChoice(panel->kindBox(i), kinds[i]);
        // A Switch has no duration (its box is off): the two fades last 0.5 s.
        typeValue(panel->durationBox(1), QStringLiteral("0.5"));
        typeValue(panel->durationBox(2), QStringLiteral("0.5"));
        const core::TransitionComparison* comparison = panel->comparison();
        return comparison && comparison->choiceCount() == 3 &&
               comparison->request().source == "stand" &&
               comparison->request().target == target.toStdString();
    }

    /// The three side-by-side viewports, framed alike (F in the first shares its camera).
    QList<QImage> grabViews()
    {
        QList<QImage> images;
        for (int i = 0; i < ComparatorPanel::kMaxChoices; ++i)
            images.append(panel->viewport(i)->grabFramebuffer());
        return images;
    }
};

} // namespace

class TestComparator : public QObject {
    Q_OBJECT
private slots:
    void comparatorSideBySide();
    void comparatorOverlay();
    void comparatorDivergencePlot();
    void comparatorAdopt();
    void comparatorFollowsEdits();
    void comparatorBakesOnlyWhileShown();
    void comparatorTakesLongTransitions();
    void comparatorPlays();
    void comparatorDrawsNestedArmatures();
};

void TestComparator::comparatorSideBySide()
{
    DragonComparator dragon;
    QVERIFY(dragon.open());
    ComparatorPanel* panel = dragon.panel;
    const core::TransitionComparison& comparison = *panel->comparison();
    const core::SkeletonData& skeleton = dragon.document->loaded()->skeleton;
    // The three timelines share the target's start; then 0.5 s is called 29 updates earlier.
    QCOMPARE(comparison.targetStartUpdate(), 59);
    QCOMPARE(comparison.callUpdate(2), 30);
    const QString kinds[] = {QStringLiteral("switch"), QStringLiteral("while"),
                             QStringLiteral("then")};
    for (int i = 0; i < 3; ++i)
        QCOMPARE(
            QString::fromLatin1(core::transitionKindName(comparison.script(i).calls.back().mode)),
            kinds[i]);
    // One camera: framed alike when shown, and F in any view frames them all.
    const auto sameCamera = [panel](int a, int b) {
        const render::ViewCamera& l = panel->viewport(a)->camera();
        const render::ViewCamera& r = panel->viewport(b)->camera();
        return l.zoom == r.zoom && l.centerX == r.centerX && l.centerY == r.centerY;
    };
    QVERIFY(sameCamera(0, 1) && sameCamera(0, 2));
    QVERIFY(panel->viewport(0)->camera().zoom != 1.f); // framed, not the empty scene's default
    panel->viewport(1)->setFocus();
    QTest::keyClick(panel->viewport(1), Qt::Key_F);
    QVERIFY(sameCamera(1, 0) && sameCamera(1, 2));

    // Mid-blend: a typed update; every viewport shows its own script's bake at that update.
    const int mid = 75;
    typeValue(panel->updateBox(), QString::number(mid));
    QCOMPARE(panel->shownUpdate(), mid);
    QCOMPARE(panel->slider()->value(), mid);
    for (int i = 0; i < 3; ++i) {
        const auto baked = core::bakeScript(skeleton, comparison.script(i), {mid});
        QVERIFY(baked);
        const auto shown = panel->shownPose(i);
        QCOMPARE(shown.size(), baked->poses.poses.size());
        const render::DrawList& drawn = panel->viewport(i)->drawList();
        QCOMPARE(drawn.bones.size(), shown.size());
        for (size_t bone = 0; bone < shown.size(); ++bone) {
            QCOMPARE(shown[bone].world.tx, baked->poses.poses[bone].world.tx);
            QCOMPARE(shown[bone].world.ty, baked->poses.poses[bone].world.ty);
            QCOMPARE(shown[bone].world.a, baked->poses.poses[bone].world.a);
            // The viewport draws that pose: its joints are the bake's origins.
            QCOMPARE(drawn.bones[bone].x1, baked->poses.poses[bone].world.tx);
            QCOMPARE(drawn.bones[bone].y1, baked->poses.poses[bone].world.ty);
        }
    }
    // B (while) still blends at 75, A and C show walk: B's image differs, A's and C's agree.
    const QList<QImage> during = dragon.grabViews();
    QVERIFY(!during[0].isNull());
    QCOMPARE(during[0].size(), during[1].size());
    QCOMPARE_GT(differingPixels(during[0], during[1]), 500);
    QCOMPARE_GT(differingPixels(during[2], during[1]), 500);
    QCOMPARE(differingPixels(during[0], during[2], 1), 0);
    QVERIFY(panel->grab().save(shotPath(QStringLiteral("side_by_side_mid"))));

    // C (then, called at 30) blends at 45 while A and B still show the source alone.
    panel->slider()->setFocus();
    QTest::keyClick(panel->slider(), Qt::Key_Home);
    QCOMPARE(panel->shownUpdate(), 1);
    typeValue(panel->updateBox(), QStringLiteral("45"));
    const QList<QImage> holding = dragon.grabViews();
    QCOMPARE(differingPixels(holding[0], holding[1], 1), 0);
    QCOMPARE_GT(differingPixels(holding[0], holding[2]), 500);
    QVERIFY(panel->grab().save(shotPath(QStringLiteral("side_by_side_then"))));

    // After every blend: End, then ← steps back by keys to an update past the last blend.
    panel->slider()->setFocus();
    QTest::keyClick(panel->slider(), Qt::Key_End);
    QCOMPARE(panel->shownUpdate(), comparison.updates());
    for (int i = 0; i < 5; ++i)
        QTest::keyClick(panel->slider(), Qt::Key_Left);
    const int after = comparison.updates() - 5;
    QCOMPARE(panel->shownUpdate(), after);
    QCOMPARE(dragon.document->currentFrame(), 0.0); // the window's frame-step keys stayed off
    for (int i = 0; i < 3; ++i)
        QCOMPARE_LT(comparison.settledUpdate(i), after);
    const QList<QImage> settled = dragon.grabViews();
    QCOMPARE(differingPixels(settled[0], settled[1], 1), 0);
    QCOMPARE(differingPixels(settled[0], settled[2], 1), 0);
    QCOMPARE_GT(differingPixels(settled[0], during[0]), 500); // walk moved on meanwhile
    QVERIFY(panel->grab().save(shotPath(QStringLiteral("side_by_side_after"))));
}

void TestComparator::comparatorOverlay()
{
    DragonComparator dragon;
    QVERIFY(dragon.open());
    ComparatorPanel* panel = dragon.panel;
    QTest::mouseClick(panel->overlayBox(), Qt::LeftButton);
    QVERIFY(panel->isOverlaid());
    QVERIFY(QTest::qWaitForWindowExposed(panel->overlayViewport()));
    // B's hand is farthest from A's at 69 (comparatorDivergencePlot).
    typeValue(panel->updateBox(), QStringLiteral("69"));
    widgets::Viewport* view = panel->overlayViewport();
    view->fitToView();
    // One instance per choice, each in its own tint.
    const render::DrawList& drawn = view->drawList();
    QCOMPARE(drawn.armatureBounds.size(), size_t(3));
    QSet<int> armatures;
    QSet<QRgb> tints;
    for (size_t q = 0; q < drawn.quads.size(); ++q) {
        armatures.insert(drawn.quads[q].armature);
        const render::SpriteVertex& v = drawn.vertices[4 * q];
        tints.insert(qRgba(v.r, v.g, v.b, v.a));
    }
    QCOMPARE(armatures.size(), 3);
    QCOMPARE_GE(tints.size(), 3);
    const QImage during = view->grabFramebuffer();
    QVERIFY(panel->grab().save(shotPath(QStringLiteral("overlay_mid"))));
    QVERIFY(during.save(shotPath(QStringLiteral("overlay_view_69"))));
    typeValue(panel->updateBox(), QStringLiteral("45")); // C's hold toward walk's first frame
    QVERIFY(view->grabFramebuffer().save(shotPath(QStringLiteral("overlay_view_45"))));
    // Once settled, the three lie exactly on each other: the picture differs from mid-blend,
    // and the three instances' bounds agree.
    typeValue(panel->updateBox(), QString::number(panel->comparison()->updates()));
    const render::DrawList& settled = view->drawList();
    for (size_t i = 1; i < 3; ++i) {
        QCOMPARE(settled.armatureBounds[i].minX, settled.armatureBounds[0].minX);
        QCOMPARE(settled.armatureBounds[i].maxY, settled.armatureBounds[0].maxY);
    }
    QCOMPARE_GT(differingPixels(view->grabFramebuffer(), during), 500);
    QVERIFY(panel->grab().save(shotPath(QStringLiteral("overlay_after"))));
}

void TestComparator::comparatorDivergencePlot()
{
    DragonComparator dragon;
    QVERIFY(dragon.open());
    ComparatorPanel* panel = dragon.panel;
    const core::TransitionComparison& comparison = *panel->comparison();
    widgets::DivergencePlot* plot = panel->plot();
    // No selection: the most divergent bone, B and C against A.
    QCOMPARE(plot->curves().size(), 2);
    const QString most =
        QString::fromStdString(comparison.boneNames()[size_t(comparison.mostDivergentBone())]);
    QVERIFY2(plot->curves()[0].label.startsWith(most), qPrintable(plot->curves()[0].label));

    // Select the tail: its curves, with core's peaks; at update 75 B is 14.7 px away.
    const int tail =
        int(std::find(comparison.boneNames().begin(), comparison.boneNames().end(), "tail") -
            comparison.boneNames().begin());
    dragon.document->selection()->selectBones({tail});
    QCOMPARE(plot->curves().size(), 2);
    const widgets::DivergenceCurve& b = plot->curves()[0];
    QVERIFY(b.label.startsWith(QStringLiteral("tail B")));
    QVERIFY(std::abs(b.values[75 - 1].distance - 14.6685) < 1e-3);
    const core::DivergencePeak peak = core::distancePeak(comparison.divergence(1, tail));
    QCOMPARE(b.distancePeak.update, peak.update);
    QCOMPARE(b.distancePeak.value, peak.value);
    QVERIFY(peak.update > comparison.callUpdate(1) && peak.update < comparison.settledUpdate(1));

    // A click on a bone in a view selects it for the plot.
    dragon.document->selection()->selectBones({});
    widgets::Viewport* view = panel->viewport(0);
    const render::DrawList& drawn = view->drawList();
    const auto hand = std::find_if(drawn.quads.begin(), drawn.quads.end(), [&](const auto& quad) {
        return comparison.boneNames()[size_t(quad.bone)] == "handR";
    });
    QVERIFY(hand != drawn.quads.end());
    // The middle of the hand's sprite (its pivot lies on the arm).
    const size_t first = 4 * size_t(hand - drawn.quads.begin());
    QPointF middle;
    for (size_t corner = first; corner < first + 4; ++corner)
        middle += QPointF(drawn.vertices[corner].x, drawn.vertices[corner].y) / 4;
    const QPoint click = view->camera().worldToScreen(QSizeF(view->size())).map(middle).toPoint();
    QCOMPARE(view->boneAt(click), hand->bone);
    QTest::mouseClick(view, Qt::LeftButton, {}, click);
    QCOMPARE(dragon.document->selection()->selectedBones(), QList<int>{hand->bone});
    QVERIFY(plot->curves()[0].label.startsWith(QStringLiteral("handR B")));
    QCOMPARE(panel->viewport(2)->selectedBones(), QList<int>{hand->bone});
    dragon.document->selection()->selectBones({tail});

    // A click on the plot scrubs every view there.
    QVERIFY(QTest::qWaitForWindowExposed(plot));
    QTest::mouseClick(plot, Qt::LeftButton, {},
                      QPoint(int(std::lround(plot->xForUpdate(peak.update))), plot->height() / 2));
    QCOMPARE(panel->shownUpdate(), peak.update);
    QCOMPARE(plot->cursor(), peak.update);
    QCOMPARE(panel->slider()->value(), peak.update);
    QVERIFY(plot->grab().save(shotPath(QStringLiteral("plot"))));

    // At its smallest (a laptop's dock), every peak keeps a label: inside its strip, none over
    // another; the hand's two peaks start 10 updates apart, so at 300 px they would collide.
    dragon.document->selection()->selectBones({hand->bone});
    widgets::DivergencePlot small;
    small.setCurves(plot->curves(), comparison.updates());
    small.resize(300, small.minimumSizeHint().height());
    for (const auto strip :
         {widgets::DivergencePlot::Strip::Distance, widgets::DivergencePlot::Strip::Rotation}) {
        const QRectF area = small.stripArea(strip);
        const QList<widgets::DivergencePlot::PeakLabel> labels = small.peakLabels(strip);
        QCOMPARE(labels.size(), 2);
        for (int i = 0; i < labels.size(); ++i) {
            QVERIFY2(area.contains(labels[i].box), qPrintable(labels[i].text));
            for (int j = 0; j < i; ++j)
                QVERIFY2(!labels[i].box.intersects(labels[j].box), qPrintable(labels[i].text));
        }
    }
    QVERIFY(small.grab().save(shotPath(QStringLiteral("plot_smallest"))));
    dragon.document->selection()->selectBones({tail});

    // Each choice's controls stand above its view.
    const auto inPanel = [panel](const QWidget* widget) {
        return QRect(widget->mapTo(panel, QPoint(0, 0)), widget->size());
    };
    QList<QRect> views;
    for (int i = 0; i < ComparatorPanel::kMaxChoices; ++i) {
        views.append(inPanel(panel->viewport(i)));
        const int left = inPanel(panel->choiceBox(i)).left();
        const int right = inPanel(panel->adoptButton(i)).right();
        QVERIFY2(views[i].center().x() > left && views[i].center().x() < right,
                 qPrintable(QStringLiteral("view %1 is not under its controls").arg(i)));
        QVERIFY(inPanel(panel->durationBox(i)).bottom() < views[i].top());
    }

    // Two choices: C off, its view hidden, its place kept (the other views stay under their
    // controls), B's curve alone.
    QTest::mouseClick(panel->choiceBox(2), Qt::LeftButton);
    QCOMPARE(panel->comparison()->choiceCount(), 2);
    QVERIFY(!panel->viewport(2)->isVisible());
    QCOMPARE(inPanel(panel->viewport(0)), views[0]);
    QCOMPARE(inPanel(panel->viewport(1)), views[1]);
    QCOMPARE(plot->curves().size(), 1);
    QVERIFY(plot->curves()[0].label.startsWith(QStringLiteral("tail B")));
    QCOMPARE(panel->shownUpdate(), peak.update);
}

void TestComparator::comparatorAdopt()
{
    DragonComparator dragon;
    QVERIFY(dragon.open());
    ComparatorPanel* panel = dragon.panel;
    Document* document = dragon.document;
    const core::TransitionTable before = document->editing()->transitionTable();
    QCOMPARE(before.find("stand", "walk"), before.fallback);

    QTest::mouseClick(panel->adoptButton(1), Qt::LeftButton);
    const core::TransitionTable& table = document->editing()->transitionTable();
    core::TransitionSpec expected;
    expected.kind = core::TransitionKind::WhileAnimating;
    expected.unit = core::TransitionSpec::Unit::Seconds;
    expected.duration = 0.5;
    QCOMPARE(table.rules.size(), before.rules.size() + 1);
    QVERIFY(table.find("stand", "walk") == expected);
    QCOMPARE(panel->adoptButton(1)->text(), QStringLiteral("In table"));
    QVERIFY(!panel->adoptButton(1)->isEnabled());
    QVERIFY(panel->adoptButton(2)->isEnabled());
    QVERIFY(document->isModified());

    // Adopting another choice replaces the pair's rule; one undo each, by the keyboard.
    QTest::mouseClick(panel->adoptButton(2), Qt::LeftButton);
    QCOMPARE(document->editing()->transitionTable().rules.size(), before.rules.size() + 1);
    QCOMPARE(document->editing()->transitionTable().find("stand", "walk").kind,
             core::TransitionKind::ThenAnimate);
    dragon.window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dragon.window));
    QTest::keyClick(&dragon.window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(document->editing()->transitionTable().find("stand", "walk") == expected);
    QTest::keyClick(&dragon.window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(document->editing()->transitionTable() == before);
    QCOMPARE(panel->adoptButton(1)->text(), QStringLiteral("Adopt"));
    QVERIFY(panel->adoptButton(1)->isEnabled());
    QVERIFY(!document->isModified());
}

void TestComparator::comparatorTakesLongTransitions()
{
    // A 12-second fade, typed: the box stopped at 5 s (typing 12 gave 1, the 2 refused).
    DragonComparator dragon;
    QVERIFY(dragon.open());
    ComparatorPanel* panel = dragon.panel;
    typeValue(panel->durationBox(1), QStringLiteral("12"));
    QCOMPARE(panel->durationBox(1)->value(), 12.0);
    const core::TransitionComparison* comparison = panel->comparison();
    QVERIFY(comparison);
    QVERIFY2(comparison->updates() >= 12 * 60 + comparison->targetStartUpdate(),
             qPrintable(QString::number(comparison->updates())));
    QTest::mouseClick(panel->adoptButton(1), Qt::LeftButton);
    const core::TransitionSpec adopted =
        dragon.document->editing()->transitionTable().find("stand", "walk");
    QCOMPARE(adopted.duration, 12.0);
    QCOMPARE(adopted.unit, core::TransitionSpec::Unit::Seconds);
}

void TestComparator::comparatorFollowsEdits()
{
    DragonComparator dragon;
    QVERIFY(dragon.open());
    ComparatorPanel* panel = dragon.panel;
    Document* document = dragon.document;
    const int last = panel->comparison()->updates();
    typeValue(panel->updateBox(), QString::number(last));
    const std::vector<core::BonePose> before(panel->shownPose(0).begin(),
                                             panel->shownPose(0).end());
    // walk at half speed: its pass twice as long. The comparison is baked again on the edit.
    const int walk = document->movementNames().indexOf(QStringLiteral("walk"));
    document->editing()->setParameter(document->editing()->movementTarget(walk),
                                      core::EditKey::DurationTween, 42);
    QCOMPARE(document->movementData(walk)->durationTween, 42);
    QCOMPARE(panel->shownUpdate(), last);
    const auto baked =
        core::bakeScript(document->loaded()->skeleton, panel->comparison()->script(0), {last});
    QVERIFY(baked);
    const auto after = panel->shownPose(0);
    double moved = 0.0;
    for (size_t bone = 0; bone < after.size(); ++bone) {
        QCOMPARE(after[bone].world.tx, baked->poses.poses[bone].world.tx);
        QCOMPARE(after[bone].world.ty, baked->poses.poses[bone].world.ty);
        moved = std::max(moved, core::boneDivergence(after[bone], before[bone]).distance);
    }
    QCOMPARE_GT(moved, 1.0);
}

void TestComparator::comparatorBakesOnlyWhileShown()
{
    MainWindow window;
    QVERIFY(test::showWithFile(window, kDragon));
    Document* document = window.document();
    auto* panel = window.findChild<ComparatorPanel*>();
    QDockWidget* dock = test::dockOf(panel);
    QVERIFY(dock);
    // Closed (its title bar's button), the panel has nothing baked for a file opened...
    dock->close();
    QTRY_VERIFY(!panel->isVisible());
    QVERIFY(window.openFile(kDragon));
    QVERIFY(!panel->comparison());
    // ... until it shows again (View → Compare).
    dock->show();
    QTRY_VERIFY(panel->isVisible());
    QVERIFY(panel->comparison());
    const auto lastPose = [&panel] {
        const core::TransitionComparison& comparison = *panel->comparison();
        const auto pose = comparison.pose(0, comparison.updates());
        return std::vector<core::BonePose>(pose.begin(), pose.end());
    };
    const std::vector<core::BonePose> before = lastPose();

    // Hidden, it keeps its bake until an edit, which drops it (baked on the movements before)...
    dock->close();
    QTRY_VERIFY(!panel->isVisible());
    QVERIFY(panel->comparison());
    const int target =
        document->movementNames().indexOf(QString::fromStdString(panel->request().target));
    QVERIFY(target >= 0);
    const int tween = document->movementData(target)->durationTween;
    document->editing()->setParameter(document->editing()->movementTarget(target),
                                      core::EditKey::DurationTween, tween * 2);
    QVERIFY(!panel->comparison());

    // ... and showing it bakes the edited movements.
    dock->show();
    QTRY_VERIFY(panel->comparison());
    const auto expected =
        core::TransitionComparison::create(document->loaded()->skeleton, panel->request());
    QVERIFY(expected);
    QCOMPARE(panel->comparison()->updates(), expected->updates());
    const std::vector<core::BonePose> after = lastPose();
    const auto edited = expected->pose(0, expected->updates());
    double moved = 0.0;
    for (size_t bone = 0; bone < after.size(); ++bone) {
        QCOMPARE(after[bone].world.tx, edited[bone].world.tx);
        QCOMPARE(after[bone].world.ty, edited[bone].world.ty);
        moved = std::max(moved, core::boneDivergence(after[bone], before[bone]).distance);
    }
    QCOMPARE_GT(moved, 1.0);
}

void TestComparator::comparatorPlays()
{
    DragonComparator dragon;
    QVERIFY(dragon.open());
    ComparatorPanel* panel = dragon.panel;
    const int last = panel->comparison()->updates();
    typeValue(panel->updateBox(), QString::number(last - 2));
    QTest::mouseClick(panel->playButton(), Qt::LeftButton);
    QVERIFY(panel->playButton()->isChecked());
    // Past the last update it starts over from the first.
    QTRY_VERIFY(panel->shownUpdate() < last - 2);
    // An update typed while it plays is not written over, and Enter goes there.
    QSpinBox* box = panel->updateBox();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("12"));
    const int playing = panel->shownUpdate();
    QTRY_VERIFY(panel->shownUpdate() != playing);
    QCOMPARE(box->cleanText(), QStringLiteral("12"));
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(panel->shownUpdate(), 12);
    QTest::mouseClick(panel->playButton(), Qt::LeftButton);
    const int stopped = panel->shownUpdate();
    QTest::qWait(100);
    QCOMPARE(panel->shownUpdate(), stopped);
    QCOMPARE(panel->slider()->value(), stopped);
}

// cyborg's arms are nested armatures (weapons): every choice's view draws them on its own arm
// (the views drew an armless cyborg).
void TestComparator::comparatorDrawsNestedArmatures()
{
    DragonComparator cyborg;
    QVERIFY(cyborg.open(QStringLiteral(BONESCOPE_TEST_DATA "/corpus/cyborg.xml"),
                        QStringLiteral("run")));
    ComparatorPanel* panel = cyborg.panel;
    const core::TransitionComparison& comparison = *panel->comparison();
    const auto& names = comparison.boneNames();
    const int arm = int(std::find(names.begin(), names.end(), "armOutside") - names.begin());
    QVERIFY(arm < int(names.size()));
    typeValue(panel->updateBox(), QStringLiteral("75"));
    core::NestedPoses nested;
    for (int i = 0; i < comparison.choiceCount(); ++i) {
        panel->viewport(i)->grabFramebuffer();
        int armQuads = 0;
        for (const render::SpriteQuad& quad : panel->viewport(i)->drawList().quads)
            armQuads += quad.armature == 0 && quad.bone == arm ? 1 : 0;
        QCOMPARE(armQuads, 4); // weapon, upper arm, forearm, hand
        comparison.composeNested(i, 75, nested);
        QCOMPARE(nested.size(), size_t(2));
    }
    panel->grab().save(shotPath(QStringLiteral("cyborg")));
}

QTEST_MAIN(TestComparator)
#include "test_comparator.moc"
