// JsonSaxParser: the events it reports for valid JSON, and where and why it stops on invalid
// JSON. Its accept / reject decisions are also checked against nlohmann/json's strict parse,
// which the CocoStudio reader used before and whose error lines its tests pin.
#include "io/JsonSaxParser.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <vector>

using namespace bonescope::core;

namespace {

/// Writes each event as a short word, space-separated: `{ k:name s:text u:1 i:-1 f:1.5 } [ ] n t
/// F`, and keeps the error.
class Recorder final : public JsonSaxParser::Handler {
public:
    std::string events;
    bool failed = false;
    size_t offset = 0;
    int line = 0;
    std::string message;
    std::vector<int> eventLines; // Handler::line() at each event
    int stopAfter = -1;          // return false from the event with this index

    bool null() override { return add("n"); }
    bool boolean(bool value) override { return add(value ? "t" : "F"); }
    bool number_integer(std::int64_t value) override { return add("i:" + std::to_string(value)); }
    bool number_unsigned(std::uint64_t value) override { return add("u:" + std::to_string(value)); }
    bool number_float(double value, std::string_view text) override
    {
        char written[32];
        std::snprintf(written, sizeof written, "%.17g", value);
        return add("f:" + std::string(written) + "=" + std::string(text));
    }
    bool string(std::string& value) override { return add("s:" + value); }
    bool start_object() override { return add("{"); }
    bool key(std::string_view name) override { return add("k:" + std::string(name)); }
    bool end_object() override { return add("}"); }
    bool start_array() override { return add("["); }
    bool end_array() override { return add("]"); }
    void parse_error(std::size_t at, int atLine, const std::string& text) override
    {
        QVERIFY2(!failed, "parse_error called twice");
        failed = true;
        offset = at;
        line = atLine;
        message = text;
    }

private:
    int m_count = 0;
    bool add(const std::string& event)
    {
        if (!events.empty())
            events += ' ';
        events += event;
        eventLines.push_back(JsonSaxParser::Handler::line());
        return m_count++ != stopAfter;
    }
};

bool nlohmannAccepts(const std::string& text)
{
    return nlohmann::json::accept(text);
}

} // namespace

class TestJsonSaxParser : public QObject {
    Q_OBJECT

private slots:
    void validInputs_data();
    void validInputs();
    void invalidInputs_data();
    void invalidInputs();
    void handlerStopsTheParse();
    void eventsKnowTheirTokensLine();
    void deepNestingIsBoundedNotRecursive();
};

void TestJsonSaxParser::validInputs_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("events");
    QTest::newRow("empty object") << QByteArray("{}") << QByteArray("{ }");
    QTest::newRow("empty array") << QByteArray(" [ ] ") << QByteArray("[ ]");
    QTest::newRow("scalars at the top") << QByteArray("\t\r\n 42 \n") << QByteArray("u:42");
    QTest::newRow("literals") << QByteArray("[true,false,null]") << QByteArray("[ t F n ]");
    QTest::newRow("members") << QByteArray("{\"a\" : 1 , \"b\":[{}, []], \"c\":{\"d\":\"e\"}}")
                             << QByteArray("{ k:a u:1 k:b [ { } [ ] ] k:c { k:d s:e } }");
    QTest::newRow("integers") << QByteArray("[0,-0,7,-12,9223372036854775807,"
                                            "-9223372036854775808,18446744073709551615]")
                              << QByteArray("[ u:0 i:0 u:7 i:-12 u:9223372036854775807 "
                                            "i:-9223372036854775808 u:18446744073709551615 ]");
    QTest::newRow("integers beyond 64 bits")
        << QByteArray("[18446744073709551616,-9223372036854775809]")
        << QByteArray("[ f:1.8446744073709552e+19=18446744073709551616 "
                      "f:-9.2233720368547758e+18=-9223372036854775809 ]");
    QTest::newRow("floats") << QByteArray("[1.5,-0.25,1e3,2E-2,0.1,-1.0e+2]")
                            << QByteArray("[ f:1.5=1.5 f:-0.25=-0.25 f:1000=1e3 f:0.02=2E-2 "
                                          "f:0.10000000000000001=0.1 f:-100=-1.0e+2 ]");
    // Either side of the exact one-division path (≤ 19 digits, mantissa ≤ 2^53, 10^±22).
    QTest::newRow("floats beyond the fast path")
        << QByteArray("[9007199254740993.0,1e22,1e23,123456789012345678901.5,0.000001234e-10,"
                      "-12345678901234567890]")
        << QByteArray("[ f:9007199254740992=9007199254740993.0 f:1e+22=1e22 "
                      "f:9.9999999999999992e+22=1e23 "
                      "f:1.2345678901234568e+20=123456789012345678901.5 "
                      "f:1.2339999999999999e-16=0.000001234e-10 "
                      "f:-1.2345678901234567e+19=-12345678901234567890 ]");
    QTest::newRow("underflow reads as zero")
        << QByteArray("[1e-400,-2.5e-999]") << QByteArray("[ f:0=1e-400 f:-0=-2.5e-999 ]");
    QTest::newRow("subnormal") << QByteArray("4.9406564584124654e-324")
                               << QByteArray("f:4.9406564584124654e-324=4.9406564584124654e-324");
    QTest::newRow("escapes") << QByteArray(R"(["a\"b\\c\/d\be\ff\ng\rh\ti"])")
                             << QByteArray("[ s:a\"b\\c/d\be\ff\ng\rh\ti ]");
    QTest::newRow("unicode escapes") << QByteArray(R"(["\u0041\u00e9\u20AC\ud83d\ude00"])")
                                     << QByteArray("[ s:A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 ]");
    QTest::newRow("escaped key, plain value") << QByteArray(R"({"a\u0062\n":"cd","e":"f\\g"})")
                                              << QByteArray("{ k:ab\n s:cd k:e s:f\\g }");
    QTest::newRow("escaped NUL") << QByteArray(R"("a\u0000b")") << QByteArray("s:a\0b", 5);
    QTest::newRow("raw UTF-8")
        << QByteArray("{\"\xC3\xA9\":\"\xE2\x82\xAC\xF0\x9F\x98\x80\xED\x9F\xBF\"}")
        << QByteArray("{ k:\xC3\xA9 s:\xE2\x82\xAC\xF0\x9F\x98\x80\xED\x9F\xBF }");
    QTest::newRow("long indentation")
        << QByteArray("{\n" + QByteArray(37, ' ') + "\"x\": 1\n}") << QByteArray("{ k:x u:1 }");
}

void TestJsonSaxParser::validInputs()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, events);
    const std::string text(json.constData(), size_t(json.size()));
    Recorder recorder;
    const bool ok = JsonSaxParser::parse(text, recorder);
    QVERIFY2(ok, recorder.message.c_str());
    QVERIFY(!recorder.failed);
    QCOMPARE(QByteArray::fromStdString(recorder.events), events);
    QVERIFY(nlohmannAccepts(text));
}

void TestJsonSaxParser::invalidInputs_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("nothing") << QByteArray("  ") << 2 << 1 << "unexpected end of input";
    QTest::newRow("truncated object")
        << QByteArray("{\"a\":1,\n") << 8 << 2 << "unexpected end of input";
    QTest::newRow("two values") << QByteArray("1 2") << 2 << 1 << "expected the end of the input";
    QTest::newRow("missing comma") << QByteArray("{\"a\":1 \"b\":2}") << 7 << 1
                                   << "syntax error: unexpected '\"'; expected ',' or '}'";
    QTest::newRow("trailing comma in object")
        << QByteArray("{\"a\":1,}") << 7 << 1 << "expected a string key";
    QTest::newRow("trailing comma in array")
        << QByteArray("[1,\n]") << 4 << 2 << "syntax error: unexpected ']'";
    QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << 5 << 1 << "expected ':'";
    QTest::newRow("key not a string") << QByteArray("{a:1}") << 1 << 1 << "expected a string key";
    QTest::newRow("bad word") << QByteArray("[\r\n tru\r\n]") << 7 << 2 << "invalid literal";
    QTest::newRow("NaN") << QByteArray("[NaN]") << 1 << 1 << "invalid literal";
    QTest::newRow("Infinity") << QByteArray("[-Infinity]") << 2 << 1 << "invalid number";
    QTest::newRow("plus sign") << QByteArray("[+1]") << 1 << 1 << "invalid literal";
    QTest::newRow("leading zero") << QByteArray("[01]") << 2 << 1 << "expected ',' or ']'";
    QTest::newRow("bare point") << QByteArray("[1.]") << 3 << 1 << "expected a digit after '.'";
    QTest::newRow("leading point") << QByteArray("[.5]") << 1 << 1 << "invalid literal";
    QTest::newRow("empty exponent") << QByteArray("[1e+]") << 4 << 1 << "in the exponent";
    QTest::newRow("overflow") << QByteArray("[\n-1e309]") << 2 << 2 << "number overflow: -1e309";
    QTest::newRow("unterminated string")
        << QByteArray("[\"abc") << 5 << 1 << "missing closing quote";
    QTest::newRow("raw newline in string")
        << QByteArray("[\"ab\ncd\"]") << 4 << 1 << "control character";
    QTest::newRow("raw tab in string") << QByteArray("[\"a\tb\"]") << 3 << 1 << "control character";
    QTest::newRow("bad escape") << QByteArray(R"(["a\x"])") << 4 << 1 << "forbidden escape \\x";
    QTest::newRow("short \\u") << QByteArray(R"(["\u12G4"])") << 6 << 1 << "4 hex digits";
    QTest::newRow("lone low surrogate")
        << QByteArray(R"(["\uDC00"])") << 7 << 1 << "must follow U+D800";
    QTest::newRow("lone high surrogate")
        << QByteArray(R"(["\uD800x"])") << 8 << 1 << "must be followed by U+DC00";
    QTest::newRow("high then non-low")
        << QByteArray(R"(["\uD800\u0041"])") << 13 << 1 << "must be followed by U+DC00";
    QTest::newRow("stray continuation byte")
        << QByteArray("[\"a\x80\"]") << 3 << 1 << "ill-formed UTF-8";
    QTest::newRow("overlong") << QByteArray("[\"\xC0\xAF\"]") << 2 << 1 << "ill-formed UTF-8";
    QTest::newRow("encoded surrogate")
        << QByteArray("[\"\xED\xA0\x80\"]") << 3 << 1 << "ill-formed UTF-8";
    QTest::newRow("beyond U+10FFFF")
        << QByteArray("[\"\xF4\x90\x80\x80\"]") << 3 << 1 << "ill-formed UTF-8";
    QTest::newRow("truncated sequence")
        << QByteArray("[\"\xE2\x82\"]") << 4 << 1 << "ill-formed UTF-8";
    QTest::newRow("non-ASCII outside strings")
        << QByteArray("[\xC3\xA9]") << 1 << 1 << "invalid literal, byte 0xC3";
    QTest::newRow("comment") << QByteArray("{} // no") << 3 << 1 << "expected the end of the input";
    QTest::newRow("unclosed nest")
        << QByteArray("[[{\"a\":[\n\n") << 10 << 3 << "unexpected end of input";
}

void TestJsonSaxParser::invalidInputs()
{
    QFETCH(QByteArray, json);
    QFETCH(int, offset);
    QFETCH(int, line);
    QFETCH(QString, message);
    const std::string text(json.constData(), size_t(json.size()));
    Recorder recorder;
    QVERIFY(!JsonSaxParser::parse(text, recorder));
    QVERIFY(recorder.failed);
    QCOMPARE(int(recorder.offset), offset);
    QCOMPARE(recorder.line, line);
    QVERIFY2(QString::fromStdString(recorder.message).contains(message), recorder.message.c_str());
    QVERIFY(!nlohmannAccepts(text));
}

void TestJsonSaxParser::handlerStopsTheParse()
{
    // The third event refuses: nothing after it is reported, and it is not a syntax error.
    Recorder recorder;
    recorder.stopAfter = 2;
    QVERIFY(!JsonSaxParser::parse(R"({"a": [1, 2, 3]})", recorder));
    QCOMPARE(QByteArray::fromStdString(recorder.events), QByteArray("{ k:a ["));
    QVERIFY(!recorder.failed);
}

void TestJsonSaxParser::eventsKnowTheirTokensLine()
{
    // Each event's line is its token's: a key before its colon, a value after the line feeds
    // before it, a closing bracket on its own line, CRLF counting once.
    Recorder recorder;
    const std::string text = "{\"a\"\n:\n[1,\r\n\"two\",\n\n{}\n]\n,\"b\": null\n}";
    QVERIFY(JsonSaxParser::parse(text, recorder));
    QCOMPARE(recorder.events, std::string("{ k:a [ u:1 s:two { } ] k:b n }"));
    QCOMPARE(recorder.eventLines, (std::vector<int>{1, 1, 3, 3, 4, 6, 6, 7, 8, 8, 9}));
}

void TestJsonSaxParser::deepNestingIsBoundedNotRecursive()
{
    const std::string deepest(JsonSaxParser::kMaxDepth, '[');
    const std::string closed = deepest + std::string(JsonSaxParser::kMaxDepth, ']');
    Recorder ok;
    QVERIFY2(JsonSaxParser::parse(closed, ok), ok.message.c_str());

    const std::string tooDeep = deepest + "[";
    Recorder refused;
    QVERIFY(!JsonSaxParser::parse(tooDeep, refused));
    QCOMPARE(refused.offset, JsonSaxParser::kMaxDepth);
    QVERIFY(QString::fromStdString(refused.message).contains("nesting deeper than"));
}

QTEST_GUILESS_MAIN(TestJsonSaxParser)
#include "test_json_sax_parser.moc"
