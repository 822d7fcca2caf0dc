#include "LayerSetupSession.h"

#include "Document.h"
#include "commands/ChangeLayerSetup.h"

#include "base/FrameRate.h"
#include "io/JsonPointer.h"
#include "io/SidecarReader.h"
#include "runtime/LayerSetupPlayback.h"

#include <cmath>

namespace bonescope::app {

LayerSetupSession::LayerSetupSession(Document& document) : m_document(document)
{
}

LayerSetupSession::~LayerSetupSession() = default;

void LayerSetupSession::setLayerSetup(const core::LayerSetup& setup, const QString& mergeKey)
{
    RecordingSession& recorder = *m_document.recorder();
    QUndoStack& undoStack = *m_document.undoStack();
    std::optional<core::BlendScript> recorded = recorder.withWeightCall(m_setup, setup);
    if (!recorded) {
        undoStack.push(new ChangeLayerSetup(this, setup, mergeKey));
        return;
    }
    undoStack.beginMacro(tr("Record Layer Weight"));
    undoStack.push(new ChangeLayerSetup(this, setup, {}));
    recorder.changeBlendScript(std::move(recorded), tr("Record Layer Weight"));
    undoStack.endMacro();
}

void LayerSetupSession::applyLayerSetup(const core::LayerSetup& setup)
{
    play(setup, m_document.displayName().toStdString());
    emit layerSetupChanged();
}

void LayerSetupSession::replayEditedMovements()
{
    play(m_setup, m_document.displayName().toStdString());
}

void LayerSetupSession::openSaved(const core::LayerSetup& setup, const QString& exportPath)
{
    m_saved = setup;
    m_savedProblem = play(setup, core::sidecarPathFor(exportPath.toStdString()));
    if (m_savedProblem) {
        // The setup is the sidecar's "layers" member.
        m_savedProblem->jsonPointer = "/layers" + m_savedProblem->jsonPointer;
        core::placeInItsFile(*m_savedProblem);
    }
}

void LayerSetupSession::markSaved(const QString& exportPath)
{
    if (m_playback || m_setup.layers.empty()) {
        // It plays (or there is none): nothing to place, and the stack plays on undisturbed.
        m_saved = m_setup;
        m_savedProblem.reset();
    } else {
        openSaved(m_setup, exportPath); // placed in the sidecar as written
    }
    emit savedSetupProblemChanged();
}

std::optional<core::LoadError> LayerSetupSession::savedSetupProblem() const
{
    return m_savedProblem && m_setup == m_saved ? m_savedProblem : std::nullopt;
}

QString LayerSetupSession::layerSetupError() const
{
    // The saved setup's problem names its place in the sidecar; an edit's names the export.
    if (const auto saved = savedSetupProblem())
        return QString::fromStdString(saved->toString());
    return m_error;
}

std::optional<core::LoadError> LayerSetupSession::play(const core::LayerSetup& setup,
                                                       const std::string& fileName)
{
    const double seconds =
        m_playback ? m_playback->timeSeconds() : core::framesToSeconds(m_document.currentFrame());
    const core::LoadedExport* loaded = m_document.loaded();
    const core::ArmatureData* armature = m_document.armature();
    m_setup = setup;
    m_playback.reset();
    m_error.clear();
    if (!loaded || !armature || setup.layers.empty())
        return std::nullopt;
    auto playback = core::LayerSetupPlayback::create(loaded->skeleton, *armature, setup, fileName);
    if (!playback) {
        m_error = QString::fromStdString(playback.error().toString());
        return std::move(playback.error());
    }
    m_playback = std::move(playback.value());
    m_playback->seek(seconds);
    return std::nullopt;
}

void LayerSetupSession::clear()
{
    m_playback.reset();
    m_setup = core::LayerSetup{};
    m_error.clear();
    m_saved = core::LayerSetup{};
    m_savedProblem.reset();
}

std::vector<float> LayerSetupSession::layerWeightSums() const
{
    const core::ArmatureData* armature = m_document.armature();
    return m_playback ? m_playback->weightSums()
                      : std::vector<float>(armature ? armature->bones.size() : 0, 0.f);
}

std::vector<core::BoneContribution> LayerSetupSession::boneTrace() const
{
    if (!m_playback)
        return {};
    const QList<int> selected = m_document.selection()->selectedBones();
    const int update = int(std::lround(core::secondsToFrames(m_playback->timeSeconds())));
    return m_playback->trace(std::vector<int>(selected.begin(), selected.end()), update);
}

void LayerSetupSession::update(double seconds)
{
    m_playback->update(seconds);
}

void LayerSetupSession::seek(double seconds)
{
    m_playback->seek(seconds);
}

const core::Pose& LayerSetupSession::pose() const
{
    return m_playback->pose();
}

} // namespace bonescope::app
