#include "SidecarState.h"

#include "cli/SaveBytes.h"

#include "io/JsonPointer.h"
#include "io/SidecarReader.h"
#include "io/SidecarWriter.h"
#include "script/BlendScriptReader.h"
#include "script/BlendScriptWriter.h"

#include <QFileInfo>
#include <QObject>

#include <string>
#include <string_view>

namespace bonescope::app {

namespace {
constexpr std::string_view kScriptsFragment = "#/scripts/";

// What a saved script holds (not where it was read from).
bool sameScript(const core::BlendScript& a, const core::BlendScript& b)
{
    return a.armature == b.armature && a.updates == b.updates && a.calls == b.calls &&
           a.layers.has_value() == b.layers.has_value() &&
           (!a.layers || core::blendScriptJson(a) == core::blendScriptJson(b));
}
} // namespace

void SidecarState::load(const QString& exportPath, std::vector<core::LoadError>& warnings)
{
    clear();
    const std::string path = core::sidecarPathFor(exportPath.toStdString());
    if (!QFileInfo::exists(QString::fromStdString(path)))
        return;
    auto sidecar = core::readSidecar(path);
    if (sidecar) {
        m_sidecar = std::move(sidecar.value());
    } else {
        m_unreadable = true;
        warnings.push_back(sidecar.error());
    }
}

void SidecarState::placeScriptProblem(core::LoadError& problem)
{
    const size_t fragment = problem.file.rfind(kScriptsFragment);
    if (fragment == std::string::npos)
        return;
    const std::string scriptPointer = problem.file.substr(fragment + 1);
    problem.file.resize(fragment);
    // "/" is a script reader's whole-script place.
    problem.jsonPointer = problem.jsonPointer == "/" ? scriptPointer
                                                     : scriptPointer + problem.jsonPointer;
    problem.line = 0; // a line of the copy, not of the file
    core::placeInItsFile(problem);
}

std::optional<core::BlendScript> SidecarState::takeScript(const QString& exportPath,
                                                          const std::string& armature,
                                                          std::vector<core::LoadError>& warnings)
{
    const std::string path = core::sidecarPathFor(exportPath.toStdString());
    for (size_t i = 0; i < m_sidecar.scripts.size(); ++i) {
        auto script = core::parseBlendScript(m_sidecar.scripts[i],
                                             path + std::string(kScriptsFragment) +
                                                 std::to_string(i));
        if (!script) {
            placeScriptProblem(script.error());
            warnings.push_back(script.error());
            continue;
        }
        if (!script->armature.empty() && script->armature != armature)
            continue;
        script->armature = armature;
        m_scriptIndex = int(i);
        m_savedScript = script.value();
        return std::move(script.value());
    }
    return std::nullopt;
}

bool SidecarState::isUnsaved(const core::BlendScript* recording) const
{
    return recording && (!m_savedScript || !sameScript(*m_savedScript, *recording));
}

bool SidecarState::write(const QString& exportPath, const core::TransitionTable& transitions,
                         const core::LayerSetup& layers, const core::BlendScript* recording,
                         QString* error)
{
    const QString path = QString::fromStdString(core::sidecarPathFor(exportPath.toStdString()));
    core::Sidecar sidecar = m_sidecar;
    sidecar.transitions = transitions;
    int scriptIndex = m_scriptIndex;
    if (recording) {
        std::string text = core::blendScriptJson(*recording);
        if (scriptIndex < 0) {
            scriptIndex = int(sidecar.scripts.size());
            sidecar.scripts.push_back(std::move(text));
        } else {
            sidecar.scripts[size_t(scriptIndex)] = std::move(text);
        }
    }
    // A setup without layers is no setup (a layer-setup file holds at least one layer).
    sidecar.layers = layers.layers.empty() ? std::nullopt : std::optional<core::LayerSetup>(layers);
    // No sidecar yet and nothing to keep in one: none is written.
    if (!QFileInfo::exists(path) && sidecar.transitions == core::TransitionTable{} &&
        !sidecar.layers && sidecar.view == core::ViewChoices{} && sidecar.scripts.empty())
        return true;
    if (m_unreadable) {
        if (error)
            *error = QObject::tr("%1 could not be read when the file was opened; it was left as "
                                 "it is")
                         .arg(path);
        return false;
    }
    const std::string text = core::writeSidecar(sidecar);
    QString reason;
    if (!cli::saveBytes(path, text, &reason)) {
        if (error)
            *error = QObject::tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    m_sidecar = std::move(sidecar);
    m_scriptIndex = scriptIndex;
    if (recording)
        m_savedScript = *recording;
    return true;
}

} // namespace bonescope::app
