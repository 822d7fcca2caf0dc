#include "Document.h"

#include "BlendRecording.h"
#include "commands/ChangeBlendScript.h"
#include "commands/ChangeBoneVisibility.h"
#include "commands/ChangeLayerSetup.h"
#include "commands/ChangeParameter.h"
#include "commands/ChangeTransition.h"
#include "commands/ChangeTransitionTable.h"

#include "base/FrameRate.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace bonescope::app {

namespace {
// A stalled event loop (a modal dialog, a breakpoint) must not make playback jump ahead.
constexpr double kMaxTickSeconds = 0.1;
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
            *error = QString::fromStdString(result.error().toString());
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
            *error = QString::fromStdString(result.error().toString());
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
    const bool recording = isRecording();
    m_recording.stop();
    m_playback.clear();
    m_layers.clear();
    m_export = std::move(loaded);
    m_catalog = MovementCatalog(*m_export, m_armatureName.toStdString());
    m_selection.clear();
    m_undoStack.clear();
    m_playTimeSeconds = 0.0;

    m_editing.open(m_file.path(), *m_export);
    const core::ArmatureData* shown = armature();
    m_hidden.assign(shown ? shown->bones.size() : 0, false);
    if (shown)
        m_playback.setArmature(m_export->skeleton, *shown);
    m_transition = widgets::Transition{};
    const int movements = int(movementNames().size());
    m_transition.source = movements > 0 ? 0 : -1;
    m_transition.target = movements > 1 ? 1 : m_transition.source;

    startMovement(movements > 0 ? 0 : -1);
    if (shown)
        m_recording.openSaved(m_editing.sidecar(), m_file.path(), m_export->skeleton, shown->name,
                              m_export->warnings);
    if (recording != isRecording())
        emit recordingChanged(isRecording());
    if (m_editing.sidecar().saved().layers)
        applyLayerSetup(*m_editing.sidecar().saved().layers);
    emit documentChanged();
    if (isRecording()) {
        emit blendScriptChanged();
        emit frameChanged(currentFrame());
    }
    // A saved recording waits on its first update, to be replayed or scrubbed.
    setPlaying(movements > 0 && !isRecording());
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
    m_playback.play(movement, m_catalog.flipbook(movement),
                    movement >= 0 && effectiveLoop(movement));
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
    if (BlendRecording* recording = m_recording.recording()) {
        const bool wasModified = isModified();
        if (!recording->advance(core::secondsToFrames(dtSeconds) * m_playback.speed()))
            return;
        announceModified(wasModified); // playing past the end extends the recording
        for (const core::BakeEvent& event : recording->runner().events())
            emit eventRaised({event.kind, QString::fromStdString(event.movement),
                              QString::fromStdString(event.name), event.frame, m_playTimeSeconds});
        emit frameChanged(currentFrame());
        return;
    }
    m_events.clear();
    m_playback.update(dtSeconds, m_events);
    if (m_layers.isLive())
        m_layers.update(dtSeconds * m_playback.speed());
    announce(m_events);
    emit frameChanged(currentFrame());
    if (m_playback.finished())
        setPlaying(false);
}

void Document::announce(std::vector<core::PlaybackEvent>& events)
{
    if (m_playback.hasArmature() && m_playback.movement() != m_movement) {
        // A crossfade handed over to its target.
        m_movement = m_playback.movement();
        emit movementChanged(m_movement);
    }
    for (const core::PlaybackEvent& event : events)
        emit eventRaised({event.kind, QString::fromStdString(event.movement),
                          QString::fromStdString(event.name), event.frame, m_playTimeSeconds,
                          event.keyFrame, event.playedFrame});
    events.clear();
}

void Document::stepFrames(int frames)
{
    setPlaying(false);
    if (isRecording()) {
        seekFrame(currentFrame() + frames);
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
    if (BlendRecording* recording = m_recording.recording()) {
        recording->seek(int(std::lround(frame)));
        emit frameChanged(currentFrame());
        return;
    }
    frame = std::clamp(frame, 0.0, double(movementDuration(m_movement)));
    m_playback.seek(frame);
    if (m_layers.isLive())
        m_layers.seek(core::framesToSeconds(frame));
    emit frameChanged(currentFrame());
}

void Document::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.01, 100.0);
    if (speed == m_playback.speed())
        return;
    m_playback.setSpeed(speed);
    emit speedChanged(speed);
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
    changeBlendScript(
        m_recording.withCrossfade(movementNames().value(transition.target).toStdString(),
                                  effectiveLoop(transition.target), transition),
        tr("Record Crossfade"));
    setPlaying(true);
}

void Document::triggerCrossfade()
{
    if (!m_playback.hasArmature() || m_transition.source < 0 || m_transition.target < 0)
        return;
    widgets::Transition transition = m_transition;
    // cocos2d-x's durationTo is the target movement's own `to`, as play(target) uses it.
    if (transition.type == widgets::TransitionType::DurationTo)
        if (const core::MovementData* target = m_catalog.movement(transition.target))
            transition.durationFrames = target->durationTo;
    if (isRecording()) {
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
    if (!m_playback.hasArmature() || !m_playing || !current || !target || movement == m_movement) {
        setMovement(movement);
        return;
    }
    const core::TransitionSpec& spec = m_editing.transitions().find(current->name, target->name);
    widgets::Transition transition;
    transition.source = m_movement;
    transition.target = movement;
    transition.type = spec.kind;
    transition.durationFrames = int(std::lround(spec.frames(target->durationTo)));
    if (isRecording())
        recordCrossfade(transition);
    else
        startCrossfade(transition);
}

void Document::startCrossfade(const widgets::Transition& transition)
{
    m_playback.crossfade(transition, effectiveLoop(transition.target));
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
        m_recording.stop();
        startMovement(m_movement);
        emit recordingChanged(false);
        emit frameChanged(currentFrame());
        announceModified(wasModified);
        return;
    }
    if (!m_playback.hasArmature() || m_movement < 0 ||
        !m_recording.start(m_export->skeleton, armature()->name,
                           movementNames().value(m_movement).toStdString(),
                           effectiveLoop(m_movement), std::max(1, int(std::lround(currentFrame()))),
                           m_layers.isLive() ? &m_layers.setup() : nullptr))
        return;
    announceScript(wasModified, false);
}

void Document::applyBlendScript(core::BlendScript& script)
{
    const bool wasModified = isModified();
    const bool wasRecording = isRecording();
    if (!m_recording.swapScript(m_export->skeleton, script))
        return;
    announceScript(wasModified, wasRecording);
}

bool Document::openBlendScript(const QString& path, QString* error)
{
    const bool wasRecording = isRecording();
    const bool wasModified = isModified();
    if (!m_recording.open(m_export ? &m_export->skeleton : nullptr, armature(), path, error))
        return false;
    // Opening a script is not an edit of the export: the recorded-call history ends here.
    m_undoStack.clear();
    announceScript(wasModified, wasRecording);
    return true;
}

void Document::changeBlendScript(std::optional<core::BlendScript> script, const QString& text)
{
    if (!script || script->calls == blendScript()->calls ||
        !core::ScriptRunner::create(m_export->skeleton, *script))
        return;
    m_undoStack.push(new ChangeBlendScript(this, std::move(*script), text));
}

void Document::announceScript(bool wasModified, bool wasRecording)
{
    if (!wasRecording)
        emit recordingChanged(true);
    emit blendScriptChanged();
    m_recording.trace(m_selection);
    emit frameChanged(currentFrame());
    announceModified(wasModified);
}

const core::Pose& Document::pose() const
{
    if (const BlendRecording* recording = m_recording.recording())
        return recording->runner().pose();
    if (m_layers.isLive())
        return m_layers.pose();
    return m_playback.pose();
}

double Document::currentFrame() const
{
    if (const BlendRecording* recording = m_recording.recording())
        return recording->update();
    return m_movement >= 0 ? m_playback.frame() : 0.0;
}

double Document::crossfadeElapsed() const
{
    return isRecording() ? m_recording.crossfadeElapsed() : m_playback.crossfadeElapsedFrames();
}

core::CrossfadeWeights Document::crossfadeWeights() const
{
    return isRecording() ? m_recording.crossfadeWeights() : m_playback.crossfadeWeights();
}

// ---- selection, visibility, transition (undoable)

void Document::selectBones(const QList<int>& bones)
{
    if (bones == m_selection)
        return;
    m_selection = bones;
    if (isRecording()) {
        m_recording.trace(m_selection);
        emit frameChanged(currentFrame());
    }
    emit selectionChanged();
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
    if (table != m_editing.transitions())
        m_undoStack.push(new ChangeTransitionTable(this, table));
}

void Document::applyTransitionTable(const core::TransitionTable& table)
{
    const bool wasModified = isModified();
    m_editing.setTransitions(table);
    emit transitionTableChanged();
    announceModified(wasModified);
}

bool Document::isModified() const
{
    return m_editing.isModified(m_layers.setup(), blendScript());
}

const core::BlendScript* Document::blendScript() const
{
    return isRecording() ? &m_recording.recording()->script() : nullptr;
}

void Document::announceModified(bool wasModified)
{
    if (isModified() != wasModified)
        emit modifiedChanged(isModified());
}

// ---- the export's own values (undoable)

void Document::setParameter(const core::EditTarget& target, core::EditKey key,
                            const core::EditValue& value, int mergeSession)
{
    if (!isEditable() || parameter(target, key) == value || !refuseParameter(key, value).isEmpty())
        return;
    m_undoStack.push(new ChangeParameter(this, target, key, value, mergeSession));
}

void Document::applyParameter(const core::EditTarget& target, core::EditKey key,
                              const core::EditValue& value)
{
    const bool wasModified = isModified();
    auto model = m_editing.set(target, key, value);
    if (!model)
        return;
    // Live: the playback is rebuilt on the new data and put back where it was, still playing.
    const double frame = currentFrame();
    m_playback.clear();
    // Edits change movement and keyframe values only: the armatures (which the scene's skins
    // point into) stay where they are.
    m_export->skeleton.animations = std::move(model->animations);
    m_playback.setArmature(m_export->skeleton, *armature());
    if (m_movement >= 0) {
        m_playback.play(m_movement, nullptr, effectiveLoop(m_movement));
        m_playback.seek(std::min(frame, double(movementDuration(m_movement))));
    }
    emit parameterChanged();
    emit frameChanged(currentFrame());
    announceModified(wasModified);
}

bool Document::writeExport(const QString& path, QString* error)
{
    const bool written = m_editing.write(path, m_layers.setup(), blendScript(), error);
    if (written)
        m_undoStack.setClean();
    emit modifiedChanged(isModified());
    return written;
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
    // While a layered script is recorded, a weight set in the dock is also a `layer` call.
    std::optional<core::BlendScript> recorded = m_recording.withWeightCall(m_layers.setup(), setup);
    if (!recorded) {
        m_undoStack.push(new ChangeLayerSetup(this, setup, mergeKey));
        return;
    }
    m_undoStack.beginMacro(tr("Record Layer Weight"));
    m_undoStack.push(new ChangeLayerSetup(this, setup, {}));
    changeBlendScript(std::move(recorded), tr("Record Layer Weight"));
    m_undoStack.endMacro();
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

const core::SpriteFrame* Document::flipbookFrame(const core::SpriteAtlas** atlas) const
{
    const core::FlipbookData* flipbook = m_catalog.flipbook(m_movement);
    const int index = m_playback.flipbookFrame();
    if (!flipbook || index < 0 || index >= int(flipbook->frames.size()))
        return nullptr;
    return m_export->findFrame(flipbook->frames[size_t(index)].spriteFrame, atlas);
}

} // namespace bonescope::app
