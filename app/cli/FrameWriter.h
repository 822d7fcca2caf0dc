#pragma once

#include "ViewOptions.h"
#include "bake/BlendScenario.h"
#include "bake/Scenario.h"
#include "io/ExportLoader.h"
#include "script/BlendScript.h"

#include <QDir>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <string>

namespace bonescope::cli {

/// How frames are drawn and where they go: `bonescope-cli render` and the viewer's Export
/// Frames ask the same way.
struct FrameRequest {
    QSize size; ///< invalid: the frames' own size (the animation's bounds at 1:1)
    bool sheet = false;
    render::ViewOptions options;
    QDir out;
    QStringList inputs; ///< the export and its textures, which no output may be
    /// When set, called after each frame is drawn with the frames done and their total;
    /// false stops the render, which then leaves no file behind.
    std::function<bool(int done, int total)> progress;
};

/// What a render would draw, worked out before any image: how many frames and under which
/// file stem, or why it cannot (an unknown name, a limit), and what the user should know.
struct FramePlan {
    QString error; ///< empty when it can be drawn
    int frames = 0;
    QString stem; ///< the files are STEM_NNNN.png or STEM_sheet.png
    QStringList warnings;

    bool ok() const { return error.isEmpty(); }
    /// The names of the files it writes: the first and the last frame's, or the sheet's.
    QString files(bool sheet) const;
};

/// What a render wrote, or why it wrote nothing.
struct FramesWritten {
    QString error;        ///< empty when written
    QStringList warnings; ///< written, but with something the user should know
    QStringList paths;
    int frames = 0;
    QSize frameSize;
    int columns = 0; ///< the sheet's grid (0 for separate frames)
    int rows = 0;

    bool ok() const { return error.isEmpty(); }
    /// One line: where the frames went, how many, their size (and the sheet's grid).
    QString summary() const;
};

/// The files a render of `loaded` reads (the export and its textures), which none of its
/// outputs may be.
QStringList renderInputs(const core::LoadedExport& loaded);

/// The longest side of a frame or sheet, pixels.
inline constexpr int kMaxFrameSide = 8192;

/// The updates of golden `scenario` of `armature` (a name `loaded` has) drawn by the QPainter
/// renderer, all with one camera fitted to the whole animation, written as PNG frames
/// (STEM_NNNN.png) or one STEM_sheet.png, STEM the scenario's golden file stem. Movements the
/// armature lacks and scenarios past the limits are refused before any work (the plan's error).
FramePlan planScenarioFrames(const core::LoadedExport& loaded, const std::string& armature,
                             const core::Scenario& scenario);
FramesWritten writeScenarioFrames(const core::LoadedExport& loaded, const std::string& armature,
                                  const core::Scenario& scenario, const FrameRequest& request);

/// One loop of `movement` (a name `armature` has), played without a blend-in: a looping
/// movement's frames until its pose repeats (core::movementLoop; taken after a first loop, which
/// settles the bones a delay starts between poses), so that they loop seamlessly, or with a
/// warning naming the bones that do not; a movement played once from play() to its end pose.
/// Written as writeScenarioFrames writes, STEM ARMATURE__loop_MOVEMENT.
FramePlan planLoopFrames(const core::LoadedExport& loaded, const std::string& armature,
                         const std::string& movement);
FramesWritten writeLoopFrames(const core::LoadedExport& loaded, const std::string& armature,
                              const std::string& movement, const FrameRequest& request);

/// The updates of blend script `script` (crossfades, layers and every call, as
/// `bonescope-cli bake --script` runs them), each drawn with the pose the script gives it, as
/// writeScenarioFrames draws. STEM ARMATURE__script_NAME, NAME `name` (the script file's stem,
/// or "recording" for the viewer's). Limits and unknown names are refused before any work.
FramePlan planScriptFrames(const core::LoadedExport& loaded, const core::BlendScript& script,
                           const QString& name);
FramesWritten writeScriptFrames(const core::LoadedExport& loaded, const core::BlendScript& script,
                                const QString& name, const FrameRequest& request);

/// Flipbook scenario `scenario` of an AnimationCache plist, one frame per update as bake plays
/// it: the sprite frame on show, centred in the size of the animation's largest frame or scaled
/// to fit the request's size. STEM flipbook_NAME.
FramePlan planFlipbookFrames(const core::LoadedExport& loaded, const core::BlendScenario& scenario);
FramesWritten writeFlipbookFrames(const core::LoadedExport& loaded,
                                  const core::BlendScenario& scenario, const FrameRequest& request);

} // namespace bonescope::cli
