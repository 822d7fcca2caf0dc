#include "bake/WorkLimits.h"
#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/JUnitReport.h"
#include "cli/NameLookup.h"

#include "bake/BakeCompare.h"
#include "bake/BakeJsonReader.h"
#include "bake/BakeRunner.h"
#include "bake/EventsCompare.h"
#include "bake/FlipbookStateCompare.h"
#include "io/ExportLoader.h"
#include "io/FileBytes.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <type_traits>
#include <utility>

namespace bonescope::cli {

namespace {

struct DiffOptions {
    QString first;
    QString second;
    double toleranceScale = 1.0;
    size_t maxReported = 20;
};

/// One compared item: the two bakes, one scenario of two exports, or a set of names.
struct DiffCase {
    std::string group;                    ///< the armature, or "bakes" / "exports"
    std::string name;                     ///< the scenario, or what was compared
    std::vector<std::string> differences; ///< reported, each "place: what"
    size_t differenceCount = 0;           ///< all, reported or not
    size_t rowsCompared = 0;
    /// A file of two folders that could not be compared: `differences` holds why. The run
    /// goes on with the other files and ends unreadable.
    bool unreadable = false;
    /// A file of the folders that is no bake (notes, a spreadsheet, a sidecar): not compared.
    bool skipped = false;
    bool equal() const { return differenceCount == 0; }
};

DiffCase comparisonCase(std::string group, std::string name, const core::BakeComparison& comparison)
{
    DiffCase c;
    c.group = std::move(group);
    c.name = std::move(name);
    for (const auto& difference : comparison.differences)
        c.differences.push_back(difference.describe());
    c.differenceCount = comparison.differenceCount;
    c.rowsCompared = comparison.rowsCompared;
    return c;
}

DiffCase exactCase(std::string group, std::string name, const core::ExactComparison& comparison)
{
    DiffCase c;
    c.group = std::move(group);
    c.name = std::move(name);
    c.differences = comparison.differences;
    c.differenceCount = comparison.differenceCount;
    c.rowsCompared = comparison.rowsCompared;
    return c;
}

/// A bake file's path and bytes.
struct BakeFile {
    std::string path;
    std::string bytes;
};

core::Result<BakeFile> readBakeFile(const QString& path)
{
    BakeFile file{path.toStdString(), {}};
    auto bytes = core::readFileBytes(file.path);
    if (!bytes)
        return bytes.error();
    file.bytes = std::move(bytes.value());
    return file;
}

/// Whether `bytes` are a bake of any kind bake writes: poses, frame events, flipbook states,
/// as CSV or JSON.
bool isBake(std::string_view bytes)
{
    return core::isPoseBakeCsv(bytes) || core::isBakeEventsCsv(bytes) ||
           core::isFlipbookStateCsv(bytes) || core::isBakeJson(bytes);
}

/// `read` (a reader of bytes and their file's name) of both files: the two values, or the
/// error of the first that does not read.
template <typename Read> auto readBoth(Read read, const BakeFile& first, const BakeFile& second)
{
    using Value = std::decay_t<decltype(read(first.bytes, first.path).value())>;
    using Both = core::Result<std::pair<Value, Value>>;
    auto a = read(first.bytes, first.path);
    if (!a)
        return Both(a.error());
    auto b = read(second.bytes, second.path);
    if (!b)
        return Both(b.error());
    return Both(std::pair{std::move(a.value()), std::move(b.value())});
}

/// Two JSON bakes: their poses within the tolerances and their events exactly, or a flipbook's
/// states exactly, as the CSV files of the same bakes compare.
core::Result<DiffCase> diffJsonBakes(const BakeFile& first, const BakeFile& second,
                                     const std::string& name, const DiffOptions& options)
{
    const auto bakes = readBoth(core::readBakeJson, first, second);
    if (!bakes)
        return bakes.error();
    const auto& [a, b] = bakes.value();
    if (a.flipbook != b.flipbook)
        return core::LoadError{second.path,
                               1,
                               {},
                               a.flipbook ? "an armature's bake, where the first is a flipbook's"
                                          : "a flipbook's bake, where the first is an armature's"};
    if (a.flipbook)
        return exactCase("bakes", name,
                         core::compareFlipbookStates(a.states, b.states, options.maxReported));
    DiffCase poses = comparisonCase(
        "bakes", name,
        core::compareBakes(a.poses, b.poses, options.toleranceScale, options.maxReported));
    const auto events = core::compareBakeEvents(a.eventsCsv, first.path, b.eventsCsv, second.path,
                                                options.maxReported);
    if (!events)
        return events.error();
    // One case for the file: the events' differences after the poses'.
    poses.differences.insert(poses.differences.end(), events->differences.begin(),
                             events->differences.end());
    poses.differenceCount += events->differenceCount;
    poses.rowsCompared += events->rowsCompared;
    return poses;
}

/// Two bakes of one kind, told by the first's header: pose rows (the golden layout, within
/// the tolerances), frame events or a flipbook's state rows (exactly), or JSON bakes of
/// either. `name` names the case.
core::Result<DiffCase> diffBakePair(const BakeFile& first, const BakeFile& second,
                                    const std::string& name, const DiffOptions& options)
{
    if (core::isBakeJson(first.bytes))
        return diffJsonBakes(first, second, name, options);
    if (core::isBakeEventsCsv(first.bytes)) {
        const auto events = core::compareBakeEvents(first.bytes, first.path, second.bytes,
                                                    second.path, options.maxReported);
        if (!events)
            return events.error();
        return exactCase("bakes", name, events.value());
    }
    if (core::isFlipbookStateCsv(first.bytes)) {
        const auto states = readBoth(core::readFlipbookStateCsv, first, second);
        if (!states)
            return states.error();
        return exactCase(
            "bakes", name,
            core::compareFlipbookStates(states->first, states->second, options.maxReported));
    }
    const auto poses = readBoth(core::readBakeCsv, first, second);
    if (!poses)
        return poses.error();
    return comparisonCase("bakes", name,
                          core::compareBakes(poses->first, poses->second, options.toleranceScale,
                                             options.maxReported));
}

core::Result<std::vector<DiffCase>> diffBakes(const DiffOptions& options)
{
    const auto first = readBakeFile(options.first);
    if (!first)
        return first.error();
    const auto second = readBakeFile(options.second);
    if (!second)
        return second.error();
    auto pair = diffBakePair(first.value(), second.value(), options.second.toStdString(), options);
    if (!pair)
        return pair.error();
    return std::vector<DiffCase>{std::move(pair.value())};
}

/// File `name` of the folders (in the first, the second or both) compared: a file neither
/// holds as a bake is skipped; a bake only one holds is a difference; one that cannot be read
/// or compared is unreadable (the folders' other files are still compared).
DiffCase diffFolderFile(const QString& name, bool inFirst, bool inSecond,
                        const DiffOptions& options)
{
    const auto unreadable = [](const core::LoadError& error) {
        DiffCase c;
        c.unreadable = true;
        c.differences = {error.toString()};
        c.differenceCount = 1;
        return c;
    };
    DiffCase c;
    if (!inFirst || !inSecond) {
        const QString& holder = inFirst ? options.first : options.second;
        const auto file = readBakeFile(QDir(holder).filePath(name));
        if (file && !isBake(file->bytes)) {
            c.skipped = true;
        } else {
            c.differences = {"only in " + holder.toStdString()};
            c.differenceCount = 1;
        }
    } else {
        const auto first = readBakeFile(QDir(options.first).filePath(name));
        const auto second = readBakeFile(QDir(options.second).filePath(name));
        if (!first || !second)
            c = unreadable((first ? second : first).error());
        else if (!isBake(first->bytes) && !isBake(second->bytes))
            c.skipped = true;
        else if (auto pair = diffBakePair(first.value(), second.value(), {}, options))
            c = std::move(pair.value());
        else
            c = unreadable(pair.error());
    }
    c.group = "files";
    c.name = name.toStdString();
    return c;
}

/// The .csv and .json files under `folder` (searched recursively), by their paths inside it.
std::set<QString> bakesIn(const QString& folder)
{
    std::set<QString> found;
    QDirIterator it(folder, {QStringLiteral("*.csv"), QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    const QDir base(QFileInfo(folder).absoluteFilePath());
    while (it.hasNext())
        found.insert(base.relativeFilePath(QFileInfo(it.next()).absoluteFilePath()));
    return found;
}

/// Two folders of bakes (bake --scenario all's, say: before and after an edit): each file of
/// either by its path inside its folder, compared with the other's (diffFolderFile).
core::Result<std::vector<DiffCase>> diffFolders(const DiffOptions& options)
{
    const std::set<QString> first = bakesIn(options.first);
    const std::set<QString> second = bakesIn(options.second);
    std::set<QString> all = first;
    all.insert(second.begin(), second.end());
    // Nothing compared is no verdict (a wrong path, a folder of PNG frames).
    if (all.empty())
        return core::LoadError{options.first.toStdString(),
                               0,
                               {},
                               "no .csv or .json files in it nor in " +
                                   options.second.toStdString()};
    std::vector<DiffCase> cases;
    for (const QString& name : all)
        cases.push_back(diffFolderFile(name, first.contains(name), second.contains(name), options));
    if (std::all_of(cases.begin(), cases.end(), [](const DiffCase& c) { return c.skipped; }))
        return core::LoadError{options.first.toStdString(),
                               0,
                               {},
                               "no bakes in it nor in " + options.second.toStdString() +
                                   ": every file was skipped"};
    return cases;
}

/// The names of `items` (armatures, bones, animations: anything with a `name`).
template <typename Items> std::set<std::string> namesOf(const Items& items)
{
    std::set<std::string> names;
    for (const auto& item : items)
        names.insert(item.name);
    return names;
}

/// Names in one set only, as a case: "<what> 'x' only in the first/second".
DiffCase namesCase(const std::string& group, const std::string& what,
                   const std::set<std::string>& a, const std::set<std::string>& b)
{
    DiffCase c;
    c.group = group;
    c.name = what + " names";
    for (const auto& name : a)
        if (!b.count(name))
            c.differences.push_back(what + " '" + name + "' only in the first");
    for (const auto& name : b)
        if (!a.count(name))
            c.differences.push_back(what + " '" + name + "' only in the second");
    c.differenceCount = c.differences.size();
    return c;
}

/// Two AnimationCache plists: the same animations, and the same state at every update of each
/// animation's bake (flipbook:NAME) that both hold.
std::vector<DiffCase> diffFlipbookExports(const core::FlipbookSet& a, const core::FlipbookSet& b,
                                          const DiffOptions& options)
{
    std::vector<DiffCase> cases{
        namesCase("exports", "animation", namesOf(a.animations), namesOf(b.animations))};
    for (const auto& animation : a.animations) {
        const core::FlipbookData* other = b.findAnimation(animation.name);
        if (!other)
            continue;
        const auto scenario = core::BlendScenario::flipbookOf(animation.name);
        std::string tooLong = core::flipbookLimitProblem(animation, scenario.text);
        if (tooLong.empty())
            tooLong = core::flipbookLimitProblem(*other, scenario.text);
        if (!tooLong.empty()) {
            cases.push_back({animation.name, scenario.text, {tooLong}, 1});
            continue;
        }
        const auto bakeA = core::runFlipbookBake(a, scenario);
        const auto bakeB = core::runFlipbookBake(b, scenario);
        if (!bakeA || !bakeB) {
            cases.push_back(
                {animation.name, scenario.text, {(bakeA ? bakeB : bakeA).error().message}, 1});
            continue;
        }
        cases.push_back(exactCase(
            animation.name, scenario.text,
            core::compareFlipbookStates(bakeA.value(), bakeB.value(), options.maxReported)));
    }
    return cases;
}

/// Two exports: the same armatures, bones and movements, and the same numbers in every
/// standard scenario (golden/README.md) of the first that the second can also play; or, for
/// two AnimationCache plists, diffFlipbookExports.
core::Result<std::vector<DiffCase>> diffExports(const DiffOptions& options)
{
    const auto first = core::loadExport(options.first.toStdString());
    const auto second = core::loadExport(options.second.toStdString());
    for (const auto* side : {&first, &second})
        if (!*side)
            return side->error();
    const bool flipbooks = first->kind == core::ExportKind::Flipbook;
    for (const auto* side : {&first, &second})
        if ((*side)->kind != (flipbooks ? core::ExportKind::Flipbook : core::ExportKind::Armature))
            return core::LoadError{(*side)->path,
                                   0,
                                   {},
                                   "diff compares two armature exports, two AnimationCache "
                                   "plists, or two bakes"};
    if (flipbooks)
        return diffFlipbookExports(first->flipbooks, second->flipbooks, options);
    const core::SkeletonData& a = first->skeleton;
    const core::SkeletonData& b = second->skeleton;
    std::vector<DiffCase> cases{
        namesCase("exports", "armature", namesOf(a.armatures), namesOf(b.armatures))};
    for (const auto& armature : a.armatures) {
        const core::ArmatureData* other = b.findArmature(armature.name);
        if (!other)
            continue;
        cases.push_back(
            namesCase(armature.name, "bone", namesOf(armature.bones), namesOf(other->bones)));
        for (const auto& scenario : core::standardScenarios(a, armature.name)) {
            // The second export's movements may be far longer than the first's.
            std::string tooLong = core::scenarioLimitProblem(a, armature.name, scenario);
            if (tooLong.empty() &&
                unknownMovementProblem(b, armature.name, scenario.movements).empty())
                tooLong = core::scenarioLimitProblem(b, armature.name, scenario);
            if (!tooLong.empty()) {
                cases.push_back({armature.name, scenario.text, {tooLong}, 1});
                continue;
            }
            const auto bakeA = core::runBake(a, armature.name, scenario);
            const auto bakeB = core::runBake(b, armature.name, scenario);
            if (!bakeA || !bakeB) {
                cases.push_back(
                    {armature.name, scenario.text, {(bakeA ? bakeB : bakeA).error().message}, 1});
                continue;
            }
            cases.push_back(
                comparisonCase(armature.name, scenario.text,
                               core::compareBakes(core::toBakeTable(bakeA.value()),
                                                  core::toBakeTable(bakeB.value()),
                                                  options.toleranceScale, options.maxReported)));
        }
    }
    return cases;
}

/// What the two arguments are.
enum class DiffKind { Bakes, Folders, Exports };

/// How a case is named in the text report: the rows of the one pair of bakes, a file of the
/// folders, a scenario (or name set) of an armature or animation of the exports.
std::string caseTitle(const DiffCase& c, DiffKind kind)
{
    switch (kind) {
    case DiffKind::Bakes:
        return "rows";
    case DiffKind::Folders:
        return c.name;
    case DiffKind::Exports:
        break;
    }
    return c.group + " " + c.name;
}

void printCases(const std::vector<DiffCase>& cases, DiffKind kind)
{
    for (const auto& c : cases) {
        const std::string title = caseTitle(c, kind);
        if (c.skipped)
            std::printf("skipped: %s: not a bake\n", title.c_str());
        for (const auto& difference : c.differences)
            std::printf("%s: %s\n", title.c_str(), difference.c_str());
        if (c.differenceCount > c.differences.size())
            std::printf("%s: ... %zu more\n", title.c_str(),
                        c.differenceCount - c.differences.size());
    }
}

/// The comparisons that differ, each with its count: which scenarios to look at first (the
/// first ten, and how many more).
std::string differingCases(const std::vector<DiffCase>& cases, DiffKind kind)
{
    constexpr size_t kListed = 10;
    std::string list;
    size_t differing = 0;
    for (const auto& c : cases) {
        if (c.equal() || ++differing > kListed)
            continue;
        list += (list.empty() ? "" : ", ") + caseTitle(c, kind) + " (" +
                (c.unreadable ? "unreadable" : std::to_string(c.differenceCount)) + ")";
    }
    if (differing > kListed)
        list += " and " + std::to_string(differing - kListed) + " more";
    return list;
}

JUnitCase junitCase(const DiffCase& c, const DiffOptions& options)
{
    JUnitCase j;
    j.name = QString::fromStdString(c.name);
    j.className = QStringLiteral("bonescope-cli.diff.") + QString::fromStdString(c.group);
    j.file = options.second;
    if (c.equal())
        return j;
    if (c.unreadable) {
        j.outcome = JUnitCase::Outcome::Error;
        j.message = QString::fromStdString(c.differences.front());
        return j;
    }
    j.outcome = JUnitCase::Outcome::Failed;
    j.message = QStringLiteral("%1 differences; first: %2")
                    .arg(c.differenceCount)
                    .arg(QString::fromStdString(c.differences.front()));
    for (const auto& difference : c.differences)
        j.details += QString::fromStdString(difference) + QLatin1Char('\n');
    if (c.differenceCount > c.differences.size())
        j.details += QStringLiteral("... %1 more\n").arg(c.differenceCount - c.differences.size());
    return j;
}

} // namespace

int runDiff(const QStringList& arguments)
{
    CommandLine command(
        QStringLiteral("diff"), QStringLiteral("A B"),
        QStringLiteral(
            "Compare two bakes (.csv in the golden layout, e.g. a golden file and a bake, or "
            ".json, bake's JSON\n"
            "format: poses and frame events) row by row, or two exports (.xml / .ExportJson): the "
            "same\narmatures and bones, and the same numbers in every standard scenario of the "
            "first "
            "that the\nsecond can also play. Values are equal within the goldens' tolerances "
            "(golden/README.md) times\n--tolerance-scale.\n\n"
            "Flipbooks: two AnimationCache plists compare their animations' names and, for each "
            "animation both\nhold, the state at every update of its flipbook:NAME bake; two "
            "flipbook bakes (the .state.csv\nfiles bake writes) compare update by update. Every "
            "field must be equal (they are counts and\nnames: no tolerance). Two frame-event "
            "files (.events.csv) compare event by event, exactly.\n\n"
            "Two folders of bakes (of every scenario, before and after an edit, say): every .csv "
            "and .json of\neither by its path inside its folder, compared with the other's; a bake "
            "only one holds is a\ndifference, a file that is no bake (notes, a spreadsheet, a "
            "sidecar) is skipped, and one that\ncannot be read is reported while the others are "
            "still compared.\n\n"
            "Exit status: 0 equal, 1 different, 2 unreadable input (a file of two folders "
            "included) or bad\nusage."));
    QCommandLineParser& parser = command.parser();
    parser.addPositionalArgument(QStringLiteral("A"),
                                 QStringLiteral("The expected bake, export or folder of bakes."));
    parser.addPositionalArgument(QStringLiteral("B"),
                                 QStringLiteral("The actual bake, export or folder of bakes."));
    const QCommandLineOption toleranceOption(
        QStringLiteral("tolerance-scale"),
        QStringLiteral("Multiply every tolerance by K (default 1; 0 asks for exact equality)."),
        QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption maxReportOption(
        QStringLiteral("max-report"),
        QStringLiteral("Print at most N differences per comparison (default 20); all are "
                       "counted."),
        QStringLiteral("N"), QStringLiteral("20"));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"),
        QStringLiteral("Print a JSON report instead of text: each comparison with its rows, "
                       "difference count and the differences reported, then the verdict."));
    const QCommandLineOption junitOption(
        QStringLiteral("junit"),
        QStringLiteral(
            "Also write a JUnit XML report to PATH: one test case per compared "
            "scenario (or per pair of bakes, name set or file of two folders), a failure with the "
            "differences when they differ. A PATH that is a symbolic link or an input "
            "is refused."),
        QStringLiteral("PATH"));
    parser.addOptions({toleranceOption, maxReportOption, jsonOption, junitOption});
    if (const auto done = command.parse(arguments))
        return *done;

    DiffOptions options;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 2)
        return command.usageError(QStringLiteral("two files are required"));
    options.first = files[0];
    options.second = files[1];
    bool ok = false;
    options.toleranceScale = parser.value(toleranceOption).toDouble(&ok);
    if (!ok || !(options.toleranceScale >= 0) || !std::isfinite(options.toleranceScale))
        return command.usageError(QStringLiteral("--tolerance-scale wants a number ≥ 0"));
    options.maxReported = parser.value(maxReportOption).toULong(&ok);
    if (!ok)
        return command.usageError(QStringLiteral("--max-report wants a whole number ≥ 0"));

    const bool firstFolder = QFileInfo(options.first).isDir();
    if (firstFolder != QFileInfo(options.second).isDir())
        return command.usageError(
            QStringLiteral("%1 is a folder and %2 is not: give two folders of bakes, two bakes "
                           "or two exports")
                .arg(firstFolder ? options.first : options.second,
                     firstFolder ? options.second : options.first));
    const auto bothEndWith = [&](QLatin1String suffix) {
        return options.first.endsWith(suffix, Qt::CaseInsensitive) &&
               options.second.endsWith(suffix, Qt::CaseInsensitive);
    };
    const bool bakes = bothEndWith(QLatin1String(".csv")) || bothEndWith(QLatin1String(".json"));
    const DiffKind kind = firstFolder ? DiffKind::Folders
                          : bakes     ? DiffKind::Bakes
                                      : DiffKind::Exports;
    const auto cases = kind == DiffKind::Folders ? diffFolders(options)
                       : kind == DiffKind::Bakes ? diffBakes(options)
                                                 : diffExports(options);
    if (!cases) {
        std::fprintf(stderr, "%s\n", cases.error().toString().c_str());
        return ExitUnreadable;
    }
    bool equal = true, unreadable = false;
    size_t rows = 0, differences = 0, scenarios = 0, skipped = 0;
    for (const auto& c : cases.value()) {
        equal &= c.equal();
        unreadable |= c.unreadable;
        rows += c.rowsCompared;
        differences += c.differenceCount;
        scenarios += c.rowsCompared > 0 ? 1 : 0;
        skipped += c.skipped ? 1 : 0;
    }
    const auto status = [](const DiffCase& c) {
        return c.skipped      ? "skipped"
               : c.unreadable ? "unreadable"
               : c.equal()    ? "equal"
                              : "different";
    };
    if (parser.isSet(jsonOption)) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& c : cases.value())
            list.push_back({{"group", c.group},
                            {"name", c.name},
                            {"status", status(c)},
                            {"equal", c.equal()},
                            {"rowsCompared", c.rowsCompared},
                            {"differenceCount", c.differenceCount},
                            {"differences", c.differences}});
        const nlohmann::ordered_json report = {{"first", options.first.toStdString()},
                                               {"second", options.second.toStdString()},
                                               {"comparisons", list},
                                               {"rowsCompared", rows},
                                               {"differenceCount", differences},
                                               {"equal", equal}};
        std::printf("%s\n", report.dump(2).c_str());
    } else {
        printCases(cases.value(), kind);
        const std::string verdict =
            equal ? "equal" : "different: " + differingCases(cases.value(), kind);
        if (kind == DiffKind::Bakes)
            std::printf("%zu %s compared, %zu %s\n", rows, rows == 1 ? "row" : "rows", differences,
                        differences == 1 ? "difference" : "differences");
        else if (kind == DiffKind::Folders)
            std::printf("%zu %s compared%s: %s\n", cases->size() - skipped,
                        cases->size() - skipped == 1 ? "file" : "files",
                        skipped ? (", " + std::to_string(skipped) + " skipped").c_str() : "",
                        verdict.c_str());
        else
            std::printf("%zu %s compared: %s\n", scenarios,
                        scenarios == 1 ? "scenario" : "scenarios", verdict.c_str());
    }
    if (parser.isSet(junitOption)) {
        std::vector<JUnitCase> junit;
        for (const auto& c : cases.value())
            if (!c.skipped)
                junit.push_back(junitCase(c, options));
        const QString error =
            writeJUnitReport(parser.value(junitOption), QStringLiteral("bonescope-cli diff"), junit,
                             {options.first, options.second});
        if (!error.isEmpty()) {
            std::fprintf(stderr, "error: cannot write %s: %s\n",
                         qPrintable(parser.value(junitOption)), qPrintable(error));
            return ExitUnreadable;
        }
    }
    return unreadable ? ExitUnreadable : equal ? ExitOk : ExitProblems;
}

} // namespace bonescope::cli
