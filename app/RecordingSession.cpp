#include "RecordingSession.h"

#include "base/FrameRate.h"
#include "script/BlendScriptReader.h"
#include "script/BlendScriptWriter.h"
#include "script/ScriptBake.h"

#include <QSaveFile>

namespace bonescope::app {

bool RecordingSession::start(const core::SkeletonData& skeleton, const std::string& armature,
                             const std::string& movement, bool loop, int frame,
                             const core::LayerSetup* layers)
{
    m_recording = BlendRecording::start(skeleton, armature, movement, loop, frame, layers);
    return m_recording != nullptr;
}

void RecordingSession::openSaved(SidecarState& sidecar, const QString& exportPath,
                                 const core::SkeletonData& skeleton, const std::string& armature,
                                 std::vector<core::LoadError>& warnings)
{
    auto script = sidecar.takeScript(exportPath, armature, warnings);
    if (!script)
        return;
    auto opened = BlendRecording::open(skeleton, std::move(*script));
    if (opened)
        m_recording = std::move(opened.value());
    else
        warnings.push_back(opened.error());
}

bool RecordingSession::open(const core::SkeletonData* skeleton, const core::ArmatureData* armature,
                            const QString& path, QString* error)
{
    if (!skeleton || !armature) {
        if (error)
            *error = QObject::tr("A blend script plays on an armature: open one first");
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
    auto opened = BlendRecording::open(*skeleton, std::move(script.value()));
    if (!opened) {
        if (error)
            *error = QString::fromStdString(opened.error().toString());
        return false;
    }
    m_recording = std::move(opened.value());
    return true;
}

bool RecordingSession::save(const QString& path, QString* error) const
{
    if (!m_recording) {
        if (error)
            *error = QObject::tr("Nothing is recorded");
        return false;
    }
    QSaveFile file(path);
    const std::string text = core::blendScriptJson(m_recording->script());
    if (file.open(QIODevice::WriteOnly) && file.write(text.data(), qint64(text.size())) >= 0 &&
        file.commit())
        return true;
    if (error)
        *error = file.errorString();
    return false;
}

bool RecordingSession::swapScript(const core::SkeletonData& skeleton, core::BlendScript& script)
{
    core::BlendScript previous;
    if (m_recording) {
        previous = m_recording->script();
        if (!m_recording->setScript(script))
            return false;
    } else {
        auto opened = BlendRecording::open(skeleton, script);
        if (!opened)
            return false;
        m_recording = std::move(opened.value());
    }
    script = std::move(previous);
    return true;
}

core::BlendScript RecordingSession::withCrossfade(const std::string& movement, bool loop,
                                                  const core::Crossfade& transition) const
{
    core::ScriptCall call;
    call.kind = core::ScriptCall::Kind::Crossfade;
    call.movement = movement;
    call.loop = loop ? 1 : 0;
    call.mode = transition.type;
    if (call.mode == core::TransitionKind::DurationTo)
        call.frames = transition.durationFrames;
    else
        call.seconds = core::framesToSeconds(transition.durationFrames);
    return m_recording->withCall(std::move(call));
}

std::optional<core::BlendScript> RecordingSession::withCallAt(int index, int at) const
{
    return m_recording ? std::optional(m_recording->withCallAt(index, at)) : std::nullopt;
}

std::optional<core::BlendScript>
RecordingSession::withCallChanged(int index, const core::ScriptCall& call) const
{
    return m_recording ? std::optional(m_recording->withCallChanged(index, call)) : std::nullopt;
}

std::optional<core::BlendScript> RecordingSession::withoutCall(int index) const
{
    return m_recording ? std::optional(m_recording->withoutCall(index)) : std::nullopt;
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

void RecordingSession::trace(const QList<int>& bones)
{
    m_recording->runner().setTracedBones(std::vector<int>(bones.begin(), bones.end()));
    // Computed with the update: show this one again to trace it.
    m_recording->seek(m_recording->update());
}

QList<widgets::TimelineMark> RecordingSession::callMarks() const
{
    QList<widgets::TimelineMark> marks;
    if (!m_recording)
        return marks;
    for (const core::ScriptCall& call : m_recording->script().calls) {
        if (call.kind == core::ScriptCall::Kind::LayerWeight) {
            marks.append({call.at, QObject::tr("%1 · weight %2")
                                       .arg(QString::fromStdString(call.layer))
                                       .arg(call.weight, 0, 'f', 2)});
            continue;
        }
        QString label = QString::fromStdString(call.movement);
        if (call.kind == core::ScriptCall::Kind::Crossfade && call.at > 0)
            label += call.mode == core::TransitionKind::DurationTo
                         ? QObject::tr(" · to %1 f").arg(call.frames)
                         : QObject::tr(" · %1 %2 s")
                               .arg(QLatin1String(core::transitionKindName(call.mode)))
                               .arg(call.seconds, 0, 'f', 2);
        marks.append({call.at, label});
    }
    return marks;
}

QList<widgets::TimelineMark> RecordingSession::blendMarks() const
{
    QList<widgets::TimelineMark> marks;
    if (!m_recording)
        return marks;
    for (const BlendRecording::BlendSpan& span : m_recording->blendSpans())
        marks.append({span.firstUpdate, span.target.empty()
                                            ? QString::fromStdString(span.source)
                                            : QString::fromStdString(span.source) +
                                                  QStringLiteral(" → ") +
                                                  QString::fromStdString(span.target)});
    return marks;
}

const std::vector<core::CrossfadeWeights>& RecordingSession::weights() const
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

std::vector<core::BoneContribution> RecordingSession::contributions() const
{
    return m_recording ? m_recording->runner().trace() : std::vector<core::BoneContribution>{};
}

core::Result<core::BakeResult> RecordingSession::bake() const
{
    if (!m_recording)
        return core::LoadError{{}, 0, {}, "no blend script is recorded"};
    auto baked = core::bakeScript(m_recording->skeleton(), m_recording->script());
    if (!baked)
        return baked.error();
    return std::move(baked->poses);
}

std::vector<core::BoneContribution> RecordingSession::bakeTrace(const QList<int>& bones) const
{
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
