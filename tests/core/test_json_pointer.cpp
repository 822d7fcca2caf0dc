// placeJsonPointers: the line a JSON pointer's value has in the text, as the readers of JSON
// files (ExportJson, blend scripts, layer setups, sidecars) give their problems; and the
// pointer tokens' escaping.
#include "io/JsonPointer.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace bonescope::core;

namespace {

// Lines:            1  2            3          4      5            6            7
const std::string kText = "{\n\"bones\": [\n  {\"x\": 1,\n   \"y\"\n   : 2},\n  {\"a/b~\": [\n"
                          "true, {\"x\": 3,\n\"x\": 4}]}\n], \"name\": \"n\"}";
//                         7                 8            9

int lineOf(const std::string& pointer, int line = 0, const std::string& text = kText)
{
    std::vector<LoadError> problems{{"f.json", line, pointer, "m"}};
    placeJsonPointers(text, problems);
    return problems.front().line;
}

} // namespace

class TestJsonPointer : public QObject {
    Q_OBJECT
private slots:
    void escapesTildeAndSlash()
    {
        QCOMPARE(escapePointerToken("a/b~c"), std::string("a~1b~0c"));
        QCOMPARE(escapePointerToken("plain"), std::string("plain"));
    }

    void pointersGetTheLineOfTheirValue_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<int>("line");
        QTest::newRow("member of the root") << "/name" << 9;
        QTest::newRow("array") << "/bones" << 2;
        QTest::newRow("element: its opening brace") << "/bones/0" << 3;
        QTest::newRow("member: its key, not its value") << "/bones/0/y" << 4;
        QTest::newRow("escaped key") << "/bones/1/a~1b~0" << 6;
        QTest::newRow("scalar element") << "/bones/1/a~1b~0/0" << 7;
        QTest::newRow("of equal keys, the first") << "/bones/1/a~1b~0/1/x" << 7;
        QTest::newRow("missing member: its object") << "/bones/0/z" << 3;
        QTest::newRow("missing element: its array") << "/bones/5/x" << 2;
        QTest::newRow("not in the text at all") << "/armature_data/0" << 0;
        QTest::newRow("the key \"\", absent") << "/" << 0;
    }
    void pointersGetTheLineOfTheirValue()
    {
        QFETCH(QString, pointer);
        QFETCH(int, line);
        QCOMPARE(lineOf(pointer.toStdString()), line);
    }

    void problemsWithALineOrNoPointerAreKept()
    {
        QCOMPARE(lineOf("/name", 3), 3);
        std::vector<LoadError> problems{{"f.json", 0, "", "no place"},
                                        {"f.json", 0, "/bones/0/x", "placed"}};
        placeJsonPointers(kText, problems);
        QCOMPARE(problems[0].line, 0);
        QCOMPARE(problems[1].line, 3);
    }

    void byteOrderMarkAndBrokenTextAreHandled()
    {
        QCOMPARE(lineOf("/bones/0/y", 0, "\xEF\xBB\xBF" + kText), 4);
        // Up to the damage the lines are found; past it, nothing.
        const std::string cut = kText.substr(0, kText.find("true"));
        QCOMPARE(lineOf("/bones/0/y", 0, cut + "tru"), 4);
        QCOMPARE(lineOf("/name", 0, cut + "tru"), 0);
    }
};

QTEST_GUILESS_MAIN(TestJsonPointer)
#include "test_json_pointer.moc"
