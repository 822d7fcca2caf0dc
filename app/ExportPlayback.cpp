#include "ExportPlayback.h"

#include "runtime/ArmaturePlayback.h"
#include "runtime/FlipbookPlayback.h"

namespace bonescope::app {

ExportPlayback::ExportPlayback() = default;
ExportPlayback::~ExportPlayback() = default;

void ExportPlayback::clear()
{
    m_armature.reset();
    m_flipbook.reset();
}

void ExportPlayback::setArmature(const core::SkeletonData& skeleton,
                                 const core::ArmatureData& armature)
{
    clear();
    m_armature = std::make_unique<core::ArmaturePlayback>(skeleton, armature);
    m_armature->setSpeed(m_speed);
}

void ExportPlayback::play(int movement, const core::FlipbookData* flipbook, bool loop)
{
    m_flipbook.reset();
    if (m_armature) {
        m_armature->play(movement, movement >= 0 && loop);
    } else if (flipbook) {
        m_flipbook = std::make_unique<core::FlipbookPlayback>(*flipbook);
        m_flipbook->setSpeed(m_speed);
        m_flipbook->play(loop);
    }
}

void ExportPlayback::update(double dtSeconds, std::vector<core::PlaybackEvent>& events)
{
    if (m_armature)
        m_armature->update(dtSeconds, events);
    else if (m_flipbook)
        m_flipbook->update(dtSeconds, events);
}

void ExportPlayback::seek(double frame)
{
    if (m_armature)
        m_armature->seek(frame);
    else if (m_flipbook)
        m_flipbook->seek(frame);
}

void ExportPlayback::setSpeed(double ratio)
{
    m_speed = ratio;
    if (m_armature)
        m_armature->setSpeed(ratio);
    if (m_flipbook)
        m_flipbook->setSpeed(ratio);
}

void ExportPlayback::crossfade(const core::Crossfade& crossfade, bool loop)
{
    if (m_armature)
        m_armature->crossfade(crossfade, loop);
}

int ExportPlayback::movement() const
{
    return m_armature ? m_armature->movement() : -1;
}

double ExportPlayback::frame() const
{
    if (m_armature)
        return m_armature->frame();
    return m_flipbook ? m_flipbook->frame() : 0.0;
}

bool ExportPlayback::showsPass() const
{
    return !m_armature || m_armature->showsPass();
}

bool ExportPlayback::finished() const
{
    return m_flipbook && m_flipbook->finished();
}

int ExportPlayback::flipbookFrame() const
{
    return m_flipbook ? m_flipbook->displayedFrame() : -1;
}

const core::Pose& ExportPlayback::pose() const
{
    static const core::Pose kNone;
    return m_armature ? m_armature->pose() : kNone;
}

void ExportPlayback::composeNested(const core::Pose& parent, core::NestedPoses& out) const
{
    if (m_armature)
        m_armature->composeNested(parent, out);
    else
        out.clear();
}

core::Pose ExportPlayback::sample(int movement, double frame) const
{
    return m_armature && movement >= 0 ? m_armature->sample(movement, frame) : core::Pose{};
}

core::CrossfadeWeights ExportPlayback::crossfadeWeights() const
{
    return m_armature ? m_armature->crossfadeWeights() : core::CrossfadeWeights{};
}

double ExportPlayback::crossfadeElapsedFrames() const
{
    return m_armature ? m_armature->crossfadeElapsedFrames() : -1.0;
}

} // namespace bonescope::app
