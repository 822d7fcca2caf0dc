#include "Document.h"

#include "BlendRecording.h"
#include "commands/ChangeBoneVisibility.h"
#include "commands/ChangeLayerSetup.h"
#include "commands/ChangeParameter.h"
#include "commands/ChangeTransition.h"
#include "commands/ChangeTransitionTable.h"
#include "commands/RecordBlendCall.h"

#include "base/FrameRate.h"
#include "io/FileBytes.h"
#include "runtime/ArmaturePlayback.h"
#include "runtime/FlipbookPlayback.h"
#include "script/BlendScriptReader.h"
#include "script/BlendScriptWriter.h"
#include "script/ScriptBake.h"

#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace bonescope::app {

namespace {
// A stalled event loop (a modal dialog, a breakpoint) must not make playback jump ahead.
constexpr double kMaxTickSeconds = 0.1;

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}
} // namespace

Document::Document(QObject* parent) : AbstractDocument(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(int(std::lround(core::kSecondsPerFrame * 1000)));
    connect(&m_timer, &QTimer::timeout, this, [this] {
        const double seconds = m_clock.isValid() ? m_clock.restart() / 1000.0 : 0.0;
        tick(std::min(seconds, kMaxTickSeconds));
    });
}

Document::~Document() = default;

bool Document::open(const QString& path, QString* error)
{
    return openAs(ExportFile(path), error);
}

bool Document::openGrid(const QString& imagePath, int cellWidth, int cellHeight, QString* error)
{
    return openAs(ExportFile(imagePath, QSize(cellWidth, cellHeight)), error);
}

bool Document::openSample(QString* error)
{
    std::optional<ExportFile> sample = ExportFile::sample(error);
    return sample && openAs(std::move(*sample), error);
}

bool Document::openAs(ExportFile file, QString* error)
{
    core::Result<core::LoadedExport> result = file.read();
    if (!result) {
        if (error)
            *error = qs(result.error().toString());
        return false;
    }
    m_file = std::move(file);
    m_armatureName.clear();
    adopt(std::make_unique<core::LoadedExport>(std::move(result.value())));
    return true;
}

bool Document::reload(QString* error)
{
    if (!m_export)
        return false;
    const QString movement = movementNames().value(m_movement);
    const double frame = currentFrame();
    const bool playing = m_playing;
    const QList<int> selection = m_selection;
    core::Result<core::LoadedExport> result = m_file.read();
    if (!result) {
        if (error)
            *error = qs(result.error().toString());
        return false;
    }
    adopt(std::make_unique<core::LoadedExport>(std::move(result.value())));
    const int index = movementNames().indexOf(movement);
    if (index >= 0 && index != m_movement)
        setMovement(index);
    seekFrame(std::min(frame, double(movementDuration(m_movement))));
    const int boneCount = armature() ? int(armature()->bones.size()) : 0;
    QList<int> kept;
    for (int bone : selection)
        if (bone < boneCount)
            kept.append(bone);
    selectBones(kept);
    setPlaying(playing);
    return true;
}

void Document::adopt(std::unique_ptr<core::LoadedExport> loaded)
{
    // Players borrow the data: drop them before the data they point into.
    const bool recording = m_recording != nullptr;
    m_recording.reset();
    m_armaturePlayback.reset();
    m_flipbookPlayback.reset();
    m_layers.clear();
    m_export = std::move(loaded);
    m_catalog = MovementCatalog(*m_export, m_armatureName.toStdString());
    m_selection.clear();
    m_undoStack.clear();
    m_playTimeSeconds = 0.0;

    m_editor.reset();
    if (m_export->kind == core::ExportKind::Armature) {
        // The editor keeps the exact bytes the model was read from, so a save changes nothing
        // but the edited values.
        auto bytes = core::readFileBytes(m_file.path().toStdString());
        auto editor =
            bytes ? core::ExportEditor::open(std::move(bytes.value()),
                                             QFileInfo(m_file.path()).fileName().toStdString())
                  : core::Result<core::ExportEditor>(bytes.error());
        if (editor)
            m_editor.emplace(std::move(editor.value()));
    }
    loadSidecar();
    const core::ArmatureData* shown = armature();
    m_hidden.assign(shown ? shown->bones.size() : 0, false);
    if (shown) {
        m_armaturePlayback = std::make_unique<core::ArmaturePlayback>(m_export->skeleton, *shown);
        m_armaturePlayback->setSpeed(m_speed);
    }
    m_transition = widgets::Transition{};
    const int movements = int(movementNames().size());
    m_transition.source = movements > 0 ? 0 : -1;
    m_transition.target = movements > 1 ? 1 : m_transition.source;

    startMovement(movements > 0 ? 0 : -1);
    openSidecarScript();
    if (recording != isRecording())
        emit recordingChanged(isRecording());
    if (m_sidecar.saved().layers)
        applyLayerSetup(*m_sidecar.saved().layers);
    emit documentChanged();
    if (m_recording) {
        emit blendScriptChanged();
        emit frameChanged(currentFrame());
    }
    // A saved recording waits on its first update, to be replayed or scrubbed.
    setPlaying(movements > 0 && !m_recording);
}

QStringList Document::sourceFiles() const
{
    return m_export ? m_file.sourceFiles(*m_export) : QStringList();
}

bool Document::playMovement(const QString& name)
{
    const int index = movementNames().indexOf(name);
    if (index < 0)
        return false;
    setMovement(index);
    setPlaying(true);
    return true;
}

bool Document::showArmature(const QString& name)
{
    if (!m_export || name.isEmpty() || !m_export->skeleton.findArmature(name.toStdString()))
        return false;
    m_armatureName = name;
    adopt(std::move(m_export));
    return true;
}

// ---- playback: core::ArmaturePlayback / core::FlipbookPlayback do it, this announces it

void Document::startMovement(int movement)
{
    m_movement = movement;
    m_flipbookPlayback.reset();
    if (m_armaturePlayback) {
        m_armaturePlayback->play(movement, movement >= 0 && effectiveLoop(movement));
    } else if (const core::FlipbookData* flipbook = m_catalog.flipbook(movement)) {
        m_flipbookPlayback = std::make_unique<core::FlipbookPlayback>(*flipbook);
        m_flipbookPlayback->setSpeed(m_speed);
        m_flipbookPlayback->play(effectiveLoop(movement));
    }
}

void Document::setMovement(int movement)
{
    if (movement < -1 || movement >= int(movementNames().size()))
        return;
    setRecording(false);
    startMovement(movement);
    emit movementChanged(m_movement);
    emit frameChanged(currentFrame());
}

void Document::setPlaying(bool playing)
{
    playing = playing && m_movement >= 0;
    if (playing == m_playing)
        return;
    m_playing = playing;
    if (m_playing) {
        m_clock.start();
        m_timer.start();
    } else {
        m_timer.stop();
    }
    emit playingChanged(m_playing);
}

void Document::tick(double dtSeconds)
{
    if (!m_playing || m_movement < 0)
        return;
    m_playTimeSeconds += dtSeconds;
    if (m_recording) {
        const bool wasModified = isModified();
        if (!m_recording->advance(core::secondsToFrames(dtSeconds) * m_speed))
            return;
        announceModified(wasModified); // playing past the end extends the recording
        for (const core::BakeEvent& event : m_recording->runner().events())
            emit eventRaised(
                {event.kind, qs(event.movement), qs(event.name), event.frame, m_playTimeSeconds});
        showRecorded();
        return;
    }
    m_events.clear();
    if (m_armaturePlayback)
        m_armaturePlayback->update(dtSeconds, m_events);
    else if (m_flipbookPlayback)
        m_flipbookPlayback->update(dtSeconds, m_events);
    if (m_layers.isLive())
        m_layers.update(dtSeconds * m_speed);
    announce(m_events);
    emit frameChanged(currentFrame());
    if (m_flipbookPlayback && m_flipbookPlayback->finished())
        setPlaying(false);
}

void Document::announce(std::vector<core::PlaybackEvent>& events)
{
    if (m_armaturePlayback && m_armaturePlayback->movement() != m_movement) {
        // A crossfade handed over to its target.
        m_movement = m_armaturePlayback->movement();
        emit movementChanged(m_movement);
    }
    for (const core::PlaybackEvent& event : events)
        emit eventRaised({event.kind, qs(event.movement), qs(event.name), event.frame,
                          m_playTimeSeconds, event.keyFrame, event.playedFrame});
    events.clear();
}

void Document::stepFrames(int frames)
{
    setPlaying(false);
    if (m_recording) {
        seekFrame(m_recording->update() + frames);
        return;
    }
    const int duration = movementDuration(m_movement);
    const int whole = static_cast<int>(std::floor(currentFrame() + 1e-9));
    int target = whole + frames;
    // Stepping wraps inside the movement, so holding an arrow key keeps cycling.
    if (duration > 0)
        target = ((target % (duration + 1)) + duration + 1) % (duration + 1);
    seekFrame(target);
}

void Document::seekFrame(double frame)
{
    if (m_movement < 0)
        return;
    if (m_recording) {
        m_recording->seek(int(std::lround(frame)));
        showRecorded();
        return;
    }
    frame = std::clamp(frame, 0.0, double(movementDuration(m_movement)));
    if (m_armaturePlayback)
        m_armaturePlayback->seek(frame);
    else if (m_flipbookPlayback)
        m_flipbookPlayback->seek(frame);
    if (m_layers.isLive())
        m_layers.seek(core::framesToSeconds(frame));
    emit frameChanged(currentFrame());
}

void Document::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.01, 100.0);
    if (speed == m_speed)
        return;
    m_speed = speed;
    if (m_armaturePlayback)
        m_armaturePlayback->setSpeed(speed);
    if (m_flipbookPlayback)
        m_flipbookPlayback->setSpeed(speed);
    emit speedChanged(m_speed);
}

void Document::setLoopPreview(bool loop)
{
    if (loop == m_loopPreview)
        return;
    m_loopPreview = loop;
    emit loopPreviewChanged(loop);
    // Playback takes the loop flag at play(): restart where we are with the new one.
    if (m_movement >= 0) {
        const double frame = currentFrame();
        const bool playing = m_playing;
        startMovement(m_movement);
        seekFrame(frame);
        setPlaying(playing);
    }
}

bool Document::effectiveLoop(int movement) const
{
    return m_loopPreview || movementLoops(movement);
}

void Document::recordCrossfade(const widgets::Transition& transition)
{
    // Recorded at the update on screen: from whatever plays there (an interrupt when a
    // crossfade runs), to the target.
    core::ScriptCall call;
    call.kind = core::ScriptCall::Kind::Crossfade;
    call.movement = movementNames().value(transition.target).toStdString();
    call.loop = effectiveLoop(transition.target) ? 1 : 0;
    call.mode = transition.type;
    if (call.mode == core::TransitionKind::DurationTo)
        call.frames = transition.durationFrames;
    else
        call.seconds = core::framesToSeconds(transition.durationFrames);
    m_undoStack.push(new RecordBlendCall(this, m_recording->withCall(std::move(call))));
    setPlaying(true);
}

void Document::triggerCrossfade()
{
    if (!m_armaturePlayback || m_transition.source < 0 || m_transition.target < 0)
        return;
    widgets::Transition transition = m_transition;
    // cocos2d-x's durationTo is the target movement's own `to`, as play(target) uses it.
    if (transition.type == widgets::TransitionType::DurationTo)
        if (const core::MovementData* target = m_catalog.movement(transition.target))
            transition.durationFrames = target->durationTo;
    if (m_recording) {
        recordCrossfade(transition);
        return;
    }
    if (m_movement != m_transition.source) {
        startMovement(m_transition.source);
        emit movementChanged(m_movement);
    }
    startCrossfade(transition);
}

void Document::changeMovement(int movement)
{
    const core::MovementData* current = m_catalog.movement(m_movement);
    const core::MovementData* target = m_catalog.movement(movement);
    if (!m_armaturePlayback || !m_playing || !current || !target || movement == m_movement) {
        setMovement(movement);
        return;
    }
    const core::TransitionSpec& spec = m_transitions.find(current->name, target->name);
    widgets::Transition transition;
    transition.source = m_movement;
    transition.target = movement;
    transition.type = spec.kind;
    transition.durationFrames = int(std::lround(spec.frames(target->durationTo)));
    if (m_recording)
        recordCrossfade(transition);
    else
        startCrossfade(transition);
}

void Document::startCrossfade(const widgets::Transition& transition)
{
    m_armaturePlayback->crossfade(transition, effectiveLoop(transition.target));
    // cocos2d-x's durationTo makes the target current at once.
    announce(m_events);
    emit frameChanged(currentFrame());
    setPlaying(true);
}

void Document::setRecording(bool recording)
{
    if (recording == isRecording())
        return;
    const bool wasModified = isModified();
    if (!recording) {
        // Back to the movement's own playback where the recording started.
        m_recording.reset();
        startMovement(m_movement);
        emit recordingChanged(false);
        emit frameChanged(currentFrame());
        announceModified(wasModified);
        return;
    }
    if (!m_armaturePlayback || m_movement < 0)
        return;
    m_recording = BlendRecording::start(
        m_export->skeleton, armature()->name, movementNames().value(m_movement).toStdString(),
        effectiveLoop(m_movement), std::max(1, int(std::lround(currentFrame()))));
    if (!m_recording)
        return;
    emit recordingChanged(true);
    emit blendScriptChanged();
    traceSelection();
    announceModified(wasModified);
}

void Document::showRecorded()
{
    emit frameChanged(currentFrame());
}

void Document::applyBlendScript(core::BlendScript& script)
{
    const bool wasModified = isModified();
    core::BlendScript previous;
    if (m_recording) {
        previous = m_recording->script();
        if (!m_recording->setScript(script))
            return;
    } else {
        auto opened = BlendRecording::open(m_export->skeleton, script);
        if (!opened)
            return;
        m_recording = std::move(opened.value());
        emit recordingChanged(true);
    }
    script = std::move(previous);
    emit blendScriptChanged();
    traceSelection();
    announceModified(wasModified);
}

bool Document::saveBlendScript(const QString& path, QString* error) const
{
    if (!m_recording) {
        if (error)
            *error = tr("Nothing is recorded");
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

bool Document::openBlendScript(const QString& path, QString* error)
{
    if (!m_armaturePlayback) {
        if (error)
            *error = tr("A blend script plays on an armature: open one first");
        return false;
    }
    auto script = core::readBlendScript(path.toStdString());
    if (!script) {
        if (error)
            *error = qs(script.error().toString());
        return false;
    }
    if (script->armature.empty())
        script->armature = armature()->name;
    auto opened = BlendRecording::open(m_export->skeleton, std::move(script.value()));
    if (!opened) {
        if (error)
            *error = qs(opened.error().toString());
        return false;
    }
    const bool wasRecording = isRecording();
    const bool wasModified = isModified();
    m_recording = std::move(opened.value());
    // Opening a script is not an edit of the export: the recorded-call history ends here.
    m_undoStack.clear();
    if (!wasRecording)
        emit recordingChanged(true);
    emit blendScriptChanged();
    traceSelection();
    announceModified(wasModified);
    return true;
}

int Document::timelineFrames() const
{
    return m_recording ? m_recording->length() : movementDuration(m_movement);
}

std::vector<core::BoneContribution> Document::boneTrace() const
{
    return m_recording ? m_recording->runner().trace() : std::vector<core::BoneContribution>{};
}

QList<widgets::TimelineMark> Document::recordedCalls() const
{
    QList<widgets::TimelineMark> marks;
    if (!m_recording)
        return marks;
    for (const core::ScriptCall& call : m_recording->script().calls) {
        QString label = qs(call.movement);
        if (call.kind == core::ScriptCall::Kind::Crossfade && call.at > 0)
            label += call.mode == core::TransitionKind::DurationTo
                         ? tr(" · to %1 f").arg(call.frames)
                         : tr(" · %1 %2 s")
                               .arg(QLatin1String(
                                   call.mode == core::TransitionKind::Switch        ? "switch"
                                   : call.mode == core::TransitionKind::ThenAnimate ? "then"
                                                                                    : "while"))
                               .arg(call.seconds, 0, 'f', 2);
        marks.append({call.at, label});
    }
    return marks;
}

const std::vector<core::CrossfadeWeights>& Document::recordedWeights() const
{
    static const std::vector<core::CrossfadeWeights> none;
    return m_recording ? m_recording->weights() : none;
}

core::Result<core::BakeResult> Document::bakeRecording() const
{
    if (!m_recording)
        return core::LoadError{filePath().toStdString(), 0, {}, "no blend script is recorded"};
    auto baked = core::bakeScript(m_export->skeleton, m_recording->script());
    if (!baked)
        return baked.error();
    return std::move(baked->poses);
}

QList<widgets::TimelineMark> Document::recordedBlends() const
{
    QList<widgets::TimelineMark> marks;
    if (!m_recording)
        return marks;
    for (const BlendRecording::BlendSpan& span : m_recording->blendSpans())
        marks.append(
            {span.firstUpdate, span.target.empty()
                                   ? qs(span.source)
                                   : qs(span.source) + QStringLiteral(" → ") + qs(span.target)});
    return marks;
}

const core::Pose& Document::pose() const
{
    static const core::Pose kNone;
    if (m_recording)
        return m_recording->runner().pose();
    if (m_layers.isLive())
        return m_layers.pose();
    return m_armaturePlayback ? m_armaturePlayback->pose() : kNone;
}

double Document::currentFrame() const
{
    if (m_recording)
        return m_recording->update();
    if (m_armaturePlayback)
        return m_movement >= 0 ? m_armaturePlayback->frame() : 0.0;
    return m_flipbookPlayback ? m_flipbookPlayback->frame() : 0.0;
}

double Document::crossfadeElapsed() const
{
    if (!m_recording)
        return m_armaturePlayback ? m_armaturePlayback->crossfadeElapsedFrames() : -1.0;
    // The last crossfade recorded before the update on screen, wherever the user scrubbed to.
    const int update = m_recording->update();
    double elapsed = -1.0;
    for (const core::ScriptCall& call : m_recording->script().calls)
        if (call.kind == core::ScriptCall::Kind::Crossfade && call.at > 0 && call.at < update)
            elapsed = update - call.at;
    return elapsed;
}

core::CrossfadeWeights Document::crossfadeWeights() const
{
    if (m_recording) {
        const core::BlendStateRow& state = m_recording->runner().state();
        return {state.sourceWeight, state.targetWeight};
    }
    return m_armaturePlayback ? m_armaturePlayback->crossfadeWeights() : core::CrossfadeWeights{};
}

core::Result<core::BakeResult> Document::bakeMovement(int movement) const
{
    const core::MovementData* data = m_catalog.movement(movement);
    if (!data)
        return core::LoadError{m_file.path().toStdString(), 0, {}, "no such movement"};
    core::Scenario scenario;
    scenario.kind = core::Scenario::Kind::Play;
    scenario.movements = {data->name};
    scenario.text = "play:" + data->name;
    return core::runBake(m_export->skeleton, armature()->name, scenario);
}

const core::Pose* Document::nestedPose(int bone) const
{
    return m_armaturePlayback ? m_armaturePlayback->nestedPose(bone) : nullptr;
}

void Document::composeNested(const core::Pose& parent, std::vector<core::Pose>& out) const
{
    if (m_armaturePlayback)
        m_armaturePlayback->composeNested(parent, out);
    else
        out.clear();
}

core::Pose Document::samplePose(int movement, double frame) const
{
    return m_armaturePlayback && movement >= 0 ? m_armaturePlayback->sample(movement, frame)
                                               : core::Pose{};
}

// ---- selection, visibility, transition (undoable)

void Document::selectBones(const QList<int>& bones)
{
    if (bones == m_selection)
        return;
    m_selection = bones;
    if (m_recording)
        traceSelection();
    emit selectionChanged();
}

void Document::traceSelection()
{
    m_recording->runner().setTracedBones(std::vector<int>(m_selection.begin(), m_selection.end()));
    // Computed with the update: show this one again to trace it.
    m_recording->seek(m_recording->update());
    showRecorded();
}

bool Document::isBoneVisible(int bone) const
{
    return bone >= 0 && size_t(bone) < m_hidden.size() && !m_hidden[size_t(bone)];
}

void Document::setBoneVisible(int bone, bool visible)
{
    if (bone < 0 || size_t(bone) >= m_hidden.size() || isBoneVisible(bone) == visible)
        return;
    m_undoStack.push(new ChangeBoneVisibility(this, bone, visible));
}

void Document::applyBoneVisible(int bone, bool visible)
{
    m_hidden[size_t(bone)] = !visible;
    emit boneVisibilityChanged(bone, visible);
}

void Document::setTransition(const widgets::Transition& transition)
{
    m_undoStack.push(new ChangeTransition(this, transition));
}

void Document::applyTransition(const widgets::Transition& transition)
{
    m_transition = transition;
    emit transitionChanged();
}

// ---- the transition table (undoable, saved in the sidecar)

void Document::setTransitionTable(const core::TransitionTable& table)
{
    if (table != m_transitions)
        m_undoStack.push(new ChangeTransitionTable(this, table));
}

void Document::applyTransitionTable(const core::TransitionTable& table)
{
    const bool wasModified = isModified();
    m_transitions = table;
    emit transitionTableChanged();
    announceModified(wasModified);
}

bool Document::isModified() const
{
    const core::Sidecar& saved = m_sidecar.saved();
    return (m_editor && m_editor->modified()) || m_transitions != saved.transitions ||
           m_layers.setup() != saved.layers.value_or(core::LayerSetup{}) ||
           m_sidecar.isUnsaved(m_recording ? &m_recording->script() : nullptr);
}

void Document::announceModified(bool wasModified)
{
    if (isModified() != wasModified)
        emit modifiedChanged(isModified());
}

// ---- the export's own values (undoable)

std::optional<core::EditValue> Document::parameter(const core::EditTarget& target,
                                                   core::EditKey key) const
{
    if (!m_editor)
        return std::nullopt;
    auto value = m_editor->value(target, key);
    return value ? std::optional<core::EditValue>(std::move(value.value())) : std::nullopt;
}

QString Document::refuseParameter(core::EditKey key, const core::EditValue& value) const
{
    if (!m_editor)
        return tr("This file cannot be edited");
    const auto reason = core::refuseEditValue(key, value, m_editor->format());
    return reason ? qs(*reason) : QString();
}

core::EditTarget Document::movementTarget(int movement) const
{
    const core::MovementData* data = m_catalog.movement(movement);
    if (!data)
        return {};
    return core::EditTarget{armature()->name, data->name, {}, -1};
}

int Document::keyframeAt(int movement, int bone, double frame) const
{
    const core::MovementData* data = m_catalog.movement(movement);
    const core::ArmatureData* shown = armature();
    if (!data || !shown || bone < 0 || bone >= int(shown->bones.size()))
        return -1;
    const core::MovementBoneData* timeline = data->findBone(shown->bones[size_t(bone)].name);
    if (!timeline || timeline->frames.empty())
        return -1;
    int index = 0;
    for (size_t i = 0; i < timeline->frames.size(); ++i)
        if (core::timelineToPassFrame(*data, timeline->frames[i].startFrame) <= frame + 1e-9)
            index = int(i);
    // The readers append a copy of the last keyframe that the file does not hold.
    core::EditTarget target = movementTarget(movement);
    target.bone = timeline->name;
    target.keyframe = index;
    if (index > 0 && !parameter(target, core::EditKey::FrameEvent))
        --index;
    return index;
}

void Document::setParameter(const core::EditTarget& target, core::EditKey key,
                            const core::EditValue& value, int mergeSession)
{
    if (!m_editor || parameter(target, key) == value || !refuseParameter(key, value).isEmpty())
        return;
    m_undoStack.push(new ChangeParameter(this, target, key, value, mergeSession));
}

void Document::applyParameter(const core::EditTarget& target, core::EditKey key,
                              const core::EditValue& value)
{
    const bool wasModified = isModified();
    if (!m_editor || m_editor->set(target, key, value))
        return;
    auto model = m_editor->read();
    if (!model) // the editor writes only values the readers accept; keep the last good model
        return;
    // Live: the playback is rebuilt on the new data and put back where it was, still playing.
    const double frame = currentFrame();
    m_armaturePlayback.reset();
    // Edits change movement and keyframe values only: the armatures (which the scene's skins
    // point into) stay where they are.
    m_export->skeleton.animations = std::move(model->animations);
    m_armaturePlayback = std::make_unique<core::ArmaturePlayback>(m_export->skeleton, *armature());
    m_armaturePlayback->setSpeed(m_speed);
    if (m_movement >= 0) {
        m_armaturePlayback->play(m_movement, effectiveLoop(m_movement));
        m_armaturePlayback->seek(std::min(frame, double(movementDuration(m_movement))));
    }
    emit parameterChanged();
    emit frameChanged(currentFrame());
    announceModified(wasModified);
}

void Document::loadSidecar()
{
    m_sidecar.clear();
    if (m_export->kind == core::ExportKind::Armature)
        m_sidecar.load(m_file.path(), m_export->warnings);
    m_transitions = m_sidecar.saved().transitions;
}

void Document::openSidecarScript()
{
    const core::ArmatureData* shown = armature();
    if (!shown || !m_armaturePlayback)
        return;
    auto script = m_sidecar.takeScript(m_file.path(), shown->name, m_export->warnings);
    if (!script)
        return;
    auto opened = BlendRecording::open(m_export->skeleton, std::move(*script));
    if (opened)
        m_recording = std::move(opened.value());
    else
        m_export->warnings.push_back(opened.error());
}

bool Document::writeExport(const QString& path, QString* error)
{
    if (!m_editor) {
        if (error)
            *error = tr("This file cannot be edited, so there is nothing to save");
        return false;
    }
    const std::string bytes = m_editor->bytes();
    // QSaveFile writes beside the target and renames over it only when all bytes are written.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()) || !file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    // The saved bytes are the new baseline: nothing differs from the file any more.
    auto saved = core::ExportEditor::open(bytes, QFileInfo(path).fileName().toStdString());
    if (saved)
        m_editor.emplace(std::move(saved.value()));
    if (!m_sidecar.write(path, m_transitions, m_layers.setup(),
                         m_recording ? &m_recording->script() : nullptr, error)) {
        emit modifiedChanged(isModified());
        return false;
    }
    m_undoStack.setClean();
    emit modifiedChanged(isModified());
    return true;
}

bool Document::isOnDisk() const
{
    if (!m_editor)
        return false;
    const auto bytes = core::readFileBytes(m_file.path().toStdString());
    return bytes && bytes.value() == m_editor->originalBytes();
}

bool Document::save(QString* error)
{
    if (m_file.isSample()) {
        if (error)
            *error = tr("The embedded sample has no file of its own: use Save As");
        return false;
    }
    return writeExport(m_file.path(), error);
}

bool Document::saveAs(const QString& path, QString* error)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!writeExport(absolute, error))
        return false;
    m_file = ExportFile(absolute);
    return true;
}

// ---- the layer stack (undoable)

void Document::setLayerSetup(const core::LayerSetup& setup, const QString& mergeKey)
{
    m_undoStack.push(new ChangeLayerSetup(this, setup, mergeKey));
}

void Document::applyLayerSetup(const core::LayerSetup& setup)
{
    const bool wasModified = isModified();
    // The edited stack shows the moment the old one showed.
    const double seconds =
        m_layers.isLive() ? m_layers.timeSeconds() : core::framesToSeconds(currentFrame());
    m_layers.set(setup, m_export ? &m_export->skeleton : nullptr, armature(),
                 displayName().toStdString(), seconds);
    emit layerSetupChanged();
    emit frameChanged(currentFrame());
    announceModified(wasModified);
}

std::vector<float> Document::layerWeightSums() const
{
    return m_layers.weightSums(armature() ? armature()->bones.size() : 0);
}

// ---- data access

Document::Kind Document::kind() const
{
    if (!m_export)
        return Kind::Empty;
    return m_export->kind == core::ExportKind::Flipbook ? Kind::Flipbook : Kind::Armature;
}

QString Document::filePath() const
{
    return m_file.isSample() ? QString() : m_file.path();
}

QString Document::displayName() const
{
    return m_export ? m_file.displayName() : tr("(no file)");
}

const core::ArmatureData* Document::armature() const
{
    return m_catalog.armature();
}

QStringList Document::movementNames() const
{
    return m_catalog.names();
}

int Document::movementDuration(int movement) const
{
    return m_catalog.duration(movement);
}

bool Document::movementLoops(int movement) const
{
    return m_catalog.loops(movement);
}

QList<int> Document::keyFrames(int movement, int bone) const
{
    return m_catalog.keyFrames(movement, bone);
}

QList<widgets::TimelineMark> Document::eventMarks(int movement) const
{
    return m_catalog.eventMarks(movement);
}

int Document::flipbookFrameIndex() const
{
    return m_flipbookPlayback ? m_flipbookPlayback->displayedFrame() : -1;
}

const core::SpriteFrame* Document::flipbookFrame(const core::SpriteAtlas** atlas) const
{
    const core::FlipbookData* flipbook = m_catalog.flipbook(m_movement);
    const int index = flipbookFrameIndex();
    if (!flipbook || index < 0 || index >= int(flipbook->frames.size()))
        return nullptr;
    return m_export->findFrame(flipbook->frames[size_t(index)].spriteFrame, atlas);
}

} // namespace bonescope::app
