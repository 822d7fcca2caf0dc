#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {
const QString kCorpus = QStringLiteral(BONESCOPE_TEST_DATA "/corpus/");
const QString kBroken = QStringLiteral(BONESCOPE_TEST_DATA "/broken/");

struct Run {
    int status;
    QByteArray out;
    QByteArray err;
};

Run cli(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(BONESCOPE_CLI), arguments);
    process.waitForFinished(60000);
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void infoDescribesEveryCorpusFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("armature");
        QTest::addColumn<int>("bones");
        QTest::addColumn<QString>("movement");
        QTest::newRow("Dragon") << "Dragon.xml"
                                << "Dragon" << 17 << "stand";
        QTest::newRow("robot") << "robot.xml"
                               << "robot" << -1 << "";
        QTest::newRow("knight") << "knight.xml"
                                << "Knight_f/Knight" << -1 << "";
        QTest::newRow("weapon") << "weapon.xml"
                                << "" << -1 << "";
        QTest::newRow("cyborg") << "cyborg.xml"
                                << "" << -1 << "";
        QTest::newRow("Cowboy") << "Cowboy.ExportJson"
                                << "Cowboy" << -1 << "Walk";
        QTest::newRow("bear") << "bear.ExportJson"
                              << "" << -1 << "";
        QTest::newRow("HeroAnimation") << "HeroAnimation.ExportJson"
                                       << "" << -1 << "";
        QTest::newRow("hero") << "hero.ExportJson"
                              << "" << -1 << "";
        QTest::newRow("horse") << "horse.ExportJson"
                               << "" << -1 << "";
        QTest::newRow("testEasing") << "testEasing.ExportJson"
                                    << "" << -1 << "";
    }
    void infoDescribesEveryCorpusFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, armature);
        QFETCH(int, bones);
        QFETCH(QString, movement);
        const Run text = cli({"info", kCorpus + file});
        QCOMPARE(text.status, 0);
        QVERIFY(text.out.contains("atlases (1)"));
        const Run json = cli({"info", kCorpus + file, "--json"});
        QCOMPARE(json.status, 0);
        QJsonParseError error;
        const QJsonObject summary = QJsonDocument::fromJson(json.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonArray armatures = summary["armatures"].toArray();
        QVERIFY(!armatures.isEmpty());
        if (armature.isEmpty())
            return;
        bool found = false;
        for (const auto& value : armatures) {
            const QJsonObject object = value.toObject();
            if (object["name"].toString() != armature)
                continue;
            found = true;
            if (bones >= 0)
                QCOMPARE(object["boneCount"].toInt(), bones);
            if (!movement.isEmpty()) {
                QStringList names;
                for (const auto& m : object["movements"].toArray())
                    names << m.toObject()["name"].toString();
                QVERIFY2(names.contains(movement), qPrintable(names.join(',')));
            }
        }
        QVERIFY(found);
    }

    void infoOpensTheEmbeddedSample()
    {
        const Run run = cli({"info", "--sample"});
        QCOMPARE(run.status, 0);
        QVERIFY(run.out.contains("armature Dragon: 17 bones"));
    }

    void validateExitStatus()
    {
        QCOMPARE(cli({"validate", kCorpus + "Dragon.xml", kCorpus + "Cowboy.ExportJson"}).status,
                 0);
        QTemporaryDir folder;
        QFile::copy(kCorpus + "Dragon.xml", folder.filePath("Dragon.xml"));
        const Run missingImage = cli({"validate", folder.filePath("Dragon.xml")});
        QCOMPARE(missingImage.status, 1);
        QVERIFY(missingImage.out.contains("Dragon.png"));
        const Run unreadable =
            cli({"validate", kCorpus + "Dragon.xml", folder.filePath("missing.xml")});
        QCOMPARE(unreadable.status, 2);
        QVERIFY(unreadable.out.contains("missing.xml"));
    }

    void diffComparesBakesAndExports()
    {
        QTemporaryDir folder;
        const QString baked = folder.filePath("walk.csv");
        QCOMPARE(cli({"bake", kCorpus + "Dragon.xml", "--armature", "Dragon", "--scenario",
                      "play:walk", "--out", baked})
                     .status,
                 0);
        const QString golden =
            QStringLiteral(BONESCOPE_TEST_DATA "/golden/Dragon/Dragon__play_walk.csv");
        const Run same = cli({"diff", golden, baked});
        QCOMPARE(same.status, 0);
        QVERIFY(same.out.contains("816 rows compared, 0 differences"));

        QFile file(baked);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        const qsizetype row = text.indexOf("\n5,armL,");
        QVERIFY(row > 0);
        text.insert(row + 9, "1"); // x gains a leading digit
        const QString changed = folder.filePath("changed.csv");
        QFile out(changed);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        const Run different = cli({"diff", golden, changed});
        QCOMPARE(different.status, 1);
        QVERIFY2(different.out.contains("frame 5, bone armL, x"), different.out.constData());

        QCOMPARE(cli({"diff", golden, folder.filePath("missing.csv")}).status, 2);
        const Run exports = cli({"diff", kCorpus + "Dragon.xml", kCorpus + "Dragon.xml"});
        QCOMPARE(exports.status, 0);
        QVERIFY(exports.out.contains("scenarios compared: equal"));
        QCOMPARE(cli({"diff", kCorpus + "Dragon.xml", kCorpus + "robot.xml"}).status, 1);
    }

    void usageErrorsExitTwo()
    {
        QCOMPARE(cli({}).status, 2);
        QCOMPARE(cli({"no-such-command"}).status, 2);
        QCOMPARE(cli({"info"}).status, 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
