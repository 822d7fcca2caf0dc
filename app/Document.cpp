#include "Document.h"

#include "cli/SaveBytes.h"

#include "base/FrameRate.h"
#include "runtime/Armature.h"

#include <algorithm>
#include <cmath>

namespace bonescope::app {

Document::Document(QObject* parent)
    : AbstractDocument(parent), m_file(*this), m_selection(&m_undoStack), m_editing(*this),
      m_recorder(*this), m_layers(*this), m_crossfade(*this)
{
    connect(&m_clock, &widgets::PlayClock::ticked, this, &Document::advance);
    // Connected before any panel: what plays follows each change before the panels hear of it.
    connect(&m_selection, &BoneSelection::selectionChanged, this, [this] {
        if (!m_recorder.isRecording())
            return;
        m_recorder.traceSelection();
        emit frameChanged(currentFrame());
    });
    connect(&m_recorder, &RecordingSession::recordingChanged, this, [this](bool recording) {
        if (recording)
            return;
        // Back to the movement's own playback where the recording started.
        startMovement(m_movement);
        showEdit();
    });
    connect(&m_recorder, &RecordingSession::blendScriptChanged, this, &Document::showEdit);
    connect(&m_layers, &LayerSetupSession::layerSetupChanged, this, &Document::showEdit);
    connect(&m_editing, &ExportEditing::transitionTableChanged, this, &Document::updateModified);
    connect(&m_editing, &ExportEditing::transitionTableChanged, &m_crossfade,
            &CrossfadeControl::followTable);
}

Document::~Document() = default;

void Document::adopt(std::unique_ptr<core::LoadedExport> loaded, const QString& armatureName)
{
    const bool wasRecording = m_recorder.isRecording();
    // Players borrow the data: drop them before the data they point into.
    m_recorder.stop();
    m_playback.clear();
    m_layers.clear();
    m_export = std::move(loaded);
    m_armatureName = armatureName;
    m_catalog = MovementCatalog(*m_export, m_armatureName.toStdString());
    m_undoStack.clear();
    m_playTimeSeconds = 0.0;
    m_editing.open(m_file.path(), *m_export);

    const core::ArmatureData* shown = armature();
    m_selection.reset(shown ? shown->bones.size() : 0);
    if (shown)
        m_playback.setArmature(m_export->skeleton, *shown);
    const int movements = int(movementNames().size());
    m_crossfade.reset(movements);
    startMovement(movements > 0 ? 0 : -1);
    if (shown)
        m_recorder.openSaved(m_editing.sidecar(), m_file.path(), m_export->warnings);
    if (m_editing.sidecar().saved().layers)
        m_layers.openSaved(*m_editing.sidecar().saved().layers, m_file.path());
    // Taken once the sidecar's layers are in place (before, the layers still differ from the
    // sidecar's): documentChanged announces it.
    m_modified = isModified();
    emit documentChanged();
    m_recorder.announceOpened(wasRecording);
    // A saved recording waits on its first update, to be replayed or scrubbed.
    setPlaying(movements > 0 && !m_recorder.isRecording());
}

void Document::movedTo(const std::string& path, const std::vector<core::CompanionCopy>& copies)
{
    if (m_export)
        core::relocateExport(*m_export, path, copies);
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
    adopt(std::move(m_export), name);
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
    m_recorder.setRecording(false);
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
    if (m_playing)
        m_clock.start();
    else
        m_clock.stop();
    emit playingChanged(m_playing);
}

void Document::advance(int updates)
{
    if (!m_playing || m_movement < 0 || updates <= 0)
        return;
    constexpr double dt = core::kSecondsPerFrame;
    if (BlendRecording* recording = m_recorder.recording()) {
        // At a speed below 1 an update may run none of the script's; above 1, several.
        bool stepped = false;
        for (int update = 0; update < updates; ++update) {
            m_playTimeSeconds += dt;
            m_recordedEvents.clear();
            if (!recording->advance(core::secondsToFrames(dt) * m_playback.speed(),
                                    m_recordedEvents))
                continue;
            stepped = true;
            for (const core::BakeEvent& event : m_recordedEvents)
                emit eventRaised({event.kind, QString::fromStdString(event.movement),
                                  QString::fromStdString(event.name), event.frame,
                                  m_playTimeSeconds});
        }
        if (!stepped)
            return;
        updateModified(); // playing past the end extends the recording
        emit frameChanged(currentFrame());
        return;
    }
    for (int update = 0; update < updates && !m_playback.finished(); ++update) {
        m_playTimeSeconds += dt;
        m_events.clear();
        m_playback.update(dt, m_events);
        if (m_layers.isLive())
            m_layers.update(dt * m_playback.speed());
        announce(m_events);
    }
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
    if (m_recorder.isRecording()) {
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
    if (BlendRecording* recording = m_recorder.recording()) {
        recording->seek(int(std::lround(frame)));
        emit frameSought();
        emit frameChanged(currentFrame());
        return;
    }
    frame = std::clamp(frame, 0.0, double(movementDuration(m_movement)));
    m_playback.seek(frame);
    if (m_layers.isLive())
        m_layers.seek(core::framesToSeconds(frame));
    emit frameSought();
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

const core::Pose& Document::pose() const
{
    if (const BlendRecording* recording = m_recorder.recording())
        return recording->runner().pose();
    if (m_layers.isLive())
        return m_layers.pose();
    return m_playback.pose();
}

void Document::composeNested(const core::Pose& parent, core::NestedPoses& out) const
{
    if (const BlendRecording* recording = m_recorder.recording())
        recording->runner().armature().composeNested(parent, out);
    else
        m_playback.composeNested(parent, out);
}

double Document::currentFrame() const
{
    if (const BlendRecording* recording = m_recorder.recording())
        return recording->update();
    return m_movement >= 0 ? m_playback.frame() : 0.0;
}

int Document::timelineFrames() const
{
    const BlendRecording* recording = m_recorder.recording();
    return recording ? recording->length() : movementDuration(m_movement);
}

void Document::playCrossfade(const widgets::Transition& transition)
{
    if (m_movement != transition.source) {
        startMovement(transition.source);
        emit movementChanged(m_movement);
    }
    m_playback.crossfade(transition, effectiveLoop(transition.target));
    // cocos2d-x's durationTo makes the target current at once.
    announce(m_events);
    emit frameChanged(currentFrame());
    setPlaying(true);
}

void Document::applyParameter(const core::EditTarget& target, core::EditKey key,
                              const core::EditValue& value)
{
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
    // The layer stack and the recording played the movements just freed.
    m_layers.replayEditedMovements();
    m_recorder.replayEditedMovements();
    replayEdited(frame);
}

void Document::applyFlipbookTiming(const core::FlipbookTarget& target, core::FlipbookKey key,
                                   double value)
{
    auto model = m_editing.setFlipbook(target, key, value);
    if (!model)
        return;
    // Timing changes only: the frames, and the atlases they name, stay.
    const double frame = currentFrame();
    m_playback.clear();
    m_export->flipbooks.animations = std::move(model->animations);
    replayEdited(frame);
}

void Document::replayEdited(double frame)
{
    if (m_movement >= 0) {
        startMovement(m_movement);
        m_playback.seek(std::min(frame, double(movementDuration(m_movement))));
    }
    emit parameterChanged();
    emit frameChanged(currentFrame());
    updateModified();
}

bool Document::isModified() const
{
    return m_editing.isModified(m_layers.layerSetup(), m_recorder.blendScript());
}

void Document::showEdit()
{
    emit frameChanged(currentFrame());
    updateModified();
}

void Document::updateModified()
{
    if (isModified() == m_modified)
        return;
    m_modified = !m_modified;
    emit modifiedChanged(m_modified);
}

// ---- data access

Document::Kind Document::kind() const
{
    if (!m_export)
        return Kind::Empty;
    return m_export->kind == core::ExportKind::Flipbook ? Kind::Flipbook : Kind::Armature;
}

bool Document::saveFile(const QString& path, std::string_view bytes, QString* reason) const
{
    return cli::saveBytes(path, bytes, reason);
}

} // namespace bonescope::app
