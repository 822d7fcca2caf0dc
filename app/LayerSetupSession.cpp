#include "LayerSetupSession.h"

#include "runtime/LayerSetupPlayback.h"

namespace bonescope::app {

LayerSetupSession::LayerSetupSession() = default;
LayerSetupSession::~LayerSetupSession() = default;

void LayerSetupSession::set(const core::LayerSetup& setup, const core::SkeletonData* skeleton,
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

void LayerSetupSession::clear()
{
    m_playback.reset();
    m_setup = core::LayerSetup{};
    m_error.clear();
}

void LayerSetupSession::update(double seconds)
{
    m_playback->update(seconds);
}

void LayerSetupSession::seek(double seconds)
{
    m_playback->seek(seconds);
}

double LayerSetupSession::timeSeconds() const
{
    return m_playback->timeSeconds();
}

const core::Pose& LayerSetupSession::pose() const
{
    return m_playback->pose();
}

std::vector<float> LayerSetupSession::weightSums(size_t boneCount) const
{
    return m_playback ? m_playback->weightSums() : std::vector<float>(boneCount, 0.f);
}

} // namespace bonescope::app
