#include "cli/BakeCommand.h"

#include "cli/BlendBakeCommand.h"
#include "cli/CliCommand.h"
#include "cli/ScriptBakeCommand.h"

#include "bake/BakeRunner.h"
#include "bake/BakeWriter.h"
#include "bake/BlendScenario.h"
#include "io/ExportLoader.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace bonescope::cli {

namespace {

struct BakeOptions {
    QString file;
    QString armature;
    QString scenario;
    QString format = QStringLiteral("csv");
    QString out;
    QString index;
    QString transitions;
    QString script; ///< a blend script: the scenario and format do not apply
    QString frames;
    QString trace;
};

int usage(const char* problem)
{
    std::fprintf(stderr,
                 "bonescope-cli bake: %s\n"
                 "usage: bonescope-cli bake FILE --armature NAME --scenario S [--format csv|json]"
                 " [--out PATH] [--index INDEX.csv] [--transitions SIDECAR.json]\n"
                 "       bonescope-cli bake FILE --script S.json [--frames LIST] [--trace BONE,...]"
                 " [--out PATH]\n"
                 "  S: play:MOV cross:A:B:K:D speed:MOV:S names:A+B:D:L goto:MOV:F\n"
                 "     gotoPause:MOV:F pause:MOV:K:P speedAt:MOV:K:S, or all (needs --out FOLDER)\n"
                 "     blend:A:B:MODE:SEC:AT chain:A:B:MODE:SEC:AT:C:AT2 layers:SETUP.json\n"
                 "     trigger:A:B:AT (the transition A -> B of --transitions, default the\n"
                 "     sidecar FILE.bonescope.json beside FILE)\n"
                 "     flipbook:NAME[:reverse] (MODE switch|while|then|to; a .state.csv beside)\n",
                 problem);
    return ExitUnreadable;
}

bool parseOptions(const QStringList& arguments, BakeOptions& options, const char*& problem)
{
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        QString* target = nullptr;
        if (argument == QLatin1String("--armature"))
            target = &options.armature;
        else if (argument == QLatin1String("--scenario"))
            target = &options.scenario;
        else if (argument == QLatin1String("--format"))
            target = &options.format;
        else if (argument == QLatin1String("--out"))
            target = &options.out;
        else if (argument == QLatin1String("--index"))
            target = &options.index;
        else if (argument == QLatin1String("--transitions"))
            target = &options.transitions;
        else if (argument == QLatin1String("--script"))
            target = &options.script;
        else if (argument == QLatin1String("--frames"))
            target = &options.frames;
        else if (argument == QLatin1String("--trace"))
            target = &options.trace;
        if (target) {
            if (i + 1 >= arguments.size()) {
                problem = "an option is missing its value";
                return false;
            }
            *target = arguments[++i];
        } else if (argument.startsWith(QLatin1String("--")) || !options.file.isEmpty()) {
            problem = "unknown argument";
            return false;
        } else {
            options.file = argument;
        }
    }
    if (options.file.isEmpty() || options.scenario.isEmpty() == options.script.isEmpty()) {
        problem = "FILE and one of --scenario or --script are required";
        return false;
    }
    if (options.script.isEmpty() && !(options.frames.isEmpty() && options.trace.isEmpty())) {
        problem = "--frames and --trace apply to --script";
        return false;
    }
    if (!options.script.isEmpty() && (options.format != QLatin1String("csv") ||
                                      !options.armature.isEmpty() || !options.index.isEmpty())) {
        problem = "--script writes CSV and names its armature itself";
        return false;
    }
    if (options.format != QLatin1String("csv") && options.format != QLatin1String("json")) {
        problem = "--format must be csv or json";
        return false;
    }
    return true;
}

// Scenarios of an index.csv (golden/README.md layout) for this file and armature.
std::vector<core::Scenario> indexScenarios(const QString& indexPath, const QString& file,
                                           const std::string& armature)
{
    std::vector<core::Scenario> list;
    std::ifstream in(indexPath.toStdString());
    const std::string fileName = QFileInfo(file).fileName().toStdString();
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::stringstream row(line);
        std::string rowFile, rowArmature, scenario;
        std::getline(row, rowFile, ',');
        std::getline(row, rowArmature, ',');
        std::getline(row, scenario, ',');
        if (rowFile == fileName && rowArmature == armature)
            if (auto parsed = core::Scenario::parse(scenario))
                list.push_back(std::move(*parsed));
    }
    return list;
}

bool writeBake(const core::BakeResult& bake, const BakeOptions& options, const QString& outPath)
{
    const bool json = options.format == QLatin1String("json");
    if (outPath.isEmpty()) {
        json ? core::writeBakeJson(bake, std::cout) : core::writeBakeCsv(bake, std::cout);
        return static_cast<bool>(std::cout);
    }
    std::ofstream out(outPath.toStdString(), std::ios::binary);
    json ? core::writeBakeJson(bake, out) : core::writeBakeCsv(bake, out);
    if (!json) {
        std::ofstream events(core::eventsPathFor(outPath.toStdString()), std::ios::binary);
        core::writeBakeEventsCsv(bake, events);
        if (!events)
            return false;
    }
    return static_cast<bool>(out);
}

} // namespace

int runBake(const QStringList& arguments)
{
    BakeOptions options;
    const char* problem = nullptr;
    if (!parseOptions(arguments, options, problem))
        return usage(problem);
    if (!options.script.isEmpty())
        return runScriptBake(options.file, options.script, options.frames, options.trace,
                             options.out);
    if (core::BlendScenario::handles(options.scenario.toStdString()))
        return runBlendBake(options.file, options.armature, options.scenario, options.format,
                            options.out, options.transitions);

    const auto skeleton = core::readSkeletonFile(options.file.toStdString());
    if (!skeleton) {
        std::fprintf(stderr, "error: %s\n", skeleton.error().toString().c_str());
        return ExitUnreadable;
    }
    if (skeleton->armatures.empty())
        return usage("the file has no armature");
    const std::string armature = options.armature.isEmpty() ? skeleton->armatures.front().name
                                                            : options.armature.toStdString();

    std::vector<core::Scenario> scenarios;
    const bool all = options.scenario == QLatin1String("all");
    if (all) {
        if (options.out.isEmpty())
            return usage("--scenario all needs --out FOLDER");
        scenarios = options.index.isEmpty() ? core::standardScenarios(skeleton.value(), armature)
                                            : indexScenarios(options.index, options.file, armature);
        if (scenarios.empty())
            return usage("no scenario to bake for this armature");
        if (!QDir().mkpath(options.out))
            return usage("cannot create the --out folder");
    } else {
        std::string error;
        auto scenario = core::Scenario::parse(options.scenario.toStdString(), &error);
        if (!scenario) {
            std::fprintf(stderr, "error: %s\n", error.c_str());
            return ExitUnreadable;
        }
        scenarios.push_back(std::move(*scenario));
    }

    for (const auto& scenario : scenarios) {
        const auto bake = core::runBake(skeleton.value(), armature, scenario);
        if (!bake) {
            std::fprintf(stderr, "error: %s\n", bake.error().message.c_str());
            return ExitUnreadable;
        }
        QString outPath = options.out;
        if (all) {
            QString name = QString::fromStdString(core::goldenFileName(armature, scenario));
            if (options.format == QLatin1String("json"))
                name.replace(name.size() - 4, 4, QStringLiteral(".json"));
            outPath = QDir(options.out).filePath(name);
        }
        if (!writeBake(bake.value(), options, outPath)) {
            std::fprintf(stderr, "error: cannot write %s\n", qPrintable(outPath));
            return ExitUnreadable;
        }
    }
    return ExitOk;
}

} // namespace bonescope::cli
