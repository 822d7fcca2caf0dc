#include "runtime/ArmatureRig.h"

#include "base/Limits.h"
#include "runtime/TweenFunction.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string_view>
#include <unordered_map>

namespace bonescope::core {

namespace {
// cocos2d-x VERSION_COMBINED.
constexpr float kVersionCombined = 0.3f;
const std::vector<MovementData> kNoMovements;
} // namespace

std::shared_ptr<const ArmatureRig> ArmatureRig::create(const SkeletonData& skeleton,
                                                       std::string_view armatureName)
{
    return build(skeleton, armatureName, 0);
}

std::shared_ptr<const ArmatureRig> ArmatureRig::build(const SkeletonData& skeleton,
                                                      std::string_view armatureName, int depth)
{
    const ArmatureData* armature = skeleton.findArmature(armatureName);
    if (!armature || depth > kMaxNestingDepth)
        return nullptr;
    auto rig = std::shared_ptr<ArmatureRig>(new ArmatureRig());
    rig->m_skeleton = &skeleton;
    rig->m_armature = armature;
    rig->m_animation = skeleton.findAnimation(armatureName);
    rig->m_combined = armature->dataVersion >= kVersionCombined;

    const auto& movements = rig->movements();
    const size_t boneCount = armature->bones.size();
    rig->m_tracks.assign(movements.size() * boneCount, nullptr);
    // Indexed by name, so a rig costs linear time in bones and timelines (the first timeline
    // of a name wins, as MovementData::findBone).
    std::unordered_map<std::string_view, const MovementBoneData*> byName;
    for (size_t m = 0; m < movements.size(); ++m) {
        byName.clear();
        for (const MovementBoneData& track : movements[m].bones)
            byName.emplace(track.name, &track);
        for (size_t b = 0; b < boneCount; ++b)
            if (const auto it = byName.find(armature->bones[b].name); it != byName.end())
                rig->m_tracks[m * boneCount + b] = it->second;
    }
    rig->compileTracks();

    for (size_t b = 0; b < boneCount; ++b) {
        const auto& displays = armature->bones[b].displays;
        for (size_t d = 0; d < displays.size(); ++d)
            if (displays[d].type == DisplayType::Armature)
                if (auto nested = build(skeleton, displays[d].name, depth + 1))
                    rig->m_nested.push_back(
                        {static_cast<int>(b), static_cast<int>(d), std::move(nested)});
    }
    return rig;
}

namespace {

// What fixes a compiled track's span and eased ratio at a moment: its position's pace and lag,
// then per keyframe the start, the resolved easing and its parameters (compared by bits, so
// equal timings give equal results, NaN included).
struct Timing {
    const ArmatureRig::SampledTrack* track;
    const float* starts;
    const KeySpan* spans;
    const MovementBoneData* timeline;

    friend bool operator==(const Timing& a, const Timing& b)
    {
        const auto& x = *a.track;
        const auto& y = *b.track;
        if (!sameBits(x.passFrames, y.passFrames) || !sameBits(x.delay, y.delay) ||
            x.count != y.count)
            return false;
        for (unsigned k = 0; k < x.count; ++k) {
            const auto& p = a.timeline->frames[k].easingParams;
            const auto& q = b.timeline->frames[k].easingParams;
            if (!sameBits(a.starts[k], b.starts[k]) || a.spans[k].easing != b.spans[k].easing ||
                a.spans[k].easesByNext != b.spans[k].easesByNext || p.size() != q.size() ||
                !std::equal(p.begin(), p.end(), q.begin(), sameBits))
                return false;
        }
        return true;
    }
    static bool sameBits(float a, float b)
    {
        return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
    }
};

// A track whose first keyframe starts after frame 0: before it the bone holds that keyframe.
bool startsLate(const MovementBoneData& track)
{
    return track.frames.front().startFrame > 0;
}

// Over everything the equality compares, so that tracks differing in one middle keyframe do
// not share a bucket (a crafted rig of such tracks would compile in quadratic time).
struct TimingHash {
    size_t operator()(const Timing& t) const
    {
        size_t h = t.track->count;
        const auto mix = [&h](std::uint32_t value) {
            h ^= value + 0x9e3779b9u + (h << 6) + (h >> 2);
        };
        const auto bits = [](float value) { return std::bit_cast<std::uint32_t>(value); };
        mix(bits(t.track->passFrames));
        mix(bits(t.track->delay));
        for (unsigned k = 0; k < t.track->count; ++k) {
            mix(bits(t.starts[k]));
            mix(static_cast<std::uint32_t>(t.spans[k].easing));
            for (const float param : t.timeline->frames[k].easingParams)
                mix(bits(param));
        }
        return h;
    }
};

} // namespace

void ArmatureRig::compileTracks()
{
    m_sampled.resize(m_tracks.size());
    m_spanColors.assign(1, SpanColor{});
    const size_t boneCount = m_armature->bones.size();
    // Sized exactly: growing by doubling left up to half the span table unused.
    size_t keyFrames = 0;
    for (const MovementBoneData* track : m_tracks)
        if (track && !track->frames.empty())
            keyFrames += track->frames.size() + (startsLate(*track) ? 1 : 0);
    m_keySpans.reserve(keyFrames);
    m_keyStarts.reserve(keyFrames);
    m_keyFrames.reserve(keyFrames);
    // The movement's timings, each with its number: a hash set, so a rig of many distinct
    // tracks still compiles in linear time.
    std::unordered_map<Timing, unsigned, TimingHash> timings;
    for (size_t i = 0; i < m_tracks.size(); ++i) {
        if (i % boneCount == 0)
            timings.clear();
        const MovementBoneData* track = m_tracks[i];
        if (!track || track->frames.empty())
            continue;
        const MovementData& movement = movements()[i / boneCount];
        const BoneData& setup = m_armature->bones[i % boneCount];
        SampledTrack& sampled = m_sampled[i];
        sampled.first = static_cast<unsigned>(m_keySpans.size());
        sampled.count = static_cast<unsigned>(track->frames.size());
        sampled.passFrames = static_cast<float>(bonePassFrames(movement, *track));
        sampled.delay = track->delay;
        sampled.startsLate = startsLate(*track);
        sampled.frameEvents = std::any_of(track->frames.begin(), track->frames.end(),
                                          [](const FrameData& key) { return !key.event.empty(); });
        // What depends on the rig alone is settled here rather than at every sample.
        const auto addSpan = [&](KeySpan span, const SpanColor& colors, const FrameData& key) {
            // A span cocos2d-x never tweens samples as a hold (sampleMovement's rare branch).
            if (span.easing == Easing::None)
                span.hold = true;
            else
                span.easing = spanCurve(span.easing, movement.easing);
            span.displayIndex = span.displayIndex < 0 ? -1 : span.displayIndex;
            if (m_combined)
                span.zOrder += setup.zOrder;
            // Shared with the untinted entry or the previous span's when equal (the common
            // cases; no search, so hostile data stays linear).
            if (colors == m_spanColors.front())
                span.color = 0;
            else if (colors == m_spanColors.back())
                span.color = static_cast<unsigned>(m_spanColors.size() - 1);
            else {
                span.color = static_cast<unsigned>(m_spanColors.size());
                m_spanColors.push_back(colors);
            }
            m_keySpans.push_back(span);
            m_keyStarts.push_back(static_cast<float>(key.startFrame));
            m_keyFrames.push_back(TweenFrame::fromKey(key));
        };
        SpanColor colors;
        for (size_t k = 0; k < track->frames.size(); ++k) {
            const KeySpan span = KeySpan::fromFrames(track->frames, k, colors);
            addSpan(span, colors, track->frames[k]);
        }
        if (sampled.startsLate) {
            const KeySpan span = KeySpan::held(track->frames.front(), colors);
            addSpan(span, colors, track->frames.front());
        }
        // The tables do not grow past their reserved size: the pointers stay valid.
        const Timing timing{&sampled, &m_keyStarts[sampled.first], &m_keySpans[sampled.first],
                            track};
        sampled.timing =
            timings.emplace(timing, static_cast<unsigned>(timings.size())).first->second;
    }
    m_spanColors.shrink_to_fit();
}

const std::vector<MovementData>& ArmatureRig::movements() const
{
    return m_animation ? m_animation->movements : kNoMovements;
}

int ArmatureRig::movementIndex(std::string_view name) const
{
    const auto& list = movements();
    for (size_t i = 0; i < list.size(); ++i)
        if (list[i].name == name)
            return static_cast<int>(i);
    return -1;
}

std::shared_ptr<const ArmatureRig> ArmatureRig::nestedRig(int bone, int display) const
{
    for (const auto& nested : m_nested)
        if (nested.bone == bone && nested.display == display)
            return nested.rig;
    return nullptr;
}

} // namespace bonescope::core
