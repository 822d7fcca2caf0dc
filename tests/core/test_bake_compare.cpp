#include "bake/BakeCompare.h"
#include "bake/BakeJsonReader.h"
#include "bake/BakeWriter.h"
#include "bake/CsvFields.h"
#include "bake/EventsCompare.h"
#include "bake/Scenario.h"
#include "io/ExportLoader.h"

#include <QtTest>

#include <numbers>
#include <sstream>

using namespace bonescope::core;

namespace {
const std::string kHeader =
    "frame,bone,x,y,skewX,skewY,scaleX,scaleY,zOrder,displayIndex,alpha,red,green,blue,wa,wb,wc,"
    "wd,wtx,wty\n";

BakeTable table(const std::string& rows)
{
    auto parsed = readBakeCsv(kHeader + rows, "t.csv");
    return parsed ? parsed.value() : BakeTable{};
}

const std::string kRow = "1,arm,1.0,2.0,0.5,0.5,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n";
} // namespace

class TestBakeCompare : public QObject {
    Q_OBJECT
private slots:
    void tolerances_data()
    {
        QTest::addColumn<QString>("other");
        QTest::addColumn<QString>("column"); // empty: equal
        QTest::newRow("same") << QString::fromStdString(kRow) << "";
        QTest::newRow("x within 1e-3")
            << "1,arm,1.0009,2.0,0.5,0.5,1,1,3,0,255,255,255,255,1,0,0,1,4,5"
            << "";
        QTest::newRow("x beyond 1e-3")
            << "1,arm,1.0011,2.0,0.5,0.5,1,1,3,0,255,255,255,255,1,0,0,1,4,5"
            << "x";
        QTest::newRow("skew a full turn away")
            << QString("1,arm,1.0,2.0,%1,0.5,1,1,3,0,255,255,255,255,1,0,0,1,4,5")
                   .arg(0.5 + 2 * std::numbers::pi, 0, 'f', 6)
            << "";
        QTest::newRow("scale beyond 1e-5")
            << "1,arm,1.0,2.0,0.5,0.5,1.00002,1,3,0,255,255,255,255,1,0,0,1,4,5"
            << "scaleX";
        QTest::newRow("z exact") << "1,arm,1.0,2.0,0.5,0.5,1,1,4,0,255,255,255,255,1,0,0,1,4,5"
                                 << "zOrder";
        QTest::newRow("alpha exact") << "1,arm,1.0,2.0,0.5,0.5,1,1,3,0,254,255,255,255,1,0,0,1,4,5"
                                     << "alpha";
        QTest::newRow("nan beside a number")
            << "1,arm,nan,2.0,0.5,0.5,1,1,3,0,255,255,255,255,1,0,0,1,4,5"
            << "x";
    }
    // NaN in both bakes is one value (the engine's NaN, reproduced: features/hiddenease).
    void nanInBothIsEqual()
    {
        const std::string nan = "1,arm,-nan,2.0,0.5,0.5,1,1,3,0,255,255,255,255,nan,0,0,1,4,5\n";
        QVERIFY(compareBakes(table(nan), table(nan)).equal());
    }
    void tolerances()
    {
        QFETCH(QString, other);
        QFETCH(QString, column);
        const auto comparison = compareBakes(table(kRow), table(other.toStdString() + "\n"));
        QCOMPARE(comparison.rowsCompared, size_t(1));
        if (column.isEmpty()) {
            QVERIFY(comparison.equal());
        } else {
            QCOMPARE(comparison.differenceCount, size_t(1));
            QCOMPARE(QString::fromStdString(comparison.differences[0].column), column);
        }
    }

    void rowsOnOneSideAreDifferences()
    {
        const auto comparison =
            compareBakes(table(kRow), table("2,arm,1,2,0,0,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n"));
        QCOMPARE(comparison.differenceCount, size_t(2));
        QVERIFY(comparison.differences[0].missingInActual);
        QVERIFY(comparison.differences[1].missingInExpected);
        QVERIFY(QString::fromStdString(comparison.differences[0].describe()).contains("frame 1"));
    }

    void reportIsCapped()
    {
        std::string many;
        for (int frame = 1; frame <= 50; ++frame)
            many += std::to_string(frame) + ",arm,1,2,0,0,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n";
        const auto comparison = compareBakes(table(many), BakeTable{}, 1.0, 5);
        QCOMPARE(comparison.differenceCount, size_t(50));
        QCOMPARE(comparison.differences.size(), size_t(5));
    }

    void malformedCsvNamesTheLine_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << "" << 0 << "empty";
        QTest::newRow("wrong header") << "a,b,c\n" << 1 << "header";
        QTest::newRow("short row") << QString::fromStdString(kHeader) + "1,arm,1\n"
                                   << 2 << "20 comma-separated";
        QTest::newRow("text in a number")
            << QString::fromStdString(kHeader) +
                   "1,arm,one,2,0,0,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n"
            << 2 << "column x";
        QTest::newRow("frame zero") << QString::fromStdString(kHeader) +
                                           "0,arm,1,2,0,0,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n"
                                    << 2 << "frame";
        // Past an int: refused, where the int conversion was undefined (found by fuzzing).
        QTest::newRow("frame past an int")
            << QString::fromStdString(kHeader) +
                   "1.3e34,arm,1,2,0,0,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n"
            << 2 << "frame must be a whole number from 1 to 1000000000";
        QTest::newRow("frame not whole")
            << QString::fromStdString(kHeader) +
                   "2.5,arm,1,2,0,0,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n"
            << 2 << "frame must be a whole number";
    }
    void malformedCsvNamesTheLine()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, message);
        const auto parsed = readBakeCsv(text.toStdString(), "bad.csv");
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().line, line);
        QVERIFY2(QString::fromStdString(parsed.error().message).contains(message),
                 parsed.error().message.c_str());
    }

    // Names from an export may hold commas, quotes and line breaks: the bake quotes them
    // (RFC 4180) and reads them back, counting lines through them. A bone "arm,L" wrote 21
    // fields that the reader refused ("expected 20 comma-separated fields, found 21").
    void oddNamesRoundTrip()
    {
        QCOMPARE(csvField("armL"), std::string("armL"));
        QCOMPARE(csvField("arm,L"), std::string("\"arm,L\""));
        QCOMPARE(csvField("say \"hi\"\nnow"), std::string("\"say \"\"hi\"\"\nnow\""));
        const std::string name = "arm,\"L\"\nx";
        const std::string values = ",1.0,2.0,0.5,0.5,1,1,3,0,255,255,255,255,1,0,0,1,4,5\n";
        const auto read = readBakeCsv(kHeader + "1" + "," + csvField(name) + values + "2,arm" +
                                          values + "2,arm,oops\n",
                                      "odd.csv");
        QVERIFY(!read.ok());
        QCOMPARE(read.error().line, 5); // the header, the name's two lines, then line 4, 5
        const auto good = readBakeCsv(kHeader + "1," + csvField(name) + values, "odd.csv");
        QVERIFY(good.ok());
        QCOMPARE(good->rows.size(), size_t(1));
        QCOMPARE(good->rows[0].bone, name);
        QCOMPARE(good->rows[0].values[0], 1.0);

        const std::string events = "frame,kind,movement,name\n5,FRAME,walk," +
                                   csvField("step,\nleft") + "\n6,FRAME,walk,b\n";
        const auto same = compareBakeEvents(events, "a", events, "b");
        QVERIFY(same.ok());
        QVERIFY(same->equal());
        QCOMPARE(same->rowsCompared, size_t(2));
    }

    // Frame events: equal per frame as a multiset (golden/README.md), in frame order, exactly.
    void eventsCompareAsAMultisetPerFrame()
    {
        const std::string header = "frame,kind,movement,name\n";
        const std::string expected =
            header + "0,START,walk,\n5,FRAME,walk,step\n5,FRAME,walk,dust\n9,COMPLETE,walk,\n";
        const std::string reordered =
            header + "0,START,walk,\n5,FRAME,walk,dust\n5,FRAME,walk,step\n9,COMPLETE,walk,\n";
        const auto same = compareBakeEvents(expected, "a", reordered, "b");
        QVERIFY(same.ok());
        QVERIFY(same->equal());
        QCOMPARE(same->rowsCompared, size_t(4));

        // An event moved to another frame is a difference, named with both lines.
        const std::string moved =
            header + "0,START,walk,\n5,FRAME,walk,dust\n6,FRAME,walk,step\n9,COMPLETE,walk,\n";
        const auto differ = compareBakeEvents(expected, "a", moved, "b");
        QVERIFY(differ.ok());
        QVERIFY(!differ->equal());
        QVERIFY2(differ->differences.front() ==
                     "event 3: expected \"5,FRAME,walk,step\", got \"6,FRAME,walk,step\"",
                 differ->differences.front().c_str());
        const auto fewer = compareBakeEvents(expected, "a", header + "0,START,walk,\n", "b");
        QCOMPARE(fewer->differences.front(), std::string("events: expected 4, got 1"));

        const auto notEvents = compareBakeEvents(expected, "a", kHeader, "pose.csv");
        QVERIFY(!notEvents.ok());
        QCOMPARE(notEvents.error().file, std::string("pose.csv"));
    }

    // A JSON bake reads back as the CSV bake of the same scenario: the same rows, value for
    // value, and the same frame events (Dragon's cross-fade raises START and LOOP_COMPLETE).
    void jsonBakesReadAsTheirCsv()
    {
        const auto skeleton = readSkeletonFile(BONESCOPE_TEST_DATA "/corpus/Dragon.xml");
        QVERIFY(skeleton.ok());
        const auto scenario = Scenario::parse("cross:stand:walk:10:5");
        QVERIFY(scenario);
        const auto bake = runBake(skeleton.value(), "Dragon", *scenario);
        QVERIFY(bake.ok());
        std::ostringstream json, csv, events;
        writeBakeJson(bake.value(), json);
        writeBakeCsv(bake.value(), csv);
        writeBakeEventsCsv(bake.value(), events);
        QVERIFY(isBakeJson(json.str()));
        const auto read = readBakeJson(json.str(), "cross.json");
        QVERIFY2(read.ok(), read ? "" : read.error().toString().c_str());
        QVERIFY(!read->flipbook);
        const auto fromCsv = readBakeCsv(csv.str(), "cross.csv");
        QVERIFY(fromCsv.ok());
        QCOMPARE(read->poses.rows.size(), fromCsv->rows.size());
        const BakeComparison same = compareBakes(fromCsv.value(), read->poses, 0.0);
        QVERIFY2(same.equal(),
                 same.differences.empty() ? "" : same.differences.front().describe().c_str());
        QCOMPARE(read->eventsCsv, events.str());
        QVERIFY(bake->events.size() >= 2);
    }

    void malformedJsonBakesNameTheLine_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        const QString row =
            R"({"bone":"arm","x":1,"y":2,"skewX":0,"skewY":0,"scaleX":1,)"
            R"("scaleY":1,"zOrder":0,"displayIndex":0,"alpha":255,"red":255,)"
            R"("green":255,"blue":255,"wa":1,"wb":0,"wc":0,"wd":1,"wtx":1,"wty":2})";
        const QString start = R"({"armature":"a","scenario":"play:m","bones":["arm"],"frames":[)";
        QTest::newRow("whole") << start + R"({"frame":1,"bones":[)" + row + R"(]}],"events":[]})"
                               << 0 << "";
        QTest::newRow("cut short") << start + "\n" + R"({"frame":1,"bones":[)" << 2 << "not JSON";
        QTest::newRow("a column missing") << start + "\n" + R"({"frame":1,"bones":[)" +
                                                 QString(row).replace(R"(,"wty":2)", "") + "]}]}"
                                          << 2 << "it has no \"wty\"";
        QTest::newRow("a frame as text") << start + "\n" + R"({"frame":"1","bones":[]}]})" << 2
                                         << "unexpected string at \"frame\"";
        QTest::newRow("a frame between two")
            << start + R"({"frame":1.5,"bones":[]}]})" << 1 << "a whole number";
        QTest::newRow("a sidecar") << R"({"transitions":[]})" << 1 << "unexpected array";
        QTest::newRow("a number") << "5" << 1 << "unexpected number";
        QTest::newRow("a string") << R"("bake")" << 1 << "unexpected string";
        QTest::newRow("a list") << "[]" << 1 << "unexpected array";
    }
    void malformedJsonBakesNameTheLine()
    {
        QFETCH(QString, json);
        QFETCH(int, line);
        QFETCH(QString, message);
        const auto read = readBakeJson(json.toStdString(), "b.json");
        if (message.isEmpty()) {
            QVERIFY2(read.ok(), read ? "" : read.error().toString().c_str());
            QCOMPARE(read->poses.rows.size(), size_t(1));
            QCOMPARE(read->poses.rows.front().values.back(), 2.0);
            return;
        }
        QVERIFY(!read.ok());
        QCOMPARE(read.error().line, line);
        QVERIFY2(QString::fromStdString(read.error().message).contains(message),
                 read.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestBakeCompare)
#include "test_bake_compare.moc"
