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

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

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

    void editSetsValuesInPlace()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("Dragon.xml"));
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", file));
        const Run run = cli({"edit", file, "--movement", "walk", "--set", "durationTo=12", "--set",
                             "loop=false", "--set", "tweenEasing=QuadEaseIn"});
        QCOMPARE(run.status, 0);
        QFile edited(file);
        QVERIFY(edited.open(QIODevice::ReadOnly));
        QVERIFY(edited.readAll().contains(
            R"(<mov name="walk" dr="9" to="12" drTW="21" lp="0" twE="4">)"));
        const Run info = cli({"info", file, "--json"});
        QCOMPARE(info.status, 0);
    }

    void editWritesToOutAndKeepsTheOriginal()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("Cowboy.ExportJson"));
        QFile original(kCorpus + "Cowboy.ExportJson");
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray before = original.readAll();
        const Run run = cli({"edit", kCorpus + "Cowboy.ExportJson", "--movement", "Walk", "--set",
                             "scale=1.25", "--out", out});
        QCOMPARE(run.status, 0);
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QByteArray expected = before;
        expected.replace(expected.indexOf("\"sc\": 1.0"), 9, "\"sc\": 1.25");
        QCOMPARE(written.readAll(), expected);
        original.seek(0);
        QCOMPARE(original.readAll(), before);
    }

    void editExitStatus_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::newRow("negative durationTo")
            << "Dragon.xml" << QStringList{"--movement", "walk", "--set", "durationTo=-2"} << 1
            << "durationTo: a duration cannot be negative";
        QTest::newRow("NaN durationTween")
            << "Cowboy.ExportJson"
            << QStringList{"--movement", "Walk", "--set", "durationTween=nan"} << 1
            << "durationTween";
        QTest::newRow("scale in DragonBones XML")
            << "Dragon.xml" << QStringList{"--movement", "walk", "--set", "scale=2"} << 1
            << "no movement speed that cocos2d-x reads";
        QTest::newRow("unknown movement")
            << "Dragon.xml" << QStringList{"--movement", "swim", "--set", "loop=true"} << 1
            << "no movement \"swim\"";
        QTest::newRow("unknown key")
            << "Dragon.xml" << QStringList{"--movement", "walk", "--set", "speed=2"} << 2
            << "unknown key";
        QTest::newRow("no --set") << "Dragon.xml" << QStringList{"--movement", "walk"} << 2
                                  << "--set";
        QTest::newRow("missing file")
            << "nothing.xml" << QStringList{"--movement", "walk", "--set", "loop=true"} << 2
            << "not found";
    }
    void editExitStatus()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, options);
        QFETCH(int, status);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString copy = dir.filePath(file);
        QFile::copy(kCorpus + file, copy);
        const QByteArray before = QFile::exists(copy) ? readAll(copy) : QByteArray();
        const Run run = cli(QStringList{"edit", copy} + options);
        QCOMPARE(run.status, status);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
        if (!before.isEmpty())
            QCOMPARE(readAll(copy), before);
    }

    // QSaveFile writes a temporary file beside the target first: when that fails the original
    // stays as it was and the command says why.
    void failedEditWriteKeepsTheOriginal_data()
    {
        QTest::addColumn<bool>("readOnlyFolder");
        QTest::newRow("read-only folder") << true;
        QTest::newRow("no room for a temporary name") << false;
    }
    void failedEditWriteKeepsTheOriginal()
    {
        QFETCH(bool, readOnlyFolder);
        QTemporaryDir dir;
        // A name of NAME_MAX (255) bytes leaves no room for QSaveFile's temporary suffix.
        const QString name =
            readOnlyFolder ? QStringLiteral("Dragon.xml") : QString(251, QLatin1Char('d')) + ".xml";
        const QString file = dir.filePath(name);
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", file));
        const QByteArray before = readAll(file);
        QFile folder(dir.path());
        if (readOnlyFolder) {
            QVERIFY(folder.setPermissions(QFile::ReadOwner | QFile::ExeOwner));
            if (QFileInfo(dir.path()).isWritable()) {
                folder.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
                QSKIP("folder permissions do not stop this user (root) from writing");
            }
        }
        const Run run = cli({"edit", file, "--movement", "walk", "--set", "durationTo=12"});
        folder.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("cannot write"), run.err.constData());
        QCOMPARE(readAll(file), before);
    }

    // trigger:A:B:AT takes A -> B's transition from the sidecar: the same bake as the blend
    // scenario spelling that transition out.
    void bakeTriggerFollowsTheTransitionTable_data()
    {
        QTest::addColumn<QString>("transition");
        QTest::addColumn<QString>("equivalent");
        QTest::newRow("then, seconds") << R"("type": "then", "seconds": 0.25)"
                                       << "blend:stand:walk:then:0.25:0.5";
        QTest::newRow("while, frames") << R"("type": "while", "frames": 12)"
                                       << "blend:stand:walk:while:0.2:0.5";
        QTest::newRow("to, the target's own durationTo (walk: 5 frames)")
            << R"("type": "to")"
            << "blend:stand:walk:to:0.0833333333333333:0.5";
    }
    void bakeTriggerFollowsTheTransitionTable()
    {
        QFETCH(QString, transition);
        QFETCH(QString, equivalent);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("Dragon.xml"));
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", file));
        QFile sidecar(file + ".bonescope.json");
        QVERIFY(sidecar.open(QIODevice::WriteOnly));
        sidecar.write(
            QStringLiteral(
                R"({"version": 1, "transitions": {"default": {"type": "switch", "frames": 0},
            "pairs": [{"source": "stand", "target": "walk", %1}]}})")
                .arg(transition)
                .toUtf8());
        sidecar.close();
        const Run trigger = cli({"bake", file, "--scenario", "trigger:stand:walk:0.5"});
        QCOMPARE(trigger.status, 0);
        const Run blend = cli({"bake", file, "--scenario", equivalent});
        QCOMPARE(blend.status, 0);
        QVERIFY(trigger.out.size() > 1000);
        QCOMPARE(trigger.out, blend.out);
        // --transitions names another sidecar: here one without the pair, so the default.
        QFile other(dir.filePath(QStringLiteral("other.json")));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write(
            R"({"version": 1, "transitions": {"default": {"type": "switch", "frames": 0}}})");
        other.close();
        const Run named = cli({"bake", file, "--scenario", "trigger:stand:walk:0.5",
                               "--transitions", other.fileName()});
        QCOMPARE(named.status, 0);
        QCOMPARE(named.out, cli({"bake", file, "--scenario", "blend:stand:walk:switch:0:0.5"}).out);
    }

    void bakeTriggerRefusesABadSidecar()
    {
        QTemporaryDir dir;
        QFile sidecar(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(sidecar.open(QIODevice::WriteOnly));
        sidecar.write(R"({"version": 1, "transitions": {"default": {"type": "fade"}}})");
        sidecar.close();
        const Run run = cli({"bake", kCorpus + "Dragon.xml", "--scenario", "trigger:stand:walk:0.5",
                             "--transitions", sidecar.fileName()});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("/transitions/default/type"), run.err.constData());
    }

    // bake --script: the whole run, then chosen updates out of order by random access with the
    // same rows; a trace beside it whose result rows are the pose rows.
    void bakesBlendScripts()
    {
        QTemporaryDir folder;
        const QString script = QStringLiteral(BONESCOPE_TEST_DATA "/blend/dragon_script.json");
        const QString all = folder.filePath("all.csv");
        const Run run = cli({"bake", kCorpus + "Dragon.xml", "--script", script, "--trace",
                             "head,tail", "--out", all});
        QVERIFY2(run.status == 0, run.err.constData());
        auto fileLines = [](const QString& path) {
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll().split('\n') : QByteArrayList();
        };
        const QByteArrayList rows = fileLines(all);
        QCOMPARE(rows.size(), 1 + 150 * 17 + 1); // header, rows, the final newline
        QCOMPARE(fileLines(folder.filePath("all.state.csv")).size(), 1 + 150 + 1);
        QVERIFY(fileLines(folder.filePath("all.events.csv")).contains("6,START,stand,"));
        const QByteArrayList trace = fileLines(folder.filePath("all.trace.csv"));
        QCOMPARE(trace.first(), QByteArray("frame,bone,contributor,weight,x,y,skewX,skewY,scaleX,"
                                           "scaleY"));
        // Frame 40: stand → walk (while, 0.5 s from update 30) is a third of the way.
        auto traced = [&](const QByteArray& prefix) {
            return std::any_of(trace.begin(), trace.end(),
                               [&](const QByteArray& line) { return line.startsWith(prefix); });
        };
        QVERIFY(traced("40,head,stand,0.666667,"));
        QVERIFY(traced("40,head,walk,0.333333,"));
        QVERIFY(traced("40,head,result,1.000000,"));
        for (const QByteArray& line : trace) {
            if (!line.contains(",result,"))
                continue;
            const QByteArrayList f = line.split(',');
            const QByteArray prefix = f[0] + ',' + f[1] + ',' + f.mid(4).join(',') + ',';
            QVERIFY2(std::any_of(rows.begin(), rows.end(),
                                 [&](const QByteArray& row) { return row.startsWith(prefix); }),
                     line.constData());
        }

        const Run some =
            cli({"bake", kCorpus + "Dragon.xml", "--script", script, "--frames", "140,47,3-5"});
        QVERIFY2(some.status == 0, some.err.constData());
        const QByteArrayList picked = some.out.split('\n');
        QCOMPARE(picked.size(), 1 + 5 * 17 + 1);
        QVERIFY(picked[1].startsWith("140,"));
        for (qsizetype i = 1; i + 1 < picked.size(); ++i)
            QVERIFY2(rows.contains(picked[i]), picked[i].constData());
    }

    void refusesBadBlendScripts_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("missing movement")
            << R"({ "updates": 9, "calls": [ { "at": 0, "play": "stand" },
                  { "at": 3, "crossfade": "run", "mode": "while", "seconds": 1 } ] })"
            << QByteArray("(at /calls/1/crossfade): call 1: armature \"Dragon\" has no movement");
        QTest::newRow("out of order")
            << R"({ "updates": 9, "calls": [ { "at": 4, "play": "stand" }, { "at": 2, "pause": true } ] })"
            << QByteArray("(at /calls/1/at): call 1: out of order");
    }

    void refusesBadBlendScripts()
    {
        QFETCH(QString, json);
        QFETCH(QByteArray, message);
        QTemporaryDir folder;
        QFile file(folder.filePath("bad.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(json.toUtf8());
        file.close();
        const Run run = cli({"bake", kCorpus + "Dragon.xml", "--script", file.fileName()});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QCOMPARE(
            cli({"bake", kCorpus + "Dragon.xml", "--script", file.fileName(), "--frames", "3-x"})
                .status,
            2);
        const QString good = QStringLiteral(BONESCOPE_TEST_DATA "/blend/dragon_script.json");
        QCOMPARE(cli({"bake", kCorpus + "Dragon.xml", "--script", good, "--format", "json"}).status,
                 2);
        QCOMPARE(cli({"bake", kCorpus + "Dragon.xml", "--scenario", "play:walk", "--frames", "3"})
                     .status,
                 2);
        const Run late = cli({"bake", kCorpus + "Dragon.xml", "--script", good, "--frames", "151"});
        QCOMPARE(late.status, 2);
        QVERIFY2(late.err.contains("frame 151 is outside 1..150"), late.err.constData());
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
