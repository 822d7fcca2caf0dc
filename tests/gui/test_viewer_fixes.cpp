// The viewer fixes of a user test, driven through keys, clicks and dialogs as a person drives
// them: the speed box typed into, space + drag with the focus elsewhere, Ctrl + click, the
// background colour and onion-skin dialogs, the Export CSV dialog, the Problems panel, hostile
// bone counts and names on the command line. Screenshots go to the temporary folder
// (bonescope_gui_*.png).

#include "BlendRecordingFixture.h"
#include "MainWindowFixture.h"

#include "Document.h"
#include "ExportFramesDialog.h"
#include "MainWindow.h"
#include "Settings.h"
#include "cli/SampleFolder.h"

#include "OnionSkinDialog.h"
#include "Viewport.h"
#include "io/ExportValidator.h"
#include "panels/BoneTreePanel.h"
#include "panels/ComparatorPanel.h"
#include "panels/FlipbookView.h"
#include "panels/ProblemsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/TimelinePanel.h"
#include "panels/ValuesTablePanel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QColorDialog>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLockFile>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QWheelEvent>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>

using namespace bonescope;
using app::Document;
using app::MainWindow;
using test::Activate;
using test::showWithFile;

using bonescope::test::shotPath;

namespace {

/// Whether `bonescope-cli render ARGUMENTS --out OUT` writes the PNG files `exported` holds,
/// named alike and byte for byte (what the viewer's Export Frames wrote there).
bool renderWritesTheSameFrames(QStringList arguments, const QString& out, const QString& exported)
{
    QProcess render;
    render.start(QStringLiteral(BONESCOPE_CLI), QStringList{QStringLiteral("render")} + arguments +
                                                    QStringList{QStringLiteral("--out"), out});
    if (!render.waitForFinished(60000) || render.exitCode() != 0)
        return false;
    const QStringList names = QDir(exported).entryList({QStringLiteral("*.png")}, QDir::Files);
    if (names.isEmpty() || QDir(out).entryList({QStringLiteral("*.png")}, QDir::Files) != names)
        return false;
    return std::all_of(names.begin(), names.end(), [&](const QString& name) {
        QFile a(QDir(exported).filePath(name)), b(QDir(out).filePath(name));
        return a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly) &&
               a.readAll() == b.readAll();
    });
}
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus");

/// Runs `handle` on the first modal dialog of type T to open (e.g. inside a menu action that
/// calls exec()), once it is on screen; `handled` turns true when `handle` closed it.
/// A dialog `handle` left open is rejected, so a failing test ends instead of hanging. Gives up
/// after `tries` polls of 20 ms.
template <typename T> void whenModal(std::function<void(T*)> handle, bool* handled, int tries = 250)
{
    QTimer::singleShot(20, [handle, handled, tries] {
        if (auto* dialog = qobject_cast<T*>(QApplication::activeModalWidget())) {
            if (QTest::qWaitForWindowExposed(dialog))
                handle(dialog);
            *handled = !dialog->isVisible();
            if (dialog->isVisible())
                dialog->reject();
        } else if (tries > 0) {
            whenModal<T>(handle, handled, tries - 1);
        }
    });
}

/// File → Save As through its dialog, into `folder` under `name`; true when the dialog took it.
bool saveAsThroughDialog(MainWindow& window, const QString& folder, const QString& name)
{
    bool saving = false;
    whenModal<QFileDialog>(
        [&](QFileDialog* dialog) {
            // A bare name in the chosen folder: a typed path opens the name field's completion
            // popup, which under load takes the Return meant for the dialog.
            dialog->setDirectory(folder);
            auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            edit->setFocus();
            QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(edit, name);
            QTest::keyClick(edit, Qt::Key_Return);
        },
        &saving);
    QAction* saveAs = window.findChild<QAction*>(QStringLiteral("saveAsAction"));
    if (!saveAs || !saveAs->isEnabled())
        return false;
    saveAs->trigger();
    return saving;
}

QAction* findAction(const QWidget& window, const QString& text)
{
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == text)
            return action;
    return nullptr;
}

/// Copies the corpus files `names` into `folder`; false when one fails.
bool copyCorpus(const QTemporaryDir& folder, const QStringList& names)
{
    for (const QString& name : names)
        if (!QFile::copy(kCorpus + QLatin1Char('/') + name, folder.filePath(name)))
            return false;
    return true;
}

/// A DragonBones XML armature of `count` bones with no displays: a chain (each the parent of
/// the next) or all at the root, and one movement animating the first bone.
bool writeBoneArmature(const QString& path, int count, bool chain)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QByteArray xml = "<skeleton name=\"hostile\" frameRate=\"24\" version=\"2.0\"><armatures>"
                     "<armature name=\"hostile\">\n";
    for (int i = 0; i < count; ++i) {
        xml += "<b name=\"b" + QByteArray::number(i) + '"';
        if (chain && i > 0)
            xml += " parent=\"b" + QByteArray::number(i - 1) + '"';
        xml += " x=\"1\" y=\"0\" kX=\"1\" kY=\"1\" cX=\"1\" cY=\"1\" pX=\"0\" pY=\"0\" z=\"" +
               QByteArray::number(i) + "\"/>\n";
    }
    xml +=
        "</armature></armatures><animations><animation name=\"hostile\">"
        "<mov name=\"idle\" dr=\"2\" to=\"0\" drTW=\"2\" lp=\"1\"><b name=\"b0\" sc=\"1\" dl=\"0\">"
        "<f x=\"0\" y=\"0\" kX=\"0\" kY=\"0\" cX=\"1\" cY=\"1\" pX=\"0\" pY=\"0\" z=\"0\" "
        "dr=\"2\"/>"
        "</b></mov></animation></animations></skeleton>\n";
    return file.write(xml) == xml.size();
}

/// Centre, in viewport pixels, of a sprite of `bone` where a click picks that bone; null when
/// no sprite of it is topmost at its own centre.
QPoint pickableCentre(const widgets::Viewport& viewport, int bone)
{
    const render::DrawList& list = viewport.drawList();
    const QTransform toScreen = viewport.camera().worldToScreen(QSizeF(viewport.size()));
    for (size_t i = 0; i < list.quads.size(); ++i) {
        if (list.quads[i].bone != bone || list.quads[i].armature != 0)
            continue;
        QPointF centre;
        for (size_t k = 0; k < 4; ++k)
            centre += QPointF(list.vertices[4 * i + k].x, list.vertices[4 * i + k].y) / 4.0;
        const QPoint click = toScreen.map(centre).toPoint();
        if (viewport.boneAt(click) == bone)
            return click;
    }
    return {};
}

int maxDepth(const QTreeWidget& tree)
{
    int deepest = 0;
    QList<QPair<QTreeWidgetItem*, int>> stack;
    for (int i = 0; i < tree.topLevelItemCount(); ++i)
        stack.append({tree.topLevelItem(i), 0});
    while (!stack.isEmpty()) {
        const auto [item, depth] = stack.takeLast();
        deepest = std::max(deepest, depth);
        for (int i = 0; i < item->childCount(); ++i)
            stack.append({item->child(i), depth + 1});
    }
    return deepest;
}
} // namespace

class TestViewerFixes : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void speedBoxKeepsWhatIsTyped_data();
    void speedBoxKeepsWhatIsTyped();
    void spaceDragPansWhateverHasFocus();
    void spaceTicksAFieldReachedByTab();
    void undoKeysInAFieldUndoTheDocument();
    void ctrlClickTogglesBonesInTheSelection();
    void viewportKeepsItsFitWhenResized();
    void boneTreeShowsADeepBoneSelected();
    void boneTreeShowsShearWithinAHalfTurn();
    void boneTreeValuesAreNeverElided_data();
    void boneTreeValuesAreNeverElided();
    void backgroundColourIsChosenAndRemembered();
    void onionSkinCountAndOpacityAreTyped();
    void onionSkinSettingsOfEarlierVersionsGetDefaultCounts();
    void exportCsvDialogStartsBesideTheFile();
    void problemsPanelShowsEachPlace_data();
    void problemsPanelShowsEachPlace();
    void problemsPanelFollowsTheOpenFile();
    void flipbookSheetThatCannotBeDecodedIsAProblem();
    void sampleSavedAsAFileReadsItsTextures();
    void aKilledSessionsSampleFolderGoes();
    void savedAsReadsAndWatchesItsNewTextures();
    void savedAsWithoutAnExtensionGetsTheFormats();
    void narrowTimelineKeepsItsRulerInView();
    void narrowCompareStacksItsChoices();
    void resetLayoutPutsEveryPanelBack();
    void viewKeysZoomAndCopyTheView();
    void exportFramesWritesWhatRenderWrites();
    void hostileBoneCountsKeepTheWindowUp_data();
    void hostileBoneCountsKeepTheWindowUp();
    void commandLineNamesTheValidChoices_data();
    void commandLineNamesTheValidChoices();
    void helpAndVersionNeedNoDisplay();

private:
    QTemporaryDir m_folder;
};

void TestViewerFixes::initTestCase()
{
    // Settings of our own, before anything reads them: neither the user's nor those of another
    // GUI test running at the same time.
    QVERIFY(m_folder.isValid());
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_folder.filePath(QStringLiteral("config"))));
    QCOMPARE(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation),
             m_folder.filePath(QStringLiteral("config")));
}

void TestViewerFixes::speedBoxKeepsWhatIsTyped_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("speed");
    QTest::newRow("1.25") << QStringLiteral("1.25") << 1.25;
    QTest::newRow("0.75") << QStringLiteral("0.75") << 0.75;
    QTest::newRow("2") << QStringLiteral("2") << 2.0;
    QTest::newRow("0.5") << QStringLiteral("0.5") << 0.5;
}

void TestViewerFixes::speedBoxKeepsWhatIsTyped()
{
    QFETCH(QString, typed);
    QFETCH(double, speed);
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    QDoubleSpinBox* box = window.timeline()->speedBox();
    auto* edit = box->findChild<QLineEdit*>();
    QVERIFY(edit);
    box->setFocus(Qt::TabFocusReason); // as Tab does: the number is selected
    QTRY_VERIFY(box->hasFocus());

    // Every keystroke stays as typed; nothing reaches the document before Enter.
    for (qsizetype i = 0; i < typed.size(); ++i) {
        QTest::keyClick(box, typed.at(i).toLatin1());
        QCOMPARE(edit->text(), box->prefix() + typed.left(i + 1));
        QCOMPARE(window.document()->speed(), 1.0);
    }
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(window.document()->speed(), speed);
    QCOMPARE(box->value(), speed);
    // The arrow keys still step at once.
    QTest::keyClick(box, Qt::Key_Up);
    QCOMPARE(window.document()->speed(), speed + box->singleStep());
}

void TestViewerFixes::spaceDragPansWhateverHasFocus()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    widgets::Viewport* viewport = window.viewport();
    QVERIFY(document->isPlaying());

    // The user last clicked the movement list, then points at the viewport and space-drags.
    QWidget* movements = window.timeline()->movementBox();
    movements->setFocus();
    QTRY_VERIFY(movements->hasFocus());
    const QPoint from = viewport->rect().center();
    const QPoint to = from + QPoint(-30, 20);
    QTest::mouseMove(viewport, from);
    QTRY_VERIFY(viewport->underMouse());
    const render::ViewCamera before = viewport->camera();
    QTest::keyPress(movements, Qt::Key_Space);
    QVERIFY(document->isPlaying()); // the press alone toggles nothing
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    QTest::keyRelease(QApplication::focusWidget(), Qt::Key_Space);
    QVERIFY(document->isPlaying());
    const render::ViewCamera after = viewport->camera();
    QVERIFY(qAbs(after.centerX - (before.centerX + 30.0f / before.zoom)) < 1e-3f);
    QVERIFY(qAbs(after.centerY - (before.centerY + 20.0f / before.zoom)) < 1e-3f);

    // A tap with the focus elsewhere toggles playback once.
    movements->setFocus();
    QTRY_VERIFY(movements->hasFocus());
    QTest::keyClick(movements, Qt::Key_Space);
    QVERIFY(!document->isPlaying());
    QTest::keyClick(movements, Qt::Key_Space);
    QVERIFY(document->isPlaying());
    QCOMPARE(viewport->camera().centerX, after.centerX);

    // A text field keeps its spaces even with the pointer over the viewport.
    QDoubleSpinBox* speed = window.timeline()->speedBox();
    speed->setFocus();
    QTRY_VERIFY(speed->hasFocus());
    QTest::keyClick(speed, Qt::Key_Space);
    QVERIFY(document->isPlaying());
}

// A keyboard user tabs to a check box (or the bone tree) and ticks it with Space; one clicked
// with the mouse keeps the focus but leaves Space to play and pause, the animator's key.
void TestViewerFixes::spaceTicksAFieldReachedByTab()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    QCheckBox* loop = nullptr;
    for (QCheckBox* box : window.properties()->findChildren<QCheckBox*>())
        if (box->text() == QStringLiteral("Loop"))
            loop = box;
    QVERIFY(loop);
    QTRY_VERIFY(loop->isVisible());
    QVERIFY(document->isPlaying());
    const bool looped = loop->isChecked();

    loop->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(loop->hasFocus());
    QTest::keyClick(loop, Qt::Key_Space);
    QCOMPARE(loop->isChecked(), !looped);
    QVERIFY(document->isModified());
    QVERIFY(document->isPlaying());

    QTest::mouseClick(loop, Qt::LeftButton, {}, QPoint(8, loop->height() / 2)); // the box
    QCOMPARE(loop->isChecked(), looped);
    QVERIFY(loop->hasFocus());
    QTest::keyClick(loop, Qt::Key_Space);
    QCOMPARE(loop->isChecked(), looped);
    QVERIFY(!document->isPlaying());

    // The bone tree reached by Tab: Space hides the current bone (its visibility box), as an
    // undoable step; clicked into, Space plays again.
    window.findChild<QDockWidget*>(QStringLiteral("boneTreeDock"))->raise();
    QTreeWidget* tree = window.boneTree()->tree();
    QTRY_VERIFY(tree->isVisible());
    const auto& bones = document->armature()->bones;
    const int tail = int(std::find_if(bones.begin(), bones.end(),
                                      [](const core::BoneData& b) { return b.name == "tail"; }) -
                         bones.begin());
    QTreeWidgetItem* tailItem =
        tree->findItems(QStringLiteral("tail"), Qt::MatchExactly | Qt::MatchRecursive).value(0);
    QVERIFY(tailItem && tail < int(bones.size()));
    tree->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(tree->hasFocus());
    tree->setCurrentItem(tailItem);
    QVERIFY(document->selection()->isBoneVisible(tail));
    QTest::keyClick(tree, Qt::Key_Space);
    QVERIFY(!document->selection()->isBoneVisible(tail));
    QVERIFY(!document->isPlaying());
    document->undoStack()->undo();
    QVERIFY(document->selection()->isBoneVisible(tail));
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {},
                      tree->visualItemRect(tailItem).center());
    QTest::keyClick(tree, Qt::Key_Space);
    QVERIFY(document->selection()->isBoneVisible(tail));
    QVERIFY(document->isPlaying());
}

// A value typed and entered, then Ctrl+Z with the focus still in its field: the edit is undone
// (the field's own undo had taken the key and done nothing); Ctrl+Shift+Z redoes it. While
// text is being typed, Ctrl+Z still undoes the typing.
void TestViewerFixes::undoKeysInAFieldUndoTheDocument()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    document->setPlaying(false);
    window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"))->raise();
    QSpinBox* box = window.properties()->durationToBox();
    const core::EditTarget stand = document->editing()->movementTarget(document->currentMovement());
    const auto durationTo = [&] {
        return *document->editing()->parameter(stand, core::EditKey::DurationTo);
    };
    const core::EditValue before = durationTo();

    test::typeValue(box, QStringLiteral("12"));
    QCOMPARE(durationTo(), core::EditValue(12));
    QVERIFY(box->hasFocus());
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(durationTo(), before);
    QCOMPARE(core::EditValue(box->value()), before);
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(durationTo(), core::EditValue(12));

    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("15"));
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(durationTo(), core::EditValue(12));
    QCOMPARE(box->cleanText(), QStringLiteral("12"));
}

void TestViewerFixes::viewportKeepsItsFitWhenResized()
{
    // Framed, the armature stays whole in the view when the view shrinks (a dock grows beside
    // it) and fills it again when it grows back; once the user zooms, the zoom stays.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    window.document()->setPlaying(false);
    widgets::Viewport* viewport = window.viewport();
    viewport->fitToView();
    viewport->grabFramebuffer(); // paints, so the draw list is this frame's
    const auto framesWholeArmature = [viewport] {
        const render::Bounds& b = viewport->drawList().bounds;
        const QRectF shown = viewport->camera()
                                 .worldToScreen(QSizeF(viewport->size()))
                                 .mapRect(QRectF(QPointF(b.minX, b.minY), QPointF(b.maxX, b.maxY)));
        return QRectF(viewport->rect()).contains(shown);
    };
    QVERIFY(framesWholeArmature());
    const QSize size = window.size();
    const float fittedZoom = viewport->camera().zoom;
    const int height = viewport->height();
    window.resize(size.width(), size.height() - height / 2);
    QTRY_VERIFY(viewport->height() < height * 3 / 4);
    QVERIFY(viewport->camera().zoom < fittedZoom);
    QVERIFY(framesWholeArmature());
    window.resize(size);
    QTRY_COMPARE(viewport->height(), height);
    QCOMPARE(viewport->camera().zoom, fittedZoom);

    // The user zooms in: a new size keeps their zoom.
    QWheelEvent wheel(QPointF(viewport->rect().center()),
                      viewport->mapToGlobal(QPointF(viewport->rect().center())), QPoint(),
                      QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(viewport, &wheel);
    const float zoomed = viewport->camera().zoom;
    QVERIFY(zoomed > fittedZoom);
    window.resize(size.width(), size.height() - height / 2);
    QTRY_VERIFY(viewport->height() < height * 3 / 4);
    QCOMPARE(viewport->camera().zoom, zoomed);
}

void TestViewerFixes::ctrlClickTogglesBonesInTheSelection()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    document->seekFrame(0);
    widgets::Viewport* viewport = window.viewport();
    viewport->fitToView();
    viewport->grabFramebuffer(); // paints, so the draw list is this frame's

    QList<int> bones;
    QList<QPoint> clicks;
    for (const render::SpriteQuad& quad : viewport->drawList().quads) {
        const QPoint click = pickableCentre(*viewport, quad.bone);
        if (!click.isNull() && !bones.contains(quad.bone)) {
            bones.append(quad.bone);
            clicks.append(click);
        }
    }
    QVERIFY(bones.size() >= 3);

    QTest::mouseClick(viewport, Qt::LeftButton, {}, clicks[0]);
    QCOMPARE(document->selection()->selectedBones(), QList<int>{bones[0]});
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::ControlModifier, clicks[1]);
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::ControlModifier, clicks[2]);
    QCOMPARE(document->selection()->selectedBones(), (QList<int>{bones[0], bones[1], bones[2]}));
    QCOMPARE(viewport->selectedBones(), document->selection()->selectedBones());
    for (int i = 0; i < 3; ++i)
        QVERIFY(window.boneTree()->itemForBone(bones[i])->isSelected());
    window.grab().save(shotPath(QStringLiteral("ctrl_click")));

    // Ctrl + click on a selected bone takes it out; on nothing, keeps the selection.
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::ControlModifier, clicks[1]);
    QCOMPARE(document->selection()->selectedBones(), (QList<int>{bones[0], bones[2]}));
    QVERIFY(!window.boneTree()->itemForBone(bones[1])->isSelected());
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::ControlModifier, QPoint(2, 2));
    QCOMPARE(document->selection()->selectedBones(), (QList<int>{bones[0], bones[2]}));
    // A plain click replaces the selection.
    QTest::mouseClick(viewport, Qt::LeftButton, {}, clicks[1]);
    QCOMPARE(document->selection()->selectedBones(), QList<int>{bones[1]});
}

void TestViewerFixes::boneTreeShowsADeepBoneSelected()
{
    // manybones' l38 hangs 40 levels down a chain: selected (as by a click in the viewport),
    // the tree shows its row and its name, not a blank row right of which the name hides.
    MainWindow window;
    QVERIFY(showWithFile(window, QStringLiteral(BONESCOPE_TEST_DATA "/features/manybones.xml")));
    window.findChild<QDockWidget*>(QStringLiteral("boneTreeDock"))->raise();
    QTreeWidget* tree = window.boneTree()->tree();
    QTRY_VERIFY(tree->isVisible());
    Document* document = window.document();
    for (const char* name : {"l38", "root", "c20"}) {
        const int bone = document->armature()->findBone(name);
        document->selection()->selectBones({bone});
        const QRect row = tree->visualItemRect(window.boneTree()->itemForBone(bone));
        const int nameEnd = row.left() + tree->indentation() +
                            tree->fontMetrics().horizontalAdvance(QString::fromLatin1(name));
        QVERIFY2(tree->viewport()->rect().contains(row.topLeft()) &&
                     nameEnd <= tree->viewport()->width(),
                 qPrintable(QStringLiteral("%1: name from %2 to %3 in a view %4 wide")
                                .arg(QLatin1String(name))
                                .arg(row.left())
                                .arg(nameEnd)
                                .arg(tree->viewport()->width())));
    }
    tree->window()->grab().save(shotPath(QStringLiteral("deep_bone")));
}

void TestViewerFixes::boneTreeShowsShearWithinAHalfTurn()
{
    // robot's bady-a1 has skews a whole turn apart (kX and kY 360° apart in the file): a pure
    // rotation, whose shear reads 0; and a value that rounds to zero never reads "-0.00".
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/robot.xml")));
    Document* document = window.document();
    document->setPlaying(false);
    document->seekFrame(0);
    QTest::qWait(20);
    const auto& bones = document->armature()->bones;
    const auto found = std::find_if(bones.begin(), bones.end(), [](const core::BoneData& bone) {
        return bone.name == "bady-a1";
    });
    QVERIFY(found != bones.end());
    const int turned = int(found - bones.begin());
    const core::Transform& local = document->pose()[size_t(turned)].local;
    QVERIFY(std::abs(std::abs(local.skewX + local.skewY) - 2 * std::numbers::pi) < 1e-3);
    QCOMPARE(window.boneTree()->itemForBone(turned)->text(widgets::BoneTreePanel::Skew),
             QStringLiteral("0.00"));
    for (int bone = 0; bone < int(bones.size()); ++bone)
        for (int column = 0; column < widgets::BoneTreePanel::ColumnCount; ++column) {
            const QString text = window.boneTree()->itemForBone(bone)->text(column);
            QVERIFY2(text != QStringLiteral("-0.00") && text != QStringLiteral("-0.000"),
                     qPrintable(QString::fromStdString(bones[size_t(bone)].name) + u' ' + text));
        }
}

void TestViewerFixes::boneTreeValuesAreNeverElided_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("rootRotationGrows");
    // Root's rotation: 0.00 on the first frame of the first movement, then four digits.
    QTest::newRow("more characters") << QStringLiteral("loose-types.ExportJson") << true;
    // hand's y: "-7.00", then "11.25", as many characters but wider (it read "11....").
    QTest::newRow("wider digits") << QStringLiteral("duplicate-bone.xml") << false;
}

void TestViewerFixes::boneTreeValuesAreNeverElided()
{
    // Columns are sized when the file opens; values that grow later widen theirs instead of
    // reading "1...".
    QFETCH(QString, file);
    QFETCH(bool, rootRotationGrows);
    MainWindow window;
    QVERIFY(showWithFile(window, QStringLiteral(BONESCOPE_TEST_DATA "/realworld/") + file));
    Document* document = window.document();
    document->setPlaying(false);
    const QTreeWidget* tree = window.boneTree()->tree();
    const auto widthOf = [tree](const QTreeWidgetItem* item, int column) {
        return tree->fontMetrics().horizontalAdvance(item->text(column));
    };
    const QTreeWidgetItem* root = window.boneTree()->itemForBone(0);
    document->seekFrame(0);
    const int firstRotation = widthOf(root, widgets::BoneTreePanel::Rotation);
    int widestRotation = firstRotation;
    for (int frame = 0; frame <= document->timelineFrames(); ++frame) {
        document->seekFrame(frame);
        QCoreApplication::processEvents();
        widestRotation = std::max(widestRotation, widthOf(root, widgets::BoneTreePanel::Rotation));
        // The view's own measure of the rows on screen (here every row), as it draws them.
        const QAbstractItemView* view = tree;
        for (int column = widgets::BoneTreePanel::X; column < widgets::BoneTreePanel::ColumnCount;
             ++column)
            QVERIFY2(view->sizeHintForColumn(column) <= tree->columnWidth(column),
                     qPrintable(QStringLiteral("frame %1, column %2: %3 px of text in %4 px")
                                    .arg(frame)
                                    .arg(column)
                                    .arg(view->sizeHintForColumn(column))
                                    .arg(tree->columnWidth(column))));
    }
    if (rootRotationGrows)
        QVERIFY2(widestRotation > firstRotation,
                 "the rotation never grew: the test proves nothing");
}

void TestViewerFixes::backgroundColourIsChosenAndRemembered()
{
    const QColor chosen(0x33, 0x66, 0xaa);
    {
        MainWindow window;
        QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
        QAction* choose = findAction(window, QStringLiteral("Background &Colour…"));
        QAction* checker = findAction(window, QStringLiteral("&Checker Background"));
        QVERIFY(choose && checker);
        checker->setChecked(true);
        QVERIFY(window.viewport()->viewOptions().checkerBackground);

        // The colour dialog's HTML field, typed into.
        bool handled = false;
        whenModal<QColorDialog>(
            [](QColorDialog* dialog) {
                for (QLineEdit* edit : dialog->findChildren<QLineEdit*>()) {
                    if (!edit->text().startsWith(QLatin1Char('#')))
                        continue;
                    edit->setFocus();
                    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
                    QTest::keyClicks(edit, QStringLiteral("#3366aa"));
                    QTest::keyClick(edit, Qt::Key_Return);
                    return;
                }
            },
            &handled);
        choose->trigger();
        QVERIFY(handled);
        QCOMPARE(window.viewport()->viewOptions().background, chosen);
        QVERIFY(!window.viewport()->viewOptions().checkerBackground); // a colour replaces it
        QVERIFY(!checker->isChecked());
        const QImage flat = window.viewport()->grabFramebuffer();
        QCOMPARE(flat.pixelColor(3, 3).rgb(), chosen.rgb());
        window.grab().save(shotPath(QStringLiteral("background")));

        // The checkerboard and back, from the menu.
        checker->trigger();
        const QImage checks = window.viewport()->grabFramebuffer();
        QVERIFY(checks.pixelColor(3, 3) != checks.pixelColor(3 + 12, 3));
        window.grab().save(shotPath(QStringLiteral("checker")));
        checker->trigger();
        window.close();
    }
    MainWindow reopened;
    QCOMPARE(reopened.viewport()->viewOptions().background, chosen);
    QVERIFY(!reopened.viewport()->viewOptions().checkerBackground);
}

void TestViewerFixes::onionSkinCountAndOpacityAreTyped()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml"), Activate::Yes));
    Document* document = window.document();
    QVERIFY(document->playMovement(QStringLiteral("walk"))); // moves enough to see the ghosts
    document->setPlaying(false);
    document->seekFrame(10);
    QAction* settings = findAction(window, QStringLiteral("Onion Skin Se&ttings…"));
    QAction* onion = findAction(window, QStringLiteral("&Onion Skin"));
    QVERIFY(settings && onion);

    bool handled = false;
    whenModal<widgets::OnionSkinDialog>(
        [](widgets::OnionSkinDialog* dialog) {
            // Each box: select what it shows, type over it.
            const auto type = [dialog](const char* box, const QString& text) {
                auto* spin = dialog->findChild<QSpinBox*>(QLatin1String(box));
                QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(spin, text);
                return spin;
            };
            QSpinBox* before = type("onionBeforeBox", QStringLiteral("3"));
            QSpinBox* after = type("onionAfterBox", QStringLiteral("1"));
            // The unit follows the count: "1 frame", "3 frames".
            QCOMPARE(after->text(), QStringLiteral("1 frame"));
            QCOMPARE(before->text(), QStringLiteral("3 frames"));
            QSpinBox* opacity = type("onionOpacityBox", QStringLiteral("80"));
            dialog->grab().save(shotPath(QStringLiteral("onion_dialog")));
            QTest::keyClick(opacity, Qt::Key_Return);
        },
        &handled);
    settings->trigger();
    QVERIFY(handled);
    const render::ViewOptions options = window.viewport()->viewOptions();
    QVERIFY(options.onionSkin);
    QCOMPARE(options.onionBefore, 3);
    QCOMPARE(options.onionAfter, 1);
    QCOMPARE(options.onionOpacity, 0.8f);
    QVERIFY(onion->isChecked());

    // Ghosts: the nearest at the typed opacity, the farthest before at a third of it.
    window.viewport()->fitToView();
    window.viewport()->grabFramebuffer();
    const render::DrawList& list = window.viewport()->drawList();
    int ghostQuads = 0;
    std::uint8_t most = 0, least = 255;
    for (size_t i = 0; i < list.quads.size(); ++i) {
        if (list.quads[i].armature >= 0)
            continue;
        ++ghostQuads;
        most = std::max(most, list.vertices[4 * i].a);
        least = std::min(least, list.vertices[4 * i].a);
    }
    QVERIFY(ghostQuads > 0);
    QCOMPARE(int(most), int(std::lround(255 * 0.8)));
    QCOMPARE(int(least), int(std::lround(255 * 0.8 / 3)));
    window.grab().save(shotPath(QStringLiteral("onion")));
    window.viewport()->grabFramebuffer().save(shotPath(QStringLiteral("onion_viewport")));

    // O turns it off and on again with the same counts.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.viewport()->setFocus();
    QTRY_VERIFY(window.viewport()->hasFocus());
    QTest::keyClick(window.viewport(), Qt::Key_O);
    QVERIFY(!window.viewport()->viewOptions().onionSkin);
    window.viewport()->grabFramebuffer();
    for (const render::SpriteQuad& quad : window.viewport()->drawList().quads)
        QVERIFY(quad.armature >= 0);
    QTest::keyClick(window.viewport(), Qt::Key_O);
    QCOMPARE(window.viewport()->viewOptions(), options);
}

void TestViewerFixes::onionSkinSettingsOfEarlierVersionsGetDefaultCounts()
{
    // Before the on/off switch, "off" was stored as zero ghosts each side.
    {
        QSettings old(QStringLiteral("Bonescope"), QStringLiteral("Bonescope"));
        old.beginGroup(QStringLiteral("view"));
        old.remove(QStringLiteral("onion"));
        old.setValue(QStringLiteral("onionBefore"), 0);
        old.setValue(QStringLiteral("onionAfter"), 0);
    }
    const render::ViewOptions options = app::Settings().viewOptions();
    QVERIFY(!options.onionSkin);
    QCOMPARE(options.onionBefore, render::ViewOptions{}.onionBefore);
    QCOMPARE(options.onionAfter, render::ViewOptions{}.onionAfter);
}

void TestViewerFixes::exportCsvDialogStartsBesideTheFile()
{
    QTemporaryDir folder;
    QVERIFY(copyCorpus(folder, {QStringLiteral("Dragon.xml"), QStringLiteral("Dragon.plist"),
                                QStringLiteral("Dragon.png")}));
    MainWindow window;
    QVERIFY(showWithFile(window, folder.filePath(QStringLiteral("Dragon.xml"))));
    Document* document = window.document();
    document->selection()->selectBones({document->armature()->findBone("tail")});
    const QString movement = document->movementNames().value(document->currentMovement());

    QString startFolder, startName;
    bool handled = false;
    whenModal<QFileDialog>(
        [&](QFileDialog* dialog) {
            startFolder = dialog->directory().absolutePath();
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            startName = name->text();
            name->setFocus();
            QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(name, QStringLiteral("typed.csv"));
            QTest::keyClick(name, Qt::Key_Return);
        },
        &handled);
    auto* button = window.valuesTable()->findChild<QToolButton*>(QStringLiteral("exportCsvButton"));
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(handled);
    QCOMPARE(startFolder, QDir(folder.path()).absolutePath());
    QCOMPARE(startName, QStringLiteral("Dragon-%1.csv").arg(movement));
    QFile written(folder.filePath(QStringLiteral("typed.csv")));
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(written.readLine().startsWith("frame"));
}

void TestViewerFixes::problemsPanelShowsEachPlace_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("shownFile");
    QTest::addColumn<QString>("shownPlace");
    const QString dir = m_folder.path();
    QTest::newRow("line") << dir + QStringLiteral("/a.xml") << 12 << QString()
                          << QStringLiteral("a.xml") << QStringLiteral("line 12");
    QTest::newRow("pointer") << dir + QStringLiteral("/sub/b.ExportJson") << 0
                             << QStringLiteral("/armature_data/0/bone_data/3/x")
                             << QStringLiteral("sub/b.ExportJson")
                             << QStringLiteral("/armature_data/0/bone_data/3/x");
    // The pointer of a placed JSON problem is the place's tooltip, leaving the message room.
    QTest::newRow("line and pointer")
        << dir + QStringLiteral("/b.ExportJson") << 40
        << QStringLiteral("/animation_data/0/mov_data/0/lp") << QStringLiteral("b.ExportJson")
        << QStringLiteral("line 40");
    QTest::newRow("whole file") << dir + QStringLiteral("/a.png") << 0 << QString()
                                << QStringLiteral("a.png") << QString();
}

void TestViewerFixes::problemsPanelShowsEachPlace()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, pointer);
    QFETCH(QString, shownFile);
    QFETCH(QString, shownPlace);
    widgets::ProblemsPanel panel;
    const core::LoadError problem{file.toStdString(), line, pointer.toStdString(), "is odd"};
    core::LoadError other = problem;
    other.message = "is odder still, and says so at a length no row of the dock shows whole";
    panel.showWarnings(m_folder.filePath(QStringLiteral("a.xml")), {problem, other});
    QCOMPARE(panel.list()->topLevelItemCount(), 2);
    const QTreeWidgetItem* row = panel.list()->topLevelItem(0);
    QCOMPARE(row->text(widgets::ProblemsPanel::Severity), QStringLiteral("warning"));
    QCOMPARE(row->text(widgets::ProblemsPanel::File), shownFile);
    QCOMPARE(row->text(widgets::ProblemsPanel::Place), shownPlace);
    QCOMPARE(row->toolTip(widgets::ProblemsPanel::Place), pointer);
    QCOMPARE(row->text(widgets::ProblemsPanel::Message), QStringLiteral("is odd"));
    QCOMPARE(panel.summary()->text(), QStringLiteral("a.xml: 2 problems"));
    // The current row's whole text, place and all, shows under the list; the first at once.
    QCOMPARE(panel.detail()->toPlainText(), QString::fromStdString(problem.toString()));
    panel.list()->setCurrentItem(panel.list()->topLevelItem(1));
    QCOMPARE(panel.detail()->toPlainText(), QString::fromStdString(other.toString()));

    // Past the row limit, a last row counts the rest.
    panel.showWarnings(file,
                       std::vector<core::LoadError>(widgets::ProblemsPanel::kMaxRows + 7, problem));
    QCOMPARE(panel.list()->topLevelItemCount(), widgets::ProblemsPanel::kMaxRows + 1);
    QTreeWidgetItem* more = panel.list()->topLevelItem(widgets::ProblemsPanel::kMaxRows);
    QVERIFY(more->text(widgets::ProblemsPanel::Message).contains(QStringLiteral("7 more")));
    panel.list()->setCurrentItem(more);
    QCOMPARE(panel.detail()->toPlainText(), more->text(widgets::ProblemsPanel::Message));
    panel.showWarnings(file, {});
    QCOMPARE(panel.detail()->toPlainText(), QString());
}

void TestViewerFixes::problemsPanelFollowsTheOpenFile()
{
    // Dragon.xml alone: no sprite sheet beside it, every display a placeholder.
    QTemporaryDir bare;
    QVERIFY(copyCorpus(bare, {QStringLiteral("Dragon.xml")}));
    QFile broken(bare.filePath(QStringLiteral("broken.xml")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("<skeleton name=\"x\"><armatures><armature name=\"x\"><b name=\"");
    broken.close();

    MainWindow window;
    QVERIFY(showWithFile(window, bare.filePath(QStringLiteral("Dragon.xml"))));
    const widgets::ProblemsPanel* panel = window.problems();
    const std::vector<core::LoadError> expected =
        core::validateExport(*window.document()->loaded());
    QVERIFY(!expected.empty());
    QCOMPARE(panel->list()->topLevelItemCount(), int(expected.size()));
    for (int i = 0; i < int(expected.size()); ++i)
        QCOMPARE(panel->list()->topLevelItem(i)->text(widgets::ProblemsPanel::Message),
                 QString::fromStdString(expected[size_t(i)].message));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Problems panel")));
    // The dock is reachable from the Panels menu.
    QVERIFY(findAction(window, QStringLiteral("Problems")));
    // Every dock is (a forgotten Blend Trace was not).
    const auto menus = window.findChildren<QMenu*>();
    const auto panels = std::find_if(menus.begin(), menus.end(), [](const QMenu* menu) {
        return menu->title() == QStringLiteral("&Panels");
    });
    QVERIFY(panels != menus.end());
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        QVERIFY2((*panels)->actions().contains(dock->toggleViewAction()),
                 qPrintable(dock->objectName()));
    window.findChild<QDockWidget*>(QStringLiteral("problemsDock"))->raise();
    window.grab().save(shotPath(QStringLiteral("problems")));

    // Reloaded with its sprite sheet beside it: the list follows; then a reload that fails
    // keeps the data and says why.
    QVERIFY(copyCorpus(bare, {QStringLiteral("Dragon.plist"), QStringLiteral("Dragon.png")}));
    QAction* reload = window.findChild<QAction*>(QStringLiteral("reloadAction"));
    QVERIFY(reload && reload->isEnabled());
    reload->trigger();
    QCOMPARE(panel->list()->topLevelItemCount(),
             int(core::validateExport(*window.document()->loaded()).size()));
    QCOMPARE(panel->summary()->text(), QStringLiteral("Dragon.xml: no problems"));
    // A sheet image that cannot be decoded (cut short) is listed: every sprite shows as a
    // placeholder, and the panel says why.
    {
        QFile png(bare.filePath(QStringLiteral("Dragon.png")));
        QVERIFY(png.open(QIODevice::ReadWrite));
        QVERIFY(png.resize(png.size() / 3));
    }
    reload->trigger();
    QCOMPARE(panel->list()->topLevelItemCount(), 1);
    QVERIFY2(panel->list()
                 ->topLevelItem(0)
                 ->text(widgets::ProblemsPanel::Message)
                 .startsWith(QStringLiteral("texture image cannot be decoded (")),
             qPrintable(panel->list()->topLevelItem(0)->text(widgets::ProblemsPanel::Message)));
    QCOMPARE(panel->list()->topLevelItem(0)->text(widgets::ProblemsPanel::File),
             QStringLiteral("Dragon.png"));
    {
        QFile xml(bare.filePath(QStringLiteral("Dragon.xml")));
        QVERIFY(xml.open(QIODevice::WriteOnly | QIODevice::Truncate));
        xml.write("<skeleton");
    }
    reload->trigger();
    QCOMPARE(window.document()->displayName(), QStringLiteral("Dragon.xml"));
    QVERIFY(window.document()->armature());
    QCOMPARE(panel->list()->topLevelItem(0)->text(widgets::ProblemsPanel::Severity),
             QStringLiteral("error"));
    QCOMPARE(panel->summary()->text(),
             QStringLiteral("Dragon.xml could not be read again; showing the version read before"));

    // Another file: nothing about the first one is left, in the panel or the status bar.
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/knight.xml")));
    const QString knight = panel->summary()->text();
    QVERIFY2(knight.startsWith(QStringLiteral("knight.xml: ")), qPrintable(knight));
    QCOMPARE(panel->list()->topLevelItemCount(),
             int(core::validateExport(*window.document()->loaded()).size()));
    QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("Dragon")));

    // A refused file: the window stays up on knight, the dialog and the panel say why.
    QString dialogText;
    bool handled = false;
    whenModal<QMessageBox>(
        [&](QMessageBox* box) {
            dialogText = box->text();
            QTest::keyClick(box, Qt::Key_Return);
        },
        &handled);
    QVERIFY(!window.openFile(broken.fileName()));
    QVERIFY(handled);
    QVERIFY2(dialogText.contains(QStringLiteral("broken.xml")), qPrintable(dialogText));
    QVERIFY(window.isVisible());
    QCOMPARE(window.document()->displayName(), QStringLiteral("knight.xml"));
    QCOMPARE(panel->list()->topLevelItemCount(), 1);
    QCOMPARE(panel->list()->topLevelItem(0)->text(widgets::ProblemsPanel::Severity),
             QStringLiteral("error"));
    QCOMPARE(panel->list()->topLevelItem(0)->text(widgets::ProblemsPanel::Message), dialogText);
    QCOMPARE(panel->detail()->toPlainText(), dialogText);
    QCOMPARE(panel->summary()->text(),
             QStringLiteral("broken.xml was not opened; still showing knight.xml"));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("broken.xml")));
    window.grab().save(shotPath(QStringLiteral("problems_refused")));
}

void TestViewerFixes::flipbookSheetThatCannotBeDecodedIsAProblem()
{
    // A flipbook's sheet image cut short: the view shows nothing, and the Problems panel says
    // why (the flipbook view draws from the cache the panel asks).
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(QFile::copy(kCorpus + QStringLiteral("/flipbook/grossini.plist"),
                        folder.filePath(QStringLiteral("grossini.plist"))));
    QFile png(kCorpus + QStringLiteral("/flipbook/grossini.png"));
    QVERIFY(png.open(QIODevice::ReadOnly));
    QFile cut(folder.filePath(QStringLiteral("grossini.png")));
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(png.read(png.size() / 3));
    cut.close();

    MainWindow window;
    QVERIFY(showWithFile(window, folder.filePath(QStringLiteral("grossini.plist"))));
    const widgets::ProblemsPanel* panel = window.problems();
    QCOMPARE(panel->list()->topLevelItemCount(), 1);
    QCOMPARE(panel->list()->topLevelItem(0)->text(widgets::ProblemsPanel::File),
             QStringLiteral("grossini.png"));
    QVERIFY(panel->list()
                ->topLevelItem(0)
                ->text(widgets::ProblemsPanel::Message)
                .startsWith(QStringLiteral("texture image cannot be decoded (")));
    QVERIFY(window.flipbookView()->currentFrameImage().isNull());
}

void TestViewerFixes::sampleSavedAsAFileReadsItsTextures()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction* reload = window.findChild<QAction*>(QStringLiteral("reloadAction"));
    // The embedded sample has no file to read again: Reload is off, and on once it is saved as
    // a file.
    QVERIFY(window.openSample());
    QVERIFY(!reload->isEnabled());
    QTemporaryDir saved;
    QVERIFY(saveAsThroughDialog(window, saved.path(), QStringLiteral("sample.xml")));
    QCOMPARE(window.document()->displayName(), QStringLiteral("sample.xml"));
    QVERIFY(reload->isEnabled());
    // Its sprite sheet (named for the export) and the image the sheet names came along (they
    // were in the sample's temporary folder, gone with it): read again from the new folder,
    // the file finds both.
    const QString copied = window.statusBar()->currentMessage();
    QVERIFY2(copied.contains(QStringLiteral("sample.plist")) &&
                 copied.contains(QStringLiteral("Dragon.png")),
             qPrintable(copied));
    reload->trigger();
    const core::LoadedExport* loaded = window.document()->loaded();
    QCOMPARE(QString::fromStdString(loaded->path), QDir(saved.path()).filePath("sample.xml"));
    for (const core::LoadError& warning : loaded->warnings)
        QFAIL(warning.toString().c_str());
    QCOMPARE(QString::fromStdString(loaded->atlases.at(0).imagePath),
             QDir(saved.path()).filePath("Dragon.png"));
}

void TestViewerFixes::aKilledSessionsSampleFolderGoes()
{
    // A viewer killed while it showed the sample left its folder: the next sample extracted
    // removes it (its lock names a process that is gone) and leaves a live session's alone.
    const QString temporary = QDir::tempPath();
    QTemporaryDir dead(cli::SampleFolder::folderTemplate(temporary));
    QTemporaryDir live(cli::SampleFolder::folderTemplate(temporary));
    QVERIFY(dead.isValid() && live.isValid());
    QVERIFY(QFile::copy(kCorpus + QStringLiteral("/Dragon.xml"), dead.filePath("Dragon.xml")));
    QLockFile liveLock(cli::SessionFolder::lockFileIn(live.path()));
    QVERIFY(liveLock.tryLock(0));
    // The lock a killed session leaves: this process's lock file, naming a process that ended.
    QProcess ended;
    ended.start(QStringLiteral("true"), {});
    QVERIFY(ended.waitForStarted());
    const QByteArray endedPid = QByteArray::number(ended.processId());
    QVERIFY(ended.waitForFinished());
    const QString deadLockPath = cli::SessionFolder::lockFileIn(dead.path());
    QByteArray lockBytes;
    {
        QLockFile taken(deadLockPath);
        QVERIFY(taken.tryLock(0));
        lockBytes = test::fileBytes(deadLockPath);
    }
    QVERIFY(lockBytes.startsWith(QByteArray::number(QCoreApplication::applicationPid()) + '\n'));
    lockBytes.replace(0, lockBytes.indexOf('\n'), endedPid);
    QFile deadLock(deadLockPath);
    QVERIFY(deadLock.open(QIODevice::WriteOnly));
    QCOMPARE(deadLock.write(lockBytes), lockBytes.size());
    deadLock.close();
    // A link named like a session's folder, to a folder holding that dead lock: not followed.
    QTemporaryDir linked;
    QVERIFY(QFile::copy(deadLockPath, cli::SessionFolder::lockFileIn(linked.path())));
    QVERIFY(QFile::copy(kCorpus + QStringLiteral("/Dragon.xml"), linked.filePath("Dragon.xml")));
    const QString link =
        QDir(temporary).filePath(QStringLiteral("Bonescope-sample-link%1").arg(endedPid));
    QVERIFY(QFile::link(linked.path(), link));

    QString ownFolder;
    {
        const cli::SampleFolder sample;
        QVERIFY(!sample.path().isEmpty());
        ownFolder = QFileInfo(sample.path()).absolutePath();
        QVERIFY(QFileInfo::exists(cli::SessionFolder::lockFileIn(ownFolder)));
        QVERIFY(!QFileInfo::exists(dead.path()));
        QVERIFY(QFileInfo::exists(live.path()));
        QVERIFY(QFileInfo::exists(cli::SessionFolder::lockFileIn(live.path())));
    }
    QVERIFY(!QFileInfo::exists(ownFolder)); // an orderly end removes its own
    QVERIFY(QFileInfo::exists(linked.filePath("Dragon.xml")));
    QVERIFY(QFile::remove(link));
}

// After Save As the document reads its textures where the saved export does: the watcher
// sees them change there, and a second Save As copies them from there (the sample's temporary
// folder, where they were read first, is gone by then).
void TestViewerFixes::savedAsReadsAndWatchesItsNewTextures()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openSample());
    QTemporaryDir first;
    QVERIFY(saveAsThroughDialog(window, first.path(), QStringLiteral("first.xml")));
    const QString firstImage = QDir(first.path()).filePath(QStringLiteral("Dragon.png"));
    const QString firstSheet = QDir(first.path()).filePath(QStringLiteral("first.plist"));
    QVERIFY(QFileInfo::exists(firstImage) && QFileInfo::exists(firstSheet));
    QCOMPARE(QString::fromStdString(window.document()->loaded()->atlases.at(0).imagePath),
             firstImage);
    QVERIFY(window.fileWatcher()->watched().contains(firstImage));
    QVERIFY(window.fileWatcher()->watched().contains(firstSheet));

    QTemporaryDir second;
    QVERIFY(saveAsThroughDialog(window, second.path(), QStringLiteral("second.xml")));
    const QString copied = window.statusBar()->currentMessage();
    QVERIFY2(copied.contains(QStringLiteral("Dragon.png")), qPrintable(copied));
    QVERIFY(QFileInfo::exists(QDir(second.path()).filePath(QStringLiteral("Dragon.png"))));
    QVERIFY(QFileInfo::exists(QDir(second.path()).filePath(QStringLiteral("second.plist"))));
}

// Save As "tuned" (no extension): the copy is saved as tuned.xml, so it opens again, reloads
// and takes edits. It used to be saved as "tuned", which no reader took: every later edit was
// refused (re-read as ExportJson) and Reload failed. A tuned.xml already there is replaced only
// when the user says so (the dialog asked about "tuned").
void TestViewerFixes::savedAsWithoutAnExtensionGetsTheFormats()
{
    QTemporaryDir source;
    QVERIFY(copyCorpus(source, {QStringLiteral("Dragon.xml"), QStringLiteral("Dragon.plist"),
                                QStringLiteral("Dragon.png")}));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(source.filePath(QStringLiteral("Dragon.xml"))));
    QTemporaryDir saved;
    const QString tuned = QDir(saved.path()).filePath(QStringLiteral("tuned.xml"));
    QFile existing(tuned);
    QVERIFY(existing.open(QIODevice::WriteOnly) && existing.write("keep") == 4);
    existing.close();
    for (const QMessageBox::StandardButton answer : {QMessageBox::No, QMessageBox::Yes}) {
        bool asked = false;
        whenModal<QMessageBox>([answer](QMessageBox* box) { box->button(answer)->click(); },
                               &asked);
        QVERIFY(saveAsThroughDialog(window, saved.path(), QStringLiteral("tuned")));
        QVERIFY(asked);
        if (answer == QMessageBox::No) {
            QVERIFY(existing.open(QIODevice::ReadOnly));
            QCOMPARE(existing.readAll(), QByteArray("keep"));
            existing.close();
            QCOMPARE(window.document()->filePath(), source.filePath(QStringLiteral("Dragon.xml")));
        }
    }
    QCOMPARE(window.document()->filePath(), tuned);
    QVERIFY(QFileInfo::exists(tuned));
    QVERIFY(!QFileInfo::exists(QDir(saved.path()).filePath(QStringLiteral("tuned"))));

    Document* document = window.document();
    const core::EditTarget stand = document->editing()->movementTarget(
        document->movementNames().indexOf(QStringLiteral("stand")));
    QCOMPARE(document->editing()->setParameter(stand, core::EditKey::DurationTo, 7), QString());
    window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
    QVERIFY(!document->isModified());
    window.findChild<QAction*>(QStringLiteral("reloadAction"))->trigger();
    QCOMPARE(QString::fromStdString(document->loaded()->path), tuned);
    QCOMPARE(document->editing()->parameter(stand, core::EditKey::DurationTo),
             std::optional(core::EditValue(7)));
}

// In a window of 1024 pixels the timeline dock is narrower than its controls and frame readout
// side by side: the readout goes under the controls, the panel fits the dock and the whole
// ruler shows (it used to scroll sideways, the ruler's end out of sight). Wider, one row.
void TestViewerFixes::narrowTimelineKeepsItsRulerInView()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    widgets::TimelinePanel* timeline = window.timeline();
    const auto* scroll = qobject_cast<const QScrollArea*>(test::dockOf(timeline)->widget());
    QVERIFY(scroll);
    const auto oneRow = [timeline] {
        return timeline->frameLabel()->geometry().top() <
               timeline->movementBox()->geometry().bottom();
    };
    for (const int width : {1024, 1600, 1024}) {
        window.resize(width, 700);
        QVERIFY(QTest::qWaitFor([&] { return window.width() == width; }));
        QTest::qWait(50); // the docks and the panel's rows settle
        QCOMPARE(oneRow(), width == 1600);
        QVERIFY2(timeline->width() <= scroll->viewport()->width(),
                 qPrintable(QStringLiteral("%1 px of panel in a %2 px dock")
                                .arg(timeline->width())
                                .arg(scroll->viewport()->width())));
        QVERIFY(timeline->frameLabel()->width() >=
                timeline->frameLabel()->sizeHint().width()); // the readout whole
    }
}

void TestViewerFixes::narrowCompareStacksItsChoices()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    auto* compare = window.findChild<widgets::ComparatorPanel*>();
    QVERIFY(compare);
    QDockWidget* dock = test::dockOf(compare);
    QVERIFY(dock);
    dock->raise();
    const auto* scroll = qobject_cast<const QScrollArea*>(dock->widget());
    QVERIFY(scroll);
    const auto top = [compare](const QWidget* widget) {
        return widget->mapTo(compare, QPoint()).y();
    };
    for (const int width : {1024, 1600, 1024}) {
        window.resize(width, 700);
        QVERIFY(QTest::qWaitFor([&] { return window.width() == width; }));
        QTest::qWait(50); // the docks and the panel's rows settle
        QVERIFY2(compare->width() <= scroll->viewport()->width(),
                 qPrintable(QStringLiteral("%1 px of panel in a %2 px dock")
                                .arg(compare->width())
                                .arg(scroll->viewport()->width())));
        // Side by side where the dock is wide enough, else a row per choice; the views stay
        // side by side either way.
        const bool asRows = width == 1024;
        for (int i = 1; i < widgets::ComparatorPanel::kMaxChoices; ++i) {
            QCOMPARE(top(compare->kindBox(i)) > top(compare->kindBox(i - 1)), asRows);
            QCOMPARE(top(compare->durationBox(i)) > top(compare->durationBox(i - 1)), asRows);
            QCOMPARE(top(compare->viewport(i)), top(compare->viewport(0)));
        }
        for (int i = 0; i < widgets::ComparatorPanel::kMaxChoices; ++i)
            QVERIFY(compare->adoptButton(i)->geometry().right() <
                    compare->adoptButton(i)->parentWidget()->width()); // not clipped
    }
}

void TestViewerFixes::resetLayoutPutsEveryPanelBack()
{
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    const auto dock = [&window](const char* name) {
        return window.findChild<QDockWidget*>(QString::fromLatin1(name));
    };
    QDockWidget* bones = dock("boneTreeDock");
    QDockWidget* crossfade = dock("crossfadeDock");
    QDockWidget* values = dock("valuesDock");
    QVERIFY(bones && crossfade && values);
    const auto arrangedAsFirstStarted = [&] {
        return bones->isVisible() && !bones->isFloating() && !crossfade->isFloating() &&
               window.dockWidgetArea(bones) == Qt::RightDockWidgetArea &&
               window.dockWidgetArea(values) == Qt::BottomDockWidgetArea &&
               window.tabifiedDockWidgets(bones).contains(dock("propertiesDock")) &&
               window.tabifiedDockWidgets(values).contains(dock("curvesDock")) &&
               !dock("stressDock")->isVisible();
    };
    QVERIFY(arrangedAsFirstStarted());

    // A closed panel, a floated one and one moved to the other side.
    bones->close();
    crossfade->setFloating(true);
    window.addDockWidget(Qt::RightDockWidgetArea, values);
    QVERIFY(!arrangedAsFirstStarted());

    auto* reset = window.findChild<QAction*>(QStringLiteral("resetLayoutAction"));
    QVERIFY(reset);
    reset->trigger();
    QTRY_VERIFY(arrangedAsFirstStarted());
}

void TestViewerFixes::viewKeysZoomAndCopyTheView()
{
    // Ctrl + 0 shows the armature one point to a pixel, Ctrl + = and Ctrl + − step from there,
    // and the status bar says the zoom; Ctrl + Shift + C copies the view; the flipbook view
    // zooms its frame by the same keys.
    MainWindow window;
    QVERIFY(showWithFile(window, kCorpus + QStringLiteral("/Dragon.xml")));
    window.document()->setPlaying(false);
    widgets::Viewport* viewport = window.viewport();
    auto* zoomLabel = window.findChild<QLabel*>(QStringLiteral("zoomLabel"));
    QVERIFY(zoomLabel && zoomLabel->isVisible());
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    viewport->setFocus();
    QTest::keyClick(viewport, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(viewport->camera().zoom, 1.f);
    QCOMPARE(zoomLabel->text(), QStringLiteral("zoom 100 %"));
    QTest::keyClick(viewport, Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(zoomLabel->text(), QStringLiteral("zoom 125 %"));
    QTest::keyClick(viewport, Qt::Key_Plus, Qt::ControlModifier);
    QCOMPARE(zoomLabel->text(), QStringLiteral("zoom 156 %"));
    QTest::keyClick(viewport, Qt::Key_Minus, Qt::ControlModifier);
    QTest::keyClick(viewport, Qt::Key_Minus, Qt::ControlModifier);
    QTest::keyClick(viewport, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(zoomLabel->text(), QStringLiteral("zoom 80 %"));
    window.grab().save(shotPath("zoom_80"));
    QTest::keyClick(viewport, Qt::Key_F);
    QCOMPARE(zoomLabel->text(),
             QStringLiteral("zoom %1 %").arg(100 * viewport->camera().zoom, 0, 'f', 0));

    // Ctrl + Shift + C puts the view as it is on the clipboard.
    QTest::keyClick(viewport, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    const QImage copied = QGuiApplication::clipboard()->image();
    QCOMPARE(copied.size(), viewport->size() * viewport->devicePixelRatio());
    QCOMPARE(copied.pixelColor(2, 2).rgb(), viewport->viewOptions().background.rgb());

    // A flipbook's frame: fitted (up to 4×) until the same keys zoom it; F fits it again.
    const float dragonZoom = viewport->camera().zoom;
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/flipbook/animations-2.plist")));
    auto* flipbook = window.findChild<widgets::FlipbookView*>(QStringLiteral("flipbookView"));
    QVERIFY(flipbook);
    QTRY_VERIFY(flipbook->shownScale() > 1.0); // grossini's 85 × 121 frames, enlarged to fit
    const double fitted = flipbook->shownScale();
    QVERIFY(zoomLabel->isVisible());
    flipbook->setFocus();
    QTest::keyClick(flipbook, Qt::Key_0, Qt::ControlModifier);
    QTRY_COMPARE(flipbook->shownScale(), 1.0);
    QCOMPARE(zoomLabel->text(), QStringLiteral("zoom 100 %"));
    QTest::keyClick(flipbook, Qt::Key_Equal, Qt::ControlModifier);
    QTRY_COMPARE(flipbook->shownScale(), 1.25);
    QTest::keyClick(flipbook, Qt::Key_F);
    QTRY_COMPARE(flipbook->shownScale(), fitted);
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/Dragon.xml")));
    QVERIFY(zoomLabel->isVisible());
    QCOMPARE(zoomLabel->text(), QStringLiteral("zoom %1 %").arg(100 * dragonZoom, 0, 'f', 0));
}

void TestViewerFixes::exportFramesWritesWhatRenderWrites()
{
    // File → Export Frames, filled in by keyboard and mouse: a mistyped scenario is refused as
    // it is typed, with Export off; a right one says its frames, and they are the files
    // `bonescope-cli render` writes for the same choices, byte for byte; one loop of stand is 60
    // frames.
    QTemporaryDir folder;
    QVERIFY(copyCorpus(folder, {QStringLiteral("Dragon.xml"), QStringLiteral("Dragon.plist"),
                                QStringLiteral("Dragon.png")}));
    MainWindow window;
    QVERIFY(showWithFile(window, folder.filePath(QStringLiteral("Dragon.xml"))));
    auto* action = window.findChild<QAction*>(QStringLiteral("exportFramesAction"));
    QVERIFY(action && action->isEnabled());

    const QString gui = folder.filePath(QStringLiteral("gui"));
    QString startFolder, refusal, planned;
    bool handled = false;
    whenModal<app::ExportFramesDialog>(
        [&](app::ExportFramesDialog* dialog) {
            startFolder = dialog->folderField()->text();
            QLineEdit* field = dialog->folderField();
            field->setFocus();
            QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(field, gui);
            QTest::mouseClick(
                dialog->findChild<QRadioButton*>(QStringLiteral("exportScenarioButton")),
                Qt::LeftButton);
            QLineEdit* scenario = dialog->scenarioField();
            QVERIFY(scenario->isEnabled());
            QCOMPARE(scenario->text(), QStringLiteral("play:stand"));
            QTest::keyClick(scenario, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(scenario, QStringLiteral("play:stnad"));
            auto* background = dialog->findChild<QComboBox*>(QStringLiteral("exportBackground"));
            background->setFocus();
            QTest::keyClick(background, Qt::Key_Down); // transparent → checkerboard
            // Said as it is typed, and Export is off until it is right.
            auto* exportButton = dialog->findChild<QPushButton*>(QStringLiteral("exportButton"));
            auto* plan = dialog->findChild<QLabel*>(QStringLiteral("exportPlan"));
            refusal = plan->text();
            QVERIFY(!exportButton->isEnabled());
            QTest::keyClick(scenario, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(scenario, QStringLiteral("gotoPause:stand:3"));
            QVERIFY(exportButton->isEnabled());
            planned = plan->text();
            QTest::keyClick(scenario, Qt::Key_Return); // the default button
        },
        &handled);
    action->trigger();
    QVERIFY(handled);
    QCOMPARE(startFolder, QDir(folder.path()).filePath(QStringLiteral("frames")));
    QVERIFY2(refusal.contains(QStringLiteral("has no movement \"stnad\"")), qPrintable(refusal));
    QCOMPARE(planned, QStringLiteral("10 frames: Dragon__gotoPause_stand_3_0001.png … "
                                     "Dragon__gotoPause_stand_3_0010.png"));
    const QStringList written = QDir(gui).entryList({QStringLiteral("*.png")}, QDir::Files);
    QCOMPARE(written.size(), 10); // gotoPause: 10 updates
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("10 frames of")),
             qPrintable(window.statusBar()->currentMessage()));

    QVERIFY(renderWritesTheSameFrames({folder.filePath(QStringLiteral("Dragon.xml")),
                                       QStringLiteral("--scenario"),
                                       QStringLiteral("gotoPause:stand:3"),
                                       QStringLiteral("--background"), QStringLiteral("checker")},
                                      folder.filePath(QStringLiteral("cli")), gui));

    // One loop, the dialog's first choice, in one sheet, where the frames went last time.
    handled = false;
    whenModal<app::ExportFramesDialog>(
        [&](app::ExportFramesDialog* dialog) {
            QCOMPARE(dialog->folderField()->text(), QDir(gui).absolutePath());
            QTest::mouseClick(dialog->findChild<QRadioButton*>(QStringLiteral("exportSheet")),
                              Qt::LeftButton);
            QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("exportButton")),
                              Qt::LeftButton);
        },
        &handled);
    action->trigger();
    QVERIFY(handled);
    QVERIFY2(window.statusBar()->currentMessage().contains(
                 QStringLiteral("Dragon__loop_stand_sheet.png: 60 frames")),
             qPrintable(window.statusBar()->currentMessage()));

    // The blend recording (a crossfade to walk, re-targeted to jump): every update as the
    // timeline plays it, the frames `bonescope-cli render --script` draws from the saved script.
    test::recordWalkThenJump(window, 20, 10, 40);
    const core::BlendScript* recorded = window.document()->recorder()->blendScript();
    QVERIFY(recorded);
    const int updates = recorded->updates;
    const QString recording = folder.filePath(QStringLiteral("recorded"));
    // The dialog's choice of the recording; the test compares its label with `offered`.
    const QString offered = QStringLiteral("The blend recording (%1 updates)").arg(updates);
    const auto recordingChoice = [](app::ExportFramesDialog* dialog) {
        return dialog->findChild<QRadioButton*>(QStringLiteral("exportRecording"));
    };
    handled = false;
    whenModal<app::ExportFramesDialog>(
        [&](app::ExportFramesDialog* dialog) {
            QRadioButton* choice = recordingChoice(dialog);
            QVERIFY(choice);
            QCOMPARE(choice->text(), offered);
            dialog->folderField()->setText(recording);
            QTest::mouseClick(choice, Qt::LeftButton);
            QVERIFY(!dialog->namesBox()->isEnabled()); // the recording plays its own movements
            auto* plan = dialog->findChild<QLabel*>(QStringLiteral("exportPlan"));
            QVERIFY2(
                plan->text().startsWith(
                    QStringLiteral("%1 frames: Dragon__script_recording_0001.png").arg(updates)),
                qPrintable(plan->text()));
            QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("exportButton")),
                              Qt::LeftButton);
        },
        &handled);
    action->trigger();
    QVERIFY(handled);
    const QStringList recordedFrames =
        QDir(recording).entryList({QStringLiteral("*.png")}, QDir::Files);
    QCOMPARE(recordedFrames.size(), updates);
    const QString script = folder.filePath(QStringLiteral("recording.json"));
    QString error;
    QVERIFY2(window.document()->recorder()->save(script, &error), qPrintable(error));
    QVERIFY(renderWritesTheSameFrames(
        {folder.filePath(QStringLiteral("Dragon.xml")), QStringLiteral("--script"), script},
        folder.filePath(QStringLiteral("recording-cli")), recording));
    // Stopped, the recording is still offered, as Save Blend Script As still writes it.
    window.document()->recorder()->setRecording(false);
    QVERIFY(!window.document()->recorder()->isRecording());
    handled = false;
    whenModal<app::ExportFramesDialog>(
        [&](app::ExportFramesDialog* dialog) {
            QRadioButton* choice = recordingChoice(dialog);
            QVERIFY(choice);
            QCOMPARE(choice->text(), offered);
            dialog->reject();
        },
        &handled);
    action->trigger();
    QVERIFY(handled);
    QVERIFY2(window.document()->file().save(&error), qPrintable(error)); // no question on leaving

    // A flipbook: its animations, forwards or reversed.
    QVERIFY(window.openFile(kCorpus + QStringLiteral("/flipbook/animations-2.plist")));
    const QString flipbook = folder.filePath(QStringLiteral("flipbook"));
    handled = false;
    whenModal<app::ExportFramesDialog>(
        [&](app::ExportFramesDialog* dialog) {
            QCOMPARE(dialog->namesBox()->currentText(), QStringLiteral("dance_1"));
            QVERIFY(!dialog->scenarioField()); // an animation plays as it is
            dialog->folderField()->setText(flipbook);
            auto* reverse = dialog->findChild<QCheckBox*>(QStringLiteral("exportReverse"));
            QTest::mouseClick(reverse, Qt::LeftButton, {}, QPoint(6, reverse->height() / 2));
            QVERIFY(reverse->isChecked());
            QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("exportButton")),
                              Qt::LeftButton);
        },
        &handled);
    action->trigger();
    QVERIFY(handled);
    const QStringList reversed =
        QDir(flipbook).entryList({QStringLiteral("flipbook_dance_1_reverse_*.png")}, QDir::Files);
    QVERIFY2(reversed.size() > 300, qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(QDir(flipbook).entryList({QStringLiteral("*.png")}, QDir::Files) == reversed);
}

void TestViewerFixes::hostileBoneCountsKeepTheWindowUp_data()
{
    QTest::addColumn<int>("bones");
    QTest::addColumn<bool>("chain");
    QTest::newRow("40 000-deep chain") << 40000 << true;
    QTest::newRow("300 000 bones") << 300000 << false;
}

void TestViewerFixes::hostileBoneCountsKeepTheWindowUp()
{
    QFETCH(int, bones);
    QFETCH(bool, chain);
    const QString path = m_folder.filePath(QStringLiteral("hostile_%1.xml").arg(bones));
    QVERIFY(writeBoneArmature(path, bones, chain));

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString error;
    const bool opened = window.openFile(path, &error);
    QVERIFY(window.isVisible());
    if (!opened) {
        // The core may refuse past its documented limits: then the refusal is on show.
        QVERIFY(!error.isEmpty());
        QCOMPARE(window.problems()->list()->topLevelItem(0)->text(widgets::ProblemsPanel::Message),
                 error);
        return;
    }
    QCOMPARE(int(window.document()->armature()->bones.size()), bones);
    const QTreeWidget* tree = window.boneTree()->tree();
    QVERIFY(window.boneTree()->itemForBone(bones - 1));
    QVERIFY(maxDepth(*tree) < widgets::BoneTreePanel::kMaxNesting);
    // Playing on: ticks, the tree's visible rows and the viewport keep up.
    window.document()->advance(1);
    window.document()->advance(1);
    QTest::qWait(50);
    const QTreeWidgetItem* top = tree->itemAt(0, 0);
    QVERIFY(top && !top->text(widgets::BoneTreePanel::X).isEmpty());
    window.boneTree()->tree()->scrollToBottom();
    QTest::qWait(20);
    const QTreeWidgetItem* shown = tree->itemAt(0, 0);
    QVERIFY(shown && !shown->text(widgets::BoneTreePanel::X).isEmpty());
    // Selecting the last bone from the viewport's side reaches its row.
    window.document()->selection()->selectBones({bones - 1});
    QVERIFY(window.boneTree()->itemForBone(bones - 1)->isSelected());
    window.grab().save(shotPath(QStringLiteral("hostile_%1").arg(bones)));
}

void TestViewerFixes::commandLineNamesTheValidChoices_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    const QString cyborg = kCorpus + QStringLiteral("/cyborg.xml");
    QTest::newRow("armature") << QStringList{cyborg, QStringLiteral("--armature"),
                                             QStringLiteral("nope")}
                              << QStringLiteral("no armature called \"nope\" in cyborg.xml; it "
                                                "has: cyborg, armInside, armOutside.");
    QTest::newRow("movement of the chosen armature")
        << QStringList{cyborg, QStringLiteral("--armature"), QStringLiteral("armInside"),
                       QStringLiteral("--movement"), QStringLiteral("nope")}
        << QStringLiteral("no movement called \"nope\" in cyborg.xml; it has: weapon1, weapon2, "
                          "weapon3, weapon4.");
}

void TestViewerFixes::commandLineNamesTheValidChoices()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    QProcess bonescope;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_folder.filePath(QStringLiteral("xdg")));
    bonescope.setProcessEnvironment(environment);
    bonescope.start(QStringLiteral(BONESCOPE_GUI), arguments);
    QVERIFY(bonescope.waitForFinished(60000));
    QCOMPARE(bonescope.exitStatus(), QProcess::NormalExit);
    QCOMPARE(bonescope.exitCode(), 1);
    const QString stderrText = QString::fromUtf8(bonescope.readAllStandardError());
    QVERIFY2(stderrText.contains(expected), qPrintable(stderrText));
}

// `bonescope --help` over SSH or in a script: it failed with "could not connect to display"
// and Qt's platform plugin error, as the GUI application was made before the options were read.
void TestViewerFixes::helpAndVersionNeedNoDisplay()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QString::fromLatin1(name));
    const auto run = [&](const QString& argument) {
        QProcess bonescope;
        bonescope.setProcessEnvironment(environment);
        bonescope.start(QStringLiteral(BONESCOPE_GUI), {argument});
        bonescope.waitForFinished(60000);
        return std::pair{bonescope.exitCode(),
                         QString::fromUtf8(bonescope.readAllStandardOutput())};
    };
    const auto [helpStatus, help] = run(QStringLiteral("--help"));
    QCOMPARE(helpStatus, 0);
    QVERIFY2(help.contains(QStringLiteral("Usage:")) && help.contains(QStringLiteral("--movement")),
             qPrintable(help));
    const auto [versionStatus, version] = run(QStringLiteral("--version"));
    QCOMPARE(versionStatus, 0);
    QVERIFY2(version.startsWith(QStringLiteral("Bonescope ")), qPrintable(version));
}

QTEST_MAIN(TestViewerFixes)
#include "test_viewer_fixes.moc"
