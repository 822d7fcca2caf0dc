#include "runtime/Armature.h"

#include "base/Clones.h"
#include "runtime/Hierarchy.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace bonescope::core {

Armature::Armature(std::shared_ptr<const ArmatureRig> rig, const BonePose* parentBone)
    : m_rig(std::move(rig)), m_parentBone(parentBone), m_player(*this)
{
    const auto& bones = m_rig->bones();
    m_bones.resize(bones.size());
    m_pose.resize(bones.size());
    m_moved = std::make_unique<bool[]>(bones.size());
    m_stale = std::make_unique<bool[]>(bones.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        BoneState& state = m_bones[b];
        m_pose[b].zOrder = bones[b].zOrder;
        m_pose[b].displayIndex = -1;
        // No cached matrix yet: the first hierarchy pass computes every bone's (cocos2d-x's
        // nodeToMatrix gives −0 for an unrotated b, kept for byte-identical bakes).
        m_pose[b].composed.skewX = std::numeric_limits<float>::quiet_NaN();
        state.tweenData.displayIndex = -1;
        for (size_t d = 0; d < bones[b].displays.size(); ++d)
            if (auto nested = m_rig->nestedRig(static_cast<int>(b), static_cast<int>(d)))
                m_nested.push_back({static_cast<int>(b), static_cast<int>(d),
                                    std::make_unique<Armature>(std::move(nested), &m_pose[b])});
    }
    // cocos2d-x poses every bone at the first movement's first keyframe.
    if (!m_rig->movements().empty()) {
        for (size_t b = 0; b < bones.size(); ++b) {
            const MovementBoneData* track = m_rig->track(0, static_cast<int>(b));
            if (!track || track->frames.empty())
                continue;
            const FrameData& first = track->frames.front();
            m_bones[b].tweenData = TweenFrame::fromKey(first);
            changeDisplay(static_cast<int>(b), first.displayIndex);
        }
    }
    update(0);
}

Armature::~Armature() = default;

void Armature::copyStateFrom(const Armature& other)
{
    // Same rig: the vectors keep their sizes, so the nested armatures' parent-bone pointers
    // into m_pose stay valid.
    m_bones = other.m_bones;
    m_pose = other.m_pose;
    std::copy_n(other.m_stale.get(), m_bones.size(), m_stale.get());
    m_staleBones = other.m_staleBones;
    for (size_t i = 0; i < m_nested.size(); ++i)
        m_nested[i].armature->copyStateFrom(*other.m_nested[i].armature);
    m_player.copyStateFrom(other.m_player);
}

const Armature* Armature::childArmature(int bone) const
{
    const int shown = m_pose[static_cast<size_t>(bone)].displayIndex;
    for (const auto& nested : m_nested)
        if (nested.bone == bone && nested.display == shown)
            return nested.armature.get();
    return nullptr;
}

Armature* Armature::childArmature(int bone)
{
    return const_cast<Armature*>(std::as_const(*this).childArmature(bone));
}

void Armature::composeNested(const Pose& parent, NestedPoses& out) const
{
    size_t used = 0;
    appendNested(parent, -1, out, used);
    out.resize(used); // the nodes kept keep their poses' storage
}

void Armature::appendNested(const Pose& top, int parentNode, NestedPoses& out, size_t& used) const
{
    for (const Nested& nested : m_nested) {
        const auto bone = static_cast<size_t>(nested.bone);
        if (m_pose[bone].displayIndex != nested.display)
            continue;
        // The parent pose is read by index each time: appending may move the nodes.
        const auto parentPose = [&]() -> const Pose& {
            return parentNode < 0 ? top : out[static_cast<size_t>(parentNode)].pose;
        };
        if (bone >= parentPose().size())
            continue;
        const size_t index = used++;
        if (index == out.size())
            out.emplace_back();
        NestedPose& node = out[index];
        node.armature = nested.armature.get();
        node.parent = parentNode;
        node.bone = nested.bone;
        node.display = nested.display;
        node.pose = nested.armature->pose(); // same size every time: no allocation after the first
        updateWorldTransforms(nested.armature->rig(), node.pose, &parentPose()[bone]);
        nested.armature->appendNested(top, static_cast<int>(index), out, used);
    }
}

void Armature::changeDisplay(int bone, int displayIndex)
{
    // cocos2d-x asserts on an index past the displays; an export that does it keeps the
    // previous display here instead of reading out of range.
    const int displays =
        static_cast<int>(m_rig->bones()[static_cast<size_t>(bone)].displays.size());
    if (displayIndex >= displays && displays > 0)
        return;
    m_pose[static_cast<size_t>(bone)].displayIndex = displayIndex < 0 ? -1 : displayIndex;
}

void Armature::showLiveLocal(int bone)
{
    const auto b = static_cast<size_t>(bone);
    writeLocal(m_bones[b], m_rig->bones()[b].transform, m_rig->combined(), m_pose[b]);
    if (!std::exchange(m_stale[b], true))
        ++m_staleBones;
}

bool Armature::markedDirty(int bone) const
{
    // cocos2d-x recomposes a bone whose tween stepped (tweenNodeTo sets it dirty, whether or
    // not its values changed) or under such a bone; a nested armature's roots follow their
    // parent bone.
    const auto& bones = m_rig->bones();
    for (int b = bone; b >= 0; b = bones[static_cast<size_t>(b)].parentIndex)
        if (m_player.tweenStepped(b))
            return true;
    return m_parentBone != nullptr;
}

BONESCOPE_AVX2_CLONES
void Armature::updatePose()
{
    // updateWorldTransforms with each bone's local values written just before it is composed;
    // a bone whose tween did not change them, under a parent that did not move, stays.
    struct TweenLocals {
        static constexpr bool skipsStill() { return true; }
        BoneState* states;
        const BoneData* bones;
        bool combined;
        bool changed(size_t b) const { return states[b].tween.takeValuesChanged(); }
        lanes::TransformLanes write(size_t b, BonePose& pose) const
        {
            return writeLocal(states[b], bones[b].transform, combined, pose);
        }
    };
    // ... and a bone left stale by a hold keyframe (showLiveLocal) is composed when cocos2d-x
    // marks it dirty. Rare: a pass of its own, so that the usual one checks nothing more.
    struct StaleAwareLocals : TweenLocals {
        Armature* armature;
        bool changed(size_t b) const
        {
            return TweenLocals::changed(b) ||
                   (armature->m_stale[b] && armature->markedDirty(static_cast<int>(b)));
        }
        lanes::TransformLanes write(size_t b, BonePose& pose) const
        {
            if (std::exchange(armature->m_stale[b], false))
                --armature->m_staleBones;
            return TweenLocals::write(b, pose);
        }
    };
    const TweenLocals locals{m_bones.data(), m_rig->bones().data(), m_rig->combined()};
    if (m_staleBones == 0)
        hierarchy::composeBones(m_rig->bones().data(), m_pose.data(), m_bones.size(), m_parentBone,
                                m_moved.get(), locals);
    else
        hierarchy::composeBones(m_rig->bones().data(), m_pose.data(), m_bones.size(), m_parentBone,
                                m_moved.get(), StaleAwareLocals{locals, this});
}

lanes::TransformLanes Armature::writeLocal(const BoneState& state, const Transform& setup,
                                           bool combined, BonePose& pose)
{
    lanes::TransformLanes local = lanes::load(state.tweenData.transform);
    if (combined)
        local = lanes::withSetup(local, lanes::load(setup));
    lanes::store(pose.local, local);
    pose.color = state.tweenData.color;
    return local;
}

void Armature::update(float dtSeconds)
{
    m_player.update(dtSeconds);
    updatePose();
    for (auto& nested : m_nested)
        if (m_pose[static_cast<size_t>(nested.bone)].displayIndex == nested.display)
            nested.armature->update(dtSeconds);
}

} // namespace bonescope::core
