// Hostile input: files that used to crash, hang or exhaust Bonescope must end in a clear refusal
// or a bounded, correct result. Big files are generated at test time in a temporary folder;
// small crafted ones live in tests/data/hostile/. No timings are asserted: a quadratic or
// recursive path shows up as a test that does not finish (or a stack overflow), not as a number.

#include "base/Limits.h"
#include "io/ExportLoader.h"
#include "io/ExportValidator.h"
#include "io/FileBytes.h"
#include "io/LayerSetupReader.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureRig.h"
#include "runtime/FlipbookPlayer.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

using namespace bonescope::core;
namespace fs = std::filesystem;

namespace {

const std::string kHostile = BONESCOPE_TEST_DATA "/hostile/";

void writeFile(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/// A DragonBones armature "chain" of `bones` bones, each the parent of the next, and one
/// movement that moves every bone.
std::string boneChainXml(int bones)
{
    std::string xml = "<skeleton name=\"chain\" version=\"2.0\"><armatures><armature "
                      "name=\"chain\">";
    for (int b = 0; b < bones; ++b) {
        xml += "<b name=\"b" + std::to_string(b) + "\" x=\"1\" y=\"0\"";
        if (b > 0)
            xml += " parent=\"b" + std::to_string(b - 1) + "\"";
        xml += "/>";
    }
    xml += "</armature></armatures><animations><animation name=\"chain\"><mov name=\"m\" "
           "dr=\"2\">";
    for (int b = 0; b < bones; ++b)
        xml += "<b name=\"b" + std::to_string(b) + "\"><f cocos2d_x=\"" + std::to_string(b + 1) +
               "\" dr=\"2\"/></b>";
    return xml + "</mov></animation></animations></skeleton>";
}

/// A CocoStudio export with one armature of `bones` bones, each the parent of the next.
std::string boneChainJson(int bones)
{
    std::string json = R"({"armature_data":[{"name":"chain","version":1.6,"bone_data":[)";
    for (int b = 0; b < bones; ++b) {
        json += b ? "," : "";
        json += R"({"name":"b)" + std::to_string(b) + R"(","parent":")" +
                (b ? "b" + std::to_string(b - 1) : std::string()) + R"(","x":1.0})";
    }
    return json + R"(]}],"animation_data":[]})";
}

/// A DragonBones skeleton whose armatures show others as displays: `spec` lists, per armature,
/// "name:shown,shown,..." separated by ';'; each shown armature is one more bone.
std::string nestingXml(const std::string& spec)
{
    std::string xml = "<skeleton name=\"n\" version=\"2.0\"><armatures>";
    size_t start = 0;
    while (start < spec.size()) {
        size_t end = spec.find(';', start);
        if (end == std::string::npos)
            end = spec.size();
        const std::string entry = spec.substr(start, end - start);
        const size_t colon = entry.find(':');
        xml += "<armature name=\"" + entry.substr(0, colon) + "\"><b name=\"root\"/>";
        int bone = 0;
        for (size_t from = colon + 1; from < entry.size();) {
            size_t comma = entry.find(',', from);
            if (comma == std::string::npos)
                comma = entry.size();
            xml += "<b name=\"n" + std::to_string(bone++) + "\" parent=\"root\"><d name=\"" +
                   entry.substr(from, comma - from) + "\" isArmature=\"1\"/></b>";
            from = comma + 1;
        }
        xml += "</armature>";
        start = end + 1;
    }
    return xml + "</armatures></skeleton>";
}

/// "a:b×10" style spec: armature `name` with `count` bones showing `shown`.
std::string repeated(const std::string& name, const std::string& shown, int count)
{
    std::string entry = name + ":";
    for (int i = 0; i < count; ++i)
        entry += (i ? "," : "") + shown;
    return entry;
}

} // namespace

class TestHostileInput : public QObject {
    Q_OBJECT

private slots:
    // ---- one bounded, non-blocking reader -----------------------------------------------

    void fileReaderRefusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << "missing"
                                 << "file not found";
        QTest::newRow("folder") << "folder"
                                << "is a folder";
        QTest::newRow("fifo without a writer") << "fifo"
                                               << "named pipe (FIFO)";
        QTest::newRow("/dev/zero") << "zero"
                                   << "is a device";
        QTest::newRow("symlink loop") << "loop"
                                      << "loop of symbolic links";
        QTest::newRow("sparse file over the limit") << "huge"
                                                    << "more than the 256 MB";
        QTest::newRow("no permission") << "unreadable"
                                       << "permission denied";
        // A name on disk with a byte that is not UTF-8, given as Qt decodes it (U+FFFD).
        QTest::newRow("name not UTF-8") << "latin1"
                                        << "bytes that are not UTF-8";
    }

    void fileReaderRefusesWhatIsNotARegularFile()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir folder;
        std::string path = folder.filePath("input.ExportJson").toStdString();
        if (kind == "folder") {
            fs::create_directory(path);
        } else if (kind == "fifo") {
            QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        } else if (kind == "zero") {
            path = "/dev/zero";
        } else if (kind == "loop") {
            fs::create_symlink(folder.filePath("other").toStdString(), path);
            fs::create_symlink(path, folder.filePath("other").toStdString());
        } else if (kind == "huge") {
            writeFile(path, "{}");
            fs::resize_file(path, kMaxFileBytes + 1); // sparse: no disk space used
        } else if (kind == "latin1") {
            writeFile(folder.filePath("h").toStdString() + "\xE9ros.ExportJson", "{}");
            path = folder.filePath("h").toStdString() + "\xEF\xBF\xBDros.ExportJson";
        } else if (kind == "unreadable") {
            if (::geteuid() == 0)
                QSKIP("root reads every file");
            writeFile(path, "{}");
            fs::permissions(path, fs::perms::none);
        }
        // The same single reader serves exports, layer setups and image headers.
        const auto bytes = readFileBytes(path);
        QVERIFY(!bytes.ok());
        QCOMPARE(bytes.error().file, path);
        QVERIFY2(contains(bytes.error().message, message.toStdString()),
                 bytes.error().message.c_str());
        // Only a size past a limit is a refusal of a readable file; the rest are unreadable.
        QCOMPARE(bytes.error().refused, kind == "huge");
        const auto loaded = loadExport(path);
        QVERIFY(!loaded.ok());
        const auto layers = readLayerSetup(path);
        QVERIFY(!layers.ok());
        QVERIFY2(contains(layers.error().message, message.toStdString()),
                 layers.error().message.c_str());
        if (kind != "huge") {
            const auto head = readFileHead(path, 16);
            QVERIFY(!head.ok());
        }
    }

    void fileReaderReadsRegularFilesAndHeads()
    {
        QTemporaryDir folder;
        const std::string path = folder.filePath("a.txt").toStdString();
        writeFile(path, "0123456789");
        const auto all = readFileBytes(path);
        QVERIFY(all.ok());
        QCOMPARE(all.value(), std::string("0123456789"));
        const auto head = readFileHead(path, 4);
        QVERIFY(head.ok());
        QCOMPARE(head.value(), std::string("0123"));
        // A symlink to a regular file is that file.
        const std::string link = folder.filePath("link.txt").toStdString();
        fs::create_symlink(path, link);
        QCOMPARE(readFileBytes(link).value(), std::string("0123456789"));
    }

    // ---- nested armatures ---------------------------------------------------------------

    void nestingCyclesAndExplosionsAreRefused_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("shows itself") << "a:a"
                                      << "'a' → 'a'";
        QTest::newRow("mutual") << "a:b;b:a"
                                << "'a' → 'b' → 'a'";
        QTest::newRow("through three") << "top:x;x:y;y:z;z:x"
                                       << "'x' → 'y' → 'z' → 'x'";
        // Ten displays per level over five levels: 111 111 instances from one armature.
        const std::string tenfold = repeated("a", "b", 10) + ";" + repeated("b", "c", 10) + ";" +
                                    repeated("c", "d", 10) + ";" + repeated("d", "e", 10) + ";" +
                                    repeated("e", "f", 10) + ";f:";
        QTest::newRow("ten times per bone")
            << QString::fromStdString(tenfold) << "more than 10000 armature instances";
        QTest::newRow("too deep") << "a:b;b:c;c:d;d:e;e:f;f:g;g:h;h:i;i:j;j:"
                                  << "9 levels deep, more than the 8";
    }

    void nestingCyclesAndExplosionsAreRefused()
    {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        const auto skeleton = readSkeleton(nestingXml(spec.toStdString()), "nested.xml");
        QVERIFY(!skeleton.ok());
        QCOMPARE(skeleton.error().file, std::string("nested.xml"));
        QVERIFY(skeleton.error().refused);
        QVERIFY2(contains(skeleton.error().message, message.toStdString()),
                 skeleton.error().message.c_str());
    }

    void boundedNestingLoadsAndRuns()
    {
        // Eight levels and 10 × 10 × 10 instances: within the limits, so it loads and plays.
        const std::string spec = repeated("a", "b", 10) + ";" + repeated("b", "c", 10) + ";" +
                                 repeated("c", "d", 10) + ";d:e;e:f;f:g;g:h;h:i;i:";
        const auto skeleton = readSkeleton(nestingXml(spec), "nested.xml");
        QVERIFY2(skeleton.ok(), skeleton.ok() ? "" : skeleton.error().message.c_str());
        Armature armature(ArmatureRig::create(skeleton.value(), "a"));
        armature.update(1.f / 60.f);
        // Bone 1 (n0, after root) shows b, whose bone 1 shows c, ... down to i.
        auto rig = armature.rig().nestedRig(1, 0);
        int levels = 0;
        for (; rig; rig = rig->nestedRig(1, 0))
            ++levels;
        QCOMPARE(levels, 8);
    }

    void crashingFilesAreRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("self-nesting armature") << "self-nesting.xml"
                                               << "shows itself";
        QTest::newRow("mutual nesting ExportJson") << "mutual-nesting.ExportJson"
                                                   << "'hero' → 'sword' → 'hero'";
    }

    void crashingFilesAreRefused()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const auto loaded = loadExport(kHostile + file.toStdString());
        QVERIFY(!loaded.ok());
        QVERIFY2(contains(loaded.error().message, message.toStdString()),
                 loaded.error().message.c_str());
    }

    // ---- deep and wide armatures --------------------------------------------------------

    void deepBoneChainLoadsValidatesAndPlays_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("DragonBones") << "chain.xml";
        QTest::newRow("CocoStudio") << "chain.ExportJson";
    }

    void deepBoneChainLoadsValidatesAndPlays()
    {
        QFETCH(QString, name);
        constexpr int kDepth = 40'000;
        QTemporaryDir folder;
        const std::string path = folder.filePath(name).toStdString();
        const bool xml = name.endsWith(".xml");
        writeFile(path, xml ? boneChainXml(kDepth) : boneChainJson(kDepth));
        const auto loaded = loadExport(path);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        const ArmatureData& armature = loaded->skeleton.armatures.front();
        QCOMPARE(int(armature.bones.size()), kDepth);
        QCOMPARE(armature.bones.back().parentIndex, kDepth - 2);
        validateExport(loaded.value());

        Armature instance(ArmatureRig::create(loaded->skeleton, "chain"));
        if (xml)
            QVERIFY(instance.animation().play("m"));
        instance.update(1.f / 60.f);
        // Every bone sits one unit right of its parent (CocoStudio: the setup pose) or at its
        // frame's x relative to the parent frame (DragonBones: b+1 − b = 1): the last bone is
        // kDepth units out.
        QCOMPARE(instance.pose().back().world.tx, float(kDepth));
    }

    void tooManyBonesAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("DragonBones") << "wide.xml";
        QTest::newRow("CocoStudio") << "wide.ExportJson";
    }

    void tooManyBonesAreRefused()
    {
        QFETCH(QString, name);
        constexpr int kBones = 300'000;
        const bool xml = name.endsWith(".xml");
        const auto skeleton =
            readSkeleton(xml ? boneChainXml(kBones) : boneChainJson(kBones), name.toStdString());
        QVERIFY(!skeleton.ok());
        QVERIFY2(contains(skeleton.error().message, std::to_string(kMaxBonesPerArmature)),
                 skeleton.error().message.c_str());
        QVERIFY(skeleton.error().refused);
    }

    // Refused as soon as the count passes the limit, not after the whole file is held: the file
    // is cut just after the first bone past the limit begins, and the answer is still the
    // limit, not the cut.
    void tooManyBonesAreRefusedWhileReading_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("DragonBones") << "cut.xml";
        QTest::newRow("CocoStudio") << "cut.ExportJson";
    }

    void tooManyBonesAreRefusedWhileReading()
    {
        QFETCH(QString, name);
        const bool xml = name.endsWith(".xml");
        const std::string whole =
            xml ? boneChainXml(kMaxBonesPerArmature + 1) : boneChainJson(kMaxBonesPerArmature + 1);
        const std::string past = xml ? "<b name=\"b" : "{\"name\":\"b";
        const size_t at = whole.find(past + std::to_string(kMaxBonesPerArmature) + "\"");
        QVERIFY(at != std::string::npos);
        const auto skeleton = readSkeleton(whole.substr(0, at + past.size()), name.toStdString());
        QVERIFY(!skeleton.ok());
        QVERIFY2(contains(skeleton.error().message,
                          "more than " + std::to_string(kMaxBonesPerArmature) + " bones"),
                 skeleton.error().toString().c_str());
        QVERIFY(skeleton.error().refused);
    }

    // The early count sees elements only: bones in a comment or a CDATA section, or a `>` in
    // a quoted value, are not bones, and the file reads.
    void onlyRealBonesCountTowardsTheLimit()
    {
        std::string many;
        for (int b = 0; b <= kMaxBonesPerArmature; ++b)
            many += "<b/>";
        const std::string xml =
            "<skeleton name=\"c\" version=\"2.0\"><armatures><armature name=\"c\"><!--" + many +
            "--><b name=\"a>b\" x=\"1\"/><![CDATA[" + many +
            "]]></armature></armatures></skeleton>";
        const auto skeleton = readSkeleton(xml, "comments.xml");
        QVERIFY2(skeleton.ok(), skeleton ? "" : skeleton.error().toString().c_str());
        QCOMPARE(int(skeleton->armatures.front().bones.size()), 1);
        QCOMPARE(skeleton->armatures.front().bones.front().name, std::string("a>b"));
    }

    void tooManyBoneTracksAreRefused()
    {
        // 4 100 bones × 4 100 movements: a 200 KB file whose runtime table would be 16.8 million
        // entries (and 134 MB) per instance.
        constexpr int kCount = 4'100;
        std::string xml = R"(<skeleton name="t" version="2.0"><armatures><armature name="t">)";
        for (int b = 0; b < kCount; ++b)
            xml += "<b name=\"b" + std::to_string(b) + "\"/>";
        xml += R"(</armature></armatures><animations><animation name="t">)";
        for (int m = 0; m < kCount; ++m)
            xml += "<mov name=\"m" + std::to_string(m) + "\" dr=\"1\"/>";
        xml += "</animation></animations></skeleton>";
        const auto skeleton = readSkeleton(xml, "tracks.xml");
        QVERIFY(!skeleton.ok());
        QVERIFY2(contains(skeleton.error().message, "more than 16777216 bone × movement entries"),
                 skeleton.error().message.c_str());
        QVERIFY(skeleton.error().refused);
    }

    // ---- paths that leave the export's folder -------------------------------------------

    void sheetPathsOutsideTheFolderAreNotOpened()
    {
        QTemporaryDir root;
        fs::create_directory(root.filePath("export").toStdString());
        const std::string folder = root.filePath("export").toStdString();
        // A sheet outside the folder that must not be read, and one inside that names an
        // image outside.
        fs::copy_file(BONESCOPE_TEST_DATA "/realworld/stillpose0.plist",
                      root.filePath("outside.plist").toStdString());
        std::ifstream in(BONESCOPE_TEST_DATA "/realworld/stillpose0.plist");
        std::string sheet((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string named = "<string>stillpose0.png</string>";
        for (size_t at = sheet.find(named); at != std::string::npos; at = sheet.find(named))
            sheet.replace(at, named.size(), "<string>../../secret.png</string>");
        writeFile(folder + "/inside.plist", sheet);

        std::ifstream exportIn(BONESCOPE_TEST_DATA "/realworld/stillpose.ExportJson");
        std::string json((std::istreambuf_iterator<char>(exportIn)),
                         std::istreambuf_iterator<char>());
        const size_t list = json.find("\"config_file_path\"");
        QVERIFY(list != std::string::npos);
        json = json.substr(0, list) +
               R"("config_file_path": ["../outside.plist", "/etc/passwd", "inside.plist"]})";
        writeFile(folder + "/stillpose.ExportJson", json);

        const auto loaded = loadExport(folder + "/stillpose.ExportJson");
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        QCOMPARE(int(loaded->atlases.size()), 1);
        QVERIFY(fs::path(loaded->atlases.front().imagePath).parent_path() == fs::path(folder));
        int outside = 0;
        for (const LoadError& warning : loaded->warnings)
            outside += contains(warning.message, "outside the export's folder");
        QCOMPARE(outside, 3);
    }

    // ---- long flipbooks -------------------------------------------------------------------

    void hourLongFlipbookLoopedAThousandTimesKeepsMoving()
    {
        // 43 200 frames of 1/12 s: an hour a loop, 1 000 loops.
        FlipbookData data;
        data.name = "hour";
        data.delayPerUnit = 1.f / 12.f;
        data.loops = 1000;
        data.frames.assign(43'200, FlipbookFrame{"f", 1.f, {}});
        FlipbookPlayer player(data);
        player.start();
        player.step(0.f);
        // Jump to the last loop in hour-long ticks (cocos2d-x moves on one loop per tick), then
        // into it: 999.5 hours played.
        for (int hour = 0; hour < 999; ++hour)
            player.step(3600.f);
        player.step(1800.f);
        QCOMPARE(player.executedLoops(), 999);
        const int before = player.displayedFrame();
        // One second of 1/60 s ticks shows twelve more frames: the clock does not stall.
        for (int tick = 0; tick < 60; ++tick)
            player.step(1.f / 60.f);
        QVERIFY(!player.done());
        const int advanced = player.displayedFrame() - before;
        QVERIFY2(advanced >= 11 && advanced <= 13, std::to_string(advanced).c_str());
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "test_hostile_input.moc"
