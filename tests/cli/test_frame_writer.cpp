// FrameWriter, the frames `bonescope-cli render` and the viewer's Export Frames write: plans
// before any drawing, and a render stopped halfway leaves nothing behind and loses nothing that
// was there.

#include "cli/FrameWriter.h"

#include "io/ExportLoader.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace bonescope;

namespace {
const std::string kCorpus = BONESCOPE_TEST_DATA "/corpus/";
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

private:
    std::unique_ptr<core::LoadedExport> m_dragon;
};

QTEST_MAIN(TestFrameWriter)
#include "test_frame_writer.moc"
