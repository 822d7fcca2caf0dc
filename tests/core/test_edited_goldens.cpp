// Edited exports against cocos2d-x: the files of tests/data/edited are corpus and features files
// with the edits below, written by ExportEditor; Bonescope's bake of each must equal the numbers
// cocos2d-x 4.0 computes for the edited file (data/edited/README.md), within golden tolerances.
#include "bake/BakeCompare.h"
#include "bake/BakeRunner.h"
#include "bake/BakeWriter.h"
#include "edit/ExportEditor.h"
#include "io/ExportLoader.h"
#include "io/FileBytes.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace bonescope::core;

Q_DECLARE_METATYPE(EditKey)

namespace {

const std::string kData = BONESCOPE_TEST_DATA;

struct Edit {
    EditTarget target;
    EditKey key;
    const char* typed;
};

// An edited export: the file it was made from, and the edits that made it.
struct EditedExport {
    const char* original; ///< under tests/data
    const char* edited;   ///< under tests/data/edited
    std::vector<Edit> edits;
};

// data/edited/README.md's table.
const std::vector<EditedExport>& editedExports()
{
    static const std::vector<EditedExport> exports = {
        {"corpus/Dragon.xml",
         "Dragon-edited.xml",
         {
             {{"Dragon", "walk", {}, -1}, EditKey::DurationTo, "20"},
             {{"Dragon", "walk", {}, -1}, EditKey::DurationTween, "40"},
             {{"Dragon", "jump", {}, -1}, EditKey::Loop, "false"},
             {{"Dragon", "stand", {}, -1}, EditKey::TweenEasing, "QuadEaseInOut"},
             {{"Dragon", "stand", "armL", 0}, EditKey::FrameTweenRotate, "1"},
             {{"Dragon", "fall", "tailTip", 0}, EditKey::FrameTweenEasing, "BounceEaseOut"},
             {{"Dragon", "fall", "tailTip", 0}, EditKey::FrameEvent, "flick"},
         }},
        {"corpus/Cowboy.ExportJson",
         "Cowboy-edited.ExportJson",
         {
             {{"Cowboy", "Fire", {}, -1}, EditKey::DurationTo, "12"},
             {{"Cowboy", "Fire", {}, -1}, EditKey::TweenEasing, "QuadEaseIn"},
             {{"Cowboy", "FireMax", {}, -1}, EditKey::DurationTween, "80"},
             {{"Cowboy", "FireMax", "Layer120", 0}, EditKey::FrameTweenEasing, "SineEaseIn"},
             {{"Cowboy", "FireMax", "Layer120", 0}, EditKey::FrameEvent, "shot"},
             {{"Cowboy", "Walk", {}, -1}, EditKey::Loop, "false"},
             {{"Cowboy", "FireWithoutBullet", {}, -1}, EditKey::Scale, "1.5"},
             {{"Cowboy", "FireWithoutBullet", "Layer136", 1}, EditKey::FrameTweenEasing, "none"},
         }},
        // Spans of easing None beside a hidden keyframe: into it (blink face 1), out of it
        // (blink face 2, wave arm 0).
        {"features/displays.xml",
         "displays-none.xml",
         {
             {{"displays", "blink", "face", 1}, EditKey::FrameTweenEasing, "None"},
             {{"displays", "blink", "face", 2}, EditKey::FrameTweenEasing, "None"},
             {{"displays", "wave", "arm", 0}, EditKey::FrameTweenEasing, "None"},
         }},
        // A last keyframe of easing None in tracks that end before their movement (its copy
        // closing the DragonBones track takes the None too): never written, past it included.
        {"realworld/trackdr.xml",
         "trackdr-none.xml",
         {
             {{"trackdr", "once", "root", 1}, EditKey::FrameTweenEasing, "None"},
             {{"trackdr", "uneven", "root", 1}, EditKey::FrameTweenEasing, "None"},
         }},
        // Whole turns on those keyframes instead: held past them, the bone turns with the pass.
        {"realworld/trackdr.xml",
         "trackdr-rot.xml",
         {
             {{"trackdr", "once", "root", 1}, EditKey::FrameTweenRotate, "1"},
             {{"trackdr", "uneven", "root", 1}, EditKey::FrameTweenRotate, "1"},
         }},
    };
    return exports;
}

std::string edited(const std::string& name)
{
    return kData + "/edited/" + name;
}

} // namespace

class TestEditedGoldens : public QObject {
    Q_OBJECT
private slots:
    void editedFilesAreTheEditorsOutput_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < editedExports().size(); ++i)
            QTest::newRow(editedExports()[i].edited) << static_cast<int>(i);
    }
    void editedFilesAreTheEditorsOutput()
    {
        QFETCH(int, index);
        const EditedExport& file = editedExports()[static_cast<size_t>(index)];
        auto bytes = readFileBytes(kData + "/" + file.original);
        QVERIFY(bytes.ok());
        auto editor = ExportEditor::open(std::move(bytes.value()), file.original);
        QVERIFY(editor.ok());
        for (const Edit& edit : file.edits) {
            const auto value = parseEditValue(edit.key, edit.typed, editor->format());
            QVERIFY2(value.ok(), value ? "" : value.error().message.c_str());
            const auto refused = editor->set(edit.target, edit.key, value.value());
            QVERIFY2(!refused, refused ? refused->message.c_str() : "");
        }
        const auto expected = readFileBytes(edited(file.edited));
        QVERIFY(expected.ok());
        QVERIFY(editor->bytes() == expected.value());
    }

    void bakeMatchesCocos2dx_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::string>("armature");
        QTest::addColumn<std::string>("scenario");
        QTest::addColumn<std::string>("golden");
        std::ifstream index(edited("index.csv"));
        QVERIFY(index);
        std::string line;
        std::getline(index, line);
        int rows = 0;
        while (std::getline(index, line)) {
            std::stringstream row(line);
            std::string file, armature, scenario, golden;
            std::getline(row, file, ',');
            std::getline(row, armature, ',');
            std::getline(row, scenario, ',');
            std::getline(row, golden, ',');
            QTest::newRow((file + " " + scenario).c_str())
                << file << armature << scenario << golden;
            ++rows;
        }
        QVERIFY(rows >= 10);
    }
    void bakeMatchesCocos2dx()
    {
        QFETCH(std::string, file);
        QFETCH(std::string, armature);
        QFETCH(std::string, scenario);
        QFETCH(std::string, golden);
        const auto skeleton = readSkeletonFile(edited(file));
        QVERIFY2(skeleton.ok(), skeleton ? "" : skeleton.error().toString().c_str());
        const auto parsed = Scenario::parse(scenario);
        QVERIFY(parsed);
        const auto bake = runBake(skeleton.value(), armature, *parsed);
        QVERIFY(bake.ok());
        const auto bytes = readFileBytes(edited(golden));
        QVERIFY(bytes.ok());
        const auto expected = readBakeCsv(bytes.value(), golden);
        QVERIFY(expected.ok());
        QVERIFY(!expected->rows.empty());
        const BakeComparison comparison = compareBakes(expected.value(), toBakeTable(bake.value()));
        QVERIFY2(comparison.equal(),
                 comparison.equal() ? "" : comparison.differences.front().describe().c_str());
    }

    // The oracle writes no events: the edited frame events are checked against the edit.
    void editedFrameEventsAreRaised_data()
    {
        QTest::addColumn<std::string>("file");
        QTest::addColumn<std::string>("scenario");
        QTest::addColumn<std::string>("event");
        QTest::newRow("DragonBones XML")
            << std::string("Dragon-edited.xml") << std::string("play:fall") << std::string("flick");
        QTest::newRow("ExportJson") << std::string("Cowboy-edited.ExportJson")
                                    << std::string("play:FireMax") << std::string("shot");
    }
    void editedFrameEventsAreRaised()
    {
        QFETCH(std::string, file);
        QFETCH(std::string, scenario);
        QFETCH(std::string, event);
        const auto skeleton = readSkeletonFile(edited(file));
        QVERIFY(skeleton.ok());
        const auto bake =
            runBake(skeleton.value(), skeleton->armatures.front().name, *Scenario::parse(scenario));
        QVERIFY(bake.ok());
        QVERIFY(std::any_of(bake->events.begin(), bake->events.end(), [&](const BakeEvent& e) {
            return e.kind == ArmatureEventKind::Frame && e.name == event;
        }));
    }
};

QTEST_GUILESS_MAIN(TestEditedGoldens)
#include "test_edited_goldens.moc"
