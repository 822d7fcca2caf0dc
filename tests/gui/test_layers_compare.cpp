// The layers panel driven as a user drives it, in a shown main window: layers added, reordered,
// removed and tuned by mouse and keyboard, the viewport showing core's layered pose, every edit
// undoable. Screenshots go to the temporary folder (bonescope_gui_layers*.png).

#include "Document.h"
#include "ExportEditing.h"
#include "MainWindow.h"
#include "MainWindowFixture.h"

#include "Viewport.h"
#include "panels/BoneTreePanel.h"
#include "panels/LayersPanel.h"
#include "panels/ProblemsPanel.h"
#include "panels/TracePanel.h"

#include "base/FrameRate.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItem>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

#include <algorithm>

using namespace bonescope;
using app::Document;
using app::MainWindow;
using test::typeChoice;
using test::typeValue;
using widgets::LayersPanel;
using widgets::ProblemsPanel;

using bonescope::test::shotPath;

namespace {
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus");
constexpr double kTolerance = 1e-3; // pose units: the goldens' tolerance is tighter, but the
                                    // expectation goes through a frames → seconds round trip

/// The bone whose local x differs most between `a` and `b`.
int mostDifferentBone(const core::Pose& a, const core::Pose& b)
{
    int best = -1;
    float largest = 0.f;
    for (size_t bone = 0; bone < a.size(); ++bone) {
        const float difference = std::abs(a[bone].local.x - b[bone].local.x);
        if (difference > largest) {
            largest = difference;
            best = int(bone);
        }
    }
    return best;
}

/// A shown window on Dragon, paused, with the layers panel; two layers built in the panel:
/// "stand" at the bottom, "walk" on top, both weight 1.
struct DragonLayers {
    MainWindow window;
    Document* document = nullptr;
    LayersPanel* panel = nullptr;
    int stand = -1;
    int walk = -1;

    bool open(const QString& file = kCorpus + QStringLiteral("/Dragon.xml"))
    {
        window.show();
        if (!QTest::qWaitForWindowExposed(&window) || !window.openFile(file))
            return false;
        document = window.document();
        document->setPlaying(false);
        panel = window.findChild<LayersPanel*>();
        stand = document->movementNames().indexOf(QStringLiteral("stand"));
        walk = document->movementNames().indexOf(QStringLiteral("walk"));
        if (!panel || stand < 0 || walk < 0)
            return false;
        // The dock shares its place with the crossfade inspector: bring its tab forward.
        QDockWidget* dock = bonescope::test::dockOf(panel);
        if (!dock)
            return false;
        dock->raise();
        if (!QTest::qWaitForWindowExposed(panel))
            return false;
        QTest::mouseClick(panel->addButton(), Qt::LeftButton);
        typeChoice(panel->movementBox(), QStringLiteral("stand"));
        QTest::mouseClick(panel->addButton(), Qt::LeftButton);
        typeChoice(panel->movementBox(), QStringLiteral("walk"));
        const core::LayerSetup setup = document->layers()->layerSetup();
        return setup.layers.size() == 2 && setup.layers[0].movement == "stand" &&
               setup.layers[1].movement == "walk" && panel->selectedLayer() == 1;
    }
};

} // namespace

class TestLayersCompare : public QObject {
    Q_OBJECT
private slots:
    void layersPanelWeight();
    void layersPanelMaskFromSelection();
    void blendTraceShowsTheLayerStack();
    void layersPanelEditsUndo();
    void layersPanelFlagsWeightSums();
    void wheelOverAFieldScrollsTheDock();
    void layersPanelStaysPutWhenLayersAreAdded();
    void layersPanelShowsSetupErrors();
    void layerLimitsAreTheBakesLimits();
    void layersPanelSavedInSidecar();
    void layersFlaggedInBoneTree();
};

void TestLayersCompare::layersPanelWeight()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    Document* document = dragon.document;
    LayersPanel* panel = dragon.panel;
    constexpr double kFrame = 10; // frames into both movements
    document->seekFrame(kFrame);
    const core::Pose stand = document->samplePose(dragon.stand, kFrame);
    const core::Pose walk = document->samplePose(dragon.walk, kFrame);
    const int bone = mostDifferentBone(stand, walk);
    QVERIFY(bone >= 0);
    QVERIFY(std::abs(walk[size_t(bone)].local.x - stand[size_t(bone)].local.x) > 1.f);
    auto expectedX = [&](double weight) {
        const float from = stand[size_t(bone)].local.x;
        return from + float(weight) * (walk[size_t(bone)].local.x - from);
    };
    auto expectedY = [&](double weight) {
        const float from = stand[size_t(bone)].local.y;
        return from + float(weight) * (walk[size_t(bone)].local.y - from);
    };

    // Weight 1 on top: the bone shows walk.
    QCOMPARE_LE(std::abs(document->pose()[size_t(bone)].local.x - expectedX(1.0)), kTolerance);
    dragon.window.viewport()->fitToView();
    const QImage full = dragon.window.viewport()->grabFramebuffer();

    // The slider by keyboard: Home, then five page steps of 10 → weight 0.5, one undo step.
    const int undoBefore = document->undoStack()->count();
    QSlider* slider = panel->weightSlider();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Home);
    for (int i = 0; i < 5; ++i)
        QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(slider->value(), LayersPanel::kWeightSteps / 2);
    QCOMPARE(document->layers()->layerSetup().layers[1].weight, 0.5f);
    QCOMPARE(panel->weightBox()->value(), 0.5);
    QCOMPARE(document->undoStack()->count(), undoBefore + 1);
    QCOMPARE_LE(std::abs(document->pose()[size_t(bone)].local.x - expectedX(0.5)), kTolerance);
    QCOMPARE_LE(std::abs(document->pose()[size_t(bone)].local.y - expectedY(0.5)), kTolerance);
    const QImage half = dragon.window.viewport()->grabFramebuffer();
    QVERIFY(half != full);

    // Typed into the box: 0.25.
    typeValue(panel->weightBox(), QStringLiteral("0.25"));
    QCOMPARE(document->layers()->layerSetup().layers[1].weight, 0.25f);
    QCOMPARE(slider->value(), LayersPanel::kWeightSteps / 4);
    QCOMPARE_LE(std::abs(document->pose()[size_t(bone)].local.x - expectedX(0.25)), kTolerance);
    QCOMPARE_LE(std::abs(document->pose()[size_t(bone)].local.y - expectedY(0.25)), kTolerance);
    panel->grab().save(shotPath(QStringLiteral("layers_panel")));
    dragon.window.grab().save(shotPath(QStringLiteral("layers_window")));

    // The weight edits merged into one step: one undo brings weight 1 and walk's pose back.
    document->undoStack()->undo();
    QCOMPARE(document->layers()->layerSetup().layers[1].weight, 1.f);
    QCOMPARE(slider->value(), LayersPanel::kWeightSteps);
    QCOMPARE_LE(std::abs(document->pose()[size_t(bone)].local.x - expectedX(1.0)), kTolerance);

    // Still live while playing: the layered pose follows the playback clock.
    document->setPlaying(true);
    document->advance(5);
    const core::Pose walkLater = document->samplePose(dragon.walk, kFrame + 5);
    QCOMPARE_LE(std::abs(document->pose()[size_t(bone)].local.x - walkLater[size_t(bone)].local.x),
                kTolerance);
}

void TestLayersCompare::layersPanelMaskFromSelection()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    Document* document = dragon.document;
    document->seekFrame(10);
    const core::Pose stand = document->samplePose(dragon.stand, 10);
    const core::Pose walk = document->samplePose(dragon.walk, 10);
    const int picked = mostDifferentBone(stand, walk);
    QVERIFY(picked >= 0);
    document->selection()->selectBones({picked});
    QTest::mouseClick(dragon.panel->maskFromSelectionButton(), Qt::LeftButton);
    const auto& mask = document->layers()->layerSetup().layers[1].mask;
    QVERIFY(mask.has_value());
    QCOMPARE(mask->size(), size_t(1));
    QCOMPARE(QString::fromStdString(mask->front()),
             QString::fromStdString(document->armature()->bones[size_t(picked)].name));

    // The walk layer moves the picked bone only; every other bone shows stand.
    const core::Pose& pose = document->pose();
    for (size_t bone = 0; bone < pose.size(); ++bone) {
        const core::Pose& expected = int(bone) == picked ? walk : stand;
        QVERIFY2(std::abs(pose[bone].local.x - expected[bone].local.x) <= kTolerance,
                 qPrintable(QStringLiteral("bone %1").arg(bone)));
    }

    QTest::mouseClick(dragon.panel->maskAllButton(), Qt::LeftButton);
    QVERIFY(!document->layers()->layerSetup().layers[1].mask.has_value());
    document->undoStack()->undo();
    QVERIFY(document->layers()->layerSetup().layers[1].mask.has_value());
}

// The blend trace dock, with no recording, shows what the layer stack makes of each selected
// bone: each layer that sets it with its share and its value alone, then the result; a bone the
// top layer's mask leaves out is the bottom layer's alone.
void TestLayersCompare::blendTraceShowsTheLayerStack()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    Document* document = dragon.document;
    widgets::TracePanel* trace = dragon.window.trace();
    bonescope::test::dockOf(trace)->raise();
    constexpr double kFrame = 10;
    document->seekFrame(kFrame);
    const core::Pose stand = document->samplePose(dragon.stand, kFrame);
    const core::Pose walk = document->samplePose(dragon.walk, kFrame);
    const int picked = mostDifferentBone(stand, walk);
    QVERIFY(picked >= 0);
    typeValue(dragon.panel->weightBox(), QStringLiteral("0.25"));
    document->selection()->selectBones({picked});

    const auto cell = [trace](int row, int column) {
        return trace->table()->item(row, column)->text();
    };
    const QString bone = QString::fromStdString(document->armature()->bones[size_t(picked)].name);
    QCOMPARE(trace->table()->rowCount(), 3);
    QCOMPARE(cell(0, 0), bone);
    QCOMPARE(cell(0, 1), QStringLiteral("layer 1"));
    QCOMPARE(cell(0, 2), QStringLiteral("0.7500"));
    QCOMPARE(cell(0, 3), QString::number(stand[size_t(picked)].local.x, 'f', 3));
    QCOMPARE(cell(0, 9), QStringLiteral("10.00"));
    QCOMPARE(cell(1, 1), QStringLiteral("layer 2"));
    QCOMPARE(cell(1, 2), QStringLiteral("0.2500"));
    QCOMPARE(cell(1, 3), QString::number(walk[size_t(picked)].local.x, 'f', 3));
    QCOMPARE(cell(2, 1), QStringLiteral("result"));
    QCOMPARE(cell(2, 3), QString::number(document->pose()[size_t(picked)].local.x, 'f', 3));
    QVERIFY(std::abs(document->pose()[size_t(picked)].local.x -
                     (0.75f * stand[size_t(picked)].local.x +
                      0.25f * walk[size_t(picked)].local.x)) <= kTolerance);
    const QLabel* hint = trace->findChild<QLabel*>();
    QVERIFY2(hint->text().contains(QStringLiteral("Layer stack at 0.167 s (update 10)")),
             qPrintable(hint->text()));
    // This update's rows export as bake --trace writes them; there is no recording to export.
    QVERIFY(trace->exportButton()->isEnabled());
    const QStringList lines = trace->csv(widgets::TracePanel::Scope::Update).trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0],
             QStringLiteral("frame,bone,contributor,weight,x,y,skewX,skewY,scaleX,scaleY"));
    QVERIFY2(lines[1].startsWith(QStringLiteral("10,") + bone + QStringLiteral(",layer 1,0.75")),
             qPrintable(lines[1]));
    QVERIFY(!trace->exportButton()->menu()->actions().at(1)->isEnabled());
    dragon.window.grab().save(shotPath(QStringLiteral("layers_trace")));

    // Outside the top layer's mask, the bone is the bottom layer's alone.
    const int other = picked == 0 ? 1 : 0;
    document->selection()->selectBones({other});
    QTest::mouseClick(dragon.panel->maskFromSelectionButton(), Qt::LeftButton);
    document->selection()->selectBones({picked});
    QCOMPARE(trace->table()->rowCount(), 2);
    QCOMPARE(cell(0, 1), QStringLiteral("layer 1"));
    QCOMPARE(cell(0, 2), QStringLiteral("1.0000"));
    QCOMPARE(cell(1, 3), QString::number(stand[size_t(picked)].local.x, 'f', 3));

    // Without layers, nothing to trace until a recording.
    for (int layers = 2; layers > 0; --layers) {
        dragon.panel->layerList()->setCurrentRow(0);
        QTest::mouseClick(dragon.panel->removeButton(), Qt::LeftButton);
    }
    QVERIFY(document->layers()->layerSetup().layers.empty());
    QCOMPARE(trace->table()->rowCount(), 0);
    QVERIFY(hint->text().contains(QStringLiteral("add layers")));
}

void TestLayersCompare::layersPanelEditsUndo()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    Document* document = dragon.document;
    LayersPanel* panel = dragon.panel;
    auto movements = [&] {
        QStringList names;
        for (const auto& layer : document->layers()->layerSetup().layers)
            names << QString::fromStdString(layer.movement);
        return names;
    };
    QCOMPARE(movements(), (QStringList{"stand", "walk"}));
    // The list shows the stack top first, so Up and Down move a row as they say on screen.
    const auto rows = [panel] {
        QStringList texts;
        for (int row = 0; row < panel->layerList()->count(); ++row)
            texts << panel->layerList()->item(row)->text().section(QStringLiteral(" — "), 1, 1);
        return texts;
    };
    QCOMPARE(rows(), (QStringList{"walk × 1.00", "stand × 1.00"}));
    QCOMPARE(panel->layerList()->currentRow(), 0);
    QVERIFY(!panel->upButton()->isEnabled()); // walk is on top already

    QTest::mouseClick(panel->downButton(), Qt::LeftButton);
    QCOMPARE(movements(), (QStringList{"walk", "stand"}));
    QCOMPARE(rows(), (QStringList{"stand × 1.00", "walk × 1.00"}));
    QCOMPARE(panel->selectedLayer(), 0);
    QCOMPARE(panel->layerList()->currentRow(), 1); // walk, moved down on screen too
    QVERIFY(panel->upButton()->isEnabled() && !panel->downButton()->isEnabled());
    QTest::mouseClick(panel->removeButton(), Qt::LeftButton);
    QCOMPARE(movements(), (QStringList{"stand"}));
    QCOMPARE(panel->layerList()->count(), 1);

    document->undoStack()->undo();
    QCOMPARE(movements(), (QStringList{"walk", "stand"}));
    document->undoStack()->undo();
    QCOMPARE(movements(), (QStringList{"stand", "walk"}));
    document->undoStack()->redo();
    QCOMPARE(movements(), (QStringList{"walk", "stand"}));

    // Speed and a transition typed in.
    const int steps = document->undoStack()->index();
    typeValue(panel->speedBox(), QStringLiteral("2"));
    QCOMPARE(document->layers()->layerSetup().layers[size_t(panel->selectedLayer())].speed, 2.0);
    typeChoice(panel->nextMovementBox(), QStringLiteral("jump"));
    typeValue(panel->nextDurationBox(), QStringLiteral("0.5"));
    const auto& transition =
        document->layers()->layerSetup().layers[size_t(panel->selectedLayer())].transition;
    QVERIFY(transition.has_value());
    QCOMPARE(QString::fromStdString(transition->movement), QStringLiteral("jump"));
    QCOMPARE(transition->durationSeconds, 0.5);
    // Walking the choices with the arrow keys and typing the duration: one transition edit.
    QCOMPARE(document->undoStack()->index(), steps + 2);

    // The layer's own movement walked by keyboard from the first choice to fall: one step,
    // which one undo takes back whole.
    const size_t row = size_t(panel->selectedLayer());
    const std::string before = document->layers()->layerSetup().layers[row].movement;
    typeChoice(panel->movementBox(), QStringLiteral("fall"));
    QCOMPARE(QString::fromStdString(document->layers()->layerSetup().layers[row].movement),
             QStringLiteral("fall"));
    QCOMPARE(document->undoStack()->index(), steps + 3);
    document->undoStack()->undo();
    QCOMPARE(document->layers()->layerSetup().layers[row].movement, before);
    QCOMPARE(panel->movementBox()->currentText(), QString::fromStdString(before));

    // Without layers the viewport shows the player's pose again.
    while (!document->layers()->layerSetup().layers.empty())
        QTest::mouseClick(panel->removeButton(), Qt::LeftButton);
    document->seekFrame(3);
    const core::Pose played = document->samplePose(document->currentMovement(), 3);
    QCOMPARE_LE(std::abs(document->pose()[0].local.x - played[0].local.x), kTolerance);
}

// The wheel turned over a field the pointer merely crosses scrolls the dock and changes
// nothing (the layer's speed stayed 1 while the dock scrolled by; it went to 0.5); over the field
// being edited it steps the value as before. No field of the window takes the focus from the
// wheel once shown, which a real wheel would give before any filter saw it.
void TestLayersCompare::wheelOverAFieldScrollsTheDock()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    dragon.window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dragon.window));
    for (const QWidget* field : dragon.window.findChildren<QWidget*>())
        if (field->isVisible())
            QVERIFY2(field->focusPolicy() != Qt::WheelFocus, field->metaObject()->className());

    auto* scroll = qobject_cast<QScrollArea*>(test::dockOf(dragon.panel)->widget());
    QVERIFY(scroll);
    scroll->resize(scroll->width(), 120); // short enough to scroll
    QScrollBar* bar = scroll->verticalScrollBar();
    QVERIFY(bar->maximum() > 0);
    bar->setValue(0);
    QDoubleSpinBox* speed = dragon.panel->speedBox();
    scroll->ensureWidgetVisible(speed);
    const int scrolledTo = bar->value();
    bar->setValue(std::max(0, scrolledTo - 20));
    const int before = bar->value();
    dragon.window.viewport()->setFocus();
    QTRY_VERIFY(!speed->hasFocus());
    // As the application delivers a wheel: to the widget under the pointer, then to its
    // parents while it is ignored.
    const auto wheel = [speed](int notches) {
        const QPointF at(speed->width() / 2.0, speed->height() / 2.0);
        QWheelEvent event(at, speed->mapToGlobal(at), {}, {0, -120 * notches}, Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        for (QWidget* widget = speed; widget; widget = widget->parentWidget()) {
            event.ignore();
            QApplication::sendEvent(widget, &event);
            if (event.isAccepted())
                return widget;
        }
        return static_cast<QWidget*>(nullptr);
    };
    QCOMPARE(wheel(3), scroll->viewport());
    QCOMPARE(speed->value(), 1.0);
    QCOMPARE(dragon.document->layers()->layerSetup().layers[1].speed, 1.0);
    QCOMPARE_GT(bar->value(), before);

    speed->setFocus();
    QTRY_VERIFY(speed->hasFocus());
    QCOMPARE(wheel(1), speed);
    QCOMPARE_LT(speed->value(), 1.0);
    QCOMPARE(dragon.document->layers()->layerSetup().layers[1].speed, speed->value());
}

void TestLayersCompare::layersPanelFlagsWeightSums()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    Document* document = dragon.document;
    LayersPanel* panel = dragon.panel;
    // stand 1 + walk 1: every bone both move adds up to 2.
    QVERIFY(panel->weightWarning()->isVisibleTo(panel));
    QCOMPARE(panel->weightWarning()->text(),
             QStringLiteral("Weights add up to 2.00 on every bone, not 1"));

    // walk 0.5 over stand 0.5: 1, nothing flagged.
    typeValue(panel->weightBox(), QStringLiteral("0.5"));
    panel->selectLayer(0);
    typeValue(panel->weightBox(), QStringLiteral("0.5"));
    QCOMPARE(document->layers()->layerSetup().layers[0].weight, 0.5f);
    QVERIFY(!panel->weightWarning()->isVisibleTo(panel));
    QVERIFY(panel->weightWarning()->text().isEmpty());

    // Stand masked to one bone: that bone still sums to 1, the others (walk only) to 0.5.
    const int picked = 0;
    document->selection()->selectBones({picked});
    QTest::mouseClick(panel->maskFromSelectionButton(), Qt::LeftButton);
    const std::vector<float> sums = document->layers()->layerWeightSums();
    QCOMPARE(sums[size_t(picked)], 1.f);
    const QString name = QString::fromStdString(document->armature()->bones[1].name);
    QCOMPARE(sums[1], 0.5f);
    // One sum, said once, for the bones at it (the picked one is not among them).
    const QString warning = panel->weightWarning()->text();
    QVERIFY2(warning.startsWith(QStringLiteral("Weights not adding up to 1: 0.50 on ") + name),
             qPrintable(warning));
    QCOMPARE(warning.count(QStringLiteral("0.50")), 1);
    QVERIFY(!warning.contains(
        QString::fromStdString(document->armature()->bones[size_t(picked)].name) + ", "));
    panel->grab().save(shotPath(QStringLiteral("layers_flagged")));
}

void TestLayersCompare::layersPanelStaysPutWhenLayersAreAdded()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    window.document()->setPlaying(false);
    auto* panel = window.findChild<LayersPanel*>();
    QVERIFY(panel);
    QDockWidget* dock = test::dockOf(panel);
    dock->raise();
    QVERIFY(QTest::qWaitForWindowExposed(panel));
    auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
    QVERIFY(scroll);
    // A dock with room for the panel's minimum, not for the list's default 192 pixels.
    scroll->resize(scroll->width(), panel->minimumSizeHint().height() + 20);
    QTRY_COMPARE(panel->height(), scroll->viewport()->height());
    const QPoint addAt = panel->addButton()->pos();

    // The first layer fills the fields under the list, the word-wrapped mask label among them,
    // which makes the scroll area size the panel to its preferred height: the panel keeps its
    // height all the same, and the button the place a second click aims at.
    QTest::mouseClick(panel->addButton(), Qt::LeftButton);
    QCOMPARE(window.document()->layers()->layerSetup().layers.size(), size_t(1));
    QTest::qWait(100); // the scroll area's relayout comes a few events later
    QCOMPARE(panel->height(), scroll->viewport()->height());
    QCOMPARE(panel->addButton()->pos(), addAt);
    QVERIFY(!scroll->verticalScrollBar()->isVisible());
}

void TestLayersCompare::layersPanelShowsSetupErrors()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    Document* document = dragon.document;
    // A setup from elsewhere (e.g. a file) naming a movement Dragon lacks: the error is shown,
    // the viewport keeps the player's pose.
    core::LayerSetup setup = document->layers()->layerSetup();
    setup.layers[1].movement = "fly";
    document->layers()->setLayerSetup(setup);
    QVERIFY(document->layers()->layerSetupError().contains(QStringLiteral("fly")));
    QVERIFY(document->layers()->layerSetupError().contains(QStringLiteral("/layers/1/movement")));
    bool shown = false;
    for (QLabel* label : dragon.panel->findChildren<QLabel*>())
        shown = shown || (label->isVisibleTo(dragon.panel) && label->text().contains("fly"));
    QVERIFY(shown);
    document->undoStack()->undo();
    QVERIFY(document->layers()->layerSetupError().isEmpty());
}

// A layer stack keeps the limits a layers bake keeps, in the dock's fields as in a sidecar: a
// speed up to 100 and a transition start and duration up to an hour take every digit typed
// (the fields stopped at 10×, 3600 s and 60 s, and a sidecar's faster or longer values showed
// clamped while they played, to be written back clamped by the next edit of the row); a sidecar
// past them is refused in place, as bonescope-cli refuses it.
void TestLayersCompare::layerLimitsAreTheBakesLimits()
{
    QTemporaryDir folder;
    const QString file = test::copyDragon(folder);
    QVERIFY(!file.isEmpty());
    DragonLayers dragon;
    QVERIFY(dragon.open(file));
    Document* document = dragon.document;
    LayersPanel* panel = dragon.panel;
    const auto top = [document] { return document->layers()->layerSetup().layers[1]; };
    typeValue(panel->speedBox(), QStringLiteral("50"));
    QCOMPARE(top().speed, 50.0);
    typeChoice(panel->nextMovementBox(), QStringLiteral("jump"));
    typeValue(panel->nextStartBox(), QStringLiteral("1200"));
    typeValue(panel->nextDurationBox(), QStringLiteral("90"));
    QVERIFY(top().transition.has_value());
    QCOMPARE(top().transition->startSeconds, 1200.0);
    QCOMPARE(top().transition->durationSeconds, 90.0);
    // Another field of the row leaves the others as they are.
    typeValue(panel->nextStartBox(), QStringLiteral("2"));
    QCOMPARE(top().transition->durationSeconds, 90.0);
    QCOMPARE(top().speed, 50.0);
    QVERIFY(document->layers()->layerSetupError().isEmpty());
    // The base layer has no transition: its fields show a new one's times, which choosing a
    // next movement takes (they showed, and it took, the top layer's 2 s and 90 s).
    const auto base = [document] { return document->layers()->layerSetup().layers[0]; };
    panel->layerList()->setCurrentRow(1); // the top layer is listed first
    QCOMPARE(panel->nextStartBox()->value(), 0.0);
    QCOMPARE(panel->nextDurationBox()->value(), 0.0);
    typeChoice(panel->nextMovementBox(), QStringLiteral("walk"));
    QVERIFY(base().transition.has_value());
    QCOMPARE(base().transition->startSeconds, 0.0);
    QCOMPARE(base().transition->durationSeconds, 0.0);
    panel->grab().save(shotPath(QStringLiteral("layers_new_transition")));
    panel->layerList()->setCurrentRow(0);
    QCOMPARE(panel->nextDurationBox()->value(), 90.0);

    // A sidecar asking for more: refused with the sidecar, its line and the value's pointer.
    const QString sidecar = file + QStringLiteral(".bonescope.json");
    {
        QFile out(sidecar);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write("{\n  \"version\": 1,\n  \"layers\": {\n    \"layers\": [\n"
                  "      {\"name\": \"base\", \"movement\": \"stand\"},\n"
                  "      {\"name\": \"top\", \"movement\": \"walk\",\n"
                  "       \"speed\": 1e300}\n    ]\n  }\n}\n");
    }
    QVERIFY(document->file().reload());
    QVERIFY(!document->layers()->isLive());
    const QString error = document->layers()->layerSetupError();
    QVERIFY2(error.startsWith(sidecar + QStringLiteral(":7 (at /layers/layers/1/speed): layer "
                                                       "\"top\": speed must be from 0 to 100")),
             qPrintable(error));
    dragon.window.grab().save(shotPath(QStringLiteral("layers_limit_refused")));
}

void TestLayersCompare::layersPanelSavedInSidecar()
{
    QTemporaryDir folder;
    const QString file = test::copyDragon(folder);
    QVERIFY(!file.isEmpty());
    core::LayerSetup saved;
    {
        DragonLayers dragon;
        QVERIFY(dragon.open(file));
        Document* document = dragon.document;
        QVERIFY(document->isModified()); // the layers are not in a sidecar yet
        typeValue(dragon.panel->weightBox(), QStringLiteral("0.4"));
        document->selection()->selectBones({0});
        QTest::mouseClick(dragon.panel->maskFromSelectionButton(), Qt::LeftButton);
        saved = document->layers()->layerSetup();
        dragon.window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
        QVERIFY(!document->isModified());
        // Undone back to the saved layers, the document is unmodified again.
        document->undoStack()->undo();
        QVERIFY(document->isModified());
        document->undoStack()->redo();
        QVERIFY(!document->isModified());
    }
    QVERIFY(QFile::exists(file + QStringLiteral(".bonescope.json")));
    MainWindow reopened;
    QVERIFY(reopened.openFile(file));
    Document* document = reopened.document();
    QVERIFY(document->layers()->layerSetup() == saved);
    QVERIFY(document->layers()->layerSetupError().isEmpty());
    QCOMPARE(reopened.findChild<LayersPanel*>()->layerList()->count(), 2);
    QVERIFY(!document->isModified());
    // The reopened stack plays: its pose is the saved setup's, not the plain player's.
    document->setPlaying(false);
    document->seekFrame(10);
    const core::Pose stand =
        document->samplePose(document->movementNames().indexOf(QStringLiteral("stand")), 10);
    const core::Pose walk =
        document->samplePose(document->movementNames().indexOf(QStringLiteral("walk")), 10);
    const core::Pose& pose = document->pose();
    QCOMPARE_LE(std::abs(pose[0].local.x -
                         (stand[0].local.x + 0.4f * (walk[0].local.x - stand[0].local.x))),
                kTolerance);
    for (size_t bone = 1; bone < pose.size(); ++bone)
        QCOMPARE_LE(std::abs(pose[bone].local.x - stand[bone].local.x), kTolerance);

    // A hand-edited sidecar naming a movement Dragon lacks: a problem placed in the sidecar
    // (its line and pointer), shown in the dock and the Problems list.
    const QString sidecar = file + QStringLiteral(".bonescope.json");
    {
        QFile out(sidecar);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write("{\n  \"version\": 1,\n  \"layers\": {\n    \"layers\": [\n"
                  "      {\"name\": \"base\", \"movement\": \"stand\"},\n"
                  "      {\"name\": \"top\",\n       \"movement\": \"swim\"}\n    ]\n  }\n}\n");
    }
    QVERIFY(document->file().reload());
    const QString error = document->layers()->layerSetupError();
    QVERIFY2(error.startsWith(sidecar + QStringLiteral(":7 (at /layers/layers/1/movement): ")),
             qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral(R"(no movement "swim"; its movements are: "stand")")),
             qPrintable(error));
    // The Problems panel lists it, placed: the sidecar, its line, its pointer.
    QTreeWidget* problems = reopened.problems()->list();
    const auto swimRow = [problems]() -> QTreeWidgetItem* {
        for (int row = 0; row < problems->topLevelItemCount(); ++row)
            if (problems->topLevelItem(row)
                    ->text(ProblemsPanel::Message)
                    .contains(QStringLiteral("swim")))
                return problems->topLevelItem(row);
        return nullptr;
    };
    QTreeWidgetItem* swim = swimRow();
    QVERIFY(swim);
    QCOMPARE(swim->text(ProblemsPanel::File), QFileInfo(sidecar).fileName());
    QCOMPARE(swim->text(ProblemsPanel::Place), QStringLiteral("line 7"));
    QCOMPARE(swim->toolTip(ProblemsPanel::Place), QStringLiteral("/layers/layers/1/movement"));

    // Repaired in the dock (the top layer plays walk): the setup plays, the dock's error and
    // the Problems row go; undo brings both back, placed as before.
    auto* panel = reopened.findChild<LayersPanel*>();
    panel->selectLayer(1);
    typeChoice(panel->movementBox(), QStringLiteral("walk"));
    QVERIFY(document->layers()->isLive());
    QVERIFY(document->layers()->layerSetupError().isEmpty());
    QVERIFY(!swimRow());
    QCOMPARE(reopened.statusBar()->currentMessage(),
             QStringLiteral("The sidecar's layer setup plays now"));
    document->undoStack()->undo();
    QVERIFY(!document->layers()->isLive());
    QCOMPARE(document->layers()->layerSetupError(), error);
    QVERIFY(swimRow());
    QCOMPARE(swimRow()->text(ProblemsPanel::Place), QStringLiteral("line 7"));
    QVERIFY2(reopened.statusBar()->currentMessage().endsWith(
                 QStringLiteral(": 1 problem, see the Problems panel")),
             qPrintable(reopened.statusBar()->currentMessage()));

    // A refusal shown since is newer news than the list: a repair leaves it shown.
    QString refusal;
    QVERIFY(!reopened.openFile(QFileInfo(file).dir().filePath(QStringLiteral("missing.xml")),
                               &refusal));
    const QString refused = reopened.problems()->summary()->text();
    QVERIFY2(refused.contains(QStringLiteral("was not opened")), qPrintable(refused));
    document->undoStack()->redo();
    QVERIFY(document->layers()->isLive());
    QCOMPARE(reopened.problems()->summary()->text(), refused);

    // Read again (the Problems panel lists the file again), the broken setup is the sidecar's.
    document->undoStack()->setIndex(0);
    QVERIFY(document->file().reload());
    QCOMPARE(swimRow()->text(ProblemsPanel::Place), QStringLiteral("line 7"));
    // Saved (with an edit of the export) while it does not play, the setup stays the sidecar's:
    // the row names the line of the sidecar as written (the save's layout, not the hand-written
    // one).
    const int standIndex = document->movementNames().indexOf(QStringLiteral("stand"));
    document->editing()->setParameter(document->editing()->movementTarget(standIndex),
                                      core::EditKey::DurationTo, 7);
    // The edit enables Save (a file opened with a sidecar layer setup once left it disabled
    // until a second change).
    QAction* save = reopened.findChild<QAction*>(QStringLiteral("saveAction"));
    QVERIFY(document->isModified());
    QVERIFY(save->isEnabled());
    save->trigger();
    QVERIFY(!document->isModified());
    const auto lineOfSwim = [&sidecar] {
        QFile in(sidecar);
        in.open(QIODevice::ReadOnly);
        const QList<QByteArray> lines = in.readAll().split('\n');
        for (int line = 0; line < lines.size(); ++line)
            if (lines[line].contains("swim"))
                return line + 1;
        return 0;
    };
    const int savedLine = lineOfSwim();
    QVERIFY(savedLine != 0 && savedLine != 7);
    QVERIFY(swimRow());
    QCOMPARE(swimRow()->text(ProblemsPanel::Place), QStringLiteral("line %1").arg(savedLine));
    reopened.resize(1400, 900);
    if (QDockWidget* dock = bonescope::test::dockOf(reopened.problems()))
        dock->raise();
    reopened.grab().save(shotPath(QStringLiteral("problems_after_save")));
    QVERIFY2(document->layers()->layerSetupError().startsWith(
                 sidecar + QStringLiteral(":%1 (at /layers/layers/1/movement): ").arg(savedLine)),
             qPrintable(document->layers()->layerSetupError()));
    // Repaired and saved, the sidecar no longer holds the broken setup: undone to it, the
    // setup is an edit that does not play (the dock says why, naming the export), not a
    // problem of any file.
    panel->selectLayer(1);
    typeChoice(panel->movementBox(), QStringLiteral("walk"));
    QVERIFY(document->layers()->isLive());
    QVERIFY(!swimRow());
    save->trigger();
    QCOMPARE(lineOfSwim(), 0);
    // Back to the edit of the export, before the repair (the typed choice may take two steps).
    document->undoStack()->setIndex(1);
    QVERIFY(!document->layers()->isLive());
    QVERIFY(!swimRow());
    const QString editError = document->layers()->layerSetupError();
    QVERIFY2(editError.contains(QStringLiteral("swim")) && !editError.startsWith(sidecar),
             qPrintable(editError));
}

void TestLayersCompare::layersFlaggedInBoneTree()
{
    DragonLayers dragon;
    QVERIFY(dragon.open());
    QTreeWidgetItem* body = dragon.window.boneTree()->itemForBone(0);
    QVERIFY(body);
    // stand 1 + walk 1: flagged with its sum.
    QVERIFY(body->toolTip(0).contains(QStringLiteral("2.00")));
    QVERIFY(body->foreground(0) != QBrush());
    // walk 0.5 over stand 0.5: no longer flagged.
    typeValue(dragon.panel->weightBox(), QStringLiteral("0.5"));
    dragon.panel->selectLayer(0);
    typeValue(dragon.panel->weightBox(), QStringLiteral("0.5"));
    QVERIFY(body->toolTip(0).isEmpty());
    QVERIFY(body->foreground(0) == QBrush());
}

QTEST_MAIN(TestLayersCompare)
#include "test_layers_compare.moc"
