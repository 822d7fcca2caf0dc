// FlipbookEditor: animation timing of AnimationCache plists (formats 1 and 2) written back
// changing only the edited value's bytes, keys a format 2 animation lacks added in its style,
// and the values and formats it refuses.
#include "ChangedBytes.h"

#include "edit/FlipbookEditor.h"
#include "io/AnimationCacheReader.h"
#include "io/FileBytes.h"

#include <QtTest>

using namespace bonescope::core;

namespace {

const std::string kFlipbooks = BONESCOPE_TEST_DATA "/corpus/flipbook/";

std::string corpusBytes(const std::string& file)
{
    auto bytes = readFileBytes(kFlipbooks + file);
    if (!bytes)
        qFatal("%s", bytes.error().toString().c_str());
    return std::move(bytes.value());
}

FlipbookEditor openCorpus(const std::string& file)
{
    auto editor = FlipbookEditor::open(corpusBytes(file), file);
    if (!editor)
        qFatal("%s", editor.error().toString().c_str());
    return std::move(editor.value());
}

/// Where `edited` differs from `original`, widened to whole tags: the elements it replaced and
/// those it wrote.
std::pair<std::string, std::string> changedElements(const std::string& original,
                                                    const std::string& edited)
{
    const auto [prefix, suffix] = bonescope::test::sharedEnds(original, edited);
    const size_t head = original.rfind('<', prefix); // the bytes before prefix are shared
    const size_t tail = original.size() - original.find('>', original.size() - suffix - 1) - 1;
    return {original.substr(head, original.size() - head - tail),
            edited.substr(head, edited.size() - head - tail)};
}

const FlipbookData& animationIn(const FlipbookSet& set, const std::string& name)
{
    const FlipbookData* animation = set.findAnimation(name);
    if (!animation)
        qFatal("no animation %s", name.c_str());
    return *animation;
}

} // namespace

class TestFlipbookEditor : public QObject {
    Q_OBJECT
private slots:
    void eachValueChangesOnlyItsBytes_data();
    void eachValueChangesOnlyItsBytes();
    void missingKeysAreAddedInTheFilesStyle();
    void aKeyWrittenTwiceIsEditedWhereItCounts();
    void refusedEditsChangeNothing_data();
    void refusedEditsChangeNothing();
    void valuesParseAsUsersTypeThem();
};

void TestFlipbookEditor::eachValueChangesOnlyItsBytes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("animation");
    QTest::addColumn<int>("frame");
    QTest::addColumn<int>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    const auto row = [](const char* name, const char* file, const char* animation, int frame,
                        FlipbookKey key, double value, const char* before, const char* after) {
        QTest::newRow(name) << QString(file) << QString(animation) << frame << int(key) << value
                            << QString(before) << QString(after);
    };
    row("format 2 delayPerUnit", "animations-2.plist", "dance_1", -1, FlipbookKey::DelayPerUnit,
        0.15, "<real>0.2</real>", "<real>0.15</real>");
    row("format 2 loops", "animations-2.plist", "dance_1", -1, FlipbookKey::Loops, 5,
        "<integer>2</integer>", "<integer>5</integer>");
    row("format 2 restoreOriginalFrame", "animations-2.plist", "dance_1", -1,
        FlipbookKey::RestoreOriginalFrame, 0, "<true/>", "<false/>");
    // An <integer> of units stays one for a whole number; a <real> stays a <real>.
    row("format 2 whole delayUnits", "animations-2.plist", "dance_1", 1, FlipbookKey::DelayUnits, 3,
        "<integer>1</integer>", "<integer>3</integer>");
    row("format 2 real delayUnits", "animations-2.plist", "dance_1", 2, FlipbookKey::DelayUnits, 2,
        "<real>0.5</real>", "<real>2</real>");
    row("format 2 fractional units in an integer", "animations-2.plist", "dance_1", 1,
        FlipbookKey::DelayUnits, 1.5, "<integer>1</integer>", "<real>1.5</real>");
    // Format 1's delayPerUnit is its `delay`.
    row("format 1 delay", "animations.plist", "dance_2", -1, FlipbookKey::DelayPerUnit, 0.05,
        "<real>0.2</real>", "<real>0.05</real>");
}

void TestFlipbookEditor::eachValueChangesOnlyItsBytes()
{
    QFETCH(QString, file);
    QFETCH(QString, animation);
    QFETCH(int, frame);
    QFETCH(int, key);
    QFETCH(double, value);
    QFETCH(QString, before);
    QFETCH(QString, after);
    FlipbookEditor editor = openCorpus(file.toStdString());
    QVERIFY(!editor.modified());
    const FlipbookTarget target{animation.toStdString(), frame};
    QVERIFY(editor.value(target, FlipbookKey(key)).value() != value);

    const auto refused = editor.set(target, FlipbookKey(key), value);
    QVERIFY2(!refused, refused ? refused->message.c_str() : "");
    QVERIFY(editor.modified());
    QCOMPARE(editor.value(target, FlipbookKey(key)).value(), double(float(value)));
    const auto [replaced, written] = changedElements(editor.originalBytes(), editor.bytes());
    QCOMPARE(QString::fromStdString(replaced), before);
    QCOMPARE(QString::fromStdString(written), after);

    // The bytes read back as the model says, and no other animation changed.
    const auto reread = readAnimationCachePlist(editor.bytes(), file.toStdString());
    QVERIFY(reread);
    const auto original = readAnimationCachePlist(editor.originalBytes(), file.toStdString());
    QCOMPARE(reread.value().animations.size(), original.value().animations.size());
    for (const FlipbookData& other : original.value().animations) {
        if (other.name == animation.toStdString())
            continue;
        const FlipbookData& same = animationIn(reread.value(), other.name);
        QCOMPARE(same.delayPerUnit, other.delayPerUnit);
        QCOMPARE(same.loops, other.loops);
        QCOMPARE(same.frames.size(), other.frames.size());
    }
    QCOMPARE(animationIn(editor.model(), animation.toStdString()).frames.size(),
             animationIn(original.value(), animation.toStdString()).frames.size());
}

void TestFlipbookEditor::missingKeysAreAddedInTheFilesStyle()
{
    // dance_1 without its restoreOriginalFrame and loops (cocos2d-x reads false and 1).
    std::string bytes = corpusBytes("animations-2.plist");
    const std::string optional = "\t\t\t<key>restoreOriginalFrame</key>\n\t\t\t<true/>\n"
                                 "\t\t\t<key>loops</key>\n\t\t\t<integer>2</integer>\n";
    const size_t at = bytes.find(optional);
    QVERIFY(at != std::string::npos);
    bytes.erase(at, optional.size());
    auto opened = FlipbookEditor::open(bytes, "animations-2.plist");
    QVERIFY(opened);
    FlipbookEditor& editor = opened.value();
    const FlipbookTarget dance{"dance_1", -1};
    QCOMPARE(editor.value(dance, FlipbookKey::Loops).value(), 1.0);
    QCOMPARE(editor.value(dance, FlipbookKey::RestoreOriginalFrame).value(), 0.0);

    QVERIFY(!editor.set(dance, FlipbookKey::Loops, 3));
    QVERIFY(!editor.set(dance, FlipbookKey::RestoreOriginalFrame, 1));
    // First in the animation's dictionary, each on its own line with the file's indentation.
    const std::string added = "\t\t<dict>\n\t\t\t<key>restoreOriginalFrame</key>\n\t\t\t<true/>\n"
                              "\t\t\t<key>loops</key>\n\t\t\t<integer>3</integer>\n"
                              "\t\t\t<key>delayPerUnit</key>";
    QVERIFY2(editor.bytes().find(added) != std::string::npos,
             editor.bytes().substr(0, 400).c_str());
    QCOMPARE(editor.bytes().size(), bytes.size() + optional.size());
    const FlipbookData& edited = animationIn(editor.model(), "dance_1");
    QCOMPARE(edited.loops, 3);
    QVERIFY(edited.restoreOriginalFrame);
}

void TestFlipbookEditor::aKeyWrittenTwiceIsEditedWhereItCounts()
{
    // The reader keeps the last of a key written twice: that is the one edited.
    std::string bytes = corpusBytes("animations-2.plist");
    const std::string loops = "<key>loops</key>\n\t\t\t<integer>2</integer>";
    bytes.insert(bytes.find(loops) + loops.size(),
                 "\n\t\t\t<key>loops</key>\n\t\t\t<integer>7</integer>");
    auto opened = FlipbookEditor::open(bytes, "animations-2.plist");
    QVERIFY(opened);
    FlipbookEditor& editor = opened.value();
    const FlipbookTarget dance{"dance_1", -1};
    QCOMPARE(editor.value(dance, FlipbookKey::Loops).value(), 7.0);
    QVERIFY(!editor.set(dance, FlipbookKey::Loops, 3));
    QCOMPARE(editor.value(dance, FlipbookKey::Loops).value(), 3.0);
    QVERIFY(editor.bytes().find(loops + "\n\t\t\t<key>loops</key>\n\t\t\t<integer>3</integer>") !=
            std::string::npos);
}

void TestFlipbookEditor::refusedEditsChangeNothing_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("animation");
    QTest::addColumn<int>("frame");
    QTest::addColumn<int>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("reason");
    const auto row = [](const char* name, const char* file, const char* animation, int frame,
                        FlipbookKey key, double value, const char* reason) {
        QTest::newRow(name) << QString(file) << QString(animation) << frame << int(key) << value
                            << QString(reason);
    };
    row("no such animation", "animations-2.plist", "dance_9", -1, FlipbookKey::Loops, 2,
        "no animation 'dance_9'");
    row("no such frame", "animations-2.plist", "dance_1", 14, FlipbookKey::DelayUnits, 2,
        "has no frame 14 (its frames are 0 to 13)");
    row("zero delay", "animations-2.plist", "dance_1", -1, FlipbookKey::DelayPerUnit, 0,
        "must be more than 0");
    row("an hour's delay and more", "animations-2.plist", "dance_1", -1, FlipbookKey::DelayPerUnit,
        4000, "outside");
    row("no loop", "animations-2.plist", "dance_1", -1, FlipbookKey::Loops, 0, "outside");
    row("half a loop", "animations-2.plist", "dance_1", -1, FlipbookKey::Loops, 1.5,
        "whole number");
    row("NaN units", "animations-2.plist", "dance_1", 0, FlipbookKey::DelayUnits,
        std::numeric_limits<double>::quiet_NaN(), "must be a number");
    row("format 1 loops", "animations.plist", "dance_1", -1, FlipbookKey::Loops, 2,
        "a format 1 animation has no loops");
    row("format 1 delayUnits", "animations.plist", "dance_1", 0, FlipbookKey::DelayUnits, 2,
        "a format 1 animation has no delayUnits");
}

void TestFlipbookEditor::refusedEditsChangeNothing()
{
    QFETCH(QString, file);
    QFETCH(QString, animation);
    QFETCH(int, frame);
    QFETCH(int, key);
    QFETCH(double, value);
    QFETCH(QString, reason);
    FlipbookEditor editor = openCorpus(file.toStdString());
    const auto refused =
        editor.set(FlipbookTarget{animation.toStdString(), frame}, FlipbookKey(key), value);
    QVERIFY(refused);
    QVERIFY2(QString::fromStdString(refused->message).contains(reason), refused->message.c_str());
    QVERIFY(!editor.modified());
    QCOMPARE(editor.bytes(), editor.originalBytes());
}

void TestFlipbookEditor::valuesParseAsUsersTypeThem()
{
    QCOMPARE(parseFlipbookValue(FlipbookKey::DelayPerUnit, "0.125").value(), 0.125);
    QCOMPARE(parseFlipbookValue(FlipbookKey::Loops, "3").value(), 3.0);
    QCOMPARE(parseFlipbookValue(FlipbookKey::RestoreOriginalFrame, "true").value(), 1.0);
    QCOMPARE(parseFlipbookValue(FlipbookKey::RestoreOriginalFrame, "false").value(), 0.0);
    for (const auto& [key, text] :
         {std::pair{FlipbookKey::Loops, "2.5"}, std::pair{FlipbookKey::Loops, "two"},
          std::pair{FlipbookKey::RestoreOriginalFrame, "yes"},
          std::pair{FlipbookKey::DelayUnits, "inf"}, std::pair{FlipbookKey::DelayPerUnit, "0.1s"},
          std::pair{FlipbookKey::DelayPerUnit, ""}})
        QVERIFY2(!parseFlipbookValue(key, text), text);
    for (const FlipbookKey key : {FlipbookKey::DelayPerUnit, FlipbookKey::Loops,
                                  FlipbookKey::RestoreOriginalFrame, FlipbookKey::DelayUnits})
        QCOMPARE(parseFlipbookKey(flipbookKeyName(key)), key);
    QVERIFY(!parseFlipbookKey("delay"));
}

QTEST_GUILESS_MAIN(TestFlipbookEditor)
#include "test_flipbook_editor.moc"
