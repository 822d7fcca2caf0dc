#pragma once

#include "model/SkeletonData.h"
#include "runtime/KeySpan.h"
#include "runtime/TweenFrame.h"

#include <memory>
#include <string_view>
#include <vector>

namespace bonescope::core {

/// Immutable per-armature lookup tables shared by every instance of one armature (ozz's
/// "runtime data", spine's SkeletonData): the bone timeline of each movement indexed by bone,
/// and the rigs of armatures nested as displays. Borrows the SkeletonData, which must outlive it.
class ArmatureRig {
public:
    /// The rig of `armatureName` in `skeleton`, or null when no such armature exists.
    static std::shared_ptr<const ArmatureRig> create(const SkeletonData& skeleton,
                                                     std::string_view armatureName);

    const SkeletonData& skeleton() const { return *m_skeleton; }
    const ArmatureData& armature() const { return *m_armature; }
    const std::vector<BoneData>& bones() const { return m_armature->bones; }
    /// The movements (empty for an armature without animation, e.g. a display library).
    const std::vector<MovementData>& movements() const;
    int movementIndex(std::string_view name) const;
    /// Bone `bone`'s timeline in movement `movement`, null when the movement leaves it out.
    const MovementBoneData* track(int movement, int bone) const
    {
        return m_tracks[static_cast<size_t>(movement) * m_armature->bones.size() +
                        static_cast<size_t>(bone)];
    }
    /// Movement `movement`'s timelines indexed by bone: track(movement, bone) for every bone.
    const MovementBoneData* const* tracks(int movement) const
    {
        return m_tracks.data() + static_cast<size_t>(movement) * m_armature->bones.size();
    }
    /// A bone timeline compiled for random access (sampleMovement): its keyframe spans are
    /// keySpans()[first, first + count), their start frames keyStarts()[first, …); a track that
    /// starts late has one more, keySpans()[first + count], its first keyframe held
    /// (KeySpan::held; the start and keyframe beside it repeat the first's). The spans'
    /// easing is resolved against the movement's (Linear for none), but stays None for a
    /// keyframe of its own easing None (a span cocos2d-x never tweens); their display index is
    /// −1 when hidden, and for combined data their z order includes the setup pose's.
    struct SampledTrack {
        unsigned first = 0;
        unsigned count = 0;     ///< 0 when the movement leaves the bone out
        float passFrames = 0.f; ///< frames the bone's pass lasts: durationTween × sc, truncated
        float delay = 0.f;      ///< `dl`
        /// Tracks of one movement with the same timing (passFrames, delay, keyframe starts, and
        /// each span's easing and its parameters) are in the same span, at the same eased ratio,
        /// at any moment: sampleMovement computes those once per timing. Numbered from 0 in
        /// bone order, per movement.
        unsigned timing = 0;
        bool frameEvents = false; ///< some keyframe raises a frame event
        /// The first keyframe starts after frame 0: before it the bone holds that keyframe.
        bool startsLate = false;
    };
    /// Movement `movement`'s compiled timelines, one per bone.
    const SampledTrack* sampledTracks(int movement) const
    {
        return m_sampled.data() + static_cast<size_t>(movement) * m_armature->bones.size();
    }
    const KeySpan* keySpans() const { return m_keySpans.data(); }
    const float* keyStarts() const { return m_keyStarts.data(); }
    /// The keyframes as a bone tween copies them (TweenFrame::fromKey), indexed like
    /// keyStarts(): a tween entering a span reads its two ends here instead of copying them.
    const TweenFrame* keyFrames() const { return m_keyFrames.data(); }
    const SpanColor* spanColors() const { return m_spanColors.data(); }
    /// True for CocoStudio data of version ≥ 0.3, whose frames are deltas from the setup pose
    /// (cocos2d-x VERSION_COMBINED).
    bool combined() const { return m_combined; }
    /// Rig of the armature shown by display `display` of bone `bone`, null for images.
    std::shared_ptr<const ArmatureRig> nestedRig(int bone, int display) const;
    /// Whether some bone has a nested armature among its displays.
    bool nestsArmatures() const { return !m_nested.empty(); }

private:
    struct Nested {
        int bone;
        int display;
        std::shared_ptr<const ArmatureRig> rig;
    };
    static std::shared_ptr<const ArmatureRig> build(const SkeletonData& skeleton,
                                                    std::string_view armatureName, int depth);
    void compileTracks();

    const SkeletonData* m_skeleton = nullptr;
    const ArmatureData* m_armature = nullptr;
    const AnimationData* m_animation = nullptr;
    bool m_combined = false;
    std::vector<const MovementBoneData*> m_tracks; ///< movement-major, bone-minor
    std::vector<SampledTrack> m_sampled;           ///< indexed like m_tracks
    std::vector<KeySpan> m_keySpans;
    std::vector<float> m_keyStarts;
    std::vector<TweenFrame> m_keyFrames;
    std::vector<SpanColor> m_spanColors; ///< untinted first; neighbours shared
    std::vector<Nested> m_nested;
};

} // namespace bonescope::core
