#include "cli/CliCommand.h"

#include "bake/BakeCompare.h"
#include "bake/BakeRunner.h"
#include "io/ExportLoader.h"
#include "io/FileBytes.h"

#include <cstdio>
#include <set>

namespace bonescope::cli {

namespace {

struct DiffOptions {
    QString first;
    QString second;
    double toleranceScale = 1.0;
    size_t maxReported = 20;
};

int usage(const char* problem)
{
    std::fprintf(stderr,
                 "bonescope-cli diff: %s\n"
                 "usage: bonescope-cli diff A B [--tolerance-scale K] [--max-report N]\n"
                 "  A, B: two bakes (.csv, golden layout) or two exports (.xml / .ExportJson)\n"
                 "  exit 0 equal within the golden tolerances × K, 1 different, 2 unreadable\n",
                 problem);
    return ExitUnreadable;
}

bool parseOptions(const QStringList& arguments, DiffOptions& options)
{
    QStringList files;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        const bool hasValue = i + 1 < arguments.size();
        bool ok = true;
        if (argument == QLatin1String("--tolerance-scale") && hasValue)
            options.toleranceScale = arguments[++i].toDouble(&ok);
        else if (argument == QLatin1String("--max-report") && hasValue)
            options.maxReported = arguments[++i].toULong(&ok);
        else if (argument.startsWith(QLatin1String("--")))
            return false;
        else
            files << argument;
        if (!ok || !(options.toleranceScale >= 0))
            return false;
    }
    if (files.size() != 2)
        return false;
    options.first = files[0];
    options.second = files[1];
    return true;
}

core::Result<core::BakeTable> readBake(const QString& path)
{
    const auto bytes = core::readFileBytes(path.toStdString());
    if (!bytes)
        return bytes.error();
    return core::readBakeCsv(bytes.value(), path.toStdString());
}

/// Prints a comparison; returns true when the two sides are equal.
bool printComparison(const std::string& title, const core::BakeComparison& comparison)
{
    for (const auto& difference : comparison.differences)
        std::printf("%s: %s\n", title.c_str(), difference.describe().c_str());
    if (comparison.differenceCount > comparison.differences.size())
        std::printf("%s: ... %zu more\n", title.c_str(),
                    comparison.differenceCount - comparison.differences.size());
    return comparison.equal();
}

int diffBakes(const DiffOptions& options)
{
    const auto first = readBake(options.first);
    const auto second = readBake(options.second);
    for (const auto* side : {&first, &second})
        if (!*side) {
            std::fprintf(stderr, "%s\n", side->error().toString().c_str());
            return ExitUnreadable;
        }
    const auto comparison = core::compareBakes(first.value(), second.value(),
                                               options.toleranceScale, options.maxReported);
    const bool equal = printComparison("rows", comparison);
    std::printf("%zu rows compared, %zu differences\n", comparison.rowsCompared,
                comparison.differenceCount);
    return equal ? ExitOk : ExitProblems;
}

std::set<std::string> boneNames(const core::ArmatureData& armature)
{
    std::set<std::string> names;
    for (const auto& bone : armature.bones)
        names.insert(bone.name);
    return names;
}

/// Names in `a` that `b` lacks, reported as "<what> 'x' only in the first/second".
bool reportOnlyInOne(const std::string& what, const std::set<std::string>& a,
                     const std::set<std::string>& b)
{
    bool same = true;
    for (const auto& name : a)
        if (!b.count(name)) {
            std::printf("%s '%s' only in the first\n", what.c_str(), name.c_str());
            same = false;
        }
    for (const auto& name : b)
        if (!a.count(name)) {
            std::printf("%s '%s' only in the second\n", what.c_str(), name.c_str());
            same = false;
        }
    return same;
}

/// Two exports: the same armatures, bones and movements, and the same numbers in every
/// standard scenario (golden/README.md) of the first that the second can also play.
int diffExports(const DiffOptions& options)
{
    const auto first = core::loadExport(options.first.toStdString());
    const auto second = core::loadExport(options.second.toStdString());
    for (const auto* side : {&first, &second}) {
        if (!*side) {
            std::fprintf(stderr, "%s\n", side->error().toString().c_str());
            return ExitUnreadable;
        }
        if ((*side)->kind != core::ExportKind::Armature) {
            std::fprintf(stderr, "%s: diff compares armature exports or bakes\n",
                         (*side)->path.c_str());
            return ExitUnreadable;
        }
    }
    const core::SkeletonData& a = first->skeleton;
    const core::SkeletonData& b = second->skeleton;
    std::set<std::string> armaturesA, armaturesB;
    for (const auto& armature : a.armatures)
        armaturesA.insert(armature.name);
    for (const auto& armature : b.armatures)
        armaturesB.insert(armature.name);
    bool equal = reportOnlyInOne("armature", armaturesA, armaturesB);
    size_t scenarios = 0;
    for (const auto& armature : a.armatures) {
        const core::ArmatureData* other = b.findArmature(armature.name);
        if (!other)
            continue;
        equal &= reportOnlyInOne("armature '" + armature.name + "': bone", boneNames(armature),
                                 boneNames(*other));
        for (const auto& scenario : core::standardScenarios(a, armature.name)) {
            const auto bakeA = core::runBake(a, armature.name, scenario);
            const auto bakeB = core::runBake(b, armature.name, scenario);
            const std::string title = armature.name + " " + scenario.text;
            if (!bakeA || !bakeB) {
                std::printf("%s: %s\n", title.c_str(),
                            (bakeA ? bakeB : bakeA).error().message.c_str());
                equal = false;
                continue;
            }
            ++scenarios;
            equal &= printComparison(title, core::compareBakes(core::toBakeTable(bakeA.value()),
                                                               core::toBakeTable(bakeB.value()),
                                                               options.toleranceScale,
                                                               options.maxReported));
        }
    }
    std::printf("%zu scenarios compared: %s\n", scenarios, equal ? "equal" : "different");
    return equal ? ExitOk : ExitProblems;
}

} // namespace

int runDiff(const QStringList& arguments)
{
    DiffOptions options;
    if (!parseOptions(arguments, options))
        return usage("two files are required");
    const bool bakes = options.first.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) &&
                       options.second.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive);
    return bakes ? diffBakes(options) : diffExports(options);
}

} // namespace bonescope::cli
