// Golden tests: every scenario of tests/data/golden/index.csv is baked with the runtime and
// compared row by row with the numbers cocos2d-x 4.0 produced, with golden/README.md's
// tolerances (angles modulo 2π, integers exact, events equal per frame as a multiset). The
// scenarios of tests/data/realworld/golden/index.csv (real-world patterns read with warnings,
// no events files) and tests/data/features/golden/index.csv (what the corpus does not use) get
// the same row comparison.
#include "bake/BakeCompare.h"
#include "bake/BakeRunner.h"
#include "bake/BakeWriter.h"
#include "io/ExportLoader.h"
#include "io/FileBytes.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace bonescope::core;

namespace {

const std::string kData = BONESCOPE_TEST_DATA;

std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> fields;
    std::stringstream stream(line);
    std::string field;
    while (std::getline(stream, field, ','))
        fields.push_back(field);
    if (!line.empty() && line.back() == ',')
        fields.emplace_back();
    return fields;
}

std::vector<std::vector<std::string>> readCsv(const std::string& path)
{
    std::vector<std::vector<std::string>> rows;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line))
        if (!line.empty())
            rows.push_back(splitCsv(line));
    return rows;
}

// Loads each export (a path under tests/data) once for all its scenarios.
const SkeletonData* loadSkeleton(const std::string& file, std::string& error)
{
    static std::map<std::string, std::unique_ptr<SkeletonData>> cache;
    if (auto it = cache.find(file); it != cache.end())
        return it->second.get();
    auto skeleton = readSkeletonFile(kData + "/" + file);
    if (!skeleton) {
        error = skeleton.error().toString();
        return nullptr;
    }
    auto& slot = cache[file];
    slot = std::make_unique<SkeletonData>(std::move(skeleton.value()));
    return slot.get();
}

// The first difference between the golden rows (a path under tests/data) and the bake, or an
// empty string.
std::string compareRows(const std::string& golden, const BakeResult& bake)
{
    const std::string path = kData + "/" + golden;
    const auto bytes = readFileBytes(path);
    if (!bytes)
        return bytes.error().toString();
    const auto expected = readBakeCsv(bytes.value(), golden);
    if (!expected)
        return expected.error().toString();
    if (expected->rows.empty())
        return golden + ": no rows";
    const BakeComparison comparison = compareBakes(expected.value(), toBakeTable(bake));
    if (comparison.equal())
        return {};
    return golden + ": " + comparison.differences.front().describe() + " (" +
           std::to_string(comparison.differenceCount) + " differences)";
}

std::string compareEvents(const std::string& golden, const BakeResult& bake)
{
    const std::string path = kData + "/golden/" + eventsPathFor(golden);
    std::vector<std::string> expected;
    for (const auto& row : readCsv(path)) {
        std::string joined;
        for (size_t i = 0; i < row.size(); ++i)
            joined += (i ? "," : "") + row[i];
        expected.push_back(joined);
    }
    std::vector<std::string> actual;
    for (const auto& e : bake.events)
        actual.push_back(std::to_string(e.frame) + "," + std::string(eventKindName(e.kind)) + "," +
                         e.movement + "," + e.name);
    // Equal per frame as a multiset: sorting the whole list compares exactly that.
    std::sort(expected.begin(), expected.end());
    std::sort(actual.begin(), actual.end());
    if (expected == actual)
        return {};
    std::string message = eventsPathFor(golden) + ": events differ; golden {";
    for (const auto& e : expected)
        message += " " + e;
    message += " } baked {";
    for (const auto& e : actual)
        message += " " + e;
    return message + " }";
}

// The scenario columns, then one data row per line of the index at `folder`/index.csv;
// `exports` is the folder of the files it names. Paths in the rows are relative to tests/data.
// Fails when the index is missing or empty.
void addScenarioRows(const std::string& folder, const std::string& exports)
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("armature");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("golden");
    const std::string path = kData + "/" + folder + "/index.csv";
    std::ifstream index(path);
    std::string line;
    std::getline(index, line);
    int rows = 0;
    while (std::getline(index, line)) {
        const auto f = splitCsv(line);
        if (f.size() < 4)
            continue;
        QTest::newRow((f[0] + " " + f[2]).c_str())
            << QString::fromStdString(exports + "/" + f[0]) << QString::fromStdString(f[1])
            << QString::fromStdString(f[2]) << QString::fromStdString(folder + "/" + f[3]);
        ++rows;
    }
    QVERIFY2(rows > 0, (path + " is missing or lists no scenario").c_str());
}

// Bakes one data row and compares its rows with the golden file.
void bakeAndCompareRows(const SkeletonData*& skeleton, BakeResult& baked)
{
    QFETCH(QString, file);
    QFETCH(QString, armature);
    QFETCH(QString, scenario);
    QFETCH(QString, golden);
    std::string error;
    skeleton = loadSkeleton(file.toStdString(), error);
    QVERIFY2(skeleton, error.c_str());
    const auto parsed = Scenario::parse(scenario.toStdString(), &error);
    QVERIFY2(parsed, error.c_str());
    auto bake = runBake(*skeleton, armature.toStdString(), *parsed);
    QVERIFY2(bake, bake ? "" : bake.error().message.c_str());
    baked = std::move(bake.value());
    const std::string rowDifference = compareRows(golden.toStdString(), baked);
    QVERIFY2(rowDifference.empty(), rowDifference.c_str());
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT

private slots:
    void scenario_data() { addScenarioRows("golden", "corpus"); }

    void scenario()
    {
        QFETCH(QString, golden);
        const SkeletonData* skeleton = nullptr;
        BakeResult bake;
        bakeAndCompareRows(skeleton, bake);
        if (QTest::currentTestFailed())
            return;
        const std::string goldenPath = golden.toStdString();
        QVERIFY(goldenPath.starts_with("golden/"));
        const std::string eventDifference = compareEvents(goldenPath.substr(7), bake);
        QVERIFY2(eventDifference.empty(), eventDifference.c_str());
    }

    // Real-world patterns (tests/data/realworld): each file loads with warnings, none of them
    // an error, and plays with cocos2d-x's numbers.
    void realWorld_data() { addScenarioRows("realworld/golden", "realworld"); }

    void realWorld()
    {
        const SkeletonData* skeleton = nullptr;
        BakeResult bake;
        bakeAndCompareRows(skeleton, bake);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(!skeleton->warnings.empty(), "a real-world pattern loaded without a warning");
    }

    // Features no corpus file uses (tests/data/features): cocos2d-x's numbers for files written
    // to exercise them.
    void feature_data() { addScenarioRows("features/golden", "features"); }

    void feature()
    {
        const SkeletonData* skeleton = nullptr;
        BakeResult bake;
        bakeAndCompareRows(skeleton, bake);
    }

    void goldenNamesFollowTheScenario()
    {
        const auto scenario = Scenario::parse("names:stand+walk:10:1");
        QVERIFY(scenario);
        QCOMPARE(goldenFileName("Knight_f/Knight", *scenario),
                 std::string("Knight_f_Knight__names_stand-walk_10_1.csv"));
        QVERIFY(!Scenario::parse("cross:a:b:17"));
        QVERIFY(!Scenario::parse("names::10:0"));
        QVERIFY(!Scenario::parse("dance:stand"));
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "test_golden.moc"
