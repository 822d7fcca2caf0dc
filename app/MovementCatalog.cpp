#include "MovementCatalog.h"

#include "bake/BakeRunner.h"
#include "bake/BlendBakeRunner.h"
#include "bake/WorkLimits.h"
#include "model/FlipbookTiming.h"
#include "runtime/BoneTimeline.h"

namespace bonescope::app {

MovementCatalog::MovementCatalog(const core::LoadedExport& loaded, std::string_view armatureName)
    : m_export(&loaded)
{
    if (loaded.kind != core::ExportKind::Armature)
        return;
    const core::SkeletonData& skeleton = loaded.skeleton;
    if (const core::ArmatureData* chosen =
            armatureName.empty() ? nullptr : skeleton.findArmature(armatureName)) {
        m_armatureIndex = int(chosen - skeleton.armatures.data());
        return;
    }
    // The armature worth showing is the first with movements (cyborg.xml lists its weapon
    // armatures, which have none, before or after the body).
    for (size_t i = 0; i < skeleton.armatures.size() && m_armatureIndex < 0; ++i) {
        const core::AnimationData* animation = skeleton.findAnimation(skeleton.armatures[i].name);
        if (animation && !animation->movements.empty())
            m_armatureIndex = int(i);
    }
    if (m_armatureIndex < 0 && !skeleton.armatures.empty())
        m_armatureIndex = 0;
}

const core::ArmatureData* MovementCatalog::armature() const
{
    return m_armatureIndex < 0 ? nullptr : &m_export->skeleton.armatures[size_t(m_armatureIndex)];
}

const core::MovementData* MovementCatalog::movement(int movement) const
{
    const core::ArmatureData* shown = armature();
    const core::AnimationData* animation =
        shown ? m_export->skeleton.findAnimation(shown->name) : nullptr;
    return animation && movement >= 0 && movement < int(animation->movements.size())
               ? &animation->movements[size_t(movement)]
               : nullptr;
}

const core::FlipbookData* MovementCatalog::flipbook(int movement) const
{
    if (!m_export || m_export->kind != core::ExportKind::Flipbook || movement < 0 ||
        movement >= int(m_export->flipbooks.animations.size()))
        return nullptr;
    return &m_export->flipbooks.animations[size_t(movement)];
}

const core::SpriteFrame* MovementCatalog::flipbookFrame(int movement, int index,
                                                        const core::SpriteAtlas** atlas) const
{
    const core::FlipbookData* animation = flipbook(movement);
    if (!animation || index < 0 || index >= int(animation->frames.size()))
        return nullptr;
    return m_export->findFrame(animation->frames[size_t(index)].spriteFrame, atlas);
}

QStringList MovementCatalog::names() const
{
    QStringList names;
    if (const core::ArmatureData* shown = armature()) {
        if (const core::AnimationData* animation = m_export->skeleton.findAnimation(shown->name))
            for (const core::MovementData& movement : animation->movements)
                names.append(QString::fromStdString(movement.name));
    } else if (m_export && m_export->kind == core::ExportKind::Flipbook) {
        for (const core::FlipbookData& flipbook : m_export->flipbooks.animations)
            names.append(QString::fromStdString(flipbook.name));
    }
    return names;
}

int MovementCatalog::duration(int index) const
{
    if (const core::MovementData* data = movement(index))
        return core::passFrames(*data);
    if (const core::FlipbookData* data = flipbook(index))
        return core::flipbookLengthFrames(*data);
    return 0;
}

bool MovementCatalog::loops(int index) const
{
    // cocos2d-x runs an Animate once unless wrapped in RepeatForever; loops counts passes.
    const core::MovementData* data = movement(index);
    return data && data->loop;
}

QList<double> MovementCatalog::keyFrames(int index, int bone, bool loop, int pass) const
{
    QList<double> frames;
    if (const core::ArmatureData* shown = armature()) {
        const core::MovementData* data = movement(index);
        if (!data || bone < 0 || bone >= int(shown->bones.size()))
            return frames;
        if (const core::MovementBoneData* timeline =
                data->findBone(shown->bones[size_t(bone)].name))
            for (const core::KeyFrameReach& reach :
                 core::keyFrameReaches(*data, *timeline, loop, pass))
                frames.append(reach.passFrame);
    } else if (const core::FlipbookData* data = flipbook(index)) {
        for (int start : core::flipbookFrameStarts(*data))
            frames.append(start);
    }
    return frames;
}

QList<widgets::TimelineMark> MovementCatalog::eventMarks(int index, bool loop, int pass) const
{
    QList<widgets::TimelineMark> marks;
    if (const core::MovementData* data = movement(index)) {
        // Where the bones reach them, as the event lane judges them (core::FrameEventTracker).
        for (const core::MovementBoneData& bone : data->bones)
            for (const core::KeyFrameReach& reach : core::keyFrameReaches(*data, bone, loop, pass))
                if (const std::string& event = bone.frames[size_t(reach.keyFrame)].event;
                    !event.empty())
                    marks.append({reach.passFrame, QString::fromStdString(event)});
    } else if (const core::FlipbookData* data = flipbook(index)) {
        const std::vector<int> starts = core::flipbookFrameStarts(*data);
        for (size_t i = 0; i < starts.size(); ++i) {
            const core::FlipbookFrame& frame = data->frames[i % data->frames.size()];
            if (!frame.notification.empty())
                marks.append(
                    {double(starts[i]), QString::fromStdString(frame.notification.front().first)});
        }
    }
    return marks;
}

core::Result<core::BakeResult> MovementCatalog::bake(int movement) const
{
    const core::MovementData* data = this->movement(movement);
    if (!data)
        return core::LoadError{
            m_export ? m_export->path : std::string(), 0, {}, "no such movement"};
    return core::runBake(m_export->skeleton, armature()->name,
                         core::Scenario::playFirstPass(*data));
}

core::Result<std::vector<core::FlipbookStateRow>> MovementCatalog::bakeFlipbook(int movement) const
{
    const core::FlipbookData* data = flipbook(movement);
    const std::string file = m_export ? m_export->path : std::string();
    if (!data)
        return core::LoadError{file, 0, {}, "no such animation"};
    const auto scenario = core::BlendScenario::flipbookOf(data->name);
    if (const std::string problem = core::flipbookLimitProblem(*data, scenario.text);
        !problem.empty())
        return core::LoadError{file, 0, {}, problem};
    return core::runFlipbookBake(m_export->flipbooks, scenario);
}

} // namespace bonescope::app
