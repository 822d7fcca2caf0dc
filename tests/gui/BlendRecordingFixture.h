#pragma once

#include "Document.h"
#include "MainWindow.h"

#include "panels/CrossfadePanel.h"

#include "base/FrameRate.h"
#include "script/ScriptBake.h"

#include <QPushButton>
#include <QtTest>

#include <cstring>

namespace bonescope::test {

/// The pose of `update` as bonescope-cli bake --script --frames computes it.
inline core::Pose bakedPose(const app::Document& document, const core::BlendScript& script,
                            int update)
{
    auto bake = core::bakeScript(document.loaded()->skeleton, script, {update});
    if (!bake)
        qFatal("%s", bake.error().toString().c_str());
    const core::BakeResult& poses = bake->poses;
    return core::Pose(poses.poses.begin(), poses.poses.end());
}

/// Bit for bit: local and world transforms, display and z order.
inline bool identicalPose(const core::Pose& a, const core::Pose& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::memcmp(&a[i].local, &b[i].local, sizeof(core::Transform)) != 0 ||
            std::memcmp(&a[i].world, &b[i].world, sizeof(core::Affine)) != 0 ||
            a[i].displayIndex != b[i].displayIndex || a[i].zOrder != b[i].zOrder)
            return false;
    return true;
}

/// The updates at which recordWalkThenJump triggered.
struct Triggers {
    int firstAt = 0;
    int secondAt = 0;
};

/// Presses Record, runs `before` updates, triggers a 30-frame while-crossfade to walk, runs
/// `between` updates, triggers one to jump (a re-target while walk still blends in), runs
/// `after` updates and pauses.
inline Triggers recordWalkThenJump(app::MainWindow& window, int before, int between, int after)
{
    app::Document* document = window.document();
    widgets::CrossfadePanel* panel = window.crossfade();
    widgets::Transition transition = document->crossfade()->transition();
    transition.target = document->movementNames().indexOf(QStringLiteral("walk"));
    transition.type = widgets::TransitionType::WhileAnimating;
    transition.durationFrames = 30;
    document->crossfade()->setTransition(transition);
    QTest::mouseClick(panel->recordButton(), Qt::LeftButton);
    Triggers triggers;
    document->advance(before);
    triggers.firstAt = int(document->currentFrame());
    QTest::mouseClick(panel->triggerButton(), Qt::LeftButton);
    document->advance(between);
    triggers.secondAt = int(document->currentFrame());
    transition.target = document->movementNames().indexOf(QStringLiteral("jump"));
    document->crossfade()->setTransition(transition);
    QTest::mouseClick(panel->triggerButton(), Qt::LeftButton);
    document->advance(after);
    document->setPlaying(false);
    return triggers;
}

} // namespace bonescope::test
