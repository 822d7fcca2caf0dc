// FrameWriter, the frames `bonescope-cli render` and the viewer's Export Frames write: plans
// before any drawing, and a render stopped halfway leaves nothing behind and loses nothing that
// was there.

#include "TwiceNested.h"
#include "cli/FrameWriter.h"

#include "io/ExportLoader.h"
#include "script/BlendScriptReader.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace bonescope;

namespace {
const std::string kCorpus = BONESCOPE_TEST_DATA "/corpus/";
/// A test row's file: test::writeTwiceNestedCyborg's, written for the test.
const QString kTwiceNested = QStringLiteral("(cyborg nested twice)");
} // namespace

class TestFrameWriter : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        auto loaded = core::loadExport(kCorpus + "Dragon.xml");
        QVERIFY2(loaded, loaded ? "" : loaded.error().toString().c_str());
        m_dragon = std::make_unique<core::LoadedExport>(std::move(loaded.value()));
    }

    void plansSayFramesAndFilesBeforeDrawing()
    {
        cli::FramePlan plan = cli::planLoopFrames(*m_dragon, "Dragon", "stand");
        QVERIFY(plan.ok());
        QCOMPARE(plan.frames, 60);
        QCOMPARE(plan.files(false),
                 QStringLiteral("Dragon__loop_stand_0001.png … Dragon__loop_stand_0060.png"));
        QCOMPARE(plan.files(true), QStringLiteral("Dragon__loop_stand_sheet.png"));
        QVERIFY(plan.warnings.isEmpty());
        plan = cli::planLoopFrames(*m_dragon, "Dragon", "walk");
        QCOMPARE(plan.frames, 21);
        QCOMPARE(plan.warnings.size(), 1);

        const auto scenario = core::Scenario::parse("gotoPause:stand:3");
        QVERIFY(scenario);
        plan = cli::planScenarioFrames(*m_dragon, "Dragon", *scenario);
        QCOMPARE(plan.frames, 10);
        QCOMPARE(plan.stem, QStringLiteral("Dragon__gotoPause_stand_3"));
        plan = cli::planLoopFrames(*m_dragon, "Dragon", "run");
        QVERIFY(!plan.ok());
        QVERIFY2(plan.error.contains(QStringLiteral("has no movement \"run\"")),
                 qPrintable(plan.error));
    }

    void aStoppedRenderLeavesNothing_data()
    {
        QTest::addColumn<bool>("sheet");
        QTest::newRow("frames") << false;
        QTest::newRow("sheet") << true;
    }

    void aStoppedRenderLeavesNothing()
    {
        QFETCH(bool, sheet);
        QTemporaryDir folder;
        cli::FrameRequest request;
        request.size = QSize(32, 32);
        request.sheet = sheet;
        request.out = QDir(folder.filePath(QStringLiteral("frames")));
        QList<int> reported;
        request.progress = [&reported](int done, int total) {
            reported << done;
            return !(done == 3 && total == 60); // the user stops after the third frame
        };
        const cli::FramesWritten written =
            cli::writeLoopFrames(*m_dragon, "Dragon", "stand", request);
        QVERIFY(!written.ok());
        QVERIFY2(written.error.contains(QStringLiteral("nothing was written")),
                 qPrintable(written.error));
        QCOMPARE(reported, (QList<int>{1, 2, 3}));
        QVERIFY(!QFileInfo::exists(folder.filePath(QStringLiteral("frames"))));

        // Not stopped: every frame reported, the files there.
        reported.clear();
        request.progress = [&reported](int done, int) {
            reported << done;
            return true;
        };
        const cli::FramesWritten all = cli::writeLoopFrames(*m_dragon, "Dragon", "stand", request);
        QVERIFY2(all.ok(), qPrintable(all.error));
        QCOMPARE(reported.size(), 60);
        QCOMPARE(QDir(folder.filePath(QStringLiteral("frames")))
                     .entryList({QStringLiteral("*.png")}, QDir::Files)
                     .size(),
                 sheet ? 1 : 60);
    }

    // Frames of an earlier render at the same names stay as they were when a new render is
    // stopped or fails halfway; a finished one replaces them. No staging folder is left.
    void earlierFramesSurviveAStoppedRender()
    {
        QTemporaryDir folder;
        cli::FrameRequest request;
        request.size = QSize(32, 32);
        request.out = QDir(folder.path());
        QVERIFY(cli::writeLoopFrames(*m_dragon, "Dragon", "stand", request).ok());
        const auto bytes = [&folder](int frame) {
            QFile file(folder.filePath(
                QStringLiteral("Dragon__loop_stand_%1.png").arg(frame, 4, 10, QLatin1Char('0'))));
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        const QByteArray first = bytes(1), last = bytes(60);
        QVERIFY(!first.isEmpty() && !last.isEmpty());

        request.size = QSize(48, 48); // other pixels at the same names
        request.progress = [](int done, int) { return done < 30; };
        QVERIFY(!cli::writeLoopFrames(*m_dragon, "Dragon", "stand", request).ok());
        QCOMPARE(bytes(1), first);
        QCOMPARE(bytes(60), last);
        const QDir::Filters everything = QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot;
        QCOMPARE(QDir(folder.path()).entryList(everything).size(), 60);

        request.progress = {};
        cli::FramesWritten written = cli::writeLoopFrames(*m_dragon, "Dragon", "stand", request);
        QVERIFY(written.ok());
        QVERIFY(written.warnings.isEmpty());
        QVERIFY(bytes(1) != first);
        QCOMPARE(QDir(folder.path()).entryList(everything).size(), 60);

        // A shorter render under the same names says what it left behind.
        QFile::rename(folder.filePath(QStringLiteral("Dragon__loop_stand_0060.png")),
                      folder.filePath(QStringLiteral("Dragon__loop_stand_0099.png")));
        written = cli::writeLoopFrames(*m_dragon, "Dragon", "stand", request);
        QVERIFY(written.ok());
        QCOMPARE(written.warnings.size(), 1);
        QVERIFY2(written.warnings.front().contains(
                     QStringLiteral("1 more frames named Dragon__loop_stand_NNNN.png from before")),
                 qPrintable(written.warnings.front()));
    }

    // A blend script's frames are the poses the script gives, drawn as the scenarios are:
    // `golden cross:stand:walk:17:10` written as a script draws the same sheet, byte for byte,
    // bones included, and so does `play stand` on cyborg, whose weapons are nested armatures.
    void scriptFramesDrawTheScenarioTheyEqual_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("scenario");
        QTest::newRow("a durationTo crossfade")
            << "Dragon.xml"
            << R"({"armature": "Dragon", "updates": 107, "calls": [{"at": 0, "play": "stand"},
                  {"at": 17, "crossfade": "walk", "mode": "to", "frames": 10}]})"
            << "cross:stand:walk:17:10";
        QTest::newRow("nested armatures")
            << "cyborg.xml"
            << R"({"updates": 70, "calls": [{"at": 0, "play": "stand"}]})"
            << "play:stand";
        // The script's pose places the nested armatures at every depth (the grandchild went
        // missing), as playing does.
        QTest::newRow("armatures nested twice")
            << kTwiceNested << R"({"updates": 70, "calls": [{"at": 0, "play": "run"}]})"
            << "play:run";
    }
    void scriptFramesDrawTheScenarioTheyEqual()
    {
        QFETCH(QString, file);
        QFETCH(QString, script);
        QFETCH(QString, scenario);
        QTemporaryDir folder;
        const std::string path = file == kTwiceNested
                                     ? test::writeTwiceNestedCyborg(folder.path()).toStdString()
                                     : kCorpus + file.toStdString();
        auto loaded = core::loadExport(path);
        QVERIFY(loaded);
        const auto parsedScript = core::parseBlendScript(script.toStdString(), "s.json");
        QVERIFY2(parsedScript, parsedScript ? "" : parsedScript.error().toString().c_str());
        const auto parsedScenario = core::Scenario::parse(scenario.toStdString());
        QVERIFY(parsedScenario);
        const std::string armature = loaded->skeleton.armatures.front().name;

        const cli::FramePlan plan =
            cli::planScriptFrames(loaded.value(), parsedScript.value(), QStringLiteral("s"));
        QVERIFY2(plan.ok(), qPrintable(plan.error));
        QCOMPARE(plan.frames, parsedScript->updates);
        QCOMPARE(plan.stem, QString::fromStdString(armature) + QStringLiteral("__script_s"));

        QTemporaryDir out;
        cli::FrameRequest request;
        request.sheet = true;
        request.options.showBones = true;
        request.out = QDir(out.path());
        const cli::FramesWritten fromScript = cli::writeScriptFrames(
            loaded.value(), parsedScript.value(), QStringLiteral("s"), request);
        QVERIFY2(fromScript.ok(), qPrintable(fromScript.error));
        const cli::FramesWritten fromScenario =
            cli::writeScenarioFrames(loaded.value(), armature, *parsedScenario, request);
        QVERIFY2(fromScenario.ok(), qPrintable(fromScenario.error));
        QCOMPARE(fromScript.frames, fromScenario.frames);
        const auto bytes = [](const QString& path) {
            QFile image(path);
            return image.open(QIODevice::ReadOnly) ? image.readAll() : QByteArray();
        };
        QVERIFY(!bytes(fromScript.paths.front()).isEmpty());
        QVERIFY(bytes(fromScript.paths.front()) == bytes(fromScenario.paths.front()));
    }

    void scriptPlansRefuseBeforeDrawing()
    {
        const auto plan = [this](const char* text) {
            const auto script = core::parseBlendScript(text, "s.json");
            if (script)
                return cli::planScriptFrames(*m_dragon, script.value(), QStringLiteral("s"));
            cli::FramePlan unreadable;
            unreadable.error = QString::fromStdString(script.error().toString());
            return unreadable;
        };
        QVERIFY(plan(R"({"updates": 5, "calls": [{"at": 0, "play": "stand"}]})").ok());
        const QString unknown =
            plan(R"({"updates": 5, "calls": [{"at": 0, "play": "stnd"}]})").error;
        QVERIFY2(unknown.contains(QStringLiteral("has no movement \"stnd\"")), qPrintable(unknown));
        QVERIFY2(unknown.contains(QStringLiteral("/calls/0/play")), qPrintable(unknown));
        const QString tooLong =
            plan(R"({"updates": 2000000, "calls": [{"at": 0, "play": "stand"}]})").error;
        QVERIFY2(tooLong.contains(QStringLiteral("limit")), qPrintable(tooLong));

        auto plist = core::loadExport(kCorpus + "flipbook/animations-2.plist");
        QVERIFY(plist);
        const auto script = core::parseBlendScript(R"({"updates": 5, "calls": []})", "s.json");
        QVERIFY(script);
        const QString flipbook =
            cli::planScriptFrames(plist.value(), script.value(), QStringLiteral("s")).error;
        QVERIFY2(flipbook.contains(QStringLiteral("holds flipbook animations")),
                 qPrintable(flipbook));
    }

private:
    std::unique_ptr<core::LoadedExport> m_dragon;
};

QTEST_MAIN(TestFrameWriter)
#include "test_frame_writer.moc"
