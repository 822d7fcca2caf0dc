#include "LayerStack.h"

#include "runtime/LayerSetupPlayback.h"

namespace bonescope::app {

LayerStack::LayerStack() = default;
LayerStack::~LayerStack() = default;

void LayerStack::set(const core::LayerSetup& setup, const core::SkeletonData* skeleton,
                     const core::ArmatureData* armature, const std::string& fileName,
                     double seconds)
{
    m_setup = setup;
    m_playback.reset();
    m_error.clear();
    if (!skeleton || !armature || setup.layers.empty())
        return;
    auto playback = core::LayerSetupPlayback::create(*skeleton, *armature, setup, fileName);
    if (playback) {
        m_playback = std::move(playback.value());
        m_playback->seek(seconds);
    } else {
        const std::string message = playback.error().toString();
        m_error = QString::fromUtf8(message.data(), qsizetype(message.size()));
    }
}

void LayerStack::clear()
{
    m_playback.reset();
    m_setup = core::LayerSetup{};
    m_error.clear();
}

void LayerStack::update(double seconds)
{
    m_playback->update(seconds);
}

void LayerStack::seek(double seconds)
{
    m_playback->seek(seconds);
}

double LayerStack::timeSeconds() const
{
    return m_playback->timeSeconds();
}

const core::Pose& LayerStack::pose() const
{
    return m_playback->pose();
}

std::vector<float> LayerStack::weightSums(size_t boneCount) const
{
    return m_playback ? m_playback->weightSums() : std::vector<float>(boneCount, 0.f);
}

} // namespace bonescope::app
