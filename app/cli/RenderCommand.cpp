// `bonescope-cli render`: PNG frames or one sprite sheet of a scenario, drawn headless by the
// QPainter renderer (the same draw list the viewport batches).

#include "cli/RenderCommand.h"
#include "bake/WorkLimits.h"
#include "cli/CliCommand.h"
#include "cli/CommandLine.h"
#include "cli/ExportArgument.h"
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
#include "bake/Scenario.h"
#include "base/Limits.h"
#include "runtime/Armature.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <ostream>
#include <vector>

namespace bonescope::cli {

namespace {

constexpr int kMaxSide = 8192; ///< pixels: frames and sheets larger than this are refused
constexpr float kMarginPixels = 8.f;

int fail(const QString& message)
{
    std::fprintf(stderr, "bonescope-cli render: %s\n", qPrintable(message));
    return ExitUnreadable;
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

bool parseSize(const QString& text, QSize& size)
{
    const QStringList parts = text.toLower().split(QLatin1Char('x'));
    bool okW = false, okH = false;
    if (parts.size() == 2)
        size = QSize(parts[0].toInt(&okW), parts[1].toInt(&okH));
    return okW && okH && size.width() > 0 && size.height() > 0 && size.width() <= kMaxSide &&
           size.height() <= kMaxSide;
}

/// What the command line asks of a render, whatever the file.
struct RenderRequest {
    std::string scenario; ///< empty: the first movement or animation
    QSize size;           ///< invalid: the frames' own size
    bool sheet = false;
    render::ViewOptions options;
    QDir out;
    QStringList inputs; ///< the export and its textures, which no output may be
};

/// Frames 1 … `count` of `size`, drawn by `draw`, written as STEM_NNNN.png or one
/// STEM_sheet.png into the request's folder: every path checked before the first image is drawn
/// (no link, no folder, no input), and none left behind when one fails.
int writeFrames(const RenderRequest& request, const QString& stem, int count, QSize size,
                const std::function<QImage(int)>& draw)
{
    const int columns =
        request.sheet ? static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count)))) : 0;
    const int rows = request.sheet ? (count + columns - 1) / columns : 0;
    if (request.sheet && (static_cast<qint64>(columns) * size.width() > kMaxSide ||
                          static_cast<qint64>(rows) * size.height() > kMaxSide))
        return fail(QStringLiteral("a %1 × %2 sheet of %3 × %4 frames exceeds %5 pixels; "
                                   "use --size")
                        .arg(columns)
                        .arg(rows)
                        .arg(size.width())
                        .arg(size.height())
                        .arg(kMaxSide));
    const QDir& out = request.out;
    QStringList paths;
    if (request.sheet)
        paths << out.filePath(stem + QStringLiteral("_sheet.png"));
    for (int frame = 1; !request.sheet && frame <= count; ++frame)
        paths << out.filePath(
            QStringLiteral("%1_%2.png").arg(stem).arg(frame, 4, 10, QLatin1Char('0')));
    QString error;
    const bool createFolder = !QFileInfo(out.path()).isDir();
    {
        OutputFiles files(request.inputs); // removes what it wrote at the end of this block,
                                           // unless kept
        for (const QString& path : paths)
            if (!files.check(path))
                return fail(QString::fromStdString(files.error()));
        if (createFolder && !QDir().mkpath(out.absolutePath()))
            return fail(QStringLiteral("cannot create %1").arg(out.absolutePath()));
        if (request.sheet) {
            QImage image(columns * size.width(), rows * size.height(),
                         QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            QPainter painter(&image);
            for (int frame = 1; frame <= count; ++frame) {
                const int cell = frame - 1;
                painter.drawImage(
                    QPoint((cell % columns) * size.width(), (cell / columns) * size.height()),
                    draw(frame));
            }
            painter.end();
            if (!files.write(paths.front(), [&](std::ostream& s) { writePng(image, s); }))
                error = QString::fromStdString(files.error());
        }
        for (int frame = 1; !request.sheet && error.isEmpty() && frame <= count; ++frame)
            if (!files.write(paths[frame - 1], [&](std::ostream& s) { writePng(draw(frame), s); }))
                error = QString::fromStdString(files.error());
        if (error.isEmpty())
            files.keep();
    }
    if (!error.isEmpty()) {
        if (createFolder)
            QDir().rmdir(out.absolutePath());
        return fail(error);
    }
    if (request.sheet)
        std::printf("%s: %d frames of %dx%d in a %dx%d sheet\n", qPrintable(paths.front()), count,
                    size.width(), size.height(), columns, rows);
    else
        std::printf("%s: %d frames of %dx%d\n", qPrintable(out.absolutePath()), count, size.width(),
                    size.height());
    return ExitOk;
}

/// A golden scenario of an armature: each update's draw list, one camera fitted to them all.
int renderArmature(const core::LoadedExport& loaded, const std::string& armatureOption,
                   const RenderRequest& request)
{
    const core::SkeletonData& skeleton = loaded.skeleton;
    const auto resolved = resolveArmature(skeleton, armatureOption, loaded.path);
    if (!resolved)
        return fail(QString::fromStdString(resolved.error().toString()));
    const std::string& armatureName = resolved.value();

    std::string scenarioText = request.scenario;
    if (scenarioText.empty()) {
        const core::AnimationData* animation = skeleton.findAnimation(armatureName);
        if (!animation || animation->movements.empty())
            return fail(QStringLiteral("armature \"%1\" has no movement to play")
                            .arg(QString::fromStdString(armatureName)));
        scenarioText = "play:" + animation->movements.front().name;
    }
    std::string scenarioError;
    const auto scenario = core::Scenario::parse(scenarioText, &scenarioError);
    if (!scenario)
        return fail(QString::fromStdString(scenarioError));
    if (auto problem = unknownMovementProblem(skeleton, armatureName, scenario->movements);
        !problem.empty())
        return fail(QString::fromStdString(problem));
    if (auto problem = core::scenarioLimitProblem(skeleton, armatureName, *scenario);
        !problem.empty())
        return fail(QString::fromStdString(problem));
    if (const auto updates = core::scenarioUpdates(skeleton, armatureName, *scenario);
        updates > core::kMaxRenderFrames)
        return fail(QStringLiteral("%1 draws %2 frames; the limit is %3 frames")
                        .arg(QString::fromStdString(scenario->text))
                        .arg(updates)
                        .arg(core::kMaxRenderFrames));
    // The bake result holds the top-level poses only; the nested armatures (cyborg's arms) are
    // posed in the live instance, so each frame's draw list is built during its update. The
    // lists are kept because the camera needs every frame's bounds first.
    auto textures = std::make_shared<render::TextureCache>();
    render::ArmatureTreeView treeView(skeleton, loaded.atlases, textures);
    render::DrawListBuilder builder;
    render::Scene scene;
    scene.armatures.resize(1);
    std::vector<render::DrawList> lists; // frame f at f − 1
    render::Bounds bounds;               // one camera for every frame, so frames line up
    const auto baked =
        core::runBake(skeleton, armatureName, *scenario, [&](int, core::Armature& live) {
            scene.armatures[0] = treeView.view(live);
            builder.build(scene, lists.emplace_back());
            bounds.add(lists.back().bounds);
        });
    if (!baked)
        return fail(QString::fromStdString(baked.error().toString()));
    const int frames = baked->frameCount;
    if (frames <= 0)
        return fail(QStringLiteral("the scenario produced no frame"));
    if (bounds.isEmpty())
        bounds.add(0.f, 0.f);

    QSize size = request.size;
    if (!size.isValid()) {
        size = QSize(static_cast<int>(std::ceil(bounds.maxX - bounds.minX + 2 * kMarginPixels)),
                     static_cast<int>(std::ceil(bounds.maxY - bounds.minY + 2 * kMarginPixels)));
        size = size.boundedTo(QSize(kMaxSide, kMaxSide)).expandedTo(QSize(1, 1));
    }
    const render::ViewCamera camera = render::ViewCamera::fit(bounds, QSizeF(size), kMarginPixels);
    const QString stem =
        QString::fromStdString(core::goldenFileName(armatureName, *scenario)).chopped(4); // ".csv"
    return writeFrames(request, stem, frames, size, [&](int frame) {
        return render::PainterRenderer::render(size, lists[static_cast<size_t>(frame - 1)], camera,
                                               request.options);
    });
}

/// A flipbook scenario of an AnimationCache plist: each update's sprite frame, as the bake's
/// state rows name it (the original frame, the animation's first, where none shows), centred in
/// a canvas the size of the animation's largest frame, or scaled to fit --size.
int renderFlipbook(const core::LoadedExport& loaded, const RenderRequest& request)
{
    const auto& animations = loaded.flipbooks.animations;
    std::string scenarioText = request.scenario;
    if (scenarioText.empty()) {
        if (animations.empty())
            return fail(QStringLiteral("the file holds no animation to play"));
        scenarioText = "flipbook:" + animations.front().name;
    }
    if (!scenarioText.starts_with("flipbook:"))
        return fail(QStringLiteral("a flipbook renders a flipbook:NAME[:reverse] scenario"));
    std::string scenarioError;
    const auto scenario = core::BlendScenario::parse(scenarioText, &scenarioError);
    if (!scenario)
        return fail(QString::fromStdString(scenarioError));
    if (auto problem = flipbookScenarioProblem(loaded, *scenario); !problem.empty())
        return fail(QString::fromStdString(problem));
    const core::FlipbookData* data = loaded.flipbooks.findAnimation(scenario->flipbook);
    if (const auto updates = core::flipbookUpdateCount(*data); updates > core::kMaxRenderFrames)
        return fail(QStringLiteral("%1 draws %2 frames; the limit is %3 frames")
                        .arg(QString::fromStdString(scenario->text))
                        .arg(updates)
                        .arg(core::kMaxRenderFrames));
    const auto rows = core::runFlipbookBake(loaded.flipbooks, *scenario);
    if (!rows)
        return fail(QString::fromStdString(rows.error().toString()));
    if (rows->empty())
        return fail(QStringLiteral("the scenario produced no frame"));

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
        request.size.isValid() ? request.size : natural.boundedTo({kMaxSide, kMaxSide});
    const QString stem = QString::fromStdString(scenario->fileStem());
    return writeFrames(request, stem, int(rows->size()), size, [&](int frame) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        render::overlay::paintBackground(painter, QRectF(QPointF(), QSizeF(size)), request.options);
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
}

} // namespace

int runRender(const QStringList& arguments)
{
    CommandLine command(
        QStringLiteral("render"), QStringLiteral("FILE --out DIR"),
        QStringLiteral(
            "Render a playback scenario of an armature to PNG frames (DIR/ARMATURE__SCENARIO_"
            "NNNN.png, one per\nupdate of 1/%1 s) or to one sprite sheet "
            "(DIR/ARMATURE__SCENARIO_sheet.png), headless, with the\nviewer's QPainter "
            "renderer. Every frame shares one camera fitted to the whole animation.\n\n"
            "An AnimationCache plist renders a flipbook:NAME[:reverse] scenario (default: its "
            "first animation)\nas bake plays it, one frame per update "
            "(DIR/flipbook_NAME_NNNN.png): the sprite frame on\nshow, centred in the size of "
            "the animation's largest frame or scaled to fit --size.\n\n"
            "Scenarios are bake's golden ones (bonescope-cli bake --help). Limits, checked "
            "before any work:\nat most %2 frames, and frames and sheets at most %3 pixels "
            "a side. An unknown armature or\nmovement is refused with the list of valid "
            "names.\n\n"
            "Files appear complete or not at all: every output path is checked before the "
            "first image (a\nsymbolic link, a folder or an input file is refused), and a "
            "failed render leaves no frame.\n\n"
            "Exit status: 0 rendered, 2 unreadable input, unknown name, past a limit, cannot "
            "write, or bad usage.")
            .arg(static_cast<int>(core::kFramesPerSecond))
            .arg(core::kMaxRenderFrames)
            .arg(kMaxSide));
    QCommandLineParser& parser = command.parser();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("The armature export or AnimationCache plist."));
    const QCommandLineOption sampleOption(
        QStringLiteral("sample"), QStringLiteral("Render the embedded sample armature instead."));
    const QCommandLineOption armatureOption(
        QStringLiteral("armature"),
        QStringLiteral("The armature (default: the first). An unknown name is an error that "
                       "lists the armatures."),
        QStringLiteral("NAME"));
    const QCommandLineOption scenarioOption(
        QStringLiteral("scenario"),
        QStringLiteral("A golden scenario, e.g. play:walk (default: play the first movement), "
                       "or flipbook:NAME for an AnimationCache plist."),
        QStringLiteral("S"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("The output folder (required)."),
                                       QStringLiteral("DIR"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"),
        QStringLiteral("Frame size in pixels (default: the animation's bounds at 1:1)."),
        QStringLiteral("WxH"));
    const QCommandLineOption sheetOption(
        QStringLiteral("sheet"), QStringLiteral("Write one sprite sheet instead of frames."));
    const QCommandLineOption bonesOption(QStringLiteral("bones"),
                                         QStringLiteral("Draw the bone overlay."));
    const QCommandLineOption backgroundOption(
        QStringLiteral("background"),
        QStringLiteral("#rrggbb, a colour name, 'checker' or 'transparent' (default)."),
        QStringLiteral("B"));
    parser.addOptions({sampleOption, armatureOption, scenarioOption, outOption, sizeOption,
                       sheetOption, bonesOption, backgroundOption});
    if (const auto done = command.parse(arguments))
        return *done;
    QStringList files = parser.positionalArguments();
    if (parser.isSet(sampleOption))
        files.prepend(QStringLiteral("--sample"));
    if (files.size() != 1 || !parser.isSet(outOption))
        return command.usageError(QStringLiteral("give one FILE (or --sample) and --out DIR"));

    QSize size;
    if (parser.isSet(sizeOption) && !parseSize(parser.value(sizeOption), size))
        return fail(QStringLiteral("--size wants WxH between 1 and %1").arg(kMaxSide));
    RenderRequest request;
    request.scenario = parser.value(scenarioOption).toStdString();
    request.size = size;
    request.sheet = parser.isSet(sheetOption);
    request.out = QDir(parser.value(outOption));
    request.options.showAxes = false;
    request.options.showBones = parser.isSet(bonesOption);
    request.options.background = Qt::transparent;
    const QString background = parser.value(backgroundOption);
    if (background == QLatin1String("checker"))
        request.options.checkerBackground = true;
    else if (!background.isEmpty() && background != QLatin1String("transparent")) {
        request.options.background = QColor::fromString(background);
        if (!request.options.background.isValid())
            return fail(QStringLiteral("unknown background \"%1\"").arg(background));
    }

    ExportArgument exportArgument;
    const auto loaded = exportArgument.load(files.front());
    if (!loaded)
        return fail(QString::fromStdString(loaded.error().toString()));
    for (const auto& warning : loaded->warnings)
        std::fprintf(stderr, "warning: %s\n", warning.toString().c_str());
    // Every output path is checked against these before the first image is drawn, as bake's
    // are: not the export or one of its textures.
    request.inputs << QString::fromStdString(loaded->path);
    for (const auto& atlas : loaded->atlases)
        if (!atlas.imagePath.empty())
            request.inputs << QString::fromStdString(atlas.imagePath);
    if (loaded->kind == core::ExportKind::Flipbook) {
        if (parser.isSet(armatureOption) || request.options.showBones)
            return command.usageError(
                QStringLiteral("a flipbook has no armature or bones: --armature and --bones "
                               "apply to armature exports"));
        return renderFlipbook(loaded.value(), request);
    }
    return renderArmature(loaded.value(), parser.value(armatureOption).toStdString(), request);
}

} // namespace bonescope::cli
