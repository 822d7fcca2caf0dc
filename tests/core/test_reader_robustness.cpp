// Every reader must survive damaged input: each mutation of a real file either loads or yields
// a LoadError that names the file and says why. Crashes, hangs and sanitizer reports are what
// this test exists to catch; values are checked by the per-reader tests.

#include "io/AnimationCacheReader.h"
#include "io/CocoStudioReader.h"
#include "io/DragonBonesReader.h"
#include "io/ImageHeader.h"
#include "io/LayerSetupReader.h"
#include "io/SpriteSheetReader.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace bonescope::core;

namespace {

/// Runs one reader; returns an empty string when the result is acceptable, else why not.
using ReaderCheck = std::function<std::string(std::string_view, const std::string&)>;

template <typename T> std::string verdict(const Result<T>& result, const std::string& fileName)
{
    if (result.ok())
        return {};
    if (result.error().message.empty())
        return "LoadError with an empty message";
    if (result.error().file != fileName)
        return "LoadError names \"" + result.error().file + "\"";
    return {};
}

template <auto Reader> ReaderCheck check()
{
    return [](std::string_view bytes, const std::string& fileName) {
        return verdict(Reader(bytes, fileName), fileName);
    };
}

std::string readFile(const QString& relativePath)
{
    std::ifstream stream((QStringLiteral(BONESCOPE_TEST_DATA "/") + relativePath).toStdString(),
                         std::ios::binary);
    std::ostringstream bytes;
    bytes << stream.rdbuf();
    return bytes.str();
}

/// The damaged variants of `original`, the same on every run (fixed seed).
std::vector<std::string> mutations(const std::string& original)
{
    std::vector<std::string> out;
    std::mt19937 rng(20261130u);
    const auto randomIndex = [&](std::size_t size) {
        return std::uniform_int_distribution<std::size_t>(0, size - 1)(rng);
    };

    // Truncations at 64 evenly spaced lengths, 0 included.
    constexpr int kTruncations = 64;
    for (int i = 0; i < kTruncations; ++i)
        out.push_back(original.substr(0, original.size() * i / kTruncations));

    // Single-byte flips, insertions and deletions.
    for (int i = 0; i < 200; ++i) {
        std::string damaged = original;
        const std::size_t at = randomIndex(damaged.size());
        const char byte = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
        switch (i % 3) {
        case 0:
            damaged[at] = static_cast<char>(damaged[at] ^ (1 << (i % 8)));
            break;
        case 1:
            damaged.insert(damaged.begin() + static_cast<std::ptrdiff_t>(at), byte);
            break;
        default:
            damaged.erase(at, 1);
            break;
        }
        out.push_back(std::move(damaged));
    }

    // A number's digit replaced by a non-number or an out-of-range one.
    std::vector<std::size_t> digits;
    for (std::size_t i = 0; i < original.size(); ++i)
        if (original[i] >= '0' && original[i] <= '9')
            digits.push_back(i);
    const std::array<std::string, 3> replacements = {"nan", "1e999", "-"};
    for (int i = 0; i < 30 && !digits.empty(); ++i) {
        std::string damaged = original;
        damaged.replace(digits[randomIndex(digits.size())], 1, replacements[i % 3]);
        out.push_back(std::move(damaged));
    }

    // A random span (up to 256 bytes) duplicated in place.
    for (int i = 0; i < 20; ++i) {
        const std::size_t at = randomIndex(original.size());
        const std::size_t length =
            std::min<std::size_t>(randomIndex(256) + 1, original.size() - at);
        std::string damaged = original;
        damaged.insert(at, original, at, length);
        out.push_back(std::move(damaged));
    }
    return out;
}

} // namespace

Q_DECLARE_METATYPE(ReaderCheck)

class TestReaderRobustness : public QObject {
    Q_OBJECT

private slots:
    void mutatedInputs_data();
    void mutatedInputs();
};

void TestReaderRobustness::mutatedInputs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<ReaderCheck>("reader");

    QTest::newRow("Dragon.xml") << "corpus/Dragon.xml" << check<readDragonBonesXml>();
    QTest::newRow("robot.xml") << "corpus/robot.xml" << check<readDragonBonesXml>();
    QTest::newRow("Cowboy.ExportJson") << "corpus/Cowboy.ExportJson" << check<readCocoStudioJson>();
    QTest::newRow("HeroAnimation.ExportJson")
        << "corpus/HeroAnimation.ExportJson" << check<readCocoStudioJson>();
    QTest::newRow("Dragon.plist") << "corpus/Dragon.plist" << check<readSpriteSheetPlist>();
    QTest::newRow("animations-2.plist")
        << "corpus/flipbook/animations-2.plist" << check<readAnimationCachePlist>();
    QTest::newRow("Dragon.png") << "corpus/Dragon.png" << check<readImageHeader>();
    QTest::newRow("dragon_layers.json") << "blend/dragon_layers.json" << check<parseLayerSetup>();
}

void TestReaderRobustness::mutatedInputs()
{
    QFETCH(QString, file);
    QFETCH(ReaderCheck, reader);

    const std::string original = readFile(file);
    QVERIFY2(!original.empty(), qPrintable(file + " is missing or empty"));
    const std::string fileName = QFileInfo(file).fileName().toStdString();
    QCOMPARE(reader(original, fileName), std::string());

    const std::vector<std::string> inputs = mutations(original);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string problem = reader(inputs[i], fileName);
        QVERIFY2(problem.empty(),
                 qPrintable(QStringLiteral("mutation %1: %2").arg(i).arg(problem.c_str())));
    }
}

QTEST_GUILESS_MAIN(TestReaderRobustness)
#include "test_reader_robustness.moc"
