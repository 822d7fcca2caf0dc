// Frames of an export drawn headless by the QPainter renderer (the draw list the viewport
// batches) and written as PNGs or one sprite sheet: `bonescope-cli render` and the viewer's
// Export Frames.

#include "cli/FrameWriter.h"
#include "bake/WorkLimits.h"
#include "cli/FlipbookScenario.h"
#include "cli/NameLookup.h"
#include "cli/OutputFiles.h"

#include "ArmatureTreeView.h"
#include "DrawListBuilder.h"
#include "OverlayPainter.h"
#include "PainterRenderer.h"
#include "SpriteFrameImage.h"
#include "TextureCache.h"
#include "bake/BakeRunner.h"
#include "bake/BlendBakeRunner.h"
#include "base/Limits.h"
#include "io/JsonPointer.h"
#include "runtime/Armature.h"
#include "runtime/MovementLoop.h"
#include "runtime/ProcessClock.h"
#include "script/ScriptRunner.h"

#include <QBuffer>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <vector>

namespace bonescope::cli {

namespace {

constexpr float kMarginPixels = 8.f;
const QString kStopped = QStringLiteral("stopped before the last frame: nothing was written");

FramesWritten failed(const QString& message)
{
    FramesWritten written;
    written.error = message;
    return written;
}

FramePlan refusedPlan(const QString& message)
{
    FramePlan plan;
    plan.error = message;
    return plan;
}

/// `frames` frames of `what` under `stem`, or the refusal past the render limit.
FramePlan framesPlan(const QString& what, std::int64_t frames, QString stem)
{
    if (frames > core::kMaxRenderFrames)
        return refusedPlan(QStringLiteral("%1 draws %2 frames; the limit is %3 frames")
                               .arg(what)
                               .arg(frames)
                               .arg(core::kMaxRenderFrames));
    FramePlan plan;
    plan.frames = static_cast<int>(frames);
    plan.stem = std::move(stem);
    return plan;
}

/// `image` as PNG into `out`; an image that cannot be encoded fails the stream, so nothing is
/// renamed into place.
void writePng(const QImage& image, std::ostream& out)
{
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG")) {
        out.setstate(std::ios::badbit);
        return;
    }
    out.write(png.constData(), png.size());
}

/// Files STEM_NNNN.png in `folder` numbered past `count`: frames an earlier, longer render left.
int framesBeyond(const QDir& folder, const QString& stem, int count)
{
    int beyond = 0;
    const QString prefix = stem + QLatin1Char('_');
    for (const QString& name : folder.entryList({prefix + QStringLiteral("*.png")}, QDir::Files)) {
        bool number = false;
        const QStringView digits =
            QStringView(name).mid(prefix.size(), name.size() - prefix.size() - 4);
        if (digits.size() >= 4 && digits.toInt(&number) > count && number)
            ++beyond;
    }
    return beyond;
}

/// `written` with a warning for each texture of `textures` that could not be decoded: its
/// sprites drew as placeholders.
FramesWritten withTextureProblems(FramesWritten written, const render::TextureCache& textures)
{
    if (written.ok())
        for (const core::LoadError& problem : textures.decodeProblems())
            written.warnings << QString::fromStdString(problem.toString());
    return written;
}

/// Frames 1 … `count` of `size`, drawn by `draw`, written as STEM_NNNN.png or one
/// STEM_sheet.png into the request's folder: every path checked before the first image is drawn
/// (no link, no folder, no input), and none left behind when one fails.
FramesWritten writeFrames(const FrameRequest& request, const QString& stem, int count, QSize size,
                          const std::function<QImage(int)>& draw)
{
    FramesWritten written;
    written.frames = count;
    written.frameSize = size;
    if (request.sheet) {
        written.columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
        written.rows = (count + written.columns - 1) / written.columns;
        if (static_cast<qint64>(written.columns) * size.width() > kMaxFrameSide ||
            static_cast<qint64>(written.rows) * size.height() > kMaxFrameSide)
            return failed(QStringLiteral("a %1 × %2 sheet of %3 × %4 frames exceeds %5 pixels; "
                                         "choose a smaller frame size")
                              .arg(written.columns)
                              .arg(written.rows)
                              .arg(size.width())
                              .arg(size.height())
                              .arg(kMaxFrameSide));
    }
    const QDir& out = request.out;
    if (request.sheet)
        written.paths << out.filePath(stem + QStringLiteral("_sheet.png"));
    for (int frame = 1; !request.sheet && frame <= count; ++frame)
        written.paths << out.filePath(
            QStringLiteral("%1_%2.png").arg(stem).arg(frame, 4, 10, QLatin1Char('0')));
    const bool createFolder = !QFileInfo(out.path()).isDir();
    const auto goesOn = [&](int done) {
        return !request.progress || request.progress(done, count);
    };
    {
        OutputFiles files(request.inputs); // nothing reaches its path before commit()
        for (const QString& path : std::as_const(written.paths))
            if (!files.check(path))
                return failed(QString::fromStdString(files.error()));
        if (createFolder && !QDir().mkpath(out.absolutePath()))
            return failed(QStringLiteral("cannot create %1").arg(out.absolutePath()));
        if (request.sheet) {
            QImage image(written.columns * size.width(), written.rows * size.height(),
                         QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QPainter painter(&image);
            for (int frame = 1; written.ok() && frame <= count; ++frame) {
                const int cell = frame - 1;
                painter.drawImage(QPoint((cell % written.columns) * size.width(),
                                         (cell / written.columns) * size.height()),
                                  draw(frame));
                if (!goesOn(frame))
                    written.error = kStopped;
            }
            painter.end();
            if (written.ok() &&
                !files.write(written.paths.front(), [&](std::ostream& s) { writePng(image, s); }))
                written.error = QString::fromStdString(files.error());
        }
        for (int frame = 1; !request.sheet && written.ok() && frame <= count; ++frame) {
            if (!files.write(written.paths[frame - 1],
                             [&](std::ostream& s) { writePng(draw(frame), s); }))
                written.error = QString::fromStdString(files.error());
            else if (!goesOn(frame))
                written.error = kStopped;
        }
        if (written.ok() && !files.commit())
            written.error = QString::fromStdString(files.error());
    }
    if (!written.ok() && createFolder)
        QDir().rmdir(out.absolutePath());
    if (written.ok() && !request.sheet)
        if (const int older = framesBeyond(out, stem, count); older > 0)
            written.warnings << QStringLiteral("%1 holds %2 more frames named %3_NNNN.png from "
                                               "before, after the last one written (%4): a "
                                               "sequence read from the folder would show them")
                                    .arg(out.absolutePath())
                                    .arg(older)
                                    .arg(stem, QFileInfo(written.paths.back()).fileName());
    return written;
}

/// Called after each update: the armature played, and the pose to draw when it is not the
/// armature's own (a blend's, a layer stack's), or null.
using FrameSink = std::function<void(const core::Armature& live, const core::Pose* blended)>;
/// Calls `frame` after each update it plays; false, with `error`, when the playback failed.
using Playback = std::function<bool(const FrameSink& frame, QString& error)>;

/// Each update of `playback` drawn, one camera fitted to them all. The draw lists are built
/// during the updates (nested armatures are posed in the live instance only) and kept, because
/// the camera needs every frame's bounds first.
FramesWritten writeArmatureFrames(const core::LoadedExport& loaded, const QString& stem,
                                  const Playback& playback, const FrameRequest& request)
{
    auto textures = std::make_shared<render::TextureCache>();
    render::ArmatureTreeView treeView(loaded.skeleton, loaded.atlases, textures);
    render::DrawListBuilder builder;
    render::Scene scene;
    scene.armatures.resize(1);
    std::vector<render::DrawList> lists; // frame f at f − 1
    core::NestedPoses nested;            // a blended pose's nested armatures
    render::Bounds bounds;
    QString error;
    const bool played = playback(
        [&](const core::Armature& live, const core::Pose* blended) {
            if (blended) {
                live.composeNested(*blended, nested);
                scene.armatures[0] = treeView.view(live.rig().armature(), *blended, nested);
            } else {
                scene.armatures[0] = treeView.view(live);
            }
            builder.build(scene, lists.emplace_back());
            bounds.add(lists.back().bounds);
        },
        error);
    if (!played)
        return failed(error);
    if (lists.empty())
        return failed(QStringLiteral("the playback produced no frame"));
    if (bounds.isEmpty())
        bounds.add(0.f, 0.f);

    QSize size = request.size;
    if (!size.isValid()) {
        size = QSize(static_cast<int>(std::ceil(bounds.maxX - bounds.minX + 2 * kMarginPixels)),
                     static_cast<int>(std::ceil(bounds.maxY - bounds.minY + 2 * kMarginPixels)));
        size = size.boundedTo(QSize(kMaxFrameSide, kMaxFrameSide)).expandedTo(QSize(1, 1));
    }
    const render::ViewCamera camera = render::ViewCamera::fit(bounds, QSizeF(size), kMarginPixels);
    return withTextureProblems(writeFrames(request, stem, static_cast<int>(lists.size()), size,
                                           [&](int frame) {
                                               return render::PainterRenderer::render(
                                                   size, lists[static_cast<size_t>(frame - 1)],
                                                   camera, request.options);
                                           }),
                               *textures);
}

} // namespace

QStringList renderInputs(const core::LoadedExport& loaded)
{
    QStringList inputs{QString::fromStdString(loaded.path)};
    for (const auto& atlas : loaded.atlases)
        if (!atlas.imagePath.empty())
            inputs << QString::fromStdString(atlas.imagePath);
    return inputs;
}

QString FramePlan::files(bool sheet) const
{
    if (sheet)
        return stem + QStringLiteral("_sheet.png");
    if (frames == 1)
        return stem + QStringLiteral("_0001.png");
    return QStringLiteral("%1_0001.png … %1_%2.png").arg(stem).arg(frames, 4, 10, QLatin1Char('0'));
}

QString FramesWritten::summary() const
{
    if (columns > 0)
        return QStringLiteral("%1: %2 frames of %3x%4 in a %5x%6 sheet")
            .arg(paths.value(0))
            .arg(frames)
            .arg(frameSize.width())
            .arg(frameSize.height())
            .arg(columns)
            .arg(rows);
    return QStringLiteral("%1: %2 frames of %3x%4")
        .arg(paths.isEmpty() ? QString() : QFileInfo(paths.front()).absolutePath())
        .arg(frames)
        .arg(frameSize.width())
        .arg(frameSize.height());
}

FramePlan planScenarioFrames(const core::LoadedExport& loaded, const std::string& armature,
                             const core::Scenario& scenario)
{
    const core::SkeletonData& skeleton = loaded.skeleton;
    if (auto problem = unknownMovementProblem(skeleton, armature, scenario.movements);
        !problem.empty())
        return refusedPlan(QString::fromStdString(problem));
    if (auto problem = core::scenarioLimitProblem(skeleton, armature, scenario); !problem.empty())
        return refusedPlan(QString::fromStdString(problem));
    return framesPlan(
        QString::fromStdString(scenario.text), core::scenarioUpdates(skeleton, armature, scenario),
        QString::fromStdString(core::goldenFileName(armature, scenario)).chopped(4)); // ".csv"
}

FramesWritten writeScenarioFrames(const core::LoadedExport& loaded, const std::string& armature,
                                  const core::Scenario& scenario, const FrameRequest& request)
{
    const FramePlan plan = planScenarioFrames(loaded, armature, scenario);
    if (!plan.ok())
        return failed(plan.error);
    return writeArmatureFrames(
        loaded, plan.stem,
        [&](const FrameSink& frame, QString& error) {
            const auto baked =
                core::runBake(loaded.skeleton, armature, scenario,
                              [&](int, const core::Armature& live) { frame(live, nullptr); });
            if (!baked)
                error = QString::fromStdString(baked.error().toString());
            return bool(baked);
        },
        request);
}

namespace {

/// A loop's plan with what drawing it needs: the rig, the movement and whether it loops.
struct LoopPlan {
    FramePlan plan;
    std::shared_ptr<const core::ArmatureRig> rig;
    int movement = -1;
    bool loops = false;
};

LoopPlan loopPlan(const core::LoadedExport& loaded, const std::string& armature,
                  const std::string& movement)
{
    LoopPlan planned;
    if (auto problem = unknownMovementProblem(loaded.skeleton, armature, {movement});
        !problem.empty()) {
        planned.plan = refusedPlan(QString::fromStdString(problem));
        return planned;
    }
    planned.rig = core::ArmatureRig::create(loaded.skeleton, armature);
    planned.movement = planned.rig->movementIndex(movement);
    planned.loops = planned.rig->movements()[static_cast<size_t>(planned.movement)].loop;
    const core::MovementLoop loop = core::movementLoop(*planned.rig, planned.movement);
    // A movement played once shows its end pose too, on the update that completes it.
    FramePlan& plan = planned.plan =
        framesPlan(QStringLiteral("one loop of %1").arg(QString::fromStdString(movement)),
                   planned.loops ? loop.updates : loop.updates + 1,
                   QString::fromStdString(armature + "__loop_" + movement));
    if (plan.ok() && !loop.offBeat.empty()) {
        QStringList names;
        for (const int bone : loop.offBeat)
            names << QString::fromStdString(planned.rig->bones()[static_cast<size_t>(bone)].name);
        plan.warnings << QStringLiteral("%1 of %2 run passes of their own (sc): they do not "
                                        "start over with the movement's %3 frames")
                             .arg(names.join(QStringLiteral(", ")),
                                  QString::fromStdString(movement))
                             .arg(loop.updates);
    }
    return planned;
}

} // namespace

FramePlan planLoopFrames(const core::LoadedExport& loaded, const std::string& armature,
                         const std::string& movement)
{
    return loopPlan(loaded, armature, movement).plan;
}

FramesWritten writeLoopFrames(const core::LoadedExport& loaded, const std::string& armature,
                              const std::string& movement, const FrameRequest& request)
{
    const LoopPlan planned = loopPlan(loaded, armature, movement);
    const FramePlan& plan = planned.plan;
    if (!plan.ok())
        return failed(plan.error);
    FramesWritten written = writeArmatureFrames(
        loaded, plan.stem,
        [&](const FrameSink& frame, QString&) {
            core::Armature live(planned.rig);
            live.animation().playByIndex(planned.movement, 0);
            // A first loop settles the bones that a delay `dl` starts between two poses; the
            // next one repeats from then on.
            for (int update = 0; planned.loops && update < plan.frames; ++update)
                live.update(core::kFrameSeconds);
            frame(live, nullptr);
            for (int update = 1; update < plan.frames; ++update) {
                live.update(core::kFrameSeconds);
                frame(live, nullptr);
            }
            return true;
        },
        request);
    if (written.ok())
        written.warnings = plan.warnings + written.warnings;
    return written;
}

namespace {

/// A script's plan with the runner that plays it, its names resolved.
struct ScriptPlan {
    FramePlan plan;
    std::unique_ptr<core::ScriptRunner> runner;
};

ScriptPlan scriptPlan(const core::LoadedExport& loaded, const core::BlendScript& script,
                      const QString& name)
{
    ScriptPlan planned;
    if (loaded.kind != core::ExportKind::Armature) {
        planned.plan = refusedPlan(QStringLiteral("a blend script plays an armature, and %1 "
                                                  "holds flipbook animations")
                                       .arg(QString::fromStdString(loaded.path)));
        return planned;
    }
    if (auto problem = core::scriptLimitProblem(loaded.skeleton, script, script.fileName);
        !problem.empty()) {
        planned.plan = refusedPlan(QString::fromStdString(problem));
        return planned;
    }
    auto runner = core::ScriptRunner::create(loaded.skeleton, script);
    if (!runner) {
        core::LoadError error = runner.error();
        core::placeInItsFile(error); // a call naming a movement the armature lacks
        planned.plan = refusedPlan(QString::fromStdString(error.toString()));
        return planned;
    }
    planned.runner = std::move(runner.value());
    planned.plan =
        framesPlan(QStringLiteral("the script %1").arg(name), planned.runner->updates(),
                   QString::fromStdString(planned.runner->armatureName() + "__script_") + name);
    return planned;
}

} // namespace

FramePlan planScriptFrames(const core::LoadedExport& loaded, const core::BlendScript& script,
                           const QString& name)
{
    return scriptPlan(loaded, script, name).plan;
}

FramesWritten writeScriptFrames(const core::LoadedExport& loaded, const core::BlendScript& script,
                                const QString& name, const FrameRequest& request)
{
    ScriptPlan planned = scriptPlan(loaded, script, name);
    if (!planned.plan.ok())
        return failed(planned.plan.error);
    core::ScriptRunner& runner = *planned.runner;
    return writeArmatureFrames(
        loaded, planned.plan.stem,
        [&](const FrameSink& frame, QString&) {
            while (runner.update() < runner.updates()) {
                runner.step();
                frame(runner.armature(), &runner.pose());
            }
            return true;
        },
        request);
}

FramePlan planFlipbookFrames(const core::LoadedExport& loaded, const core::BlendScenario& scenario)
{
    if (auto problem = flipbookScenarioProblem(loaded, scenario); !problem.empty())
        return refusedPlan(QString::fromStdString(problem));
    return framesPlan(QString::fromStdString(scenario.text),
                      core::flipbookUpdateCount(*loaded.flipbooks.findAnimation(scenario.flipbook)),
                      QString::fromStdString(scenario.fileStem()));
}

FramesWritten writeFlipbookFrames(const core::LoadedExport& loaded,
                                  const core::BlendScenario& scenario, const FrameRequest& request)
{
    const FramePlan plan = planFlipbookFrames(loaded, scenario);
    if (!plan.ok())
        return failed(plan.error);
    const core::FlipbookData* data = loaded.flipbooks.findAnimation(scenario.flipbook);
    const auto rows = core::runFlipbookBake(loaded.flipbooks, scenario);
    if (!rows)
        return failed(QString::fromStdString(rows.error().toString()));
    if (rows->empty())
        return failed(QStringLiteral("the scenario produced no frame"));

    // Each sprite frame of the animation cut once; the canvas holds the largest.
    render::TextureCache sheets;
    std::map<std::string, QImage> pictures;
    QSize natural(1, 1);
    for (const core::FlipbookFrame& frame : data->frames) {
        if (pictures.count(frame.spriteFrame))
            continue;
        const core::SpriteAtlas* atlas = nullptr;
        const core::SpriteFrame* sprite = loaded.findFrame(frame.spriteFrame, &atlas);
        QImage picture;
        if (sprite && atlas)
            picture =
                render::spriteFrameImage(sheets.image(sheets.acquire(atlas->imagePath)), *sprite);
        natural = natural.expandedTo(picture.size());
        pictures.emplace(frame.spriteFrame, std::move(picture));
    }
    const QSize size =
        request.size.isValid() ? request.size : natural.boundedTo({kMaxFrameSide, kMaxFrameSide});
    FramesWritten written =
        writeFrames(request, plan.stem, int(rows->size()), size, [&](int frame) {
            QImage image(size, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QPainter painter(&image);
            render::overlay::paintBackground(painter, QRectF(QPointF(), QSizeF(size)),
                                             request.options);
            const QImage& picture = pictures[rows.value()[size_t(frame - 1)].spriteFrame];
            if (!picture.isNull()) {
                const double scale = std::min(double(size.width()) / picture.width(),
                                              double(size.height()) / picture.height());
                const QSizeF drawn(picture.width() * scale, picture.height() * scale);
                painter.setRenderHint(QPainter::SmoothPixmapTransform, scale != 1.0);
                painter.drawImage(QRectF(QPointF((size.width() - drawn.width()) / 2,
                                                 (size.height() - drawn.height()) / 2),
                                         drawn),
                                  picture);
            }
            return image;
        });
    return withTextureProblems(std::move(written), sheets);
}

} // namespace bonescope::cli
