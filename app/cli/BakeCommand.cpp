#include "cli/BakeCommand.h"

#include "cli/BakeJob.h"
#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/ExportArgument.h"
#include "cli/ParallelJobs.h"
#include "cli/ScriptBakeCommand.h"

#include "bake/BlendScenario.h"
#include "bake/Scenario.h"
#include "base/Limits.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace bonescope::cli {

namespace {

QString description()
{
    return QStringLiteral(
               "Bake the per-frame bone values of a playback scenario, as cocos2d-x computes "
               "them, in the golden\nCSV layout (frame,bone,x,y,skewX,skewY,scaleX,scaleY,"
               "zOrder,displayIndex,alpha,red,green,blue,\nwa,wb,wc,wd,wtx,wty; one row per "
               "update of 1/%1 s and bone) or as JSON.\n\n"
               "Scenarios (counts are updates, D is frames, S a speed scale, seconds are "
               "seconds):\n"
               "  play:MOV                play MOV for two passes and %2 updates more\n"
               "  cross:A:B:K:D           play A, after K updates play B with durationTo D "
               "(-1: B's own)\n"
               "  speed:MOV:S             play MOV at speed S\n"
               "  names:A+B+C:D:L         play the list with durationTo D, looping it if L is "
               "not 0\n"
               "  goto:MOV:F, gotoPause:MOV:F   jump to frame F, playing or paused\n"
               "  pause:MOV:K:P           pause after K updates, resume after P more\n"
               "  speedAt:MOV:K:S         set speed S after K updates\n"
               "  all                     the standard set of every movement (or the "
               "scenarios --index lists):\n"
               "                          writes a FOLDER of golden-named files, "
               "ARMATURE__SCENARIO.csv with\n"
               "                          ARMATURE__SCENARIO.events.csv beside each; --out "
               "must name a folder.\n"
               "                          A flipbook plist: flipbook:NAME of every animation, "
               "flipbook_NAME.csv\n"
               "  blend:A:B:MODE:SECONDS:AT          play A; at AT seconds blend to B over "
               "SECONDS\n"
               "  chain:A:B:MODE:SECONDS:AT:C:AT2    as blend, then at AT2 blend to C\n"
               "      MODE: switch, while, then (the Ogre-style blender) or to (cocos2d-x "
               "durationTo)\n"
               "  trigger:A:B:AT          play A; at AT seconds move to B with the transition the "
               "sidecar's table\n"
               "                          gives A -> B (--transitions)\n"
               "  layers:SETUP.json       a layer stack (schema in core/io/LayerSetupReader.h)\n"
               "  flipbook:NAME[:reverse] an AnimationCache animation (FILE is the plist)\n\n"
               "Outputs: with --out PATH the rows go to PATH, frame events to PATH with "
               ".events.csv (golden\nscenarios), blend, layer or flipbook state to PATH with "
               ".state.csv (a flipbook's rows: PATH\nholds the header alone); without --out to "
               "the standard output. Files appear complete or not\nat all: a failed or stopped "
               "(Ctrl-C, TERM, HUP) bake leaves none of its own and keeps what an\nearlier "
               "bake left at the same names. --out may not be a symbolic link nor an input.\n\n"
               "Many files: give several FILEs or a FOLDER (searched recursively for .xml, "
               ".ExportJson and\nAnimationCache .plist files); --out then names a folder and "
               "each file's bakes go to\nOUT/NAME/ (NAME: the file's path inside its FOLDER, or "
               "as given) with golden file names.\nFiles are baked in parallel (-j); each file's "
               "result is independent; one summary ends the run.\nA file the search found that "
               "holds nothing to bake (an armature without movements, for all) is\nskipped, not "
               "failed.\n\n"
               "Limits, checked before any work: a bake runs at most %3 updates (%4 s) and "
               "holds at most\n%5 pose rows and layer-state rows (updates × (bones + layers of a "
               "layer stack)); counts K, P, F\nrun from 0 to %3, D from -1 to %3, S from 0 to "
               "%6, SECONDS and AT from 0 to %4.\nPast a limit, "
               "or with NaN or infinite numbers, the bake is refused with the parameter, the\n"
               "limit and the figure. An unknown armature or movement is refused with the "
               "list of valid\nnames.\n\n"
               "Exit status: 0 every file baked, 2 any failed (unreadable input, unknown name, "
               "past a limit,\ncannot write) or bad usage.")
        .arg(static_cast<int>(core::kFramesPerSecond))
        .arg(core::Scenario::kPlayExtraUpdates)
        .arg(core::kMaxBakeUpdates)
        .arg(static_cast<int>(core::kMaxBakeSeconds))
        .arg(core::kMaxBakeRows)
        .arg(static_cast<int>(core::kMaxSpeedScale));
}

void printReport(const BakeReport& report)
{
    if (!report.ok) {
        // A reader's error names the file (and line) already.
        const std::string path = report.input.path.toStdString();
        if (report.error.starts_with(path + ":"))
            std::fprintf(stderr, "error: %s\n", report.error.c_str());
        else
            std::fprintf(stderr, "error: %s: %s\n", path.c_str(), report.error.c_str());
        return;
    }
    if (!report.skipped.empty()) {
        std::printf("skipped: %s: %s\n", qPrintable(report.input.path), report.skipped.c_str());
        std::fflush(stdout);
        return;
    }
    if (report.outputs.empty() || report.outputs.front().path.isEmpty())
        return; // the bake itself went to stdout
    long long rows = 0;
    for (const auto& output : report.outputs)
        rows += output.rows;
    const QString& first = report.outputs.front().path;
    std::printf("ok: %s: %zu %s, %lld rows -> %s\n", qPrintable(report.input.path),
                report.outputs.size(), report.outputs.size() == 1 ? "scenario" : "scenarios", rows,
                qPrintable(report.outputs.size() == 1 ? first : QFileInfo(first).path()));
    std::fflush(stdout);
}

nlohmann::ordered_json reportJson(const BakeReport& report)
{
    nlohmann::ordered_json node;
    node["file"] = report.input.path.toStdString();
    node["status"] = !report.ok ? "failed" : report.skipped.empty() ? "baked" : "skipped";
    if (!report.ok)
        node["error"] = report.error;
    if (!report.skipped.empty())
        node["reason"] = report.skipped;
    nlohmann::ordered_json outputs = nlohmann::ordered_json::array();
    for (const auto& output : report.outputs)
        outputs.push_back({{"scenario", output.scenario},
                           {"path", output.path.toStdString()},
                           {"updates", output.updates},
                           {"rows", output.rows}});
    node["outputs"] = outputs;
    node["seconds"] = report.seconds;
    return node;
}

} // namespace

int runBake(const QStringList& arguments)
{
    CommandLine command(QStringLiteral("bake"),
                        QStringLiteral("FILE|FOLDER...|--sample --scenario S"), description());
    QCommandLineParser& parser = command.parser();
    parser.addPositionalArgument(
        QStringLiteral("FILE|FOLDER"),
        QStringLiteral("Armature exports (.xml, .ExportJson), AnimationCache plists for "
                       "flipbook, or folders of them."));
    const QCommandLineOption scenarioOption(
        QStringLiteral("scenario"), QStringLiteral("The scenario to bake (required; see above)."),
        QStringLiteral("S"));
    const QCommandLineOption armatureOption(
        QStringLiteral("armature"),
        QStringLiteral("The armature to play (default: each file's first). An unknown name is "
                       "an error that lists the armatures."),
        QStringLiteral("NAME"));
    const QCommandLineOption formatOption(
        QStringLiteral("format"),
        QStringLiteral("csv (default) or json (golden and flipbook scenarios: one JSON document "
                       "with bones, frames and events, or with a flipbook's state at every "
                       "update)."),
        QStringLiteral("FORMAT"), QStringLiteral("csv"));
    const QCommandLineOption outOption(
        QStringLiteral("out"),
        QStringLiteral("The output file; a folder for --scenario all and for many files."),
        QStringLiteral("PATH"));
    const QCommandLineOption indexOption(
        QStringLiteral("index"),
        QStringLiteral("With --scenario all: bake the scenarios an index.csv (golden layout) "
                       "lists for the file and armature, not the standard set."),
        QStringLiteral("INDEX.csv"));
    const QCommandLineOption transitionsOption(
        QStringLiteral("transitions"),
        QStringLiteral("The sidecar whose transition table trigger scenarios use (default: "
                       "FILE.bonescope.json beside FILE, else the default transition: while, 10 "
                       "frames)."),
        QStringLiteral("SIDECAR.json"));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"),
        QStringLiteral("Print a JSON summary (each file: status, error, outputs with updates "
                       "and rows; then the counts). Needs --out."));
    const QCommandLineOption scriptOption(
        QStringLiteral("script"),
        QStringLiteral("Bake a blend script (JSON, schema in the README) instead of a scenario: "
                       "one FILE, every update or those of --frames."),
        QStringLiteral("S.json"));
    const QCommandLineOption framesOption(
        QStringLiteral("frames"),
        QStringLiteral("With --script: only these updates (e.g. 5,90,12-20), computed by random "
                       "access, rows identical to the sequential run."),
        QStringLiteral("LIST"));
    const QCommandLineOption traceOption(
        QStringLiteral("trace"),
        QStringLiteral("With --script: also write PATH.trace.csv with each listed bone's "
                       "contributions and weights."),
        QStringLiteral("BONE,..."));
    const QCommandLineOption sampleOption(
        QStringLiteral("sample"), QStringLiteral("Bake the embedded sample armature instead."));
    const QCommandLineOption jobsOption = CommandLine::jobsOption();
    parser.addOptions({sampleOption, scenarioOption, armatureOption, formatOption, outOption,
                       indexOption, transitionsOption, scriptOption, framesOption, traceOption,
                       jsonOption, jobsOption});
    if (const auto done = command.parse(arguments))
        return *done;

    const auto threads = command.jobs(jobsOption);
    if (!threads)
        return ExitUnreadable;
    QStringList paths = parser.positionalArguments();
    ExportArgument sample; // the embedded sample, extracted while the command runs
    if (parser.isSet(sampleOption)) {
        if (!paths.isEmpty())
            return command.usageError(QStringLiteral("give a FILE or --sample, not both"));
        const auto file = sample.path(QStringLiteral("--sample"));
        if (!file) {
            std::fprintf(stderr, "error: %s\n", file.error().toString().c_str());
            return ExitUnreadable;
        }
        paths = {file.value()};
    }
    // Reports name the sample as such, not by its temporary folder.
    const auto shown = [&sample](BakeReport report) {
        report.input.path =
            QString::fromStdString(sample.shownPath(report.input.path.toStdString()));
        return report;
    };
    if (parser.isSet(scriptOption)) {
        if (paths.size() != 1 || parser.isSet(scenarioOption) || parser.isSet(armatureOption) ||
            parser.isSet(indexOption) || parser.isSet(jsonOption) ||
            parser.value(formatOption) != QLatin1String("csv"))
            return command.usageError(
                QStringLiteral("--script takes one FILE and no --scenario, --armature, --index, "
                               "--json or --format json"));
        return runScriptBake(paths.front(), parser.value(scriptOption), parser.value(framesOption),
                             parser.value(traceOption), parser.value(outOption));
    }
    if (parser.isSet(framesOption) || parser.isSet(traceOption))
        return command.usageError(QStringLiteral("--frames and --trace apply to --script"));
    if (paths.isEmpty() || !parser.isSet(scenarioOption))
        return command.usageError(QStringLiteral("FILE and --scenario are required"));
    BakeRequest request;
    request.scenario = parser.value(scenarioOption);
    request.armature = parser.value(armatureOption);
    request.index = parser.value(indexOption);
    request.transitions = parser.value(transitionsOption);
    request.out = parser.value(outOption);
    const QString format = parser.value(formatOption);
    if (format != QLatin1String("csv") && format != QLatin1String("json"))
        return command.usageError(QStringLiteral("--format must be csv or json"));
    request.json = format == QLatin1String("json");
    const bool all = request.scenario == QLatin1String("all");

    // The scenario text is the same for every file: a bad one is a usage error.
    std::string error;
    const std::string scenarioText = request.scenario.toStdString();
    const bool blend = core::BlendScenario::handles(scenarioText);
    if (!all && !(blend ? core::BlendScenario::parse(scenarioText, &error).has_value()
                        : core::Scenario::parse(scenarioText, &error).has_value()))
        return command.usageError(QString::fromStdString(error));

    const InputList inputs = expandInputs(paths);
    const bool many = inputs.files.size() > 1 || inputs.fromFolder;
    if ((all || many) && request.out.isEmpty())
        return command.usageError(
            all ? QStringLiteral("--scenario all writes a folder of files: give --out FOLDER")
                : QStringLiteral("many files write a folder of files: give --out FOLDER"));
    if ((all || many) && request.out.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        return command.usageError(
            QStringLiteral("%1 writes a folder of golden-named files, one per scenario; --out %2 "
                           "names a .csv file: give a folder")
                .arg(all ? QStringLiteral("--scenario all") : QStringLiteral("baking many files"),
                     request.out));
    if (parser.isSet(jsonOption) && request.out.isEmpty())
        return command.usageError(
            QStringLiteral("--json prints the summary on the standard output, where the bake "
                           "would go: give --out"));
    if (inputs.files.empty())
        return command.usageError(QStringLiteral("no export found in %1").arg(paths.join(' ')));

    std::vector<BakeRequest> requests(inputs.files.size(), request);
    QSet<QString> folders;
    for (size_t i = 0; i < inputs.files.size(); ++i) {
        requests[i].intoFolder = all || many;
        if (many) {
            requests[i].out = QDir(request.out).filePath(inputs.files[i].name);
            if (folders.contains(QDir::cleanPath(requests[i].out)))
                return command.usageError(
                    QStringLiteral("two inputs are both called %1; bake them separately")
                        .arg(inputs.files[i].name));
            folders.insert(QDir::cleanPath(requests[i].out));
        }
    }

    const bool json = parser.isSet(jsonOption);
    const std::vector<BakeReport> reports = mapParallel<BakeReport>(
        inputs.files.size(), *threads,
        [&](size_t i) { return bakeFile(inputs.files[i], requests[i]); },
        [&](const BakeReport& report) {
            if (!json)
                printReport(shown(report));
        });

    size_t failed = 0, skipped = 0;
    for (const auto& report : reports) {
        failed += report.ok ? 0 : 1;
        skipped += report.skipped.empty() ? 0 : 1;
    }
    const size_t baked = reports.size() - failed - skipped;
    const int status = failed ? ExitUnreadable : ExitOk;
    if (json) {
        nlohmann::ordered_json files = nlohmann::ordered_json::array();
        for (const auto& report : reports)
            files.push_back(reportJson(shown(report)));
        const nlohmann::ordered_json summary = {{"files", files},
                                                {"summary",
                                                 {{"files", reports.size()},
                                                  {"baked", baked},
                                                  {"skipped", skipped},
                                                  {"failed", failed},
                                                  {"exitStatus", status}}}};
        std::printf("%s\n", summary.dump(2).c_str());
    } else if (!request.out.isEmpty()) {
        std::printf("%zu %s: %zu baked, ", reports.size(), reports.size() == 1 ? "file" : "files",
                    baked);
        if (skipped)
            std::printf("%zu skipped, ", skipped);
        std::printf("%zu failed\n", failed);
    }
    return status;
}

} // namespace bonescope::cli
