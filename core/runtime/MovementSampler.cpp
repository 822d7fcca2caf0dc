#include "runtime/MovementSampler.h"

#include "base/Clones.h"
#include "runtime/ArmatureRig.h"
#include "runtime/BoneTimeline.h"
#include "runtime/TweenDelta.h"
#include "runtime/TweenFunction.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace bonescope::core {

namespace {

// Where the tracks of one timing (ArmatureRig::SampledTrack::timing) are: the span's index
// among the track's keyframes, and its eased ratio once a tweened span asked for it.
struct TimingPlace {
    unsigned timing = ~0u;
    unsigned span = 0;
    float played = 0.f;
    /// NaN until a tweened span asks (a ratio that is NaN is only computed again: the same
    /// bits). No flag beside it: 16 bytes a place, found by a shift.
    float ratio = std::numeric_limits<float>::quiet_NaN();
};

// The places of the timings met so far in one sample, direct-mapped on the timing's number:
// movements have few timings (robot run: 6 for 15 bones), and a timing whose slot another took
// is only computed again.
class TimingPlaces {
public:
    TimingPlace& of(unsigned timing) { return m_places[timing % kSize]; }

private:
    static constexpr unsigned kSize = 8;
    TimingPlace m_places[kSize];
};

// The eased ratio of span `index` (tweened, so not the track's last) at timeline frame `played`.
// `timeline` (the track's keyframes) is read for the easing parameters of eased spans only: the
// span's keyframe's, or the next one's beside a hidden keyframe (KeySpan::easesByNext).
float spanRatio(const float* starts, const KeySpan& span, const MovementBoneData& timeline,
                unsigned index, float played)
{
    const float length = starts[index + 1] - starts[index];
    const float ratio = length == 0.f ? 0.f : (played - starts[index]) / length;
    if (span.easing == Easing::Linear)
        return ratio;
    const std::vector<float>& params =
        timeline.frames[index + (span.easesByNext ? 1 : 0)].easingParams;
    return tweenTo(ratio, span.easing, params.data(), static_cast<int>(params.size()));
}

// A track's span and the timeline frame it shows there.
struct KeptPlace {
    unsigned span = 0;
    float played = 0.f;
};
// The moment sampled: `elapsed` frames into the pass, an update every `step` of them.
struct SampledMoment {
    float elapsed = 0.f;
    float step = 1.f;
    bool loop = true;
    float lastFrame = 0.f;
};

// When the track's tween last updated at `moment` (step > 0): then, but a movement played once
// stops updating its tweens on the update that completes their pass.
float lastUpdate(const ArmatureRig::SampledTrack& track, SampledMoment moment)
{
    if (moment.loop)
        return moment.elapsed;
    return std::min(moment.elapsed, std::ceil(track.passFrames / moment.step) * moment.step);
}

// Where a track shows the values of a span of easing None, which cocos2d-x never tweens: the
// bone keeps what the last update before the span left, in an earlier span (stepped back to
// through further None spans). Null when no update before it is known (before START, a clock
// standing still).
std::optional<KeptPlace> keptPlace(const ArmatureRig::SampledTrack& track, const float* starts,
                                   const KeySpan* spans, SampledMoment moment, KeptPlace place)
{
    const float step = moment.step;
    if (!(step > 0.f))
        return std::nullopt;
    float elapsed = lastUpdate(track, moment);
    // The played frame runs lastFrame / passFrames a frame: the updates to a span's start.
    const float perUpdate = step * moment.lastFrame / std::max(track.passFrames, 1.f);
    const auto placeAt = [&](float at) {
        const float played =
            bonePlayedFrame(track.passFrames, track.delay, at, moment.loop, step, moment.lastFrame);
        return KeptPlace{findKeyStart(starts, track.count, played), played};
    };
    // Each round leaves one span for an earlier one (or an earlier pass): a track of None spans
    // only ends where the updates do.
    for (unsigned round = 0; round <= track.count; ++round) {
        const float behind =
            perUpdate > 0.f ? (place.played - starts[place.span]) / perUpdate : 0.f;
        if (!(behind < 1e7f))
            return std::nullopt;
        float updates = std::floor(behind) + 1.f;
        // The estimate is rounded: the last update before the span, checked both ways.
        while (updates > 1.f && placeAt(elapsed - (updates - 1.f) * step).span != place.span)
            updates -= 1.f;
        for (int extra = 0; extra < 4 && placeAt(elapsed - updates * step).span == place.span;
             ++extra)
            updates += 1.f;
        elapsed -= updates * step;
        if (elapsed < 0.f)
            return std::nullopt;
        place = placeAt(elapsed);
        if (!(spans[place.span].hold && spans[place.span].easing == Easing::None))
            return place;
    }
    return std::nullopt;
}

// The local values and colour of a span of easing None (keptPlace), or its keyframe's when no
// update before it is known. Rare (an edit, mostly), so out of the sampling loop.
[[gnu::noinline, gnu::cold]] void
writeKeptValues(const ArmatureRig::SampledTrack& track, const float* starts, const KeySpan* spans,
                const SpanColor* colors, const MovementBoneData& timeline, SampledMoment moment,
                KeptPlace place, BonePose& out)
{
    const auto kept = keptPlace(track, starts, spans, moment, place);
    if (!kept) {
        // No update wrote since START: its pose, the first keyframe's own values (what play()
        // poses, and what a durationTo blend before START ends on).
        const FrameData& first = timeline.frames.front();
        out.local = first.transform;
        out.color = first.color;
        return;
    }
    const KeySpan& shown = spans[kept->span];
    const SpanColor& color = colors[shown.color];
    if (shown.hold) {
        out.local = shown.from;
        out.color = color.color;
        return;
    }
    const float ratio = spanRatio(starts, shown, timeline, kept->span, kept->played);
    tweenTransform(shown.from, shown.delta, ratio, out.local);
    out.color = shown.useColor ? tweenColor(color.color, color.delta, ratio) : color.color;
}

// Frames into the pass of the update before `moment`'s that cocos2d-x's Tween remembers
// whether it passed the track's last keyframe on: the latest at or after the first keyframe
// (before it the tween leaves its flag alone). Null when no such update is known (before
// START, a clock standing still, or more than kLookBack updates back).
std::optional<float> playedBefore(const ArmatureRig::SampledTrack& track, const float* starts,
                                  SampledMoment moment)
{
    constexpr int kLookBack = 4096;
    const float step = moment.step;
    if (!(step > 0.f))
        return std::nullopt;
    float elapsed = lastUpdate(track, moment);
    for (int back = 0; back < kLookBack; ++back) {
        elapsed -= step;
        if (!(elapsed >= 0.f))
            return std::nullopt;
        const float played = bonePlayedFrame(track.passFrames, track.delay, elapsed, moment.loop,
                                             step, moment.lastFrame);
        if (played >= starts[0])
            return played;
    }
    return std::nullopt;
}

// The keyframe whose span shows at `played`, the start of keyframe `span` and of others before
// it (keyframes of no length): cocos2d-x's Tween walks forward from the span the update before
// left and stops at the first of them it meets; from the pass's start (START, a new pass) that
// is the first of them.
[[gnu::noinline, gnu::cold]] unsigned firstKeyReached(const ArmatureRig::SampledTrack& track,
                                                      const float* starts, SampledMoment moment,
                                                      unsigned span, float played)
{
    unsigned walkStart = 0;
    const float before = moment.elapsed - moment.step;
    if (moment.step > 0.f && before >= 0.f) {
        const float previous = bonePlayedFrame(track.passFrames, track.delay, before, moment.loop,
                                               moment.step, moment.lastFrame);
        // Earlier in the same pass: the walk starts where that update's span ends.
        if (previous <= played) {
            const unsigned next = findKeyStart(starts, track.count, previous) + 1;
            walkStart = next <= span ? next : 0;
        }
    }
    while (span > walkStart && starts[span - 1] == starts[span])
        --span;
    return span;
}

// Whether a track that starts late shows its first keyframe held at `played` inside its first
// span: cocos2d-x's Tween keeps the bounds of the span it last entered across passes, and a
// hold before the first keyframe changes the span's values but not its bounds. When the first
// span reaches past every frame the pass plays, it is entered once, in the first pass; from the
// first hold after that (the next pass's start) the bone stays at the held keyframe over it
// (features/late-track again). Looping tracks without a delay.
bool holdsFirstSpan(const ArmatureRig::SampledTrack& track, const float* starts,
                    SampledMoment moment)
{
    const float step = moment.step;
    const float pass = track.passFrames;
    if (!moment.loop || track.delay != 0.f || !(step > 0.f) || !(pass > 0.f) || track.count < 2)
        return false;
    // No frame of a pass, the overshooting one included, leaves the first span.
    if (!(starts[1] > moment.lastFrame * (1.f + step / pass)) || !(starts[0] <= moment.lastFrame))
        return false;
    // The first update of the second pass holds the first keyframe (its frame is before it).
    const float firstHold = std::ceil(pass / step) * step + step;
    return moment.elapsed >= firstHold &&
           bonePlayedFrame(pass, 0.f, firstHold, true, step, moment.lastFrame) < starts[0];
}

// The place of a timing whose frame is the start of several keyframes (firstKeyReached), before
// its first keyframe, or in a first span the tween does not enter again (holdsFirstSpan):
// held there, turning with the pass or the span (KeySpan::held, which the rig compiles after the
// track's spans).
[[gnu::noinline, gnu::cold]] void settleRarePlace(const ArmatureRig::SampledTrack& track,
                                                  const float* starts, const KeySpan* spans,
                                                  const MovementBoneData& timeline,
                                                  SampledMoment moment, TimingPlace& place)
{
    if (track.startsLate && place.played < starts[0]) {
        place.span = track.count;
        place.ratio =
            bonePassRatio(track.passFrames, track.delay, moment.elapsed, moment.loop, moment.step);
        return;
    }
    if (track.startsLate && place.span == 0 &&
        !(spans[0].hold && spans[0].easing == Easing::None) &&
        holdsFirstSpan(track, starts, moment)) {
        place.ratio = spanRatio(starts, spans[0], timeline, 0, place.played);
        place.span = track.count;
        return;
    }
    place.span = firstKeyReached(track, starts, moment, place.span, place.played);
}

// The values of a track at or past its last keyframe, which cocos2d-x's Tween holds, but for
// two rules of its own. On the first update past it (a track that ends before its movement)
// it tweens from it back toward the first keyframe at the negative, uneased ratio
// (played − last) / (first − last): one odd pose a pass, which the player shows too. And a last
// keyframe of easing None is never written: the bone keeps what the update before it left.
// Out of the sampling loop: most tracks reach their last keyframe only at the pass's end.
[[gnu::noinline, gnu::cold]] void
writePastLastValues(const ArmatureRig::SampledTrack& track, const float* starts,
                    const KeySpan* spans, const SpanColor* colors, const MovementBoneData& timeline,
                    SampledMoment moment, KeptPlace place, BonePose& out)
{
    const unsigned last = track.count - 1;
    const FrameData& lastKey = timeline.frames.back();
    if (lastKey.tween && lastKey.easing == Easing::None) {
        writeKeptValues(track, starts, spans, colors, timeline, moment, place, out);
        return;
    }
    const std::optional<float> before = playedBefore(track, starts, moment);
    if (before && *before < starts[last]) {
        SpanColor color;
        const KeySpan passing = KeySpan::pastLast(timeline.frames, color);
        const float length = starts[0] - starts[last];
        const float ratio = length == 0.f ? 0.f : (place.played - starts[last]) / length;
        if (passing.hold)
            out.local = passing.from;
        else
            tweenTransform(passing.from, passing.delta, ratio, out.local);
        out.color = passing.useColor ? tweenColor(color.color, color.delta, ratio) : color.color;
        return;
    }
    SpanColor color;
    const KeySpan held = KeySpan::held(lastKey, color);
    out.color = color.color;
    if (held.hold)
        out.local = held.from;
    else
        tweenTransform(
            held.from, held.delta,
            bonePassRatio(track.passFrames, track.delay, moment.elapsed, moment.loop, moment.step),
            out.local);
}

} // namespace

BONESCOPE_AVX2_CLONES
void sampleMovement(const ArmatureRig& rig, int movement, float elapsedFrames, Pose& pose)
{
    const MovementData& data = rig.movements()[static_cast<size_t>(movement)];
    // Read once: the pose's int stores could alias the movement's and rig's fields.
    const bool loop = data.loop;
    const float step = data.scale; // frames an update advances the movement by
    // A movement of no frames (dr 0) shows its first keyframes: frame 0, never before it (a
    // negative frame would extrapolate the first span backwards).
    const float lastFrame = static_cast<float>(std::max(data.duration - 1, 0));
    const SampledMoment moment{elapsedFrames, step, loop, lastFrame}; // for the rare paths
    const bool combined = rig.combined();
    const ArmatureRig::SampledTrack* tracks = rig.sampledTracks(movement);
    const MovementBoneData* const* timelines = rig.tracks(movement);
    const float* starts = rig.keyStarts();
    const KeySpan* spans = rig.keySpans();
    const SpanColor* colors = rig.spanColors();
    const BoneData* bones = rig.bones().data();
    BonePose* poses = pose.data();
    const size_t count = rig.bones().size();
    TimingPlaces places;
    for (size_t b = 0; b < count; ++b) {
        const ArmatureRig::SampledTrack& track = tracks[b];
        if (track.count == 0)
            continue;
        const float* trackStarts = starts + track.first;
        TimingPlace& place = places.of(track.timing);
        if (place.timing != track.timing) {
            place.timing = track.timing;
            place.played = bonePlayedFrame(track.passFrames, track.delay, elapsedFrames, loop, step,
                                           lastFrame);
            // The last span starting at or before the frame (the first when none does).
            place.span = findKeyStart(trackStarts, track.count, place.played);
            place.ratio = std::numeric_limits<float>::quiet_NaN();
            // A keyframe of no length at the frame, or a track that starts late: rare.
            if ((place.span > 0 && trackStarts[place.span - 1] == place.played) ||
                (track.startsLate && place.span == 0)) [[unlikely]]
                settleRarePlace(track, trackStarts, spans + track.first, *timelines[b], moment,
                                place);
        }
        const KeySpan& key = spans[track.first + place.span];
        BonePose& out = poses[b];
        if (key.hold) {
            if (key.easing == Easing::None) {
                writeKeptValues(track, trackStarts, spans + track.first, colors, *timelines[b],
                                moment, {place.span, place.played}, out);
            } else if (place.span + 1 == track.count && track.count > 1 &&
                       place.played >= trackStarts[place.span]) {
                writePastLastValues(track, trackStarts, spans + track.first, colors, *timelines[b],
                                    moment, {place.span, place.played}, out);
            } else {
                out.local = key.from;
                out.color = colors[key.color].color;
            }
        } else {
            if (std::isnan(place.ratio))
                place.ratio = spanRatio(trackStarts, key, *timelines[b], place.span, place.played);
            const SpanColor& color = colors[key.color];
            tweenTransform(key.from, key.delta, place.ratio, out.local);
            out.color =
                key.useColor ? tweenColor(color.color, color.delta, place.ratio) : color.color;
        }
        out.displayIndex = key.displayIndex;
        out.zOrder = key.zOrder;
        if (combined)
            lanes::store(out.local,
                         lanes::withSetup(lanes::load(out.local), lanes::load(bones[b].transform)));
    }
}

} // namespace bonescope::core
