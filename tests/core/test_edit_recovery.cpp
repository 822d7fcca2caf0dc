// The record of a document's unsaved edits (EditRecovery): the editors list what differs from
// the file, set again on the file those give the same bytes, the record reads back as written,
// and anything else in its place is refused with its JSON pointer.
#include "edit/EditRecovery.h"
#include "io/FileBytes.h"

#include <QtTest>

using namespace bonescope::core;

namespace {

std::string dataBytes(const std::string& path)
{
    auto bytes = readFileBytes(BONESCOPE_TEST_DATA "/corpus/" + path);
    if (!bytes)
        qFatal("%s", bytes.error().toString().c_str());
    return std::move(bytes.value());
}

template <typename Editor> Editor opened(const std::string& path, const std::string& name)
{
    auto editor = Editor::open(dataBytes(path), name);
    if (!editor)
        qFatal("%s", editor.error().toString().c_str());
    return std::move(editor.value());
}

void setOrFail(ExportEditor& editor, const EditTarget& target, EditKey key, const EditValue& value)
{
    if (const auto refusal = editor.set(target, key, value))
        qFatal("%s", refusal->toString().c_str());
}

const EditTarget kWalk{"Dragon", "walk", "", -1};
const EditTarget kWalkHeadKey1{"Dragon", "walk", "head", 1};

/// A recovery holding one value of every kind, a flipbook edit of each key and a sidecar.
EditRecovery everyKind()
{
    EditRecovery recovery;
    recovery.exportPath = "/work/Dragon.xml";
    recovery.savedAt = "2026-12-05T15:40:12Z";
    recovery.baseDigest = contentDigest("the file");
    recovery.baseSize = 8;
    recovery.edits = {{kWalk, EditKey::DurationTo, 12},
                      {kWalk, EditKey::Loop, false},
                      {kWalk, EditKey::TweenEasing, Easing::None},
                      {kWalk, EditKey::Scale, 0.75},
                      {kWalkHeadKey1, EditKey::FrameTweenEasing, Easing::QuadEaseIn},
                      {kWalkHeadKey1, EditKey::FrameTweenRotate, -1.5},
                      {kWalkHeadKey1, EditKey::FrameEvent, std::string("stép \"1\"")},
                      {kWalkHeadKey1, EditKey::FrameEvent, std::string()}};
    recovery.flipbookEdits = {{{"dance_1", -1}, FlipbookKey::DelayPerUnit, 0.125},
                              {{"dance_1", -1}, FlipbookKey::Loops, 3},
                              {{"dance_1", -1}, FlipbookKey::RestoreOriginalFrame, 1},
                              {{"dance_1", 2}, FlipbookKey::DelayUnits, 2.5}};
    recovery.sidecar.transitions.fallback.kind = TransitionKind::Switch;
    recovery.sidecar.transitions.rules.push_back({"stand", "walk", {}});
    LayerSetup layers;
    layers.armature = "Dragon";
    layers.layers.push_back({});
    layers.layers.back().name = "base";
    layers.layers.back().movement = "walk";
    layers.layers.back().weight = 0.5f;
    recovery.sidecar.layers = layers;
    recovery.sidecar.scripts = {R"({"armature":"Dragon","calls":[{"at":0,"play":"walk"}]})"};
    return recovery;
}

} // namespace

class TestEditRecovery : public QObject {
    Q_OBJECT
private slots:
    void exportEditsGiveTheEditedBytesAgain()
    {
        auto editor = opened<ExportEditor>("Dragon.xml", "Dragon.xml");
        setOrFail(editor, kWalk, EditKey::DurationTo, 12);
        setOrFail(editor, kWalk, EditKey::Loop, false);
        setOrFail(editor, kWalkHeadKey1, EditKey::FrameEvent, std::string("step"));
        setOrFail(editor, kWalkHeadKey1, EditKey::FrameTweenRotate, 1.0);
        // Set back to the file's value: no longer an edit.
        setOrFail(editor, kWalk, EditKey::Loop, true);
        const std::vector<ExportEdit> edits = editor.edits();
        QCOMPARE(edits.size(), size_t(3));
        for (const ExportEdit& edit : edits)
            QVERIFY(edit.key != EditKey::Loop);

        auto again = opened<ExportEditor>("Dragon.xml", "Dragon.xml");
        for (auto edit = edits.rbegin(); edit != edits.rend(); ++edit) // any order
            setOrFail(again, edit->target, edit->key, edit->value);
        QCOMPARE(again.bytes(), editor.bytes());
        QCOMPARE(again.edits(), edits);
    }

    void flipbookEditsListWhatDiffersFromTheFile()
    {
        auto editor = opened<FlipbookEditor>("flipbook/animations-2.plist", "animations-2.plist");
        const FlipbookTarget dance{"dance_1", -1};
        QVERIFY(!editor.set(dance, FlipbookKey::DelayPerUnit, 0.5));
        QVERIFY(!editor.set({"dance_1", 1}, FlipbookKey::DelayUnits, 3));
        QVERIFY(!editor.set(dance, FlipbookKey::DelayPerUnit, 0.25)); // the same edit, changed
        QCOMPARE(editor.edits(),
                 (std::vector<FlipbookEdit>{{dance, FlipbookKey::DelayPerUnit, 0.25},
                                            {{"dance_1", 1}, FlipbookKey::DelayUnits, 3}}));

        auto again = opened<FlipbookEditor>("flipbook/animations-2.plist", "animations-2.plist");
        for (const FlipbookEdit& edit : editor.edits())
            QVERIFY(!again.set(edit.target, edit.key, edit.value));
        QCOMPARE(again.bytes(), editor.bytes());

        // Back to the file's delay: only the frame's edit is left.
        const double fileDelay = opened<FlipbookEditor>("flipbook/animations-2.plist", "a.plist")
                                     .value(dance, FlipbookKey::DelayPerUnit)
                                     .value();
        QVERIFY(!editor.set(dance, FlipbookKey::DelayPerUnit, fileDelay));
        QCOMPARE(editor.edits().size(), size_t(1));
        QCOMPARE(editor.edits().front().key, FlipbookKey::DelayUnits);
    }

    void readsBackWhatItWrites()
    {
        const EditRecovery recovery = everyKind();
        const std::string text = writeEditRecovery(recovery);
        const auto read = parseEditRecovery(text, "recovery.json");
        QVERIFY2(read.ok(), read ? "" : read.error().toString().c_str());
        QCOMPARE(read.value(), recovery);
        QCOMPARE(writeEditRecovery(read.value()), text);
    }

    void contentDigestIsFnv1a()
    {
        QCOMPARE(contentDigest(""), std::string("cbf29ce484222325"));
        QCOMPARE(contentDigest("a"), std::string("af63dc4c8601ec8c"));
    }

    void refusesAnythingElse_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("message");
        QTest::newRow("newer version") << R"("bonescopeRecovery": 1)"
                                       << R"("bonescopeRecovery": 2)"
                                       << "/bonescopeRecovery"
                                       << "newer Bonescope";
        QTest::newRow("unknown field") << R"("savedAt")"
                                       << R"("saved")"
                                       << "/saved"
                                       << "";
        QTest::newRow("misspelt section") << R"("base")"
                                          << R"("bass")"
                                          << "/bass"
                                          << "";
        QTest::newRow("unknown key") << R"("key": "durationTo")"
                                     << R"("key": "duration")"
                                     << "/edits/0/key"
                                     << "duration";
        QTest::newRow("frames not whole") << R"("value": 12)"
                                          << R"("value": 12.5)"
                                          << "/edits/0/value"
                                          << "whole";
        QTest::newRow("frames negative") << R"("value": 12)"
                                         << R"("value": -1)"
                                         << "/edits/0/value"
                                         << "";
        QTest::newRow("loop not a boolean") << R"("value": false)"
                                            << R"("value": 0)"
                                            << "/edits/1/value"
                                            << "true or false";
        QTest::newRow("unknown easing") << R"("value": 10000)"
                                        << R"("value": 77)"
                                        << "/edits/2/value"
                                        << "tween type";
        QTest::newRow("event not a string") << R"("value": "")"
                                            << R"("value": 0)"
                                            << "/edits/7/value"
                                            << "string";
        QTest::newRow("movement key with a bone") << R"("movement": "walk",)"
                                                  << R"("movement": "walk", "bone": "head",)"
                                                  << "/edits/0"
                                                  << "no bone";
        QTest::newRow("keyframe key without its keyframe") << R"("keyframe": 1,)"
                                                           << ""
                                                           << "/edits/4/keyframe"
                                                           << "";
        QTest::newRow("flipbook key") << R"("key": "loops")"
                                      << R"("key": "loop")"
                                      << "/flipbookEdits/1/key"
                                      << "loop";
        QTest::newRow("flipbook frame on an animation key")
            << R"("animation": "dance_1",)"
            << R"("animation": "dance_1", "frame": 0,)"
            << "/flipbookEdits/0"
            << "no frame";
        QTest::newRow("sidecar") << R"("type": "switch")"
                                 << R"("type": "slide")"
                                 << "/sidecar/transitions/default/type"
                                 << "switch";
        QTest::newRow("not an object") << "{"
                                       << "[{"
                                       << ""
                                       << "";
    }

    void refusesAnythingElse()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, pointer);
        QFETCH(QString, message);
        std::string text = writeEditRecovery(everyKind());
        const size_t at = text.find(from.toStdString());
        QVERIFY2(at != std::string::npos, qPrintable(from));
        text.replace(at, size_t(from.size()), to.toStdString());
        const auto read = parseEditRecovery(text, "recovery.json");
        QVERIFY(!read);
        QCOMPARE(read.error().file, std::string("recovery.json"));
        if (from != "{")
            QCOMPARE(QString::fromStdString(read.error().jsonPointer), pointer);
        QVERIFY2(read.error().message.find(message.toStdString()) != std::string::npos,
                 read.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestEditRecovery)
#include "test_edit_recovery.moc"
