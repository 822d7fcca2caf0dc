#include "RecordingSession.h"

#include "Document.h"
#include "cli/SaveBytes.h"
#include "commands/ChangeBlendScript.h"

#include "base/FrameRate.h"
#include "io/JsonPointer.h"
#include "script/BlendScriptReader.h"
#include "script/BlendScriptWriter.h"
#include "script/ScriptBake.h"

#include <algorithm>
#include <cmath>

namespace bonescope::app {

RecordingSession::RecordingSession(Document& document) : m_document(document)
{
}

void RecordingSession::setRecording(bool recording)
{
    if (recording == isRecording())
        return;
    if (!recording) {
        // Undoable: the script stopped is not lost (Undo brings it back; save() still writes it).
        m_document.undoStack()->push(
            new ChangeBlendScript(this, std::nullopt, tr("Stop Recording")));
        return;
    }
    const core::ArmatureData* armature = m_document.armature();
    const int movement = m_document.currentMovement();
    if (!armature || movement < 0)
        return;
    const LayerSetupSession& layers = *m_document.layers();
    m_recording = BlendRecording::start(m_document.loaded()->skeleton, armature->name,
                                        m_document.movementNames().value(movement).toStdString(),
                                        m_document.effectiveLoop(movement),
                                        std::max(1, int(std::lround(m_document.currentFrame()))),
                                        layers.isLive() ? &layers.layerSetup() : nullptr);
    if (m_recording)
        announceScript(false);
}

void RecordingSession::openSaved(SidecarState& sidecar, const QString& exportPath,
                                 std::vector<core::LoadError>& warnings)
{
    auto script = sidecar.takeScript(exportPath, m_document.armature()->name, warnings);
    if (!script)
        return;
    auto opened = BlendRecording::open(m_document.loaded()->skeleton, std::move(*script));
    if (opened) {
        m_recording = std::move(opened.value());
    } else {
        SidecarState::placeScriptProblem(opened.error());
        warnings.push_back(opened.error());
    }
}

void RecordingSession::announceOpened(bool wasRecording)
{
    if (wasRecording != isRecording())
        emit recordingChanged(isRecording());
    if (isRecording())
        emit blendScriptChanged();
}

bool RecordingSession::open(const QString& path, QString* error)
{
    const core::LoadedExport* loaded = m_document.loaded();
    const core::ArmatureData* armature = m_document.armature();
    if (!loaded || !armature) {
        if (error)
            *error = tr("A blend script plays on an armature: open one first");
        return false;
    }
    auto script = core::readBlendScript(path.toStdString());
    if (!script) {
        if (error)
            *error = QString::fromStdString(script.error().toString());
        return false;
    }
    if (script->armature.empty())
        script->armature = armature->name;
    auto opened = BlendRecording::open(loaded->skeleton, std::move(script.value()));
    if (!opened) {
        core::placeInItsFile(opened.error()); // a call naming a movement the armature lacks
        if (error)
            *error = QString::fromStdString(opened.error().toString());
        return false;
    }
    const bool wasRecording = isRecording();
    m_recording = std::move(opened.value());
    // Opening a script is not an edit of the export: the recorded-call history ends here.
    m_document.undoStack()->clear();
    announceScript(wasRecording);
    return true;
}

bool RecordingSession::save(const QString& path, QString* error) const
{
    const core::BlendScript* script = keptScript();
    if (!script) {
        if (error)
            *error = tr("Nothing is recorded");
        return false;
    }
    return cli::saveBytes(path, core::blendScriptJson(*script), error);
}

void RecordingSession::recordCrossfade(const core::Crossfade& transition)
{
    core::ScriptCall call;
    call.kind = core::ScriptCall::Kind::Crossfade;
    call.movement = m_document.movementNames().value(transition.target).toStdString();
    call.loop = m_document.effectiveLoop(transition.target) ? 1 : 0;
    call.mode = transition.type;
    if (call.mode == core::TransitionKind::DurationTo)
        call.frames = transition.durationFrames;
    else
        call.seconds = core::framesToSeconds(transition.durationFrames);
    changeBlendScript(m_recording->withCall(std::move(call)), tr("Record Crossfade"));
    m_document.setPlaying(true);
}

void RecordingSession::changeBlendScript(std::optional<core::BlendScript> script,
                                         const QString& text)
{
    if (!script || script->calls == blendScript()->calls ||
        !core::ScriptRunner::create(m_document.loaded()->skeleton, *script))
        return;
    m_document.undoStack()->push(new ChangeBlendScript(this, std::move(*script), text));
}

void RecordingSession::applyBlendScript(std::optional<core::BlendScript>& script, int& update)
{
    const bool wasRecording = isRecording();
    std::optional<core::BlendScript> previous;
    if (m_recording)
        previous = m_recording->script();
    if (!script) {
        if (!m_recording)
            return;
        update = m_recording->update();
        m_recording.reset();
        m_stopped = previous;
        script = std::move(previous);
        emit recordingChanged(false);
        return;
    }
    if (m_recording) {
        if (!m_recording->setScript(*script))
            return;
    } else {
        auto opened = BlendRecording::open(m_document.loaded()->skeleton, *script);
        if (!opened)
            return;
        m_recording = std::move(opened.value());
        m_recording->seek(update);
    }
    script = std::move(previous);
    announceScript(wasRecording);
}

void RecordingSession::replayEditedMovements()
{
    if (m_recording && !m_recording->replayEditedMovements()) {
        m_stopped = m_recording->script();
        m_recording.reset();
    }
}

void RecordingSession::announceScript(bool wasRecording)
{
    traceSelection();
    if (!wasRecording)
        emit recordingChanged(true);
    emit blendScriptChanged();
}

void RecordingSession::moveRecordedCall(int index, int at)
{
    if (m_recording)
        changeBlendScript(m_recording->withCallAt(index, at), tr("Move Call"));
}

void RecordingSession::changeRecordedCall(int index, const core::ScriptCall& call)
{
    if (m_recording)
        changeBlendScript(m_recording->withCallChanged(index, call), tr("Change Call"));
}

void RecordingSession::removeRecordedCall(int index)
{
    if (m_recording)
        changeBlendScript(m_recording->withoutCall(index), tr("Delete Call"));
}

const core::BlendScript* RecordingSession::blendScript() const
{
    return m_recording ? &m_recording->script() : nullptr;
}

std::optional<core::BlendScript>
RecordingSession::withWeightCall(const core::LayerSetup& setup,
                                 const core::LayerSetup& edited) const
{
    if (!m_recording || !m_recording->script().layers ||
        setup.layers.size() != edited.layers.size())
        return std::nullopt;
    int changed = -1;
    for (size_t i = 0; i < setup.layers.size(); ++i) {
        core::LayerSetupLayer layer = setup.layers[i];
        layer.weight = edited.layers[i].weight;
        if (!(layer == edited.layers[i]) ||
            (layer.weight != setup.layers[i].weight && changed >= 0))
            return std::nullopt;
        if (layer.weight != setup.layers[i].weight)
            changed = int(i);
    }
    if (changed < 0)
        return std::nullopt;
    core::ScriptCall call;
    call.kind = core::ScriptCall::Kind::LayerWeight;
    call.layer = edited.layers[size_t(changed)].name;
    call.weight = edited.layers[size_t(changed)].weight;
    call.seconds = 0.0;
    return m_recording->withCall(std::move(call));
}

void RecordingSession::traceSelection()
{
    const QList<int> bones = m_document.selection()->selectedBones();
    m_recording->runner().setTracedBones(std::vector<int>(bones.begin(), bones.end()));
    // Computed with the update: show this one again to trace it.
    m_recording->seek(m_recording->update());
}

QList<widgets::TimelineMark> RecordingSession::recordedCalls() const
{
    QList<widgets::TimelineMark> marks;
    if (!m_recording)
        return marks;
    for (const core::ScriptCall& call : m_recording->script().calls) {
        if (call.kind == core::ScriptCall::Kind::LayerWeight) {
            marks.append({double(call.at), tr("%1 · weight %2")
                                               .arg(QString::fromStdString(call.layer))
                                               .arg(call.weight, 0, 'f', 2)});
            continue;
        }
        QString label = QString::fromStdString(call.movement);
        if (call.kind == core::ScriptCall::Kind::Crossfade && call.at > 0) {
            const QLatin1String mode(core::transitionKindName(call.mode));
            if (call.mode == core::TransitionKind::DurationTo)
                label += tr(" · to %1 f").arg(call.frames);
            else if (!core::transitionLasts(call.mode)) // a switch has no length
                label += tr(" · %1").arg(mode);
            else
                label += tr(" · %1 %2 s").arg(mode).arg(call.seconds, 0, 'f', 2);
        }
        marks.append({double(call.at), label});
    }
    return marks;
}

QList<widgets::TimelineMark> RecordingSession::recordedBlends() const
{
    QList<widgets::TimelineMark> marks;
    if (!m_recording)
        return marks;
    for (const BlendRecording::BlendSpan& span : m_recording->blendSpans())
        marks.append({double(span.firstUpdate), span.target.empty()
                                                    ? QString::fromStdString(span.source)
                                                    : QString::fromStdString(span.source) +
                                                          QStringLiteral(" → ") +
                                                          QString::fromStdString(span.target)});
    return marks;
}

const std::vector<core::CrossfadeWeights>& RecordingSession::recordedWeights() const
{
    static const std::vector<core::CrossfadeWeights> none;
    return m_recording ? m_recording->weights() : none;
}

double RecordingSession::crossfadeElapsed() const
{
    if (!m_recording)
        return -1.0;
    // The last crossfade recorded before the update on screen, wherever the user scrubbed to.
    const int update = m_recording->update();
    double elapsed = -1.0;
    for (const core::ScriptCall& call : m_recording->script().calls)
        if (call.kind == core::ScriptCall::Kind::Crossfade && call.at > 0 && call.at < update)
            elapsed = update - call.at;
    return elapsed;
}

core::CrossfadeWeights RecordingSession::crossfadeWeights() const
{
    if (!m_recording)
        return {};
    const core::BlendStateRow& state = m_recording->runner().state();
    return {state.sourceWeight, state.targetWeight};
}

std::vector<core::BoneContribution> RecordingSession::boneTrace() const
{
    return m_recording ? m_recording->runner().trace() : std::vector<core::BoneContribution>{};
}

core::Result<core::BakeResult> RecordingSession::bakeRecording() const
{
    if (!m_recording)
        return core::LoadError{{}, 0, {}, "no blend script is recorded"};
    auto baked = core::bakeScript(m_recording->skeleton(), m_recording->script());
    if (!baked)
        return baked.error();
    return std::move(baked->poses);
}

std::vector<core::BoneContribution> RecordingSession::recordingTrace() const
{
    const QList<int> bones = m_document.selection()->selectedBones();
    if (!m_recording || bones.isEmpty())
        return {};
    const std::vector<std::string>& names = m_recording->runner().boneNames();
    std::vector<std::string> traced;
    for (int bone : bones)
        if (bone >= 0 && bone < int(names.size()))
            traced.push_back(names[size_t(bone)]);
    auto bake = core::bakeScript(m_recording->skeleton(), m_recording->script(), {}, traced);
    return bake ? std::move(bake->trace) : std::vector<core::BoneContribution>{};
}

} // namespace bonescope::app
