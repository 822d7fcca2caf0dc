#include "BlendRecording.h"

#include "bake/WorkLimits.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bonescope::app {

namespace {
/// The runner's horizon while recording: playing on extends the recording up to here.
constexpr int kMaxUpdates = std::numeric_limits<int>::max() / 2;
} // namespace

BlendRecording::BlendRecording(const core::SkeletonData& skeleton, core::BlendScript script)
    : m_skeleton(&skeleton), m_script(std::move(script))
{
}

std::unique_ptr<BlendRecording> BlendRecording::start(const core::SkeletonData& skeleton,
                                                      const std::string& armature,
                                                      const std::string& movement, bool loop,
                                                      int frame, const core::LayerSetup* layers)
{
    core::BlendScript script;
    script.fileName = "recording";
    script.armature = armature;
    core::ScriptCall first;
    first.kind = core::ScriptCall::Kind::Crossfade;
    first.mode = core::TransitionKind::DurationTo;
    first.frames = 0;
    first.movement = movement;
    first.loop = loop ? 1 : 0;
    if (layers)
        script.layers = *layers; // the stack poses the armature: it takes no player call
    else
        script.calls.push_back(first);
    script.updates = std::max(frame, 1);
    std::unique_ptr<BlendRecording> recording(new BlendRecording(skeleton, std::move(script)));
    if (recording->rebuild().has_value())
        return nullptr;
    recording->seek(recording->length());
    return recording;
}

core::Result<std::unique_ptr<BlendRecording>>
BlendRecording::open(const core::SkeletonData& skeleton, core::BlendScript script)
{
    // Opening plays the script through once: past the bake's limits that would not end.
    if (std::string problem = core::scriptLimitProblem(skeleton, script, "the script");
        !problem.empty())
        return core::LoadError{script.fileName, 0, {}, problem, true};
    std::unique_ptr<BlendRecording> recording(new BlendRecording(skeleton, std::move(script)));
    if (auto error = recording->rebuild())
        return *error;
    recording->seek(1);
    return recording;
}

std::optional<core::LoadError> BlendRecording::rebuild()
{
    core::BlendScript horizon = m_script;
    horizon.updates = kMaxUpdates;
    auto runner = core::ScriptRunner::create(*m_skeleton, horizon);
    if (!runner)
        return runner.error();
    m_runner = std::move(runner.value());
    // One sequential run: the weights of every update, and the checkpoints later seeks use.
    m_weights.clear();
    m_spans.clear();
    while (m_runner->update() < length()) {
        m_runner->step();
        recordWeights();
    }
    return std::nullopt;
}

bool BlendRecording::replayEditedMovements()
{
    // The runner reads the old movements: only its own counter may be read before the rebuild.
    const int shown = update();
    if (rebuild())
        return false;
    seek(shown);
    return true;
}

void BlendRecording::recordWeights()
{
    if (m_script.layers || m_runner->update() <= int(m_weights.size()))
        return;
    const core::BlendStateRow& state = m_runner->state();
    m_weights.push_back({state.sourceWeight, state.targetWeight});
    if (m_spans.empty() || m_spans.back().source != state.source ||
        m_spans.back().target != state.target)
        m_spans.push_back({m_runner->update(), state.source, state.target});
}

bool BlendRecording::advance(double frames, std::vector<core::BakeEvent>& events)
{
    m_pendingFrames += frames;
    bool stepped = false;
    for (; m_pendingFrames >= 1.0; m_pendingFrames -= 1.0) {
        m_runner->step();
        recordWeights();
        const std::vector<core::BakeEvent>& raised = m_runner->events();
        events.insert(events.end(), raised.begin(), raised.end());
        stepped = true;
    }
    m_script.updates = std::max(m_script.updates, m_runner->update());
    return stepped;
}

void BlendRecording::seek(int update)
{
    m_pendingFrames = 0.0;
    m_runner->seek(std::clamp(update, 1, std::max(length(), 1)));
}

core::BlendScript BlendRecording::withCall(core::ScriptCall call) const
{
    core::BlendScript script = m_script;
    call.at = update();
    std::erase_if(script.calls, [&](const core::ScriptCall& c) { return c.at > call.at; });
    script.calls.push_back(std::move(call));
    script.updates = std::max(update() + 1, 1);
    return script;
}

core::BlendScript BlendRecording::withCallAt(int index, int at) const
{
    core::BlendScript script = m_script;
    auto& calls = script.calls;
    if (index <= 0 || index >= int(calls.size()))
        return script;
    const int earliest = calls[size_t(index) - 1].at;
    const int latest = index + 1 < int(calls.size()) ? calls[size_t(index) + 1].at
                                                     : std::max(script.updates - 1, earliest);
    calls[size_t(index)].at = std::clamp(at, earliest, latest);
    return script;
}

core::BlendScript BlendRecording::withCallChanged(int index, core::ScriptCall call) const
{
    core::BlendScript script = m_script;
    if (index >= 0 && index < int(script.calls.size())) {
        call.at = script.calls[size_t(index)].at;
        script.calls[size_t(index)] = std::move(call);
    }
    return script;
}

core::BlendScript BlendRecording::withoutCall(int index) const
{
    core::BlendScript script = m_script;
    if (index > 0 && index < int(script.calls.size()))
        script.calls.erase(script.calls.begin() + index);
    return script;
}

bool BlendRecording::setScript(core::BlendScript script)
{
    const int shown = update();
    m_script = std::move(script);
    if (rebuild().has_value())
        return false;
    seek(shown);
    return true;
}

} // namespace bonescope::app
