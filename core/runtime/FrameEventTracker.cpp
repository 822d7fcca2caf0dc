#include "runtime/FrameEventTracker.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace bonescope::core {

void FrameEventTracker::takeKeysOfPass(int pass)
{
    m_keys.clear();
    m_ids.clear();
    m_passIndex = pass;
    if (!m_movement)
        return;
    for (const MovementBoneData& bone : m_movement->bones)
        for (const KeyFrameReach& reach : keyFrameReaches(*m_movement, bone, m_loop, pass)) {
            const FrameData& frame = bone.frames[size_t(reach.keyFrame)];
            if (frame.event.empty())
                continue;
            auto same = std::find_if(m_keys.begin(), m_keys.end(), [&](const Key& key) {
                return key.timelineFrame == frame.startFrame && key.name == frame.event &&
                       std::abs(key.passFrame - reach.passFrame) < 1e-6;
            });
            if (same != m_keys.end())
                ++same->bones;
            else
                m_keys.push_back({reach.passFrame, frame.startFrame, frame.event, 1});
        }
    std::stable_sort(m_keys.begin(), m_keys.end(),
                     [](const Key& a, const Key& b) { return a.passFrame < b.passFrame; });
    std::map<std::pair<int, std::string>, int> reaches;
    for (const Key& key : m_keys)
        m_ids.emplace_back(key.timelineFrame, key.name, reaches[{key.timelineFrame, key.name}]++);
}

void FrameEventTracker::reset(const MovementData* movement, double passFrame, bool loop)
{
    m_movement = movement;
    m_loop = loop;
    m_passFrames = movement ? passFrames(*movement) : 0;
    m_movementHasEvents = false;
    m_keysFollowPasses = false;
    if (movement)
        for (const MovementBoneData& bone : movement->bones) {
            const bool events =
                std::any_of(bone.frames.begin(), bone.frames.end(),
                            [](const FrameData& frame) { return !frame.event.empty(); });
            m_movementHasEvents = m_movementHasEvents || events;
            // A bone whose pass divides the movement's reaches its keyframes alike every pass.
            const int bonePass = bonePassFrames(*movement, bone);
            m_keysFollowPasses = m_keysFollowPasses ||
                                 (events && loop && bonePass > 0 && m_passFrames % bonePass != 0);
        }
    takeKeysOfPass(0);
    m_pass.assign(m_keys.size(), {});
    m_remembered.clear();
    m_unplaced.clear();
    m_unplacedStrays.clear();
    m_strayFires.clear();
    m_position = passFrame;
    m_wrapPending = false;
    m_phaseRestarted = false;
}

std::optional<size_t> FrameEventTracker::keyFired(const std::string& name, int keyFrame,
                                                  double from) const
{
    std::optional<size_t> first;
    for (size_t i = 0; i < m_keys.size(); ++i) {
        if (m_keys[i].timelineFrame != keyFrame || m_keys[i].name != name)
            continue;
        if (m_keys[i].passFrame >= from - 1e-6)
            return i;
        if (!first)
            first = i;
    }
    return first;
}

void FrameEventTracker::fired(const std::string& name, int keyFrame, int playedFrame)
{
    // A bone of its own `sc` reaches a keyframe more than once a pass: the fire is the next
    // reach from where the playhead was before this update, or the pass's first after a wrap.
    if (const std::optional<size_t> key = keyFired(name, keyFrame, m_position))
        m_unplaced.push_back({*key, playedFrame > keyFrame});
    else if (m_unplacedStrays.size() < kMaxStrayFires)
        m_unplacedStrays.push_back({{0.0, keyFrame, name}, playedFrame > keyFrame});
}

void FrameEventTracker::loopCompleted()
{
    m_wrapPending = true;
}

void FrameEventTracker::restartPhase()
{
    m_phaseRestarted = true;
}

void FrameEventTracker::moveTo(double passFrame)
{
    if (m_wrapPending) {
        // The update ran over the pass's end: its events on the old pass's tail belong to that
        // pass, the others to the new one, whose keys they are then.
        std::vector<std::pair<const Key, bool>> head; // the key fired, late
        for (const Fired& fire : m_unplaced)
            if (m_keys[fire.key].passFrame > m_position)
                record(fire);
            else
                head.emplace_back(m_keys[fire.key], fire.late);
        m_unplaced.clear();
        pass(m_position, m_passFrames);
        // The tail runs to the pass's last frame inclusive: the wrap went past it.
        for (size_t i = 0; i < m_keys.size(); ++i)
            if (m_keys[i].passFrame == m_passFrames)
                m_pass[i].reached = true;
        startPass(0.0, m_phaseRestarted ? 0 : m_passIndex + 1);
        for (const auto& [fired, late] : head)
            if (const auto key = keyFired(fired.name, fired.timelineFrame, 0.0))
                m_unplaced.push_back({*key, late});
        // A fire no key of the old pass matched may be a key of the new one (a bone of its own
        // time reaching it as the pass starts).
        std::erase_if(m_unplacedStrays, [this](const UnplacedStray& stray) {
            const auto key = keyFired(stray.fire.name, stray.fire.timelineFrame, 0.0);
            if (key)
                m_unplaced.push_back({*key, stray.late});
            return key.has_value();
        });
    } else if (passFrame < m_position || m_phaseRestarted) {
        for (const Fired& fire : m_unplaced)
            record(fire);
        m_unplaced.clear();
        // A seek leaves its pass with its fires; a blend-in's end keeps its fires for the pass
        // it starts, where the update ended.
        if (m_phaseRestarted)
            m_unplacedStrays.clear();
        // Forward, the seek still passes the keys it jumps over (of the first pass's time).
        startPass(std::min(passFrame, m_position), 0);
    }
    for (const Fired& fire : m_unplaced)
        record(fire);
    m_unplaced.clear();
    for (UnplacedStray& stray : m_unplacedStrays)
        if (m_strayFires.size() < kMaxStrayFires) {
            stray.fire.passFrame = passFrame;
            m_strayFires.push_back(std::move(stray.fire));
        }
    m_unplacedStrays.clear();
    if (passFrame > m_position)
        pass(m_position, passFrame);
    m_position = passFrame;
    m_wrapPending = false;
    m_phaseRestarted = false;
}

void FrameEventTracker::record(const Fired& fire)
{
    PassState& state = m_pass[fire.key];
    ++state.fires;
    state.late = state.late || fire.late;
}

void FrameEventTracker::pass(double fromFrame, double toFrame)
{
    // The playhead showed fromFrame and moved beyond it: keys from there up to, not including,
    // toFrame were passed. A key's ruler frame is rounded, so it is judged only once the
    // playhead is past it, never on the update that may be about to raise it.
    for (size_t i = 0; i < m_keys.size(); ++i) {
        const double at = m_keys[i].passFrame;
        if (at >= fromFrame && at < toFrame)
            m_pass[i].reached = true;
    }
}

void FrameEventTracker::startPass(double passFrame, int pass)
{
    for (size_t i = 0; i < m_keys.size(); ++i)
        if (const FrameEventVerdict verdict = judge(i); verdict != FrameEventVerdict::Pending)
            m_remembered[m_ids[i]] = verdict;
    if (pass != m_passIndex && m_keysFollowPasses)
        takeKeysOfPass(pass); // (once a pass, and only for bones of their own time)
    m_passIndex = pass;
    m_pass.assign(m_keys.size(), {});
    m_strayFires.clear();
    m_position = passFrame;
}

FrameEventVerdict FrameEventTracker::judge(size_t key) const
{
    const PassState& state = m_pass[key];
    if (state.fires > m_keys[key].bones)
        return FrameEventVerdict::Twice;
    if (state.fires > 0)
        return state.late ? FrameEventVerdict::Late : FrameEventVerdict::OnTime;
    return state.reached ? FrameEventVerdict::Missed : FrameEventVerdict::Pending;
}

FrameEventVerdict FrameEventTracker::verdict(size_t key) const
{
    if (key >= m_keys.size())
        return FrameEventVerdict::Pending;
    const FrameEventVerdict current = judge(key);
    if (current != FrameEventVerdict::Pending)
        return current;
    const auto known = m_remembered.find(m_ids[key]);
    return known != m_remembered.end() ? known->second : FrameEventVerdict::Pending;
}

int FrameEventTracker::firesThisPass(size_t key) const
{
    return key < m_pass.size() ? m_pass[key].fires : 0;
}

} // namespace bonescope::core
