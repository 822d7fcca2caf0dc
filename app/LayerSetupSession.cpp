#include "LayerSetupSession.h"

#include "Document.h"
#include "commands/ChangeLayerSetup.h"

#include "base/FrameRate.h"
#include "runtime/LayerSetupPlayback.h"

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
    const double seconds =
        m_playback ? m_playback->timeSeconds() : core::framesToSeconds(m_document.currentFrame());
    const core::LoadedExport* loaded = m_document.loaded();
    const core::ArmatureData* armature = m_document.armature();
    m_setup = setup;
    m_playback.reset();
    m_error.clear();
    if (loaded && armature && !setup.layers.empty()) {
        auto playback = core::LayerSetupPlayback::create(loaded->skeleton, *armature, setup,
                                                         m_document.displayName().toStdString());
        if (playback) {
            m_playback = std::move(playback.value());
            m_playback->seek(seconds);
        } else {
            const std::string message = playback.error().toString();
            m_error = QString::fromUtf8(message.data(), qsizetype(message.size()));
        }
    }
    emit layerSetupChanged();
}

void LayerSetupSession::clear()
{
    m_playback.reset();
    m_setup = core::LayerSetup{};
    m_error.clear();
}

std::vector<float> LayerSetupSession::layerWeightSums() const
{
    const core::ArmatureData* armature = m_document.armature();
    return m_playback ? m_playback->weightSums()
                      : std::vector<float>(armature ? armature->bones.size() : 0, 0.f);
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
