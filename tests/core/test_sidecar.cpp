// The sidecar FILE.bonescope.json: the documented schema read, written back unchanged, and
// every kind of bad input refused with its JSON pointer.
#include "io/SidecarReader.h"
#include "io/SidecarWriter.h"

#include <QtTest>

using namespace bonescope::core;

namespace {

const char* const kExample = R"({
  "version": 1,
  "transitions": {
    "default": { "type": "while", "frames": 8 },
    "pairs": [
      { "source": "stand", "target": "walk", "type": "to" },
      { "source": "walk", "target": "jump", "type": "then", "seconds": 0.25 },
      { "source": "jump", "target": "fall", "type": "switch", "frames": 0 }
    ]
  },
  "layers": {
    "armature": "Dragon",
    "layers": [ { "name": "base", "movement": "walk", "mask": ["head"],
                  "transition": { "movement": "stand", "start": 1, "duration": 0.5 } } ]
  },
  "view": { "movement": "walk", "showBones": true, "background": "#30a0ff", "onionAfter": 2 },
  "scripts": [ { "name": "recorded", "calls": [ { "at": 0.5, "blend": "walk" } ] } ]
})";

} // namespace

class TestSidecar : public QObject {
    Q_OBJECT
private slots:
    void readsTheDocumentedSchema()
    {
        const auto sidecar = parseSidecar(kExample, "Dragon.xml.bonescope.json");
        QVERIFY2(sidecar.ok(), sidecar ? "" : sidecar.error().toString().c_str());
        const TransitionTable& table = sidecar->transitions;
        QCOMPARE(table.fallback.kind, TransitionKind::WhileAnimating);
        QCOMPARE(table.fallback.frames(0), 8.0);
        QCOMPARE(table.rules.size(), size_t(3));
        const TransitionSpec& standWalk = table.find("stand", "walk");
        QCOMPARE(standWalk.kind, TransitionKind::DurationTo);
        QVERIFY(standWalk.targetDurationTo);
        QCOMPARE(standWalk.frames(5), 5.0); // the target's own `to`
        const TransitionSpec& walkJump = table.find("walk", "jump");
        QCOMPARE(walkJump.unit, TransitionSpec::Unit::Seconds);
        QCOMPARE(walkJump.frames(0), 15.0);
        QCOMPARE(walkJump.seconds(0), 0.25);
        QCOMPARE(table.find("jump", "fall").kind, TransitionKind::Switch);
        QCOMPARE(&table.find("fall", "stand"), &table.fallback); // no rule: the default
        QCOMPARE(&table.find("walk", "stand"), &table.fallback); // pairs are directed
        QVERIFY(sidecar->layers);
        QCOMPARE(sidecar->layers->layers.front().mask->front(), std::string("head"));
        QCOMPARE(sidecar->view.movement.value(), std::string("walk"));
        QCOMPARE(sidecar->view.showBones.value(), true);
        QVERIFY(!sidecar->view.showGrid);
        QCOMPARE(sidecar->view.onionAfter.value(), 2);
        QCOMPARE(sidecar->scripts.size(), size_t(1));
        QCOMPARE(sidecar->scripts.front(),
                 std::string(R"({"calls":[{"at":0.5,"blend":"walk"}],"name":"recorded"})"));
    }

    void writesWhatItReads()
    {
        const auto sidecar = parseSidecar(kExample, "a.json");
        QVERIFY(sidecar.ok());
        const std::string written = writeSidecar(sidecar.value());
        const auto again = parseSidecar(written, "b.json");
        QVERIFY2(again.ok(), again ? "" : again.error().toString().c_str());
        QCOMPARE(again->transitions, sidecar->transitions);
        QCOMPARE(again->view, sidecar->view);
        QCOMPARE(again->scripts, sidecar->scripts);
        QCOMPARE(writeSidecar(again.value()), written);
    }

    void anEmptySidecarHasTheDefaults()
    {
        const auto sidecar = parseSidecar(R"({"version": 1})", "a.json");
        QVERIFY(sidecar.ok());
        QCOMPARE(sidecar->transitions, TransitionTable{});
        QVERIFY(!sidecar->layers);
        QCOMPARE(sidecar->view, ViewChoices{});
        QVERIFY(sidecar->scripts.empty());
        QCOMPARE(sidecarPathFor("/art/Dragon.xml"), std::string("/art/Dragon.xml.bonescope.json"));
    }

    void badInputs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << "{\"version\": 1,"
                                  << ""
                                  << "parse error";
        QTest::newRow("no version") << "{}"
                                    << "/version"
                                    << "missing";
        QTest::newRow("newer version") << R"({"version": 2})"
                                       << "/version"
                                       << "reads 1";
        QTest::newRow("unknown section") << R"({"version": 1, "transition": {}})"
                                         << "/transition"
                                         << "unknown key";
        QTest::newRow("unknown type")
            << R"({"version": 1, "transitions": {"default": {"type": "fade", "frames": 3}}})"
            << "/transitions/default/type"
            << "switch, while, then or to";
        QTest::newRow("frames and seconds")
            << R"({"version": 1, "transitions": {"default": {"type": "while", "frames": 3, "seconds": 1}}})"
            << "/transitions/default"
            << "not both";
        QTest::newRow("while without duration")
            << R"({"version": 1, "transitions": {"default": {"type": "while"}}})"
            << "/transitions/default"
            << "missing frames or seconds";
        QTest::newRow("negative frames")
            << R"({"version": 1, "transitions": {"default": {"type": "then", "frames": -1}}})"
            << "/transitions/default/frames"
            << "out of range";
        QTest::newRow("seconds past a bake's length")
            << R"({"version": 1, "transitions": {"default": {"type": "then", "seconds": 1e308}}})"
            << "/transitions/default/seconds"
            << "out of range";
        QTest::newRow("frames past a bake's length")
            << R"({"version": 1, "transitions": {"default": {"type": "then", "frames": 216001}}})"
            << "/transitions/default/frames"
            << "out of range";
        QTest::newRow("pair without target")
            << R"({"version": 1, "transitions": {"pairs": [{"source": "a", "type": "to"}]}})"
            << "/transitions/pairs/0/target"
            << "missing";
        QTest::newRow("duplicate pair")
            << R"({"version": 1, "transitions": {"pairs": [{"source": "a", "target": "b", "type": "to"}, {"source": "a", "target": "b", "type": "switch", "frames": 1}]}})"
            << "/transitions/pairs/1"
            << "a second transition";
        QTest::newRow("bad layer setup")
            << R"({"version": 1, "layers": {"layers": [{"movement": "walk"}]}})"
            << "/layers/layers/0/name"
            << "missing";
        QTest::newRow("bad colour") << R"({"version": 1, "view": {"background": "red"}})"
                                    << "/view/background"
                                    << "#rrggbb";
        QTest::newRow("fractional onion") << R"({"version": 1, "view": {"onionBefore": 1.5}})"
                                          << "/view/onionBefore"
                                          << "whole number";
        QTest::newRow("scripts not a list") << R"({"version": 1, "scripts": {}})"
                                            << "/scripts"
                                            << "array";
        QTest::newRow("script not an object") << R"({"version": 1, "scripts": [3]})"
                                              << "/scripts/0"
                                              << "object";
    }
    void badInputs()
    {
        QFETCH(QString, text);
        QFETCH(QString, pointer);
        QFETCH(QString, message);
        const auto sidecar = parseSidecar(text.toStdString(), "x.bonescope.json");
        QVERIFY(!sidecar.ok());
        QCOMPARE(sidecar.error().file, std::string("x.bonescope.json"));
        if (!pointer.isEmpty())
            QCOMPARE(QString::fromStdString(sidecar.error().jsonPointer), pointer);
        QVERIFY2(QString::fromStdString(sidecar.error().message).contains(message),
                 sidecar.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSidecar)
#include "test_sidecar.moc"
