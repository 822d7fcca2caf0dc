#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/ExportArgument.h"
#include "cli/InputFiles.h"
#include "cli/JUnitReport.h"
#include "cli/ParallelJobs.h"
#include "cli/ProblemJson.h"

#include "io/ExportValidator.h"

#include "TextureCache.h"

#include <QElapsedTimer>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace bonescope::cli {

namespace {

/// What validating one file found.
struct FileReport {
    InputFile input;
    int status = ExitOk;
    std::vector<core::LoadError> problems; ///< status Problems; the error alone for Unreadable
    double seconds = 0.0;
};

/// Every sheet image decoded as the viewer and render decode it (the loader reads only their
/// headers): a truncated, corrupt or oversized image is a problem, as it would be for the game.
void decodeImages(const core::LoadedExport& loaded, std::vector<core::LoadError>& problems)
{
    render::TextureCache textures;
    for (const auto& atlas : loaded.atlases)
        if (!atlas.imagePath.empty())
            textures.acquire(atlas.imagePath);
    for (core::LoadError& problem : textures.decodeProblems())
        problems.push_back(std::move(problem));
}

FileReport validateFile(const InputFile& input)
{
    QElapsedTimer timer;
    timer.start();
    FileReport report;
    report.input = input;
    ExportArgument argument;
    const auto loaded = argument.load(input.path);
    if (!loaded) {
        // A readable file refused as unsafe (a nesting cycle, a size past a documented limit)
        // is a problem of the export, not a file that cannot be read.
        report.status = loaded.error().refused ? ExitProblems : ExitUnreadable;
        report.problems.push_back(loaded.error());
    } else {
        report.problems = core::validateExport(loaded.value());
        decodeImages(loaded.value(), report.problems);
        if (!report.problems.empty())
            report.status = ExitProblems;
    }
    report.seconds = double(timer.nsecsElapsed()) * 1e-9;
    return report;
}

void printReport(const FileReport& report)
{
    if (report.status == ExitUnreadable) {
        std::printf("error: %s\n", report.problems.front().toString().c_str());
        return;
    }
    for (const auto& problem : report.problems)
        std::printf("warning: %s\n", problem.toString().c_str());
    if (report.problems.empty())
        std::printf("ok: %s\n", qPrintable(report.input.path));
    std::fflush(stdout);
}

JUnitCase junitCase(const FileReport& report)
{
    JUnitCase c;
    c.name = report.input.path;
    c.className = QStringLiteral("bonescope-cli.validate");
    c.file = report.input.path;
    c.seconds = report.seconds;
    if (report.status == ExitOk)
        return c;
    c.outcome =
        report.status == ExitUnreadable ? JUnitCase::Outcome::Error : JUnitCase::Outcome::Failed;
    c.message = QString::fromStdString(report.problems.front().toString());
    if (report.problems.size() > 1)
        c.message += QStringLiteral(" (and %1 more)").arg(report.problems.size() - 1);
    for (const auto& problem : report.problems)
        c.details += QString::fromStdString(problem.toString()) + QLatin1Char('\n');
    return c;
}

const char* statusName(int status)
{
    return status == ExitOk ? "clean" : status == ExitProblems ? "problems" : "unreadable";
}

} // namespace

int runValidate(const QStringList& arguments)
{
    CommandLine command(
        QStringLiteral("validate"), QStringLiteral("FILE|FOLDER..."),
        QStringLiteral(
            "Check exports the way the viewer loads them: the loader's warnings, references that "
            "lead\nnowhere (a timeline for a bone the armature lacks, a display no sprite sheet "
            "holds, a nested\narmature the file does not define, a display index past a bone's "
            "displays), and every sprite\nsheet image decoded (a truncated or corrupt image is a "
            "problem).\n\n"
            "A FOLDER is searched recursively for .xml, .ExportJson and AnimationCache .plist "
            "files (the\nsprite-sheet plists beside an export are skipped, and so are plists "
            "cocos2d-x passes over:\nparticle systems, plists without frames or animations). "
            "Files are checked in parallel (-j);\neach file's result is independent, and one "
            "summary line ends the report. Paths holding\nno export at all are bad usage.\n\n"
            "Exit status: 0 when every file is clean, 1 when any has problems, 2 when any is "
            "unreadable\n(the worst wins) or on bad usage."));
    QCommandLineParser& parser = command.parser();
    parser.addPositionalArgument(QStringLiteral("FILE|FOLDER"),
                                 QStringLiteral("Exports, or folders of exports, to check."));
    const QCommandLineOption sampleOption(QStringLiteral("sample"),
                                          QStringLiteral("Also check the embedded sample."));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"),
        QStringLiteral("Print a JSON report instead of text: each file with its status and "
                       "problems (file, line, JSON pointer, message), then the counts."));
    const QCommandLineOption junitOption(
        QStringLiteral("junit"),
        QStringLiteral("Also write a JUnit XML report to PATH: one test case per file, a failure "
                       "per file with problems (message and place), an error per unreadable "
                       "file. A PATH that is a symbolic link or an input is refused."),
        QStringLiteral("PATH"));
    const QCommandLineOption jobsOption = CommandLine::jobsOption();
    parser.addOptions({sampleOption, jsonOption, junitOption, jobsOption});
    if (const auto done = command.parse(arguments))
        return *done;
    const auto threads = command.jobs(jobsOption);
    if (!threads)
        return ExitUnreadable;
    QStringList paths = parser.positionalArguments();
    if (parser.isSet(sampleOption))
        paths.prepend(QStringLiteral("--sample"));
    if (paths.isEmpty())
        return command.usageError(QStringLiteral("give at least one FILE or FOLDER"));
    const InputList inputs = expandInputs(paths);
    // An empty folder is a wrong path more often than a clean one: not a silent pass.
    if (inputs.files.empty())
        return command.usageError(QStringLiteral("no export found in %1").arg(paths.join(' ')));
    const bool json = parser.isSet(jsonOption);

    const std::vector<FileReport> reports = mapParallel<FileReport>(
        inputs.files.size(), *threads, [&](size_t i) { return validateFile(inputs.files[i]); },
        [&](const FileReport& report) {
            if (!json)
                printReport(report);
        });

    int status = ExitOk;
    size_t counts[3] = {0, 0, 0};
    for (const auto& report : reports) {
        status = std::max(status, report.status);
        ++counts[report.status];
    }
    if (json) {
        nlohmann::ordered_json files = nlohmann::ordered_json::array();
        for (const auto& report : reports) {
            nlohmann::ordered_json problems = nlohmann::ordered_json::array();
            for (const auto& problem : report.problems)
                problems.push_back(problemJson(problem));
            files.push_back({{"file", report.input.path.toStdString()},
                             {"status", statusName(report.status)},
                             {"problems", problems},
                             {"seconds", report.seconds}});
        }
        const nlohmann::ordered_json summary = {{"files", files},
                                                {"summary",
                                                 {{"files", reports.size()},
                                                  {"clean", counts[ExitOk]},
                                                  {"problems", counts[ExitProblems]},
                                                  {"unreadable", counts[ExitUnreadable]},
                                                  {"exitStatus", status}}}};
        std::printf("%s\n", summary.dump(2).c_str());
    } else
        std::printf("%zu %s: %zu clean, %zu with problems, %zu unreadable\n", reports.size(),
                    reports.size() == 1 ? "file" : "files", counts[ExitOk], counts[ExitProblems],
                    counts[ExitUnreadable]);

    if (parser.isSet(junitOption)) {
        std::vector<JUnitCase> cases;
        cases.reserve(reports.size());
        for (const auto& report : reports)
            cases.push_back(junitCase(report));
        QStringList inputPaths;
        for (const auto& input : inputs.files)
            inputPaths.append(input.path);
        const QString error = writeJUnitReport(
            parser.value(junitOption), QStringLiteral("bonescope-cli validate"), cases, inputPaths);
        if (!error.isEmpty()) {
            std::fprintf(stderr, "error: cannot write %s: %s\n",
                         qPrintable(parser.value(junitOption)), qPrintable(error));
            return ExitUnreadable;
        }
    }
    return status;
}

} // namespace bonescope::cli
