#include "io/AnimationCacheReader.h"
#include "io/ImageHeader.h"
#include "io/Plist.h"
#include "io/SpriteSheetReader.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace bonescope::core;

namespace {

std::string readBytes(const QString& path)
{
    std::ifstream file(path.toStdString(), std::ios::binary);
    std::ostringstream bytes;
    bytes << file.rdbuf();
    return bytes.str();
}

std::string plist(const std::string& body)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n" + body +
           "\n</plist>\n";
}

} // namespace

/// The XML plist parser, and every hand-made broken input in tests/data/broken/plist through
/// the reader it targets.
class TestPlistReaders : public QObject {
    Q_OBJECT
private slots:
    void parsesEveryValueType()
    {
        const auto parsed = parsePlist(plist("<dict>\n"
                                             "  <key>s</key><string>a &amp; b</string>\n"
                                             "  <key>i</key><integer> -42 </integer>\n"
                                             "  <key>r</key><real>0.25</real>\n"
                                             "  <key>t</key><true/>\n"
                                             "  <key>f</key><false/>\n"
                                             "  <key>a</key><array><integer>1</integer>"
                                             "<string>x</string></array>\n"
                                             "  <key>d</key><dict/>\n"
                                             "</dict>"),
                                       "t.plist");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const PlistValue& root = parsed.value();
        QCOMPARE(root.type, PlistValue::Type::Dict);
        QCOMPARE(root.line, 3);
        QCOMPARE(root.keys.size(), std::size_t(7));
        QCOMPARE(root.find("s")->text, std::string("a & b"));
        QCOMPARE(root.find("i")->number, -42.0);
        QCOMPARE(root.find("i")->line, 5);
        QCOMPARE(root.find("r")->number, 0.25);
        QCOMPARE(root.find("t")->number, 1.0);
        QCOMPARE(root.find("f")->text, std::string("false"));
        QCOMPARE(root.find("a")->children.size(), std::size_t(2));
        QCOMPARE(root.find("a")->children[1].text, std::string("x"));
        QCOMPARE(root.find("d")->type, PlistValue::Type::Dict);
        QVERIFY(root.find("missing") == nullptr);
    }

    void duplicateKeyKeepsPlaceAndLastValue()
    {
        // cocos2d-x's DictMaker assigns into a map: the later value wins.
        const auto parsed = parsePlist(
            plist("<dict><key>a</key><integer>1</integer><key>b</key><integer>2</integer>"
                  "<key>a</key><integer>3</integer></dict>"),
            "t.plist");
        QVERIFY(parsed.ok());
        QCOMPARE(parsed->keys, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(parsed->find("a")->number, 3.0);
    }

    void acceptsByteOrderMark()
    {
        const auto parsed = parsePlist("\xEF\xBB\xBF" + plist("<array/>"), "t.plist");
        QVERIFY(parsed.ok());
        QCOMPARE(parsed->type, PlistValue::Type::Array);
    }

    void refusesDeepNesting()
    {
        std::string body;
        for (int i = 0; i < 100; ++i)
            body += "<array>";
        for (int i = 0; i < 100; ++i)
            body += "</array>";
        const auto parsed = parsePlist(plist(body), "deep.plist");
        QVERIFY(!parsed.ok());
        QVERIFY(parsed.error().message.find("nested more than 64") != std::string::npos);
    }

    void refusesMalformedScalars_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("integer text") << "<integer>12a</integer>"
                                      << "not a whole number";
        QTest::newRow("integer range") << "<integer>99999999999</integer>"
                                       << "out of range";
        QTest::newRow("real text") << "<real>1.5.2</real>"
                                   << "is not a number";
        QTest::newRow("infinity") << "<real>inf</real>"
                                  << "not a finite number";
        QTest::newRow("unknown element") << "<float>1</float>"
                                         << "not a property list element";
        QTest::newRow("element in string") << "<string><b/></string>"
                                           << "may only hold text";
        QTest::newRow("value without key") << "<dict><integer>1</integer></dict>"
                                           << "has no <key> before it";
        QTest::newRow("two values") << "<string>a</string><string>b</string>"
                                    << "more than one value";
    }
    void refusesMalformedScalars()
    {
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const auto parsed = parsePlist(plist(value.toStdString()), "t.plist");
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().line, 3);
        QVERIFY2(parsed.error().message.find(expected.toStdString()) != std::string::npos,
                 parsed.error().message.c_str());
    }

    void brokenFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("reader");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* file, const char* reader, int line, const char* text) {
            QTest::newRow(file) << file << reader << line << text;
        };
        row("empty.plist", "sheet", 0, "the file is empty");
        row("truncated.plist", "sheet", 15, "is the file truncated?");
        row("binary.plist", "sheet", 1, "binary property list (bplist00)");
        row("not_a_plist.plist", "sheet", 2, "not a property list: the root element is <html>");
        row("non_utf8.plist", "sheet", 7, "not valid UTF-8");
        row("frames_wrong_type.plist", "sheet", 6, "'frames' must be a <dict>, not a <array>");
        row("malformed_rect.plist", "sheet", 10, "\"{{2,4},{10}}\", not a rectangle");
        row("nan_offset.plist", "sheet", 18, "nan is not a finite number");
        row("absurd_width.plist", "sheet", 14, "'width' is 20000, outside 0..16384");
        row("negative_size.plist", "sheet", 10,
            "\"{{5,4},{-10,20}}\" has a value outside its range (origin -16384..16384, size "
            "0..16384)");
        row("unknown_sheet_format.plist", "sheet", 22, "unknown sprite sheet format 7");
        row("rotated_not_bool.plist", "sheet", 14, "'rotated' must be <true/> or <false/>");
        row("key_without_value.plist", "sheet", 11, "key 'offset' has no value");
        row("anim_no_animations.plist", "animation", 4, "no 'animations' dictionary");
        row("anim_unknown_format.plist", "animation", 25, "unknown animation format 3");
        row("anim_zero_delay_units.plist", "animation", 17, "'delayUnits' must be more than 0");
        row("anim_nan_delay_units.plist", "animation", 17, "NaN is not a finite number");
        row("anim_absurd_loops.plist", "animation", 12, "'loops' is 1000000000, outside 1..1e+06");
        row("bad_signature.png", "image", 0, "not a PNG or JPEG image");
        row("damaged_signature.png", "image", 0, "PNG signature is damaged");
        row("truncated.png", "image", 0, "the PNG is truncated");
        row("absurd_size.png", "image", 0, "100000x10 pixels; sizes must be 1 to 16384");
        row("zero_size.png", "image", 0, "0x10 pixels; sizes must be 1 to 16384");
        row("truncated.jpg", "image", 0, "the JPEG is truncated");
    }
    void brokenFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, reader);
        QFETCH(int, line);
        QFETCH(QString, expected);
        const QString path = QStringLiteral(BONESCOPE_TEST_DATA "/broken/plist/") + file;
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        const std::string bytes = readBytes(path);
        const std::string name = path.toStdString();

        LoadError error;
        if (reader == "sheet") {
            const auto result = readSpriteSheetPlist(bytes, name);
            QVERIFY(!result.ok());
            error = result.error();
        } else if (reader == "animation") {
            const auto result = readAnimationCachePlist(bytes, name);
            QVERIFY(!result.ok());
            error = result.error();
        } else {
            const auto result = readImageHeader(bytes, name);
            QVERIFY(!result.ok());
            error = result.error();
        }
        QCOMPARE(QString::fromStdString(error.file), path);
        QCOMPARE(error.line, line);
        QVERIFY2(error.message.find(expected.toStdString()) != std::string::npos,
                 error.toString().c_str());
    }
};

QTEST_GUILESS_MAIN(TestPlistReaders)
#include "test_plist_readers.moc"
