#include "cli/BakeJob.h"

#include "bake/WorkLimits.h"
#include "cli/BlendBakeJob.h"
#include "cli/NameLookup.h"
#include "cli/OutputPath.h"

#include "bake/BakeRunner.h"
#include "bake/BakeWriter.h"
#include "bake/BlendScenario.h"
#include "io/ExportLoader.h"
#include "io/FileBytes.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <sstream>

namespace bonescope::cli {

namespace {

/// Scenarios of an index.csv (golden/README.md layout: file,armature,scenario,...) for this
/// file and armature; a row naming them whose scenario does not parse is an error with its line.
core::Result<std::vector<core::Scenario>>
indexScenarios(const QString& indexPath, const QString& file, const std::string& armature)
{
    const std::string path = indexPath.toStdString();
    const auto bytes = core::readFileBytes(path);
    if (!bytes)
        return bytes.error();
    std::vector<core::Scenario> list;
    std::istringstream in(bytes.value());
    const std::string fileName = QFileInfo(file).fileName().toStdString();
    std::string line;
    std::getline(in, line); // the header
    for (int lineNumber = 2; std::getline(in, line); ++lineNumber) {
        std::stringstream row(line);
        std::string rowFile, rowArmature, scenario;
        std::getline(row, rowFile, ',');
        std::getline(row, rowArmature, ',');
        std::getline(row, scenario, ',');
        if (rowFile != fileName || rowArmature != armature)
            continue;
        std::string error;
        auto parsed = core::Scenario::parse(scenario, &error);
        if (!parsed)
            return core::LoadError{path, lineNumber, {}, error};
        list.push_back(std::move(*parsed));
    }
    return list;
}

/// The golden scenarios of a request on one file: checked, then baked and written.
std::string bakeGolden(const InputFile& input, const BakeRequest& request, OutputFiles& files,
                       BakeReport& report)
{
    const auto skeleton = core::readSkeletonFile(input.path.toStdString());
    if (!skeleton) {
        if (input.path.endsWith(QLatin1String(".plist"), Qt::CaseInsensitive))
            return skeleton.error().toString() +
                   "; an AnimationCache animation bakes with --scenario flipbook:NAME";
        return skeleton.error().toString();
    }
    const auto armature =
        resolveArmature(skeleton.value(), request.armature.toStdString(), input.path.toStdString());
    if (!armature)
        return armature.error().toString();

    std::vector<core::Scenario> scenarios;
    if (request.scenario == QLatin1String("all")) {
        if (request.index.isEmpty())
            scenarios = core::standardScenarios(skeleton.value(), armature.value());
        else if (auto listed = indexScenarios(request.index, input.path, armature.value()))
            scenarios = std::move(listed.value());
        else
            return listed.error().toString();
        if (scenarios.empty()) {
            const std::string why = "no scenario to bake for armature \"" + armature.value() + "\"";
            if (!input.found)
                return why;
            report.skipped = why;
            return {};
        }
    } else {
        std::string error;
        auto scenario = core::Scenario::parse(request.scenario.toStdString(), &error);
        if (!scenario)
            return error;
        scenarios.push_back(std::move(*scenario));
    }

    // Every name, limit and output path before the first update.
    std::vector<QString> paths;
    for (const auto& scenario : scenarios) {
        if (auto problem =
                unknownMovementProblem(skeleton.value(), armature.value(), scenario.movements);
            !problem.empty())
            return problem;
        if (auto problem = core::scenarioLimitProblem(skeleton.value(), armature.value(), scenario);
            !problem.empty())
            return problem;
        QString path = request.out;
        if (request.intoFolder) {
            QString name = QString::fromStdString(core::goldenFileName(armature.value(), scenario));
            if (request.json)
                name.replace(name.size() - 4, 4, QStringLiteral(".json"));
            path = QDir(request.out).filePath(name);
        }
        if (!files.check(path) ||
            (!request.json && !files.check(besidePath(path, core::eventsPathFor))))
            return files.error();
        paths.push_back(path);
    }

    for (size_t i = 0; i < scenarios.size(); ++i) {
        const auto bake = core::runBake(skeleton.value(), armature.value(), scenarios[i]);
        if (!bake)
            return bake.error().toString();
        const QString& path = paths[i];
        const bool written =
            request.json
                ? files.write(path, [&](std::ostream& s) { core::writeBakeJson(bake.value(), s); })
                : files.write(path, [&](std::ostream& s) { core::writeBakeCsv(bake.value(), s); });
        if (!written)
            return files.error();
        if (!request.json && !path.isEmpty() &&
            !files.write(besidePath(path, core::eventsPathFor),
                         [&](std::ostream& s) { core::writeBakeEventsCsv(bake.value(), s); }))
            return files.error();
        report.outputs.push_back({scenarios[i].text, path, bake->frameCount,
                                  static_cast<long long>(bake->poses.size())});
    }
    return {};
}

} // namespace

BakeReport bakeFile(const InputFile& input, const BakeRequest& request)
{
    QElapsedTimer timer;
    timer.start();
    BakeReport report;
    report.input = input;
    QStringList inputs{input.path};
    const std::string scenarioText = request.scenario.toStdString();
    const bool blend = core::BlendScenario::handles(scenarioText);
    if (const auto parsed = blend ? core::BlendScenario::parse(scenarioText) : std::nullopt;
        parsed && parsed->kind == core::BlendScenario::Kind::Layers)
        inputs << QString::fromStdString(parsed->setupPath); // the setup file is an input too
    const bool createFolder = request.intoFolder && !QFileInfo(request.out).isDir();
    if (createFolder && !QDir().mkpath(request.out)) {
        report.error = "cannot create the folder " + request.out.toStdString();
        return report;
    }
    {
        OutputFiles files(inputs); // nothing reaches its path before commit()
        const bool everyFlipbook = request.scenario == QLatin1String("all") &&
                                   !core::armatureFormatOf(input.path.toStdString());
        report.error = blend           ? bakeBlend(input, request, files, report)
                       : everyFlipbook ? bakeEveryFlipbook(input, request, files, report)
                                       : bakeGolden(input, request, files, report);
        if (report.error.empty() && !files.commit())
            report.error = files.error();
        report.ok = report.error.empty();
        if (!report.ok)
            report.outputs.clear();
    }
    if (report.outputs.empty() && createFolder)
        QDir().rmdir(request.out);
    report.seconds = double(timer.nsecsElapsed()) * 1e-9;
    return report;
}

} // namespace bonescope::cli
