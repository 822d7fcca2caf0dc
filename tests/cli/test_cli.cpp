#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include "LockedFile.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <functional>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

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

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(bytes) == bytes.size();
}

Run cli(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(BONESCOPE_CLI), arguments);
    // No deadline here (timed assertions do not belong in tests): CTest's timeout catches a
    // hang; a crash shows as status −1.
    process.waitForFinished(-1);
    const int status = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return {status, process.readAllStandardOutput(), process.readAllStandardError()};
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

/// A DragonBones 2.2 skeleton "T" whose bone i has parent `parentOf(i)` (−1: none) and one
/// movement "m" of `frames` frames with no bone timeline.
QByteArray skeletonXml(int bones, int frames, const std::function<int(int)>& parentOf)
{
    QByteArray xml = "<skeleton name=\"T\" frameRate=\"24\" version=\"2.2\"><armatures>"
                     "<armature name=\"T\">";
    xml.reserve(bones * 100 + 400);
    for (int i = 0; i < bones; ++i) {
        xml += "<b name=\"b" + QByteArray::number(i) + '"';
        if (parentOf(i) >= 0)
            xml += " parent=\"b" + QByteArray::number(parentOf(i)) + '"';
        xml += " x=\"1\" y=\"0\" kX=\"0\" kY=\"0\" cX=\"1\" cY=\"1\" pX=\"0\" pY=\"0\" z=\"0\"/>";
    }
    xml += "</armature></armatures><animations><animation name=\"T\"><mov name=\"m\" dr=\"" +
           QByteArray::number(frames) + "\" to=\"0\" drTW=\"" + QByteArray::number(frames) +
           "\" lp=\"1\" twE=\"0\"/></animation></animations></skeleton>";
    return xml;
}

int rootOnly(int)
{
    return -1;
}

/// An AnimationCache plist (format 2) with one animation "a" of one frame from grossini.plist.
QByteArray flipbookPlist(const QByteArray& delayPerUnitSeconds, int loops)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>"
           "<key>animations</key><dict><key>a</key><dict><key>delayPerUnit</key><real>" +
           delayPerUnitSeconds + "</real><key>loops</key><integer>" + QByteArray::number(loops) +
           "</integer><key>frames</key><array><dict><key>spriteframe</key>"
           "<string>grossini_dance_01.png</string><key>delayUnits</key><integer>1</integer>"
           "</dict></array></dict></dict><key>properties</key><dict><key>spritesheets</key>"
           "<array><string>grossini.plist</string></array><key>format</key><integer>2</integer>"
           "</dict></dict></plist>";
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
        // An armature without movements (weapon.xml's, a library of images) is one cocos2d-x
        // cannot create: its runtime crashes posing the bones at the first movement (checked
        // with cocos2d-x 4.0); the summary says so, the others do not.
        QCOMPARE(
            text.out.contains("movements (0):\n    none: cocos2d-x cannot create this armature"),
            file == QStringLiteral("weapon.xml"));
        // A bone at y 0 in a DragonBones file (y negated: −0 in the model) reads (x, 0).
        static const QRegularExpression negativeZero(QStringLiteral("[(, ]-0[,)]"));
        QVERIFY2(!QString::fromUtf8(text.out).contains(negativeZero), text.out.constData());
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

    // A flipbook's length: one loop's, and all loops' (2.8 s read as the whole before).
    void infoGivesAFlipbooksLoopAndTotal()
    {
        const QString plist = kCorpus + "flipbook/animations-2.plist";
        const Run text = cli({"info", plist});
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.contains("animation dance_1: 14 frames, 2.8 s a loop, loops 2 (5.6 s), "
                                   "restores original frame"),
                 text.out.constData());
        const Run json = cli({"info", plist, "--json"});
        const QJsonObject dance =
            QJsonDocument::fromJson(json.out).object()["animations"].toArray()[0].toObject();
        QCOMPARE(float(dance["durationSeconds"].toDouble()), 2.8f);
        QCOMPARE(float(dance["totalSeconds"].toDouble()), 5.6f);
    }

    // What a pass plays (durationTween 0 means dr) and a movement's speed scale, which the
    // text left out though it stretches every pass.
    void infoSaysWhatAPassPlays()
    {
        const Run bear = cli({"info", kCorpus + "bear.ExportJson"});
        QCOMPARE(bear.status, 0);
        QVERIFY2(bear.out.contains("Animation1  20 frames, loop, durationTo 0, durationTween 0 (a "
                                   "pass: the 20 frames), easing Linear, speed scale 0.166667\n"),
                 bear.out.constData());
        const Run dragon = cli({"info", kCorpus + "Dragon.xml"});
        QVERIFY2(dragon.out.contains(
                     "stand  7 frames, loop, durationTo 6, durationTween 30, easing Linear\n"),
                 dragon.out.constData());
    }

    // A sheet image of another size than its sheet says (scaled down, repacked): info gives the
    // image's own size, which the game's texture has, and names the frames past it.
    void infoGivesTheImagesOwnSize()
    {
        QTemporaryDir folder;
        for (const char* name : {"Dragon.xml", "Dragon.plist"})
            QVERIFY(QFile::copy(kCorpus + name, folder.filePath(name)));
        // info reads only the header: Dragon.png's with its IHDR saying 256 × 256.
        QByteArray png = readAll(kCorpus + "Dragon.png");
        png.replace(16, 8, QByteArray::fromHex("0000010000000100"));
        writeFile(folder.filePath("Dragon.png"), png);
        const Run text = cli({"info", folder.filePath("Dragon.xml")});
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.contains("Dragon.png  256x256 (its sheet says 512x512), 17 frames\n") &&
                     text.out.contains("reaches outside its 256 × 256 image, and so do 13 more "
                                       "frames"),
                 text.out.constData());
        const Run json = cli({"info", folder.filePath("Dragon.xml"), "--json"});
        const QJsonObject atlas =
            QJsonDocument::fromJson(json.out).object()["atlases"].toArray()[0].toObject();
        QCOMPARE(atlas["width"].toInt(), 512);
        QCOMPARE(atlas["imageWidth"].toInt(), 256);
        // The corpus's own: one size, said once.
        QVERIFY(
            cli({"info", kCorpus + "Dragon.xml"}).out.contains("Dragon.png  512x512, 17 frames"));
    }

    void infoOpensTheEmbeddedSample()
    {
        const Run run = cli({"info", "--sample"});
        QCOMPARE(run.status, 0);
        QVERIFY(run.out.contains("armature Dragon: 17 bones"));
        // Named as the sample, not by the temporary folder it is extracted to.
        QVERIFY2(run.out.startsWith("embedded sample (Dragon.xml)\n"), run.out.constData());
        QVERIFY2(run.out.contains("  embedded sample (Dragon.png)  512x512"), run.out.constData());
        QVERIFY2(!run.out.contains(QDir::tempPath().toUtf8()), run.out.constData());
        const Run json = cli({"info", "--sample", "--json"});
        QCOMPARE(json.status, 0);
        QCOMPARE(QJsonDocument::fromJson(json.out)["file"].toString(),
                 QStringLiteral("embedded sample (Dragon.xml)"));
    }

    // bake takes --sample as info, validate and render do: the sample's rows are those of the
    // Dragon.xml it is, and reports name it as the sample. It stands alone.
    void bakeTakesTheEmbeddedSample()
    {
        const Run sample = cli({"bake", "--sample", "--scenario", "play:stand"});
        QCOMPARE(sample.status, 0);
        const Run corpus = cli({"bake", kCorpus + "Dragon.xml", "--scenario", "play:stand"});
        QCOMPARE(corpus.status, 0);
        QVERIFY(sample.out.startsWith("frame,bone,"));
        QCOMPARE(sample.out, corpus.out);

        QTemporaryDir folder;
        const Run json = cli({"bake", "--sample", "--scenario", "play:stand", "--out",
                              folder.filePath("stand.csv"), "--json"});
        QCOMPARE(json.status, 0);
        QCOMPARE(QJsonDocument::fromJson(json.out)["files"][0]["file"].toString(),
                 QStringLiteral("embedded sample (Dragon.xml)"));
        QCOMPARE(readAll(folder.filePath("stand.csv")), corpus.out);

        const Run both =
            cli({"bake", "--sample", kCorpus + "Dragon.xml", "--scenario", "play:stand"});
        QCOMPARE(both.status, 2);
        QVERIFY2(both.err.contains("give a FILE or --sample, not both"), both.err.constData());
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
        // A folder holding no export (a wrong path, say) is refused, not passed; it used to
        // abort the command (a pool of SIZE_MAX helpers).
        QTemporaryDir empty;
        const Run none = cli({"validate", empty.path()});
        QCOMPARE(none.status, 2);
        QVERIFY2(none.err.contains("no export found in"), none.err.constData());
    }

    void validateReportsRefusedExportsAsProblems_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("named"); // what the problem must name
        QTest::newRow("self-nesting") << "self-nesting.xml"
                                      << "('loop' → 'loop')";
        QTest::newRow("mutual nesting") << "mutual-nesting.ExportJson"
                                        << "('hero' → 'sword' → 'hero')";
    }

    void validateReportsRefusedExportsAsProblems()
    {
        QFETCH(QString, file);
        QFETCH(QString, named);
        const Run run = cli({"validate", QStringLiteral(BONESCOPE_TEST_DATA "/hostile/") + file});
        QCOMPARE(run.status, 1);
        QVERIFY2(run.out.contains(named.toUtf8()), run.out.constData());
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
        QVERIFY(writeAll(changed, text));
        const Run different = cli({"diff", golden, changed});
        QCOMPARE(different.status, 1);
        QVERIFY2(different.out.contains("frame 5, bone armL, x"), different.out.constData());
        QVERIFY2(different.out.contains("816 rows compared, 1 difference\n"),
                 different.out.constData());

        QCOMPARE(cli({"diff", golden, folder.filePath("missing.csv")}).status, 2);
        const Run exports = cli({"diff", kCorpus + "Dragon.xml", kCorpus + "Dragon.xml"});
        QCOMPARE(exports.status, 0);
        QVERIFY(exports.out.contains("scenarios compared: equal"));
        QCOMPARE(cli({"diff", kCorpus + "Dragon.xml", kCorpus + "robot.xml"}).status, 1);
        // An export edited: the summary names the scenarios that differ, with their counts.
        const QString edited = folder.filePath("Dragon.xml");
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", edited));
        QCOMPARE(cli({"edit", edited, "--movement", "jump", "--set", "durationTo=20"}).status, 0);
        const Run changedExport = cli({"diff", kCorpus + "Dragon.xml", edited});
        QCOMPARE(changedExport.status, 1);
        QVERIFY2(
            QRegularExpression("21 scenarios compared: different: Dragon play:jump \\(\\d+\\), "
                               "Dragon cross:jump:fall:17:10 \\(\\d+\\)\n")
                .match(QString::fromUtf8(changedExport.out))
                .hasMatch(),
            changedExport.out.constData());
    }

    // Flipbooks: two AnimationCache plists compare their animations' bakes, two flipbook bakes
    // (.state.csv) update by update; diff refused both ("compares armature exports or bakes",
    // "not a bake in the golden layout").
    // Two folders of bakes (bake --scenario all before and after an edit): each file compared
    // with its namesake, pose rows within tolerance, frame events exactly, a file only one
    // holds a difference. diff refused folders ("is a folder, not a file"), and two
    // .events.csv ("not a bake": the golden header expected).
    void diffComparesFoldersOfBakes()
    {
        QTemporaryDir folder;
        const QString before = folder.filePath("before");
        const QString same = folder.filePath("same");
        const QString after = folder.filePath("after");
        QCOMPARE(cli({"bake", kCorpus + "Dragon.xml", "--scenario", "all", "--out", before}).status,
                 0);
        QCOMPARE(cli({"bake", kCorpus + "Dragon.xml", "--scenario", "all", "--out", same}).status,
                 0);
        // Walk's durationTo edited, 5 → 20: walk's bakes change, stand's do not.
        const QString edited = folder.filePath("Dragon.xml");
        QCOMPARE(cli({"edit", kCorpus + "Dragon.xml", "--movement", "walk", "--set",
                      "durationTo=20", "--out", edited})
                     .status,
                 0);
        QCOMPARE(cli({"bake", edited, "--scenario", "all", "--out", after}).status, 0);

        const Run equal = cli({"diff", before, same});
        QCOMPARE(equal.status, 0);
        QCOMPARE(equal.out, QByteArray("42 files compared: equal\n"));

        const Run different = cli({"diff", before, after, "--json"});
        QCOMPARE(different.status, 1);
        const QJsonObject report = QJsonDocument::fromJson(different.out).object();
        QCOMPARE(report["equal"].toBool(), false);
        QSet<QString> differing;
        for (const auto& value : report["comparisons"].toArray())
            if (!value.toObject()["equal"].toBool())
                differing.insert(value.toObject()["name"].toString());
        // Walk's own bakes differ, events included; stand's do not.
        QVERIFY(differing.contains("Dragon__play_walk.csv"));
        QVERIFY(differing.contains("Dragon__play_walk.events.csv"));
        QVERIFY(!differing.contains("Dragon__play_stand.csv"));
        QVERIFY(!differing.contains("Dragon__play_stand.events.csv"));

        const Run events = cli({"diff", before + "/Dragon__play_walk.events.csv",
                                after + "/Dragon__play_walk.events.csv"});
        QCOMPARE(events.status, 1);
        QVERIFY2(events.out.contains("rows: event 1: expected \"5,START,walk,\", got \"20,START,"
                                     "walk,\"\n"),
                 events.out.constData());

        QVERIFY(QFile::remove(same + "/Dragon__play_fall.csv"));
        writeFile(same + "/extra.csv", readAll(same + "/Dragon__play_stand.csv")); // a bake
        const Run missing = cli({"diff", before, same});
        QCOMPARE(missing.status, 1);
        QVERIFY2(missing.out.contains("Dragon__play_fall.csv: only in " + before.toUtf8() + "\n") &&
                     missing.out.contains("extra.csv: only in " + same.toUtf8() + "\n") &&
                     missing.out.endsWith("43 files compared: different: Dragon__play_fall.csv "
                                          "(1), extra.csv (1)\n"),
                 missing.out.constData());

        // A file that is no bake is skipped, in both folders or in one; a bake one cannot read
        // is reported and the other files still compared (the run ends unreadable).
        writeFile(before + "/notes.csv", "take,comment\n1,too slow\n");
        writeFile(same + "/notes.csv", "take,comment\n2,fine\n");
        writeFile(same + "/sidecar.json", "{}"); // in one folder only, and no bake
        const QByteArray stand = readAll(before + "/Dragon__play_stand.csv");
        writeFile(same + "/Dragon__play_stand.csv", stand.left(stand.size() / 2));
        const Run broken = cli({"diff", before, same});
        QCOMPARE(broken.status, 2);
        QVERIFY2(broken.out.contains("skipped: notes.csv: not a bake\n") &&
                     broken.out.contains("skipped: sidecar.json: not a bake\n") &&
                     broken.out.contains("Dragon__play_stand.csv: " + same.toUtf8() +
                                         "/Dragon__play_stand.csv:") &&
                     broken.out.endsWith("43 files compared, 2 skipped: different: "
                                         "Dragon__play_fall.csv (1), Dragon__play_stand.csv "
                                         "(unreadable), extra.csv (1)\n"),
                 broken.out.constData());
        QDir notes(folder.filePath("notes"));
        QVERIFY(notes.mkpath("a") && notes.mkpath("b"));
        writeFile(notes.filePath("a/n.csv"), "a,b\n");
        writeFile(notes.filePath("b/n.csv"), "a,b\n");
        const Run noBakes = cli({"diff", notes.filePath("a"), notes.filePath("b")});
        QCOMPARE(noBakes.status, 2);
        QVERIFY2(noBakes.err.contains("every file was skipped"), noBakes.err.constData());

        const Run empty =
            cli({"diff", QDir(kCorpus).filePath("flipbook"), QDir(kCorpus).filePath("flipbook")});
        QCOMPARE(empty.status, 2);
        QVERIFY2(empty.err.contains("no .csv or .json files in it"), empty.err.constData());
        const Run mixed = cli({"diff", before, before + "/Dragon__play_walk.csv"});
        QCOMPARE(mixed.status, 2);
        QVERIFY2(mixed.err.contains("is a folder and"), mixed.err.constData());
    }

    // JSON bakes (bake --format json) compare as their CSV would: poses within the
    // tolerances, frame events exactly; one at a time or folders of them.
    void diffComparesJsonBakes()
    {
        QTemporaryDir folder;
        const QString before = folder.filePath("before");
        const QString same = folder.filePath("same");
        const QString after = folder.filePath("after");
        const QString edited = folder.filePath("Dragon.xml");
        QCOMPARE(cli({"edit", kCorpus + "Dragon.xml", "--movement", "walk", "--set",
                      "durationTo=20", "--out", edited})
                     .status,
                 0);
        for (const auto& [export_, out] : {std::pair{kCorpus + "Dragon.xml", before},
                                           {kCorpus + "Dragon.xml", same},
                                           {edited, after}})
            QCOMPARE(cli({"bake", export_, "--scenario", "all", "--format", "json", "--out", out})
                         .status,
                     0);
        const Run equal = cli({"diff", before, same});
        QCOMPARE(equal.status, 0);
        QCOMPARE(equal.out, QByteArray("21 files compared: equal\n"));

        const Run walk = cli({"diff", before + "/Dragon__play_walk.json",
                              after + "/Dragon__play_walk.json", "--max-report", "0"});
        QCOMPARE(walk.status, 1);
        const Run events = cli({"diff", before + "/Dragon__play_walk.json",
                                after + "/Dragon__play_walk.json", "--json"});
        const QJsonArray differences =
            QJsonDocument::fromJson(events.out)["comparisons"][0]["differences"].toArray();
        QVERIFY(std::any_of(differences.begin(), differences.end(), [](const QJsonValue& d) {
            return d.toString() == QLatin1String("event 1: expected \"5,START,walk,\", got "
                                                 "\"20,START,walk,\"");
        }));
        const Run folders = cli({"diff", before, after});
        QCOMPARE(folders.status, 1);
        QVERIFY2(folders.out.contains("Dragon__play_walk.json (") &&
                     !folders.out.contains("Dragon__play_stand.json ("),
                 folders.out.constData());
        // A flipbook's JSON bake is not an armature's.
        const QString dance = folder.filePath("dance.json");
        QCOMPARE(cli({"bake", kCorpus + "flipbook/animations-2.plist", "--scenario",
                      "flipbook:dance_1", "--format", "json", "--out", dance})
                     .status,
                 0);
        QCOMPARE(cli({"diff", dance, dance}).status, 0);
        const Run mixed = cli({"diff", dance, before + "/Dragon__play_walk.json"});
        QCOMPARE(mixed.status, 2);
        QVERIFY2(mixed.err.contains("an armature's bake, where the first is a flipbook's"),
                 mixed.err.constData());
    }

    void diffComparesFlipbooks()
    {
        QTemporaryDir folder;
        const QString plist = kCorpus + "flipbook/animations-2.plist";
        const Run same = cli({"diff", plist, plist});
        QVERIFY2(same.status == 0, same.err.constData());
        QVERIFY2(same.out.contains("1 scenario compared: equal"), same.out.constData());

        const QString edited = folder.filePath("animations-2.plist");
        QVERIFY(QFile::copy(plist, edited));
        QFile::setPermissions(edited, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(
            cli({"edit", edited, "--animation", "dance_1", "--set", "delayPerUnit=0.1"}).status, 0);
        const Run changed = cli({"diff", plist, edited});
        QCOMPARE(changed.status, 1);
        // Half the length first, then where it shows: frame 1 from the tick after 6 updates
        // instead of 12.
        QVERIFY2(changed.out.startsWith("dance_1 flipbook:dance_1: updates: expected 457, got 289\n"
                                        "dance_1 flipbook:dance_1: update 7, frameIndex: "
                                        "expected 0, got 1\n"),
                 changed.out.constData());
        QVERIFY2(changed.out.contains("different: dance_1 flipbook:dance_1 ("),
                 changed.out.constData());
        // Not a plist beside an armature export.
        const Run mixed = cli({"diff", plist, kCorpus + "Dragon.xml"});
        QCOMPARE(mixed.status, 2);
        QVERIFY(mixed.err.contains("two AnimationCache plists"));

        // The bakes: equal to themselves; a notification changed (quoted: it holds a comma) is
        // named with its update.
        const QString a = folder.filePath("a.csv");
        const QString b = folder.filePath("b.csv");
        QCOMPARE(cli({"bake", plist, "--scenario", "flipbook:dance_1", "--out", a}).status, 0);
        QCOMPARE(cli({"bake", edited, "--scenario", "flipbook:dance_1", "--out", b}).status, 0);
        const QString stateA = folder.filePath("a.state.csv");
        const Run bakesSame = cli({"diff", stateA, stateA});
        QCOMPARE(bakesSame.status, 0);
        QVERIFY2(bakesSame.out.contains("457 rows compared, 0 differences"),
                 bakesSame.out.constData());
        QByteArray text = readAll(stateA);
        QVERIFY(text.contains("\n56,0,5,grossini_dance_06.png,key1=1234;key2=false\n"));
        text.replace("key1=1234;key2=false", "\"key1=1,234\"");
        const QString quoted = folder.filePath("quoted.state.csv");
        QVERIFY(writeAll(quoted, text));
        const Run notification = cli({"diff", stateA, quoted});
        QCOMPARE(notification.status, 1);
        QVERIFY2(notification.out.contains("rows: update 56, notification: expected "
                                           "\"key1=1234;key2=false\", got \"key1=1,234\"\n"),
                 notification.out.constData());
        // (the second loop raises it again, at 223)
        QVERIFY(notification.out.contains("457 rows compared, 2 differences"));
        const Run lengths = cli({"diff", stateA, folder.filePath("b.state.csv")});
        QCOMPARE(lengths.status, 1);
        QVERIFY2(lengths.out.contains("rows: updates: expected 457, got 289"),
                 lengths.out.constData());
        // A state file beside a golden bake: refused with the line.
        const Run wrongLayout = cli({"diff", stateA,
                                     QStringLiteral(BONESCOPE_TEST_DATA "/golden/Dragon/"
                                                                        "Dragon__play_walk.csv")});
        QCOMPARE(wrongLayout.status, 2);
        QVERIFY2(wrongLayout.err.contains("Dragon__play_walk.csv:1"), wrongLayout.err.constData());
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

    // A read-only export (a checkout not yet opened for edit): setting the values it already
    // holds succeeds without touching it; a change is refused with the reason, or, for root,
    // whom the mode does not stop, written with the mode kept.
    void editInPlaceRespectsReadOnlyFiles()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("Dragon.xml"));
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", file));
        const QByteArray before = readAll(file);
        QVERIFY(bonescope::test::lockFile(file));

        const Run same = cli({"edit", file, "--movement", "walk", "--set", "durationTo=5"});
        QCOMPARE(same.status, 0);
        QCOMPARE(readAll(file), before);
        QCOMPARE(QFileInfo(file).lastModified().toUTC(), bonescope::test::kLongAgo);

        const Run changed = cli({"edit", file, "--movement", "walk", "--set", "durationTo=12"});
        if (QFileInfo(file).isWritable()) {
            QCOMPARE(changed.status, 0);
            QVERIFY(readAll(file).contains(R"(<mov name="walk" dr="9" to="12")"));
        } else {
            QCOMPARE(changed.status, 2);
            QVERIFY2(changed.err.contains("read-only"), changed.err.constData());
            QCOMPARE(readAll(file), before);
        }
        QCOMPARE(bonescope::test::modeOf(file), bonescope::test::kReadOnly);
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
        // The sheet and image it reads are copied beside it (as Save As does), so the copy
        // plays with its textures: validate finds nothing missing.
        for (const QString& name : {QStringLiteral("Cowboy0.plist"), QStringLiteral("Cowboy0.png")})
            QVERIFY2(run.out.contains("copied " + (kCorpus + name).toUtf8()), run.out.constData());
        const Run check = cli({"validate", out});
        QVERIFY2(check.status == 0, check.out.constData());
        // Again: the same files are there, so nothing is copied and nothing is said.
        const Run again = cli({"edit", kCorpus + "Cowboy.ExportJson", "--movement", "Walk", "--set",
                               "scale=1.5", "--out", out});
        QCOMPARE(again.status, 0);
        QCOMPARE(again.out, QByteArray());
        QCOMPARE(again.err, QByteArray());
    }

    // An edit in place keeps the file's mode and, when it can give it away (as root: `sudo
    // bonescope-cli edit` on a user's export), its owner and group: the new file was root's.
    void editInPlaceKeepsModeAndOwner()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("Dragon.xml"));
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", file));
        const QFile::Permissions mode =
            QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther;
        QVERIFY(QFile::setPermissions(file, mode));
        const bool root = ::geteuid() == 0;
        constexpr uid_t kNobody = 65534;
        if (root)
            QCOMPARE(::chown(QFile::encodeName(file).constData(), kNobody, kNobody), 0);
        const QByteArray before = readAll(file);
        const Run run = cli({"edit", file, "--movement", "stand", "--set", "durationTo=5"});
        QVERIFY2(run.status == 0, run.err.constData());
        QVERIFY(readAll(file) != before);
        const QFileInfo after(file);
        QCOMPARE(after.permissions() & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser),
                 mode & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser));
        if (!root)
            QSKIP("not root: the owner cannot be given away, and stays the writer's");
        QCOMPARE(after.ownerId(), uint(kNobody));
        QCOMPARE(after.groupId(), uint(kNobody));
    }

    // An AnimationCache plist's timing, in place: only the edited values' bytes change, and
    // the plist reads back (info) with them.
    void editSetsAnimationTimingInPlace()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("animations-2.plist"));
        QVERIFY(QFile::copy(kCorpus + "flipbook/animations-2.plist", file));
        QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner);
        const QByteArray before = readAll(file);
        const Run run = cli({"edit", file, "--animation", "dance_1", "--set", "delayPerUnit=0.1",
                             "--set", "loops=3", "--set", "restoreOriginalFrame=false"});
        QVERIFY2(run.status == 0, run.err.constData());
        QByteArray expected = before;
        for (const auto& [from, to] :
             {std::pair{"<real>0.2</real>", "<real>0.1</real>"},
              std::pair{"<true/>\n\t\t\t<key>loops</key>\n\t\t\t<integer>2</integer>",
                        "<false/>\n\t\t\t<key>loops</key>\n\t\t\t<integer>3</integer>"}}) {
            QVERIFY(expected.contains(from));
            expected.replace(expected.indexOf(from), qsizetype(std::strlen(from)), to);
        }
        QCOMPARE(readAll(file), expected);
        const Run info = cli({"info", file});
        QCOMPARE(info.status, 0);
        QVERIFY2(info.out.contains("animation dance_1: 14 frames, 1.4 s a loop, loops 3 (4.2 s)"),
                 info.out.constData());
        QVERIFY(!info.out.contains("dance_1: 14 frames, 1.4 s a loop, loops 3 (4.2 s), restores"));

        // One frame's units, by index from 0.
        const Run units =
            cli({"edit", file, "--animation", "dance_1", "--frame", "2", "--set", "delayUnits=4"});
        QVERIFY2(units.status == 0, units.err.constData());
        QVERIFY(readAll(file).contains(
            "<string>grossini_dance_03.png</string>\n\t\t\t\t\t<key>delayUnits</key>\n"
            "\t\t\t\t\t<real>4</real>"));
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
        QTest::newRow("an export the readers would refuse (the beards' sc 2 doubles the pass)")
            << "Dragon.xml" << QStringList{"--movement", "stand", "--set", "durationTween=999999"}
            << 1 << "the edited export would not load";
        QTest::newRow("unknown movement")
            << "Dragon.xml" << QStringList{"--movement", "swim", "--set", "loop=true"} << 1
            << "no movement \"swim\"";
        QTest::newRow("unknown key")
            << "Dragon.xml" << QStringList{"--movement", "walk", "--set", "speed=2"} << 2
            << "unknown key in --set speed=2 (movement keys: durationTo, durationTween, loop, "
               "tweenEasing, scale; keyframe keys: frameTweenEasing, tweenRotate, event)";
        QTest::newRow("no --set") << "Dragon.xml" << QStringList{"--movement", "walk"} << 2
                                  << "--set";
        QTest::newRow("a key set twice")
            << "Dragon.xml"
            << QStringList{"--movement", "walk", "--set", "durationTo=5", "--set", "durationTo=7"}
            << 2 << "--set durationTo is given twice (5, then 7): give it once";
        QTest::newRow("missing file")
            << "nothing.xml" << QStringList{"--movement", "walk", "--set", "loop=true"} << 2
            << "not found";
        QTest::newRow("--out of another format")
            << "Dragon.xml"
            << QStringList{"--movement", "walk", "--set", "loop=true", "--out", "tuned.json"} << 2
            << "--out tuned.json: the edited export would not open under that name; end it in .xml";
        QTest::newRow("an armature's option on a plist")
            << "Dragon.plist" << QStringList{"--movement", "walk", "--set", "loop=true"} << 2
            << "--movement is for an armature export (.xml, .ExportJson); the animations of an "
               "AnimationCache plist take --animation";
        QTest::newRow("a sprite sheet")
            << "Dragon.plist" << QStringList{"--animation", "walk", "--set", "loops=2"} << 2
            << "no 'animations' dictionary: this is not an animation plist";
        QTest::newRow("a plist's option on an armature")
            << "Dragon.xml"
            << QStringList{"--movement", "walk", "--frame", "2", "--set", "loop=true"} << 2
            << "--frame is for an AnimationCache plist (.plist)";
        QTest::newRow("loops of a format 1 animation")
            << "flipbook/animations.plist"
            << QStringList{"--animation", "dance_1", "--set", "loops=2"} << 1
            << "a format 1 animation has no loops";
        QTest::newRow("no loop") << "flipbook/animations-2.plist"
                                 << QStringList{"--animation", "dance_1", "--set", "loops=0"} << 1
                                 << "'loops' is 0, outside 1..1e+06";
        QTest::newRow("delayUnits without --frame")
            << "flipbook/animations-2.plist"
            << QStringList{"--animation", "dance_1", "--set", "delayUnits=2"} << 2
            << "--frame goes with delayUnits, and delayUnits with --frame";
        QTest::newRow("an armature's key on a plist")
            << "flipbook/animations-2.plist"
            << QStringList{"--animation", "dance_1", "--set", "durationTo=2"} << 2
            << "unknown key in --set durationTo=2 (animation keys: delayPerUnit, loops, "
               "restoreOriginalFrame, delayUnits)";
        QTest::newRow("--out not a plist")
            << "flipbook/animations-2.plist"
            << QStringList{"--animation", "dance_1", "--set", "loops=3", "--out", "tuned.xml"} << 2
            << "--out tuned.xml: the edited plist would not open under that name; end it in "
               ".plist";
    }
    void editExitStatus()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, options);
        QFETCH(int, status);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString copy = dir.filePath(file);
        QDir().mkpath(QFileInfo(copy).path());
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
            << QByteArray("bad.json:2 (at /calls/1/crossfade): call 1: armature \"Dragon\" has no "
                          "movement");
        QTest::newRow("out of order")
            << R"({ "updates": 9, "calls": [ { "at": 4, "play": "stand" }, { "at": 2, "pause": true } ] })"
            << QByteArray("bad.json:1 (at /calls/1/at): call 1: out of order");
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
        const Run unknownOption = cli({"bake", kCorpus + "Dragon.xml", "--no-such-option"});
        QCOMPARE(unknownOption.status, 2);
        QVERIFY(unknownOption.err.contains("no-such-option"));
        QVERIFY(unknownOption.err.contains("bonescope-cli bake --help"));
        for (const char* jobs : {"0", "257", "x"}) {
            const Run bake =
                cli({"bake", kCorpus + "Dragon.xml", "--scenario", "play:stand", "-j", jobs});
            QCOMPARE(bake.status, 2);
            QVERIFY2(bake.err.contains("-j wants a number of jobs from 1 to 256"),
                     bake.err.constData());
            const Run validate = cli({"validate", kCorpus + "Dragon.xml", "-j", jobs});
            QCOMPARE(validate.status, 2);
            QVERIFY2(validate.err.contains("bonescope-cli validate --help"),
                     validate.err.constData());
        }
    }

    void versionIsTheProjectVersion()
    {
        const Run run = cli({"--version"});
        QCOMPARE(run.status, 0);
        QCOMPARE(run.out, QByteArray("bonescope-cli " BONESCOPE_VERSION "\n"));
    }

    void topLevelHelpListsEveryCommand()
    {
        const Run run = cli({"--help"});
        QCOMPARE(run.status, 0);
        for (const char* command : {"info", "validate", "bake", "diff", "render"})
            QVERIFY2(run.out.contains(QByteArray("\n  ") + command + ' '), command);
    }

    void everyCommandHasHelp_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("info") << "info" << QStringList{"--json", "--armature", "--sample"};
        QTest::newRow("validate") << "validate"
                                  << QStringList{"--junit", "--json", "--jobs", "Exit status"};
        QTest::newRow("bake") << "bake" << QStringList{"--scenario",     "--armature",
                                                       "--format",       "--out",
                                                       "--index",        "--json",
                                                       "--jobs",         "a FOLDER of",
                                                       "216000 updates", "2000000 pose rows"};
        QTest::newRow("diff") << "diff"
                              << QStringList{"--tolerance-scale", "--max-report", "--junit",
                                             "--json"};
        QTest::newRow("edit") << "edit" << QStringList{"--movement", "--set", "--bone",
                                                       "--keyframe", "--out", "Exit status"};
        QTest::newRow("render") << "render"
                                << QStringList{"--out", "--size", "--sheet", "--scenario",
                                               "3600 frames"};
    }
    void everyCommandHasHelp()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, options);
        const Run help = cli({command, "--help"});
        QCOMPARE(help.status, 0);
        QVERIFY2(help.out.startsWith("Usage: bonescope-cli " + command.toUtf8() + " [options]"),
                 help.out.constData());
        for (const QString& option : options)
            QVERIFY2(help.out.contains(option.toUtf8()), qPrintable(option));
        QCOMPARE(cli({"help", command}).out, help.out);
    }

    void unknownNamesListTheValidOnes_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("listed");
        const QString dragon = kCorpus + "Dragon.xml";
        const QString movements = R"("stand", "walk", "jump", "fall")";
        QTest::newRow("info armature") << QStringList{"info", dragon, "--armature", "Drake"}
                                       << R"(the armatures are: "Dragon")";
        QTest::newRow("bake armature")
            << QStringList{"bake", dragon, "--armature", "Drake", "--scenario", "play:stand"}
            << R"(the armatures are: "Dragon")";
        QTest::newRow("bake movement")
            << QStringList{"bake", dragon, "--scenario", "play:run"} << movements;
        QTest::newRow("bake names list")
            << QStringList{"bake", dragon, "--scenario", "names:stand+run:10:0"} << movements;
        QTest::newRow("bake blend movement")
            << QStringList{"bake", dragon, "--scenario", "blend:stand:run:while:0.5:0.2"}
            << movements;
        QTest::newRow("bake flipbook animation")
            << QStringList{"bake", kCorpus + "flipbook/animations-2.plist", "--scenario",
                           "flipbook:dance_9"}
            << R"(the animations are: "dance_1")";
        QTest::newRow("render armature")
            << QStringList{"render", dragon, "--armature", "Drake", "--out", "unused"}
            << R"(the armatures are: "Dragon")";
        QTest::newRow("render movement")
            << QStringList{"render", dragon, "--scenario", "play:run", "--out", "unused"}
            << movements;
    }
    void unknownNamesListTheValidOnes()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, listed);
        const Run run = cli(arguments);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(listed.toUtf8()), run.err.constData());
    }

    void badScenarioParametersAreRefused_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("speed NaN") << "speed:stand:nan"
                                   << "S (speed scale) is \"nan\"";
        QTest::newRow("speed infinite") << "speed:stand:inf"
                                        << "S (speed scale)";
        QTest::newRow("speed negative") << "speed:stand:-1"
                                        << "S (speed scale)";
        QTest::newRow("speed overflows float") << "speedAt:stand:20:1e39"
                                               << "S (speed scale)";
        QTest::newRow("cross after 2e9 updates") << "cross:stand:walk:2000000000:10"
                                                 << "K (updates before the cross-fade)";
        QTest::newRow("K overflows int") << "cross:stand:walk:99999999999:10"
                                         << "K (updates before the cross-fade)";
        QTest::newRow("durationTo below -1") << "cross:stand:walk:17:-2"
                                             << "D (durationTo frames)";
        QTest::newRow("names durationTo huge") << "names:stand+walk:2147483647:0"
                                               << "D (durationTo frames)";
        QTest::newRow("pause negative") << "pause:stand:10:-5"
                                        << "P (updates paused)";
        QTest::newRow("pause huge") << "pause:stand:216000:216000"
                                    << "runs 432060 updates";
        QTest::newRow("goto negative frame") << "goto:stand:-1"
                                             << "F (frame)";
        QTest::newRow("blend seconds NaN") << "blend:stand:walk:while:nan:0.5"
                                           << "SECONDS (transition duration)";
        QTest::newRow("blend seconds overflow") << "blend:stand:walk:while:1e400:0.5"
                                                << "SECONDS (transition duration)";
        QTest::newRow("blend at infinite") << "blend:stand:walk:while:0.5:inf"
                                           << "AT (seconds before the blend)";
        QTest::newRow("chain at2 past the limit") << "chain:stand:walk:then:0.5:1:jump:3601"
                                                  << "AT2 (seconds before the second blend)";
    }
    // An armature scenario on an AnimationCache plist says how its animations bake (it used to
    // read the plist as ExportJson: "syntax error: invalid literal").
    void armatureScenarioOnAFlipbookIsExplained()
    {
        const Run run =
            cli({"bake", kCorpus + "flipbook/animations-2.plist", "--scenario", "play:dance_1"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("not an armature export") &&
                     run.err.contains("bakes with --scenario flipbook:NAME"),
                 run.err.constData());
    }

    void badScenarioParametersAreRefused()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, parameter);
        const Run run = cli({"bake", kCorpus + "Dragon.xml", "--scenario", scenario});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(parameter.toUtf8()), run.err.constData());
        QVERIFY2(run.out.isEmpty(), run.out.left(200).constData()); // no rows, NaN or otherwise
    }

    void workPastTheLimitsIsRefusedUpFront()
    {
        QTemporaryDir folder;
        // A 1 000 000-frame movement: two passes would be 2 000 030 updates.
        const QString longMovement = folder.filePath("long.xml");
        writeFile(longMovement, skeletonXml(1, 1000000, rootOnly));
        const QString out = folder.filePath("long.csv");
        Run run = cli({"bake", longMovement, "--scenario", "play:m", "--out", out});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("play:m runs 2000030 updates; the limit is 216000"),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(out));
        run = cli({"render", longMovement, "--scenario", "play:m", "--out", folder.filePath("r")});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("2000030 updates"), run.err.constData());
        // Within the update limit but not the frame limit of render.
        run = cli({"render", longMovement, "--scenario", "pause:m:0:5000", "--out",
                   folder.filePath("r")});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("draws 5060 frames; the limit is 3600 frames"),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(folder.filePath("r")));
        // diff bakes both exports' standard scenarios: the long one is a difference, not a hang.
        QVERIFY(QDir().mkpath(folder.filePath("short")));
        writeFile(folder.filePath("short/long.xml"), skeletonXml(1, 10, rootOnly));
        run = cli({"diff", folder.filePath("short/long.xml"), longMovement});
        QCOMPARE(run.status, 1);
        QVERIFY2(run.out.contains("T play:m: play:m runs 2000030 updates"), run.out.constData());

        // 20 000 bones × 230 updates = 4 600 000 pose rows.
        const QString wide = folder.filePath("wide.xml");
        writeFile(wide, skeletonXml(20000, 100, rootOnly));
        run = cli({"bake", wide, "--scenario", "play:m", "--out", out});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("makes 4600000 pose rows (230 updates × 20000 bones); the "
                                  "limit is 2000000 rows"),
                 run.err.constData());

        // An hour-long flipbook looped 1 000 times.
        QVERIFY(
            QFile::copy(kCorpus + "flipbook/grossini.plist", folder.filePath("grossini.plist")));
        QVERIFY(QFile::copy(kCorpus + "flipbook/grossini.png", folder.filePath("grossini.png")));
        const QString hour = folder.filePath("hour.plist");
        writeFile(hour, flipbookPlist("3600", 1000));
        run = cli({"bake", hour, "--scenario", "flipbook:a"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("flipbook:a plays 3.6e+06 seconds"), run.err.constData());
        QVERIFY(run.out.isEmpty());
        // The same animation at a sane length bakes.
        const QString brief = folder.filePath("brief.plist");
        writeFile(brief, flipbookPlist("0.5", 2));
        run = cli({"bake", brief, "--scenario", "flipbook:a"});
        QCOMPARE(run.status, 0);
        QVERIFY(run.out.startsWith("frame,loop,frameIndex,spriteFrame,notification\n"));

        // Layer setups: starts, durations and speeds past the limits name their layer.
        const QString setup = folder.filePath("setup.json");
        const QList<QPair<QByteArray, QByteArray>> setups = {
            {R"("speed": 1e300)", "layer \"base\": speed must be from 0 to 100"},
            {R"("transition": {"movement": "walk", "start": 1e300, "duration": 1})",
             "layer \"base\": transition start must be from 0 to 3600 seconds"},
            {R"("transition": {"movement": "walk", "start": 1, "duration": 1e300})",
             "layer \"base\": transition duration must be from 0 to 3600 seconds"},
            // One message, placed in the setup file (the layer stack builder's).
            {R"("transition": {"movement": "run", "start": 1, "duration": 1})",
             R"(setup.json:1 (at /layers/0/transition/movement): armature "Dragon" has no )"
             R"(movement "run"; its movements are: "stand", "walk", "jump", "fall")"},
        };
        for (const auto& [field, message] : setups) {
            writeFile(setup,
                      R"({"layers": [{"name": "base", "movement": "stand", )" + field + "}]}");
            run = cli({"bake", kCorpus + "Dragon.xml", "--scenario", "layers:" + setup});
            QCOMPARE(run.status, 2);
            QVERIFY2(run.err.contains(message), run.err.constData());
            QVERIFY(run.out.isEmpty());
        }
    }

    // A layer stack holds one state row a layer for every update beside the pose rows: both
    // count against the one row limit (kMaxBakeRows), for layers: scenarios and scripts alike.
    void layerStateRowsCountTowardsTheRowLimit()
    {
        QTemporaryDir folder;
        // Twenty layers playing "stand"; the first moves to "walk" after 1 000 seconds.
        QByteArray layers = "{\"name\": \"l0\", \"movement\": \"stand\", \"transition\": "
                            "{\"movement\": \"walk\", \"start\": 1000, \"duration\": 1}}";
        for (int i = 1; i < 20; ++i)
            layers += ", {\"name\": \"l" + QByteArray::number(i) + "\", \"movement\": \"stand\"}";
        // 60 120 updates × 17 bones = 1 022 040 pose rows fit; with 20 layers' state rows not.
        const QString setup = folder.filePath("setup.json");
        writeFile(setup, "{\"layers\": [" + layers + "]}");
        const QString out = folder.filePath("out.csv");
        Run run =
            cli({"bake", kCorpus + "Dragon.xml", "--scenario", "layers:" + setup, "--out", out});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("makes 2224440 rows (60120 updates × (17 bones + 20 layers)); "
                                  "the limit is 2000000 rows"),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(out));

        // 100 000 updates × 17 bones = 1 700 000 pose rows fit; with the state rows not.
        const QString script = folder.filePath("script.json");
        writeFile(script, "{\"updates\": 100000, \"layers\": [" + layers +
                              "], \"calls\": [{\"at\": 0, \"speed\": 1}]}");
        run = cli({"bake", kCorpus + "Dragon.xml", "--script", script, "--out", out});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("makes 3700000 rows (100000 updates × (17 bones + 20 layers)); "
                                  "the limit is 2000000 rows"),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(out));
    }

    void outputPathsAreGuarded()
    {
        QTemporaryDir folder;
        const QString input = folder.filePath("Dragon.xml");
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", input));
        const QByteArray original = readAll(input);

        // A symbolic link is refused, and its target is not created.
        const QString target = folder.filePath("target.csv");
        const QString link = folder.filePath("link.csv");
        QVERIFY(QFile::link(target, link));
        Run run = cli({"bake", input, "--scenario", "play:stand", "--out", link});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is a symbolic link"), run.err.constData());
        QVERIFY(!QFileInfo::exists(target));

        // A pipe (as a device) is refused and stays what it is: written atomically, a file
        // would have been renamed into its place (as root, /dev/null's).
        const QString pipe = folder.filePath("pipe.csv");
        QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
        const auto isPipe = [](const QString& path) {
            struct stat status {};
            return ::stat(QFile::encodeName(path).constData(), &status) == 0 &&
                   S_ISFIFO(status.st_mode);
        };
        run = cli({"bake", input, "--scenario", "play:stand", "--out", pipe});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("pipe.csv is not a regular file"), run.err.constData());
        QVERIFY(isPipe(pipe));
        const QString pipeXml = folder.filePath("pipe.xml");
        QCOMPARE(::mkfifo(QFile::encodeName(pipeXml).constData(), 0600), 0);
        run =
            cli({"edit", input, "--movement", "walk", "--set", "durationTo=12", "--out", pipeXml});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("pipe.xml is not a regular file"), run.err.constData());
        QVERIFY(isPipe(pipeXml));

        // The input itself, under another spelling, is refused and left as it was.
        run = cli(
            {"bake", input, "--scenario", "play:stand", "--out", folder.path() + "/./Dragon.xml"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is the input"), run.err.constData());
        QCOMPARE(readAll(input), original);

        // So is a layers: scenario's setup file.
        const QString setup = folder.filePath("setup.json");
        writeFile(setup, R"({"layers": [{"name": "base", "movement": "stand"}]})");
        const QByteArray setupText = readAll(setup);
        run = cli({"bake", input, "--scenario", "layers:" + setup, "--out", setup});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is the input"), run.err.constData());
        QCOMPARE(readAll(setup), setupText);

        // `all` writes a folder: an --out ending in .csv is refused, nothing is created.
        run = cli({"bake", input, "--scenario", "all", "--out", folder.filePath("x.csv")});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("writes a folder of golden-named files"), run.err.constData());
        QVERIFY(!QFileInfo::exists(folder.filePath("x.csv")));

        // A refusal found part way through the scenarios leaves no file and no new folder.
        const QString all = folder.filePath("all");
        QVERIFY(QDir().mkpath(all + "/Dragon__play_jump.csv")); // a folder where a file goes
        run = cli({"bake", input, "--scenario", "all", "--out", all});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("Dragon__play_jump.csv is a folder"), run.err.constData());
        QCOMPARE(QDir(all).entryList(QDir::Files).size(), 0);
        QVERIFY(QDir(all).removeRecursively());
        run = cli({"bake", input, "--scenario", "all", "--out", all});
        QCOMPARE(run.status, 0);
        QCOMPARE(QDir(all).entryList({"*.events.csv"}, QDir::Files).size(), 21);
        // No temporary is left beside the outputs.
        QCOMPARE(QDir(all).entryList(QDir::Files).size(), 42);

        // A bad row of an --index is an error with its line, and nothing is written.
        const QString index = folder.filePath("index.csv");
        writeFile(index, "file,armature,scenario\nDragon.xml,Dragon,play:stand\n"
                         "Dragon.xml,Dragon,speed:stand:nan\n");
        const QString indexed = folder.filePath("indexed");
        run = cli({"bake", input, "--scenario", "all", "--index", index, "--out", indexed});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("index.csv:3: bad scenario \"speed:stand:nan\""),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(indexed));
    }

    // render and edit --out keep bake's guards (OutputFiles): no symbolic link, no folder where
    // a file goes, no input; every render path is checked before the first image, so a refused
    // render writes nothing; edit in place still writes its input.
    // A headless render says nothing on stderr where no runtime directory is set (CI,
    // containers): Qt's warning about XDG_RUNTIME_DIR is not the user's concern.
    void renderIsQuietWithoutARuntimeDirectory()
    {
        QTemporaryDir folder;
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(BONESCOPE_CLI),
                      {"render", kCorpus + "Dragon.xml", "--scenario", "gotoPause:stand:3",
                       "--size", "64x64", "--out", folder.filePath("frames")});
        process.waitForFinished(-1);
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(process.readAllStandardError(), QByteArray());
        QVERIFY(process.readAllStandardOutput().contains("frames"));
    }

    // A render stopped by Ctrl-C, a TERM or a HUP leaves nothing: not its staging folder
    // (.bonescope-XXXXXX, which it used to leave beside the frames), not a frame. It ends by
    // the signal, as a shell expects.
    void aStoppedRenderLeavesNothing_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("INT") << SIGINT;
        QTest::newRow("TERM") << SIGTERM;
        QTest::newRow("HUP") << SIGHUP;
    }
    void aStoppedRenderLeavesNothing()
    {
        QFETCH(int, signal);
        QTemporaryDir folder;
        const QString out = folder.filePath("frames");
        QProcess process;
        // Large frames: seconds of work, stopped as soon as the first is staged.
        process.start(QStringLiteral(BONESCOPE_CLI),
                      {"render", kCorpus + "Dragon.xml", "--scenario", "play:walk", "--size",
                       "2048x2048", "--out", out});
        const auto entries = [&] {
            return QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
        };
        QTRY_VERIFY_WITH_TIMEOUT(!entries().filter(".bonescope-").isEmpty(), 60000);
        QCOMPARE(::kill(pid_t(process.processId()), signal), 0);
        process.waitForFinished(-1);
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
        QCOMPARE(process.error(), QProcess::Crashed);
        QCOMPARE(entries(), QStringList());
    }

    // A command's temporary folders (the `--sample` it extracts to the temporary folder, the
    // staging folder of the frames it renders) hold a lock while it runs: a command killed
    // outright leaves them, and the next one to make such a folder there removes them; a stop
    // signal removes the command's own at once.
    void aKilledCommandsFoldersGo()
    {
        QTemporaryDir temporary;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("TMPDIR"), temporary.path());
        const QString out = temporary.filePath("frames");
        const auto sampleFolders = [&] {
            return QDir(temporary.path())
                .entryList({QStringLiteral("Bonescope-sample-*")}, QDir::Dirs | QDir::Hidden);
        };
        const auto stagingFolders = [&] {
            return QDir(out).entryList({QStringLiteral(".bonescope-*")}, QDir::Dirs | QDir::Hidden);
        };
        // Large frames: seconds of work, under way once the first frame is staged.
        const auto startRender = [&](QProcess& process) {
            process.setProcessEnvironment(environment);
            process.start(QStringLiteral(BONESCOPE_CLI),
                          {"render", "--sample", "--scenario", "play:walk", "--size", "2048x2048",
                           "--out", out});
        };
        // A frame staged in a staging folder other than `earlier`.
        const auto stagedBesides = [&](const QStringList& earlier) {
            for (const QString& folder : stagingFolders())
                if (!earlier.contains(folder) &&
                    !QDir(QDir(out).filePath(folder)).entryList({QStringLiteral("*.png")}).empty())
                    return true;
            return false;
        };

        QProcess killed;
        startRender(killed);
        QTRY_VERIFY_WITH_TIMEOUT(stagedBesides({}), 60000);
        const QStringList leftSample = sampleFolders();
        const QStringList leftStaging = stagingFolders();
        QCOMPARE(leftSample.size(), qsizetype(1));
        QCOMPARE(leftStaging.size(), qsizetype(1));
        QCOMPARE(::kill(pid_t(killed.processId()), SIGKILL), 0);
        killed.waitForFinished(-1);
        QCOMPARE(sampleFolders(), leftSample);
        QCOMPARE(stagingFolders(), leftStaging);

        QProcess stopped;
        startRender(stopped);
        QTRY_VERIFY_WITH_TIMEOUT(stagedBesides(leftStaging), 60000);
        QCOMPARE(sampleFolders().size(), qsizetype(1));
        QVERIFY(sampleFolders() != leftSample);
        QCOMPARE(stagingFolders().size(), qsizetype(1));
        QCOMPARE(::kill(pid_t(stopped.processId()), SIGINT), 0);
        stopped.waitForFinished(-1);
        QCOMPARE(stopped.exitStatus(), QProcess::CrashExit);
        QCOMPARE(sampleFolders(), QStringList());
        QCOMPARE(stagingFolders(), QStringList());
    }

    // grossini_blue.png carries an sRGB profile libpng calls incorrect: it warned on stderr
    // ("libpng warning: iCCP: known incorrect sRGB profile", no file named) on every read.
    void aPngsOddProfileIsNoNoise()
    {
        const QString sheet = kCorpus + "flipbook/grossini_blue.plist";
        const Run validate = cli({"validate", sheet});
        QCOMPARE(validate.status, 0);
        QCOMPARE(validate.err, QByteArray());
        QTemporaryDir folder;
        const Run render = cli({"render", sheet, "--out", folder.path()});
        QCOMPARE(render.status, 0);
        QCOMPARE(render.err, QByteArray());
    }

    // A flipbook renders as its bake plays it: one PNG per update the bake's state rows list,
    // each the sprite frame the row names; a scenario that is not a flipbook's, or armature
    // options, are refused.
    void renderDrawsAFlipbook()
    {
        QTemporaryDir folder;
        const QString plist = kCorpus + "flipbook/animations-2.plist";
        const Run bake = cli({"bake", plist, "--scenario", "flipbook:dance_1", "--out",
                              folder.filePath("dance.csv")});
        QCOMPARE(bake.status, 0);
        const QList<QByteArray> rows =
            readAll(folder.filePath("dance.state.csv")).trimmed().split('\n');
        const int updates = int(rows.size()) - 1; // less the header
        // The summary names the file the rows are in (the pose file is the header alone).
        QVERIFY2(bake.out.contains(QByteArray::number(updates) + " rows -> " +
                                   folder.filePath("dance.state.csv").toUtf8()),
                 bake.out.constData());
        QVERIFY(updates > 300);
        const QString frames = folder.filePath("frames");
        const Run run = cli({"render", plist, "--out", frames}); // the first animation
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains(QByteArray::number(updates) + " frames of 85x121"),
                 run.out.constData());
        const QStringList pngs = QDir(frames).entryList({"flipbook_dance_1_*.png"}, QDir::Files);
        QCOMPARE(pngs.size(), updates);
        // Update 13 shows the second sprite frame (0.2 s a unit): its image differs.
        QVERIFY(rows[1].split(',').value(3) != rows[13].split(',').value(3));
        QVERIFY(readAll(frames + "/flipbook_dance_1_0001.png") !=
                readAll(frames + "/flipbook_dance_1_0013.png"));
        QVERIFY(readAll(frames + "/flipbook_dance_1_0001.png") ==
                readAll(frames + "/flipbook_dance_1_0002.png")); // the same frame twice

        const Run armatureScenario =
            cli({"render", plist, "--scenario", "play:dance_1", "--out", folder.filePath("x")});
        QCOMPARE(armatureScenario.status, 2);
        QVERIFY2(armatureScenario.err.contains("a flipbook renders a flipbook:NAME[:reverse]"),
                 armatureScenario.err.constData());
        const Run bones = cli({"render", plist, "--bones", "--out", folder.filePath("x")});
        QCOMPARE(bones.status, 2);
        QVERIFY2(bones.err.contains("a flipbook has no armature, bones or movements"),
                 bones.err.constData());
        QVERIFY(!QFileInfo::exists(folder.filePath("x")));
    }

    // --loop draws one loop of a movement without its blend-in: as long as the bones' own
    // passes need (Dragon stand: 60 frames), or one pass with a warning when they would need
    // more (walk's tail); frames that repeat the loop's first are not drawn twice.
    void renderDrawsOneLoop()
    {
        QTemporaryDir folder;
        const QString dragon = kCorpus + "Dragon.xml";
        const QString stand = folder.filePath("stand");
        Run run = cli({"render", dragon, "--loop", "stand", "--size", "64x64", "--out", stand});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("60 frames of 64x64"), run.out.constData());
        QCOMPARE(run.err, QByteArray());
        QCOMPARE(QDir(stand).entryList({"Dragon__loop_stand_*.png"}, QDir::Files).size(), 60);
        // Half a loop on, the beards are elsewhere: frame 31 is not frame 1.
        QVERIFY(readAll(stand + "/Dragon__loop_stand_0001.png") !=
                readAll(stand + "/Dragon__loop_stand_0031.png"));

        run = cli({"render", dragon, "--loop", "walk", "--size", "64x64", "--out",
                   folder.filePath("walk")});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("21 frames of 64x64"), run.out.constData());
        QVERIFY2(run.err.contains("warning: tail, tailTip of walk run passes of their own"),
                 run.err.constData());

        run = cli({"render", dragon, "--loop", "run", "--out", folder.filePath("x")});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("has no movement \"run\"; its movements are: \"stand\""),
                 run.err.constData());
        run = cli({"render", dragon, "--loop", "stand", "--scenario", "play:stand", "--out",
                   folder.filePath("x")});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("give one of --scenario, --loop and --script"),
                 run.err.constData());
        run = cli({"render", kCorpus + "flipbook/animations-2.plist", "--loop", "dance_1", "--out",
                   folder.filePath("x")});
        QCOMPARE(run.status, 2);
        QVERIFY(!QFileInfo::exists(folder.filePath("x")));
    }

    // A blend script's updates, crossfades included, one PNG each under the script's name; the
    // script names its armature.
    void renderDrawsABlendScript()
    {
        QTemporaryDir folder;
        const QString dragon = kCorpus + "Dragon.xml";
        const QString script = folder.filePath("fade.json");
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"armature": "Dragon", "updates": 40, "calls": [
            {"at": 0, "play": "stand"},
            {"at": 10, "crossfade": "walk", "mode": "while", "seconds": 0.25}]})");
        file.close();
        const QString frames = folder.filePath("frames");
        Run run = cli({"render", dragon, "--script", script, "--size", "64x64", "--out", frames});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("40 frames of 64x64"), run.out.constData());
        QCOMPARE(QDir(frames).entryList({"Dragon__script_fade_*.png"}, QDir::Files).size(), 40);
        // Walk has taken over by the end: the last frame is not the first.
        QVERIFY(readAll(frames + "/Dragon__script_fade_0001.png") !=
                readAll(frames + "/Dragon__script_fade_0040.png"));

        run = cli({"render", dragon, "--script", script, "--armature", "Dragon", "--out", frames});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("--armature does not apply with --script"), run.err.constData());
        run = cli({"render", dragon, "--script", script, "--loop", "walk", "--out", frames});
        QCOMPARE(run.status, 2);
        run = cli({"render", dragon, "--script", folder.filePath("missing.json"), "--out", frames});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("missing.json"), run.err.constData());
    }

    void renderAndEditOutputsAreGuarded()
    {
        QTemporaryDir folder;
        const QString frames = folder.filePath("frames");
        QVERIFY(QDir().mkpath(frames));
        const QString target = folder.filePath("target.png");
        QVERIFY(QFile::link(target, frames + "/Dragon__play_stand_0003.png"));
        const QStringList render{"render",     kCorpus + "Dragon.xml",
                                 "--scenario", "play:stand",
                                 "--size",     "32x32",
                                 "--out",      frames};
        Run run = cli(render);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("Dragon__play_stand_0003.png is a symbolic link"),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(target));
        QCOMPARE(QDir(frames).entryList(QDir::Files).size(), 0); // the link alone, dangling
        QVERIFY(QFile::remove(frames + "/Dragon__play_stand_0003.png"));
        QVERIFY(QDir().mkpath(frames + "/Dragon__play_stand_0002.png"));
        run = cli(render);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("Dragon__play_stand_0002.png is a folder"), run.err.constData());
        QCOMPARE(QDir(frames).entryList({"*.png"}, QDir::Files).size(), 0);
        QVERIFY(QDir(frames + "/Dragon__play_stand_0002.png").removeRecursively());
        run = cli(render);
        QCOMPARE(run.status, 0);
        QVERIFY(QDir(frames).entryList({"*.png"}, QDir::Files).size() > 3);
        QCOMPARE(QDir(frames).entryList({"*.png.*", ".*png*"}, QDir::Files | QDir::Hidden).size(),
                 0); // no temporaries left beside them

        // The export's texture is an input: a sheet that would overwrite it is refused.
        const QString sheetStem = folder.filePath("Dragon__play_stand_sheet");
        for (const char* suffix : {".xml", ".png", ".plist"})
            QVERIFY(QFile::copy(kCorpus + "Dragon" + suffix, sheetStem + suffix));
        const QByteArray texture = readAll(sheetStem + ".png");
        run = cli({"render", sheetStem + ".xml", "--scenario", "play:stand", "--size", "32x32",
                   "--sheet", "--out", folder.path()});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is the input"), run.err.constData());
        QCOMPARE(readAll(sheetStem + ".png"), texture);

        // edit --out: a link or the input is refused, and neither is written.
        const QString input = folder.filePath("Dragon.xml");
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", input));
        const QByteArray original = readAll(input);
        const QString link = folder.filePath("edited.xml");
        QVERIFY(QFile::link(target, link));
        const QStringList edit{"edit",  input,           "--movement", "walk",
                               "--set", "durationTo=12", "--out"};
        run = cli(edit + QStringList{link});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("edited.xml is a symbolic link"), run.err.constData());
        QVERIFY(!QFileInfo::exists(target));
        run = cli(edit + QStringList{folder.path() + "/./Dragon.xml"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is the input"), run.err.constData());
        QCOMPARE(readAll(input), original);
        run = cli(edit + QStringList{folder.filePath("out.xml")});
        QCOMPARE(run.status, 0);
        QVERIFY(readAll(folder.filePath("out.xml")).contains(R"(name="walk" dr="9" to="12")"));
        QCOMPARE(readAll(input), original);
    }

    // bake --script keeps the same guards as the scenario bakes: no symbolic link, no input
    // as output, nothing written when one of its files is refused, and the work limits.
    void scriptBakesAreGuarded()
    {
        QTemporaryDir folder;
        const QString script = folder.filePath("script.json");
        QVERIFY(
            QFile::copy(QStringLiteral(BONESCOPE_TEST_DATA "/blend/dragon_script.json"), script));
        const QByteArray original = readAll(script);

        const QString target = folder.filePath("target.csv");
        const QString link = folder.filePath("link.csv");
        QVERIFY(QFile::link(target, link));
        Run run = cli({"bake", kCorpus + "Dragon.xml", "--script", script, "--out", link});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is a symbolic link"), run.err.constData());
        QVERIFY(!QFileInfo::exists(target));

        run = cli({"bake", kCorpus + "Dragon.xml", "--script", script, "--out",
                   folder.path() + "/./script.json"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is the input"), run.err.constData());
        QCOMPARE(readAll(script), original);

        // The trace path is a folder: refused before the bake, and no pose file is left.
        QVERIFY(QDir().mkpath(folder.filePath("pose.trace.csv")));
        run = cli({"bake", kCorpus + "Dragon.xml", "--script", script, "--trace", "head", "--out",
                   folder.filePath("pose.csv")});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("pose.trace.csv is a folder"), run.err.constData());
        QCOMPARE(QDir(folder.path()).entryList({"pose*"}, QDir::Files).size(), 0);

        const QString longScript = folder.filePath("long.json");
        writeFile(longScript, R"({"updates": 2000000000, "calls": [{"at": 0, "play": "stand"}]})");
        run = cli({"bake", kCorpus + "Dragon.xml", "--script", longScript});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("runs 2000000000 updates; the limit is"), run.err.constData());
        QVERIFY(run.out.isEmpty());

        run = cli({"bake", kCorpus + "Dragon.xml", "--script", script, "--frames", "1-2000000000"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("--frames expects numbers and ranges"), run.err.constData());
    }

    void validateFolderWritesAJUnitReport()
    {
        QTemporaryDir folder;
        const QString exports = folder.filePath("exports");
        QVERIFY(QDir().mkpath(exports + "/nested"));
        for (const char* name : {"Dragon.xml", "Dragon.plist", "Dragon.png"})
            QVERIFY(QFile::copy(kCorpus + name, exports + "/" + name));
        for (const char* name : {"Cowboy.ExportJson", "Cowboy0.plist", "Cowboy0.png"})
            QVERIFY(QFile::copy(kCorpus + name, exports + "/nested/" + name));
        for (const char* name : {"robot.xml", "robot.plist"})
            QVERIFY(QFile::copy(kCorpus + name, exports + "/" + name));
        writeFile(exports + "/robot.png", readAll(kCorpus + "robot.png").left(3000)); // truncated
        writeFile(exports + "/broken.xml", "<skeleton");

        // validate reports the image (exit 1); render draws its sprites as placeholders and
        // says why.
        const auto bothSay = [&](const QString& file, const char* scenario,
                                 const QByteArray& problem) {
            const Run validate = cli({"validate", file});
            const Run render =
                cli({"render", file, "--scenario", scenario, "--out", file + "-frames"});
            if (validate.status == 1 && validate.out.contains(problem) && render.status == 0 &&
                render.err.contains(problem))
                return true;
            qWarning() << validate.out << render.err;
            return false;
        };
        // The truncated PNG alone.
        QVERIFY(bothSay(exports + "/robot.xml", "play:run",
                        "robot.png: texture image cannot be decoded ("));
        // A texture that is a FIFO, which is not opened (it would block).
        const QString fifo = folder.filePath("fifo");
        QVERIFY(QDir().mkpath(fifo));
        for (const char* name : {"Dragon.xml", "Dragon.plist"})
            QVERIFY(QFile::copy(kCorpus + name, fifo + "/" + name));
        QCOMPARE(QProcess::execute("mkfifo", {fifo + "/Dragon.png"}), 0);
        QVERIFY(bothSay(fifo + "/Dragon.xml", "play:stand",
                        "Dragon.png: texture image is not a regular file"));

        const QString report = folder.filePath("report/junit.xml"); // report/ does not exist yet
        Run run = cli({"validate", exports, "--junit", report, "-j", "2"});
        QCOMPARE(run.status, 2); // the worst: broken.xml is unreadable
        QVERIFY2(run.out.endsWith("4 files: 2 clean, 1 with problems, 1 unreadable\n"),
                 run.out.constData());

        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QMap<QString, QString> outcome; // test case name → "", "failure: message" or "error: …"
        QString current;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            const auto attributes = xml.attributes();
            if (xml.name() == u"testsuite") {
                QCOMPARE(attributes.value("tests"), u"4");
                QCOMPARE(attributes.value("failures"), u"1");
                QCOMPARE(attributes.value("errors"), u"1");
            } else if (xml.name() == u"testcase") {
                current = attributes.value("name").toString();
                outcome[current] = QString();
            } else if (xml.name() == u"failure" || xml.name() == u"error") {
                outcome[current] = xml.name().toString() + QStringLiteral(": ") +
                                   attributes.value("message").toString() + " | " +
                                   xml.readElementText();
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(outcome.size(), 4);
        QCOMPARE(outcome.value(exports + "/Dragon.xml"), QString());
        QCOMPARE(outcome.value(exports + "/nested/Cowboy.ExportJson"), QString());
        QVERIFY2(
            outcome.value(exports + "/robot.xml")
                .startsWith("failure: " + exports + "/robot.png: texture image cannot be decoded"),
            qPrintable(outcome.value(exports + "/robot.xml")));
        QVERIFY2(outcome.value(exports + "/broken.xml").startsWith("error: "),
                 qPrintable(outcome.value(exports + "/broken.xml")));
        QVERIFY(outcome.value(exports + "/broken.xml").contains("broken.xml:"));

        run = cli({"validate", exports, "--json"});
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        const QJsonObject summary = json["summary"].toObject();
        QCOMPARE(summary["files"].toInt(), 4);
        QCOMPARE(summary["clean"].toInt(), 2);
        QCOMPARE(summary["problems"].toInt(), 1);
        QCOMPARE(summary["unreadable"].toInt(), 1);
        QCOMPARE(summary["exitStatus"].toInt(), 2);
        const QJsonArray files = json["files"].toArray();
        QCOMPARE(files.size(), 4);
        QCOMPARE(files[0].toObject()["file"].toString(), exports + "/Dragon.xml");
        QCOMPARE(files[1].toObject()["problems"].toArray()[0].toObject()["line"].toInt(), 1);
    }

    void diffWritesJUnitAndJson()
    {
        QTemporaryDir folder;
        const QString golden =
            QStringLiteral(BONESCOPE_TEST_DATA "/golden/Dragon/Dragon__play_walk.csv");
        QByteArray text = readAll(golden);
        const qsizetype row = text.indexOf("\n5,armL,");
        QVERIFY(row > 0);
        text.insert(row + 9, "1");
        const QString changed = folder.filePath("changed.csv");
        writeFile(changed, text);
        const QString report = folder.filePath("diff.xml");
        Run run = cli({"diff", golden, changed, "--junit", report, "--json"});
        QCOMPARE(run.status, 1);
        QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(json["equal"].toBool(), false);
        QCOMPARE(json["differenceCount"].toInt(), 1);
        const QByteArray xml = readAll(report);
        QVERIFY2(xml.contains(R"(<testsuite name="bonescope-cli diff" tests="1" failures="1")"),
                 xml.constData());
        QVERIFY2(xml.contains("frame 5, bone armL, x"), xml.constData());

        run = cli(
            {"diff", kCorpus + "Dragon.xml", kCorpus + "Dragon.xml", "--json", "--junit", report});
        QCOMPARE(run.status, 0);
        json = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(json["equal"].toBool(), true);
        // armature names, Dragon's bone names, and the 21 standard scenarios.
        QCOMPARE(json["comparisons"].toArray().size(), 23);
        QVERIFY(readAll(report).contains(R"(tests="23" failures="0" errors="0")"));

        // --junit is guarded like bake's --out: not an input, not through a symbolic link.
        const QByteArray original = readAll(changed);
        run = cli({"diff", golden, changed, "--junit", folder.path() + "/./changed.csv"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is the input"), run.err.constData());
        QCOMPARE(readAll(changed), original);
        const QString target = folder.filePath("target.xml");
        const QString link = folder.filePath("link.xml");
        QVERIFY(QFile::link(target, link));
        run = cli({"validate", kCorpus + "Dragon.xml", "--junit", link});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("is a symbolic link"), run.err.constData());
        QVERIFY(!QFileInfo::exists(target));
    }

    void bakeManyFilesInParallel()
    {
        QTemporaryDir folder;
        const QString exports = folder.filePath("exports");
        QVERIFY(QDir().mkpath(exports + "/nested"));
        QVERIFY(QFile::copy(kCorpus + "Dragon.xml", exports + "/Dragon.xml"));
        QVERIFY(QFile::copy(kCorpus + "Cowboy.ExportJson", exports + "/nested/Cowboy.ExportJson"));
        const QString out = folder.filePath("out");
        const Run run =
            cli({"bake", exports, "--scenario", "all", "--out", out, "-j", "2", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(json["summary"].toObject()["baked"].toInt(), 2);
        QCOMPARE(json["files"].toArray()[0].toObject()["outputs"].toArray().size(), 21);
        // Each file's bakes equal the goldens, whatever else ran beside them.
        for (const char* name : {"Dragon.xml/Dragon__play_walk.csv",
                                 "nested/Cowboy.ExportJson/Cowboy__play_Walk.csv"}) {
            const QString golden = QStringLiteral(BONESCOPE_TEST_DATA "/golden/") +
                                   (QByteArray(name).startsWith("Dragon") ? "Dragon/" : "Cowboy/") +
                                   QFileInfo(name).fileName();
            QCOMPARE(cli({"diff", golden, out + "/" + name}).status, 0);
        }
        // A file that fails does not stop the others.
        const Run mixed = cli({"bake", kCorpus + "Dragon.xml", kCorpus + "Cowboy.ExportJson",
                               "--scenario", "play:stand", "--out", folder.filePath("mixed")});
        QCOMPARE(mixed.status, 2);
        QVERIFY(QFileInfo::exists(folder.filePath("mixed/Dragon.xml/Dragon__play_stand.csv")));
        QVERIFY(!QFileInfo::exists(folder.filePath("mixed/Cowboy.ExportJson")));
        QVERIFY(mixed.out.endsWith("2 files: 1 baked, 1 failed\n"));
    }

    // `all` over a folder bakes what each file holds: every movement of an armature, every
    // animation of a flipbook plist (they failed: "not an armature export"), and skips an
    // armature without movements that the search found (it failed the whole run with status
    // 2); named on its own, that armature is still an error. A reader's error names its file
    // once.
    void bakeAllOfAFolder()
    {
        QTemporaryDir folder;
        const QString exports = folder.filePath("exports");
        QVERIFY(QDir().mkpath(exports + "/flipbook"));
        for (const char* name : {"Dragon.xml", "weapon.xml"})
            QVERIFY(QFile::copy(kCorpus + name, exports + "/" + name));
        const QDir flipbooks(kCorpus + "flipbook");
        for (const QString& name : flipbooks.entryList({"*.plist", "*.png"}, QDir::Files))
            QVERIFY(QFile::copy(flipbooks.filePath(name), exports + "/flipbook/" + name));
        const QString out = folder.filePath("out");
        const Run run = cli({"bake", exports, "--scenario", "all", "--out", out});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("skipped: " + exports.toUtf8() +
                                  "/weapon.xml: no scenario to bake for armature \"weapon\"\n"),
                 run.out.constData());
        QVERIFY2(run.out.endsWith("9 files: 8 baked, 1 skipped, 0 failed\n"), run.out.constData());
        QVERIFY(!QFileInfo::exists(out + "/weapon.xml"));
        QVERIFY(QFileInfo::exists(out + "/Dragon.xml/Dragon__play_walk.csv"));
        for (const char* animation : {"dance_1", "dance_2", "dance_3"}) {
            const QString state =
                out + "/flipbook/animations.plist/flipbook_" + animation + ".state.csv";
            const Run alone = cli({"bake", exports + "/flipbook/animations.plist", "--scenario",
                                   QStringLiteral("flipbook:") + animation});
            QCOMPARE(alone.status, 0);
            QCOMPARE(readAll(state), alone.out);
        }
        QVERIFY(QFileInfo::exists(out + "/flipbook/grossini.plist/flipbook_grossini.state.csv"));

        const Run json =
            cli({"bake", exports, "--scenario", "all", "--out", folder.filePath("json"), "--json"});
        const QJsonObject summary =
            QJsonDocument::fromJson(json.out).object()["summary"].toObject();
        QCOMPARE(summary["skipped"].toInt(), 1);
        QCOMPARE(summary["failed"].toInt(), 0);

        const Run named = cli({"bake", exports + "/weapon.xml", "--scenario", "all", "--out",
                               folder.filePath("named")});
        QCOMPARE(named.status, 2);
        QVERIFY2(named.err.contains("no scenario to bake"), named.err.constData());
        const QString sheet = exports + "/flipbook/grossini.plist";
        const Run notArmature = cli({"bake", sheet, "--scenario", "play:x"});
        QCOMPARE(notArmature.status, 2);
        QCOMPARE(notArmature.err.count(sheet.toUtf8()), 1);
    }

    // --format json bakes a flipbook too (it was refused: "flipbook bakes write CSV only"): one
    // document, the state rows of the CSV bake field for field; blends still write CSV only.
    void bakeWritesAFlipbookAsJson()
    {
        const QString plist = kCorpus + "flipbook/animations-2.plist";
        const Run csv = cli({"bake", plist, "--scenario", "flipbook:dance_1"});
        const Run json = cli({"bake", plist, "--scenario", "flipbook:dance_1", "--format", "json"});
        QCOMPARE(json.status, 0);
        QJsonParseError error;
        const QJsonObject bake = QJsonDocument::fromJson(json.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(bake["animation"].toString(), QStringLiteral("dance_1"));
        QCOMPARE(bake["scenario"].toString(), QStringLiteral("flipbook:dance_1"));
        const QJsonArray frames = bake["frames"].toArray();
        QStringList rows = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(rows.takeFirst(),
                 QStringLiteral("frame,loop,frameIndex,spriteFrame,notification"));
        QCOMPARE(frames.size(), rows.size());
        for (int i = 0; i < rows.size(); ++i) {
            const QJsonObject frame = frames[i].toObject();
            const QString fromJson =
                QStringList{QString::number(frame["frame"].toInt()),
                            QString::number(frame["loop"].toInt()),
                            QString::number(frame["frameIndex"].toInt()),
                            frame["spriteFrame"].toString(), frame["notification"].toString()}
                    .join(',');
            QCOMPARE(fromJson, rows[i]);
        }

        QTemporaryDir folder;
        const QString out = folder.filePath("all");
        QCOMPARE(cli({"bake", kCorpus + "flipbook/animations.plist", "--scenario", "all",
                      "--format", "json", "--out", out})
                     .status,
                 0);
        for (const char* animation : {"dance_1", "dance_2", "dance_3"})
            QVERIFY(QFileInfo::exists(out + "/flipbook_" + animation + ".json"));
        QVERIFY(!QFileInfo::exists(out + "/flipbook_dance_1.state.csv"));

        const Run blend = cli({"bake", kCorpus + "Dragon.xml", "--scenario",
                               "blend:stand:walk:while:0.5:1", "--format", "json"});
        QCOMPARE(blend.status, 2);
        QVERIFY2(blend.err.contains("blend, chain and layers bakes write CSV only"),
                 blend.err.constData());
    }

    // A folder search passes over what cocos2d-x passes over: stillpose.ExportJson lists a
    // particle system (spark.plist) and a settings plist (notasheet.plist) beside its sheet;
    // searched, they were "unreadable" (validate) and "failed" (bake), status 2 for the folder.
    // Named, they still are.
    void aFolderSkipsPlistsCocos2dxPassesOver()
    {
        const QString realworld = QStringLiteral(BONESCOPE_TEST_DATA "/realworld");
        const Run validate = cli({"validate", realworld});
        QCOMPARE(validate.status, 1); // the real-world files' warnings
        // stillpose.ExportJson's own warnings name them (its list); no result of theirs does.
        for (const char* name : {"spark.plist", "notasheet.plist"})
            QVERIFY2(!validate.err.contains("error: " + realworld.toUtf8() + "/" + name),
                     validate.err.constData());
        QVERIFY2(validate.out.endsWith(", 0 unreadable\n"), validate.out.constData());
        QTemporaryDir folder;
        const Run bake = cli({"bake", realworld, "--scenario", "all", "--out", folder.path()});
        QCOMPARE(bake.status, 0);
        QVERIFY2(bake.out.endsWith(" 0 failed\n"), bake.out.constData());
        const Run named = cli({"validate", realworld + "/spark.plist"});
        QCOMPARE(named.status, 2);
    }

    void infoIsLinearAndFlatOnDeepArmatures()
    {
        QTemporaryDir folder;
        // 60 000 bones (within kMaxBonesPerArmature), the first 40 000 a chain, the rest
        // children of the root.
        const QString file = folder.filePath("deep.xml");
        writeFile(file, skeletonXml(60000, 2, [](int i) {
                      return i == 0 ? -1 : i < 40000 ? i - 1 : 0;
                  }));
        const Run text = cli({"info", file});
        QCOMPARE(text.status, 0);
        QVERIFY(text.out.contains("armature T: 60000 bones"));
        QVERIFY(text.out.contains("[depth 39999] b39999  (0, 0)"));
        QVERIFY(text.out.contains("\n      b59999  (0, 0)"));

        // 300 000 bones are past the documented limit: refused, naming it.
        const QString huge = folder.filePath("huge.xml");
        writeFile(huge, skeletonXml(300000, 2, [](int i) { return i - 1; }));
        const Run refused = cli({"info", huge});
        QCOMPARE(refused.status, 2);
        QVERIFY2(refused.err.contains("65536"), refused.err.constData());

        const QString chain = folder.filePath("chain.xml");
        writeFile(chain, skeletonXml(40000, 2, [](int i) { return i - 1; }));
        const Run json = cli({"info", chain, "--json"});
        QCOMPARE(json.status, 0);
        const QJsonArray bones = QJsonDocument::fromJson(json.out)
                                     .object()["armatures"]
                                     .toArray()[0]
                                     .toObject()["bones"]
                                     .toArray();
        QCOMPARE(bones.size(), 40000);
        QCOMPARE(bones.last().toObject()["depth"].toInt(), 39999);
        QCOMPARE(bones.last().toObject()["parent"].toString(), "b39998");
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
