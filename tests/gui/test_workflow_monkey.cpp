// Random workflows in a shown main window: edits of movement and keyframe values (some refused),
// flipbook timing, undo and redo, layer setups, recordings and their calls, crossfades, movement
// changes, seeks, selections, the comparator shown and hidden, saves and reloads, in the order a
// seeded generator picks. Each panel hears every change as it would from a user. Nothing may
// crash (run it under AddressSanitizer to see freed data read), a shown comparator compares the
// movements as they are, and undoing every step gives the saved file back.
#include "BlendRecording.h"
#include "Document.h"
#include "MainWindow.h"
#include "MainWindowFixture.h"
#include "StressMode.h"
#include "panels/ComparatorPanel.h"
#include "panels/StressPanel.h"

#include "edit/EditKey.h"
#include "model/Easing.h"
#include "script/TransitionComparison.h"

#include <QUndoStack>
#include <QtTest>

#include <random>

using namespace bonescope;
using namespace bonescope::app;

namespace {

const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus/");

/// Copies `names` from the corpus into `folder`, writable; the first one's path.
QString copyCorpus(const QTemporaryDir& folder, const QStringList& names)
{
    for (const QString& name : names) {
        const QString to = folder.filePath(QFileInfo(name).fileName());
        if (!QFile::copy(kCorpus + name, to))
            return {};
        QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
    }
    return folder.filePath(QFileInfo(names.front()).fileName());
}

/// One random step on `document`; what it did, for the failure message.
class Monkey {
public:
    Monkey(MainWindow& window, unsigned seed) : m_window(window), m_random(seed) {}

    QString step()
    {
        Document& d = *m_window.document();
        const int movements = int(d.movementNames().size());
        const int movement = pick(movements);
        switch (pick(19)) {
        case 0:
            return editMovement(d, movement);
        case 1:
            return editKeyframe(d, movement);
        case 2:
            return editFlipbook(d, movement);
        case 3:
            d.undoStack()->undo();
            return QStringLiteral("undo");
        case 4:
            d.undoStack()->redo();
            return QStringLiteral("redo");
        case 5:
            return setLayers(d);
        case 6:
            d.recorder()->setRecording(!d.recorder()->isRecording());
            return QStringLiteral("record %1").arg(d.recorder()->isRecording());
        case 7:
            if (movements > 1)
                d.crossfade()->setTransition({d.currentMovement(), movement, kind(), pick(30)});
            d.crossfade()->triggerCrossfade();
            return QStringLiteral("trigger to %1").arg(movement);
        case 8:
            d.setMovement(movement);
            return QStringLiteral("movement %1").arg(movement);
        case 9:
            d.seekFrame(pick(80) - 5);
            return QStringLiteral("seek");
        case 10:
            d.advance(1 + pick(40));
            return QStringLiteral("advance");
        case 11:
            return select(d);
        case 12:
            return setTransitions(d, movement);
        case 13:
            return editRecordedCall(d, movement);
        case 14:
            d.setSpeed(0.25 * pick(9));
            d.setLoopPreview(pick(2) == 1);
            d.stepFrames(pick(7) - 3);
            return QStringLiteral("speed, loop preview, step");
        case 16:
            return toggleStressMode();
        case 17:
            return showOrHideTheComparator(d);
        case 15:
            d.setPlaying(!d.isPlaying());
            d.advance(1 + pick(5));
            d.setPlaying(false);
            return QStringLiteral("play");
        default:
            return saveOrReload(d);
        }
    }

    /// What a step found wrong (beyond a crash, which ends the test).
    const QStringList& problems() const { return m_problems; }

private:
    int pick(int n) { return n <= 0 ? 0 : std::uniform_int_distribution<int>(0, n - 1)(m_random); }
    core::TransitionKind kind() { return core::TransitionKind(pick(4)); }

    QString editMovement(Document& d, int movement)
    {
        const core::EditTarget target = d.editing()->movementTarget(movement);
        const core::EditKey keys[] = {core::EditKey::DurationTo, core::EditKey::DurationTween,
                                      core::EditKey::Loop, core::EditKey::TweenEasing,
                                      core::EditKey::Scale};
        const core::EditKey key = keys[pick(5)];
        core::EditValue value;
        switch (key) {
        case core::EditKey::Loop:
            value = pick(2) == 1;
            break;
        case core::EditKey::TweenEasing:
            value = easing();
            break;
        case core::EditKey::Scale:
            value = 0.25 * pick(9);
            break;
        default:
            value = pick(4) == 0 ? -3 : pick(70);
        }
        // Merge session 0: a drag's steps merge, and none spans a save.
        const QString refused = d.editing()->setParameter(target, key, value, 0);
        return QStringLiteral("set %1 of movement %2 (%3)")
            .arg(QString::fromStdString(std::string(core::editKeyName(key))))
            .arg(movement)
            .arg(refused);
    }

    QString editKeyframe(Document& d, int movement)
    {
        const core::ArmatureData* armature = d.armature();
        if (!armature || armature->bones.empty())
            return QStringLiteral("no keyframe");
        core::EditTarget target = d.editing()->movementTarget(movement);
        target.bone = armature->bones[size_t(pick(int(armature->bones.size())))].name;
        target.keyframe = pick(6);
        const core::EditKey keys[] = {core::EditKey::FrameTweenEasing,
                                      core::EditKey::FrameTweenRotate, core::EditKey::FrameEvent};
        const core::EditKey key = keys[pick(3)];
        core::EditValue value = key == core::EditKey::FrameTweenEasing ? core::EditValue(easing())
                                : key == core::EditKey::FrameTweenRotate
                                    ? core::EditValue(double(pick(5) - 2))
                                    : core::EditValue(std::string(pick(2) ? "hit" : ""));
        const QString refused = d.editing()->setParameter(target, key, value, 0);
        return QStringLiteral("set %1 of %2 keyframe %3 (%4)")
            .arg(QString::fromStdString(std::string(core::editKeyName(key))),
                 QString::fromStdString(target.bone))
            .arg(target.keyframe)
            .arg(refused);
    }

    core::Easing easing()
    {
        const core::Easing easings[] = {core::Easing::Linear,         core::Easing::None,
                                        core::Easing::SineEaseIn,     core::Easing::QuadEaseInOut,
                                        core::Easing::ElasticEaseOut, core::Easing::BackEaseIn};
        return easings[pick(6)];
    }

    QString editFlipbook(Document& d, int movement)
    {
        const core::FlipbookData* flipbook = d.flipbookData(movement);
        if (!flipbook)
            return QStringLiteral("no flipbook");
        const core::FlipbookKey key = core::FlipbookKey(pick(4));
        const core::FlipbookTarget target{flipbook->name,
                                          key == core::FlipbookKey::DelayUnits ? pick(4) : -1};
        const QString refused = d.editing()->setFlipbookValue(target, key, 0.05 * (pick(8) - 1), 0);
        return QStringLiteral("set flipbook %1 (%2)")
            .arg(QString::fromStdString(std::string(core::flipbookKeyName(key))), refused);
    }

    QString setLayers(Document& d)
    {
        core::LayerSetup setup;
        const QStringList names = d.movementNames();
        const core::ArmatureData* armature = d.armature();
        for (int layer = pick(3); layer > 0 && armature && !names.isEmpty(); --layer) {
            core::LayerSetupLayer added;
            added.name = "layer" + std::to_string(layer);
            added.movement = names[pick(int(names.size()))].toStdString();
            added.weight = 0.25f * float(pick(5));
            if (pick(2) && !armature->bones.empty())
                added.mask = std::vector<std::string>{
                    armature->bones[size_t(pick(int(armature->bones.size())))].name};
            setup.layers.push_back(added);
        }
        d.layers()->setLayerSetup(setup);
        return QStringLiteral("%1 layers").arg(setup.layers.size());
    }

    QString select(Document& d)
    {
        const core::ArmatureData* armature = d.armature();
        QList<int> bones;
        for (int n = pick(3); n > 0 && armature && !armature->bones.empty(); --n)
            bones << pick(int(armature->bones.size()));
        d.selection()->selectBones(bones);
        return QStringLiteral("select %1 bones").arg(bones.size());
    }

    /// Stress mode entered (a few instances, soak or not, threads or not) and left; it runs a
    /// few ticks beside the steps that follow.
    QString toggleStressMode()
    {
        StressMode& stress = *m_window.stressMode();
        if (stress.isActive()) {
            stress.leave();
            return QStringLiteral("leave stress mode");
        }
        widgets::StressRequest request;
        request.instances = 1 + pick(40);
        request.seed = unsigned(pick(100));
        request.soak = pick(2) == 1;
        request.parallel = pick(2) == 1;
        const bool entered = stress.enter(request);
        QTest::qWait(40);
        return QStringLiteral("stress mode %1").arg(entered);
    }

    /// A recorded call moved, changed or removed (the first, which starts the script, too).
    QString editRecordedCall(Document& d, int movement)
    {
        const app::BlendRecording* recording = d.recorder()->recording();
        if (!recording || recording->script().calls.empty())
            return QStringLiteral("no recorded call");
        const int index = pick(int(recording->script().calls.size()));
        switch (pick(3)) {
        case 0:
            d.recorder()->moveRecordedCall(index, pick(60));
            return QStringLiteral("move call %1").arg(index);
        case 1: {
            core::ScriptCall call = recording->script().calls[size_t(index)];
            call.movement = d.movementNames().value(movement).toStdString();
            call.mode = kind();
            call.seconds = 0.1 * pick(5);
            d.recorder()->changeRecordedCall(index, call);
            return QStringLiteral("change call %1").arg(index);
        }
        default:
            d.recorder()->removeRecordedCall(index);
            return QStringLiteral("remove call %1").arg(index);
        }
    }

    QString setTransitions(Document& d, int movement)
    {
        core::TransitionTable table = d.editing()->transitionTable();
        table.fallback.kind = kind();
        const QStringList names = d.movementNames();
        if (pick(2) && names.size() > 1)
            table.rules.push_back(
                {names[pick(int(names.size()))].toStdString(), names[movement].toStdString(), {}});
        // Pairs are unique: a second rule for a pair is dropped.
        for (size_t i = 0; i < table.rules.size(); ++i)
            for (size_t j = i + 1; j < table.rules.size();)
                if (table.rules[i].source == table.rules[j].source &&
                    table.rules[i].target == table.rules[j].target)
                    table.rules.erase(table.rules.begin() + std::ptrdiff_t(j));
                else
                    ++j;
        d.editing()->setTransitionTable(table);
        return QStringLiteral("transition table");
    }

    QString showOrHideTheComparator(Document& d)
    {
        auto* panel = m_window.findChild<widgets::ComparatorPanel*>();
        QDockWidget* dock = test::dockOf(panel);
        if (pick(2)) {
            dock->show();
            dock->raise();
        } else {
            dock->close();
        }
        if (!panel->isVisible() || !d.armature())
            return QStringLiteral("comparator %1").arg(panel->isVisible() ? "shown" : "hidden");
        // Shown, it holds the comparison of the movements as they are now, baked while it was
        // hidden or not.
        const auto now = core::TransitionComparison::create(d.loaded()->skeleton, panel->request());
        const core::TransitionComparison* shown = panel->comparison();
        if (!now || !shown) {
            if (bool(now) != bool(shown))
                m_problems << QStringLiteral("the comparator shows %1 comparison")
                                  .arg(shown ? "a refused" : "no");
            return QStringLiteral("comparator shown");
        }
        const auto a = shown->pose(0, shown->updates());
        const auto b = now->pose(0, now->updates());
        if (shown->updates() != now->updates() || a.size() != b.size() ||
            !std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
                return x.world.tx == y.world.tx && x.world.ty == y.world.ty;
            }))
            m_problems << QStringLiteral("the comparator shows movements edited since");
        return QStringLiteral("comparator shown");
    }

    QString saveOrReload(Document& d)
    {
        QString error;
        if (pick(2) && d.editing()->canWrite()) {
            // As File → Save does: the file watcher then knows the change is the window's own.
            m_window.findChild<QAction*>(QStringLiteral("saveAction"))->trigger();
            if (!d.isModified())
                d.undoStack()->setClean(); // where undo gives the saved file back
            return QStringLiteral("save");
        }
        if (d.isModified())
            return QStringLiteral("kept unsaved edits");
        d.file().reload(&error);
        return QStringLiteral("reload %1").arg(error);
    }

    MainWindow& m_window;
    std::mt19937 m_random;
    QStringList m_problems;
};

} // namespace

class TestWorkflowMonkey : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateSettings(); }

    void randomWorkflowsNeitherCrashNorLoseTheFile_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<unsigned>("seed");
        const QStringList dragon{"Dragon.xml", "Dragon.png", "Dragon.plist"};
        const QStringList cowboy{"Cowboy.ExportJson", "Cowboy0.plist", "Cowboy0.png"};
        const QStringList cyborg{"cyborg.xml", "cyborg.plist", "cyborg.png"}; // nested armatures
        const QStringList dance{"flipbook/animations-2.plist", "flipbook/grossini.plist",
                                "flipbook/grossini.png"};
        for (unsigned seed : {1u, 2u, 3u}) {
            QTest::addRow("Dragon %u", seed) << dragon << seed;
            QTest::addRow("Cowboy %u", seed) << cowboy << seed;
        }
        QTest::addRow("cyborg 1") << cyborg << 1u;
        QTest::addRow("dance 1") << dance << 1u;
    }

    void randomWorkflowsNeitherCrashNorLoseTheFile()
    {
        QFETCH(QStringList, files);
        QFETCH(unsigned, seed);
        QTemporaryDir folder;
        const QString path = copyCorpus(folder, files);
        QVERIFY(!path.isEmpty());
        MainWindow window;
        QVERIFY(test::showWithFile(window, path));
        Document& document = *window.document();
        document.setPlaying(false);
        Monkey monkey(window, seed);
        QStringList steps;
        for (int i = 0; i < 150; ++i)
            steps << monkey.step();
        QVERIFY2(monkey.problems().isEmpty(),
                 qPrintable(monkey.problems().join(QLatin1Char('\n')) + QLatin1Char('\n') +
                            steps.join(QLatin1Char('\n'))));
        // Every step undone back to the last save (when a later edit did not cut that point
        // off the history): the values are the file's again, and no undo or redo wrote the file.
        const QByteArray saved = test::fileBytes(path);
        const int clean = document.undoStack()->cleanIndex();
        if (clean >= 0) {
            document.undoStack()->setIndex(clean);
            const core::EditRecovery left = document.editing()->unsavedEdits({}, nullptr);
            QVERIFY2(left.edits.empty() && left.flipbookEdits.empty(),
                     qPrintable(steps.join(QLatin1Char('\n'))));
        }
        document.undoStack()->setIndex(0);
        QCOMPARE(test::fileBytes(path), saved);
    }
};

QTEST_MAIN(TestWorkflowMonkey)
#include "test_workflow_monkey.moc"
