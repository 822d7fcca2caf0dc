// Golden tests: every scenario of tests/data/golden/index.csv is baked with the runtime and
// compared row by row with the numbers cocos2d-x 4.0 produced, with golden/README.md's
// tolerances (angles modulo 2π, integers exact, events equal per frame as a multiset).
#include "bake/BakeRunner.h"
#include "bake/BakeWriter.h"
#include "io/CocoStudioReader.h"
#include "io/DragonBonesReader.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <numbers>
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

// Loads each export once for all its scenarios.
const SkeletonData* loadSkeleton(const std::string& file, std::string& error)
{
    static std::map<std::string, std::unique_ptr<SkeletonData>> cache;
    if (auto it = cache.find(file); it != cache.end())
        return it->second.get();
    const std::string path = kData + "/corpus/" + file;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot open";
        return nullptr;
    }
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const bool xml = file.size() > 4 && file.substr(file.size() - 4) == ".xml";
    auto skeleton = xml ? readDragonBonesXml(bytes, file) : readCocoStudioJson(bytes, file);
    if (!skeleton) {
        error = skeleton.error().toString();
        return nullptr;
    }
    auto& slot = cache[file];
    slot = std::make_unique<SkeletonData>(std::move(skeleton.value()));
    return slot.get();
}

double angleDifference(double a, double b)
{
    double d = std::fmod(a - b, 2 * std::numbers::pi);
    if (d > std::numbers::pi)
        d -= 2 * std::numbers::pi;
    if (d < -std::numbers::pi)
        d += 2 * std::numbers::pi;
    return std::abs(d);
}

struct Column {
    const char* name;
    double tolerance; // 0: exact integer
    bool angle;
};
// In golden column order after frame and bone.
constexpr std::array<Column, 18> kColumns = {{
    {"x", 1e-3, false},
    {"y", 1e-3, false},
    {"skewX", 1e-4, true},
    {"skewY", 1e-4, true},
    {"scaleX", 1e-5, false},
    {"scaleY", 1e-5, false},
    {"zOrder", 0, false},
    {"displayIndex", 0, false},
    {"alpha", 0, false},
    {"red", 0, false},
    {"green", 0, false},
    {"blue", 0, false},
    {"wa", 1e-4, false},
    {"wb", 1e-4, false},
    {"wc", 1e-4, false},
    {"wd", 1e-4, false},
    {"wtx", 1e-3, false},
    {"wty", 1e-3, false},
}};

std::array<double, 18> bakedValues(const BonePose& p)
{
    const Transform& l = p.local;
    const Affine& w = p.world;
    return {l.x,
            l.y,
            l.skewX,
            l.skewY,
            l.scaleX,
            l.scaleY,
            double(p.zOrder),
            double(p.displayIndex),
            double(p.color.alpha),
            double(p.color.red),
            double(p.color.green),
            double(p.color.blue),
            w.a,
            w.b,
            w.c,
            w.d,
            w.tx,
            w.ty};
}

// The first difference, or an empty string.
std::string compareRows(const std::string& golden, const BakeResult& bake)
{
    const auto rows = readCsv(kData + "/golden/" + golden);
    if (rows.empty())
        return golden + ": no rows";
    std::map<std::string, int> boneIndex;
    for (size_t i = 0; i < bake.boneNames.size(); ++i)
        boneIndex[bake.boneNames[i]] = static_cast<int>(i);
    size_t expectedRows = 0;
    for (const auto& row : rows) {
        if (row.size() != 20)
            return golden + ": malformed row";
        const int frame = std::stoi(row[0]);
        const std::string& bone = row[1];
        const auto found = boneIndex.find(bone);
        if (found == boneIndex.end() || frame < 1 || frame > bake.frameCount)
            return golden + ": frame " + row[0] + " bone " + bone + " missing in the bake";
        const auto values = bakedValues(bake.pose(frame, found->second));
        for (size_t c = 0; c < kColumns.size(); ++c) {
            const double expected = std::stod(row[c + 2]);
            const double actual = values[c];
            const Column& column = kColumns[c];
            const bool ok = column.tolerance == 0
                                ? expected == actual
                                : (column.angle ? angleDifference(expected, actual)
                                                : std::abs(expected - actual)) <= column.tolerance;
            if (!ok)
                return golden + ": frame " + row[0] + " bone " + bone + " column " + column.name +
                       ": golden " + row[c + 2] + ", baked " +
                       QString::number(actual, 'f', 6).toStdString();
        }
        ++expectedRows;
    }
    const size_t bakedRows = static_cast<size_t>(bake.frameCount) * bake.boneNames.size();
    if (bakedRows != expectedRows)
        return golden + ": " + std::to_string(bakedRows) + " baked rows, golden has " +
               std::to_string(expectedRows);
    return {};
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

} // namespace

class TestGolden : public QObject {
    Q_OBJECT

private slots:
    void scenario_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("armature");
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("golden");
        std::ifstream index(kData + "/golden/index.csv");
        QVERIFY2(index, "tests/data/golden/index.csv is missing");
        std::string line;
        std::getline(index, line);
        int rows = 0;
        while (std::getline(index, line)) {
            const auto f = splitCsv(line);
            if (f.size() < 4)
                continue;
            QTest::newRow((f[0] + " " + f[2]).c_str())
                << QString::fromStdString(f[0]) << QString::fromStdString(f[1])
                << QString::fromStdString(f[2]) << QString::fromStdString(f[3]);
            ++rows;
        }
        QVERIFY(rows > 0);
    }

    void scenario()
    {
        QFETCH(QString, file);
        QFETCH(QString, armature);
        QFETCH(QString, scenario);
        QFETCH(QString, golden);
        std::string error;
        const SkeletonData* skeleton = loadSkeleton(file.toStdString(), error);
        QVERIFY2(skeleton, error.c_str());
        const auto parsed = Scenario::parse(scenario.toStdString(), &error);
        QVERIFY2(parsed, error.c_str());
        const auto bake = runBake(*skeleton, armature.toStdString(), *parsed);
        QVERIFY2(bake, bake ? "" : bake.error().message.c_str());
        const std::string rowDifference = compareRows(golden.toStdString(), bake.value());
        QVERIFY2(rowDifference.empty(), rowDifference.c_str());
        const std::string eventDifference = compareEvents(golden.toStdString(), bake.value());
        QVERIFY2(eventDifference.empty(), eventDifference.c_str());
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
