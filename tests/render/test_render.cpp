// Headless rendering: texture sharing, sprite-frame resolution, z order, placeholders, onion
// skin, nested armatures and the QPainter renderer's pixels.

#include "RenderFixture.h"

#include "ArmatureTreeView.h"
#include "ClampedRegion.h"
#include "DrawListBuilder.h"
#include "PainterRenderer.h"
#include "SpriteFrameImage.h"
#include "bake/BakeRunner.h"
#include "io/SpriteLookup.h"
#include "runtime/Armature.h"
#include "runtime/ArmatureRig.h"

#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>

#include <sys/stat.h>

using namespace bonescope;

namespace {

QPointF centroid(const render::DrawList& list, size_t quad)
{
    QPointF sum;
    for (size_t k = 0; k < 4; ++k)
        sum += QPointF(list.vertices[4 * quad + k].x, list.vertices[4 * quad + k].y);
    return sum / 4.0;
}

size_t quadOfBone(const render::DrawList& list, int bone)
{
    for (size_t i = 0; i < list.quads.size(); ++i)
        if (list.quads[i].bone == bone && list.quads[i].armature == 0)
            return i;
    return list.quads.size();
}

} // namespace

class TestRender : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void textureCacheLoadsEachImageOnce();
    void texturesThatCannotBeDecodedAreProblems();
    void spriteFramesResolveWithAndWithoutExtension();
    void rotatedFrameUsesRotatedTexCoords();
    void quadsFollowZOrder();
    void unknownDisplayTypesDrawNothing();
    void imagesWithoutAnAnchorDrawNothing();
    void missingImagesBecomePlaceholders_data();
    void missingImagesBecomePlaceholders();
    void onionGhostsAreTintedAndBehind();
    void nestedArmatureDrawsUnderItsBone();
    void painterDrawsTheDragon();
    void runtimeFrameOneShowsTheBody();
    void liveNestedArmaturesAreDrawn();
    void bakeUpdatesDrawNestedArmatures();
    void fitKeepsSmallViewsFilled();
    void spriteFrameImageUndoesRotationAndTrim();
    void framesOutsideTheirImageRepeatItsEdge();
    void nanPosesDrawNothing();

private:
    test::LoadedSkeleton m_dragon;
    std::shared_ptr<render::TextureCache> m_textures;
    const core::ArmatureData* m_armature = nullptr;
    core::Pose m_pose;
};

void TestRender::initTestCase()
{
    m_dragon = test::loadDragonBones(test::corpus("Dragon.xml"));
    QVERIFY2(m_dragon.error.empty(), m_dragon.error.c_str());
    QCOMPARE(m_dragon.atlases.size(), size_t(1));
    m_armature = m_dragon.skeleton.findArmature("Dragon");
    QVERIFY(m_armature);
    m_pose = test::firstKeyframePose(m_dragon.skeleton, *m_armature, "stand");
    m_textures = std::make_shared<render::TextureCache>();
}

void TestRender::textureCacheLoadsEachImageOnce()
{
    auto cache = std::make_shared<render::TextureCache>();
    const auto first =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, cache);
    const auto second =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, cache);
    QCOMPARE(cache->size(), 1);
    QVERIFY(cache->isValid(0));
    QCOMPARE(cache->image(0).size(), QSize(512, 512));
    for (int bone = 0; bone < first.boneCount(); ++bone) {
        QCOMPARE(first.displays(bone)[0].textureId, 0);
        QCOMPARE(second.displays(bone)[0].textureId, 0);
    }
    const int again = cache->acquire(m_dragon.atlases[0].imagePath);
    QCOMPARE(again, 0);
    QCOMPARE(cache->acquire("/no/such/image.png"), 1);
    QVERIFY(!cache->isValid(1));
    QVERIFY(!cache->error(1).isEmpty());
    // A texture path that is a FIFO (no writer) is refused at once instead of blocking.
    QTemporaryDir folder;
    const QString fifo = folder.filePath("texture.png");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    QCOMPARE(cache->acquire(fifo.toStdString()), 2);
    QVERIFY(!cache->isValid(2));
    QVERIFY2(cache->error(2).contains("named pipe"), qPrintable(cache->error(2)));

    // A file changed on disk: same id, new revision, so GL copies are re-uploaded.
    QCOMPARE(cache->revision(0), 0);
    cache->reload(0);
    QCOMPARE(cache->revision(0), 1);
    QVERIFY(cache->isValid(0));
}

void TestRender::texturesThatCannotBeDecodedAreProblems()
{
    // A truncated image and one past the decoder's allocation limit are warnings naming the
    // file and why; a missing one is the loader's warning, not repeated.
    QTemporaryDir folder;
    const QString truncated = folder.filePath(QStringLiteral("truncated.png"));
    const QString large = folder.filePath(QStringLiteral("large.png"));
    QImage image(1200, 1000, QImage::Format_ARGB32);
    image.fill(Qt::red);
    QVERIFY(image.save(large));
    QFile whole(large);
    QVERIFY(whole.open(QIODevice::ReadOnly));
    QFile cut(truncated);
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(whole.read(whole.size() / 2));
    cut.close();

    const int limit = QImageReader::allocationLimit();
    QImageReader::setAllocationLimit(4); // MB: 1200 × 1000 × 4 bytes is more
    render::TextureCache cache;
    for (const QString& path : {truncated, large, folder.filePath(QStringLiteral("missing.png"))})
        QVERIFY(!cache.isValid(cache.acquire(path.toStdString())));
    QImageReader::setAllocationLimit(limit);
    const std::vector<core::LoadError> problems = cache.decodeProblems();
    QCOMPARE(problems.size(), size_t(2));
    QCOMPARE(problems[0].file, truncated.toStdString());
    QVERIFY2(problems[0].message.starts_with("texture image cannot be decoded ("),
             problems[0].message.c_str());
    QCOMPARE(problems[1].file, large.toStdString());
    QCOMPARE(problems[1].message,
             std::string("texture image cannot be decoded (1200 × 1000 pixels, more than the 4 MB "
                         "one decoded image may take); its sprites draw as placeholders"));
}

void TestRender::spriteFramesResolveWithAndWithoutExtension()
{
    // Plist frames carry ".png"; the XML's own atlas does not: both must resolve.
    std::vector<core::SpriteAtlas> xmlAtlas = m_dragon.skeleton.atlases;
    QCOMPARE(xmlAtlas.size(), size_t(1));
    xmlAtlas[0].imagePath = m_dragon.atlases[0].imagePath;
    for (const auto& atlases : {m_dragon.atlases, xmlAtlas}) {
        const auto skins =
            render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, atlases, m_textures);
        QCOMPARE(skins.boneCount(), int(m_armature->bones.size()));
        for (int bone = 0; bone < skins.boneCount(); ++bone) {
            QCOMPARE(skins.displays(bone).size(), size_t(1));
            QVERIFY2(skins.displays(bone)[0].kind == render::SkinDisplay::Kind::Sprite,
                     skins.displays(bone)[0].label.c_str());
        }
    }
}

void TestRender::rotatedFrameUsesRotatedTexCoords()
{
    // Dragon.plist: parts-armL.png frame {{173,344},{24,40}} rotated; SubTexture pivot (0, 0)
    // from the top-left, i.e. anchor (0, 1): the sprite hangs below and right of the bone.
    const auto skins =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, m_textures);
    const int bone = m_armature->findBone("armL");
    QVERIFY(bone >= 0);
    const render::SkinDisplay& d = skins.displays(bone)[0];
    const float left = 173.f / 512.f, right = (173.f + 40.f) / 512.f;
    const float top = 344.f / 512.f, bottom = (344.f + 24.f) / 512.f;
    QCOMPARE(d.u[0], left); // bottom-left
    QCOMPARE(d.v[0], top);
    QCOMPARE(d.u[1], left); // bottom-right
    QCOMPARE(d.v[1], bottom);
    QCOMPARE(d.u[2], right); // top-right
    QCOMPARE(d.v[2], bottom);
    QCOMPARE(d.u[3], right); // top-left
    QCOMPARE(d.v[3], top);
    // Content 24 × 40 with the anchor at its top-left corner.
    QCOMPARE(d.x[0], 0.f);
    QCOMPARE(d.y[0], -40.f);
    QCOMPARE(d.x[2], 24.f);
    QCOMPARE(d.y[2], 0.f);
}

void TestRender::quadsFollowZOrder()
{
    const auto skins =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, m_textures);
    core::Pose pose = m_pose;
    // Reverse the z order: drawing order must follow z, not bone order.
    for (size_t i = 0; i < pose.size(); ++i)
        pose[i].zOrder = static_cast<int>(pose.size() - i);
    render::Scene scene;
    scene.armatures.push_back({&skins, pose, {}, {}, {}});
    render::DrawList list;
    render::DrawListBuilder builder;
    builder.build(scene, list);
    QCOMPARE(list.quads.size(), m_armature->bones.size());
    QCOMPARE(list.vertices.size(), 4 * list.quads.size());
    QCOMPARE(list.bones.size(), m_armature->bones.size());
    for (size_t i = 1; i < list.quads.size(); ++i)
        QVERIFY(pose[size_t(list.quads[i - 1].bone)].zOrder <=
                pose[size_t(list.quads[i].bone)].zOrder);
    QVERIFY(list.placeholders.empty());
    QVERIFY(!list.bounds.isEmpty());
    // Bone segments run from the parent's joint to the bone's own.
    for (size_t b = 0; b < list.bones.size(); ++b) {
        const int parent = m_armature->bones[b].parentIndex;
        const auto& from = parent >= 0 ? list.bones[size_t(parent)] : list.bones[b];
        QCOMPARE(list.bones[b].x0, from.x1);
        QCOMPARE(list.bones[b].y0, from.y1);
        QCOMPARE(list.bones[b].x1, pose[b].world.tx);
    }

    // Hidden bones (display index −1) draw nothing but keep their joint for picking.
    pose[0].displayIndex = -1;
    builder.build(scene, list);
    QCOMPARE(list.quads.size(), m_armature->bones.size() - 1);
    QCOMPARE(list.bones.size(), m_armature->bones.size());
}

void TestRender::unknownDisplayTypesDrawNothing()
{
    // An ExportJson displayType cocos2d-x does not know: the bone shows it, and nothing is drawn
    // (not even a placeholder), while the bone keeps its joint.
    core::SkeletonData skeleton = m_dragon.skeleton;
    core::ArmatureData& armature =
        skeleton.armatures[size_t(m_armature - m_dragon.skeleton.armatures.data())];
    armature.bones[0].displays[0].type = core::DisplayType::Unknown;
    const auto skins =
        render::ArmatureSkins::build(skeleton, armature, m_dragon.atlases, m_textures);
    render::Scene scene;
    scene.armatures.push_back({&skins, m_pose, {}, {}, {}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    QCOMPARE(m_pose[0].displayIndex, 0);
    QCOMPARE(list.quads.size(), armature.bones.size() - 1);
    QCOMPARE(quadOfBone(list, 0), list.quads.size());
    QVERIFY(list.placeholders.empty());
    QCOMPARE(list.bones.size(), armature.bones.size());
}

void TestRender::imagesWithoutAnAnchorDrawNothing()
{
    // A DragonBones SubTexture of size 0 (realworld/subtexture-sizes.xml): cocos2d-x's anchor
    // (pivot / 0) is not a number and it draws no image, not even a placeholder; the bone keeps
    // its joint.
    core::SkeletonData skeleton = m_dragon.skeleton;
    const std::string shown = core::displayStem(m_armature->bones[0].displays[0].name);
    for (core::TextureData& texture : skeleton.textures)
        if (texture.name == shown)
            texture.hasAnchor = false;
    const core::ArmatureData& armature =
        skeleton.armatures[size_t(m_armature - m_dragon.skeleton.armatures.data())];
    const auto skins =
        render::ArmatureSkins::build(skeleton, armature, m_dragon.atlases, m_textures);
    QCOMPARE(skins.displays(0)[0].kind, render::SkinDisplay::Kind::Empty);
    render::Scene scene;
    scene.armatures.push_back({&skins, m_pose, {}, {}, {}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    QCOMPARE(list.quads.size(), armature.bones.size() - 1);
    QCOMPARE(quadOfBone(list, 0), list.quads.size());
    QVERIFY(list.placeholders.empty());
    QCOMPARE(list.bones.size(), armature.bones.size());
}

void TestRender::missingImagesBecomePlaceholders_data()
{
    QTest::addColumn<bool>("keepAtlas");
    QTest::addColumn<QString>("labelPart");
    QTest::newRow("no sprite sheet") << false << QStringLiteral("no sprite frame");
    QTest::newRow("image missing") << true << QStringLiteral("no image");
}

void TestRender::missingImagesBecomePlaceholders()
{
    QFETCH(bool, keepAtlas);
    QFETCH(QString, labelPart);
    std::vector<core::SpriteAtlas> atlases;
    if (keepAtlas) {
        atlases = m_dragon.atlases;
        atlases[0].imagePath = QDir::temp().filePath("missing.png").toStdString();
    }
    auto cache = std::make_shared<render::TextureCache>();
    const auto skins = render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, atlases, cache);
    render::Scene scene;
    scene.armatures.push_back({&skins, m_pose, {}, {}, {}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    QVERIFY(list.quads.empty());
    QCOMPARE(list.placeholders.size(), m_armature->bones.size());
    QVERIFY(QString::fromStdString(list.placeholders[0].label).contains(labelPart));
    const render::ViewOptions options;
    const QSize size(200, 200);
    const QImage image = render::PainterRenderer::render(
        size, list, render::ViewCamera::fit(list.bounds, QSizeF(size)), options);
    QCOMPARE(image.size(), size);
}

void TestRender::onionGhostsAreTintedAndBehind()
{
    const auto skins =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, m_textures);
    render::Scene scene;
    scene.armatures.push_back({&skins, m_pose, {}, {}, {}});
    core::Affine shifted;
    shifted.tx = 30.f;
    scene.ghosts.push_back({-1, {&skins, m_pose, shifted, {}, {}}});
    scene.ghosts.push_back({2, {&skins, m_pose, shifted, {}, {}}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    const size_t n = m_armature->bones.size();
    QCOMPARE(list.quads.size(), 3 * n);
    // Farthest ghost first (after: green), then the nearer one (before: red), then the pose.
    QCOMPARE(list.quads[0].armature, -1);
    QVERIFY(list.vertices[0].g > list.vertices[0].r);
    QCOMPARE(list.quads[n].armature, -1);
    QVERIFY(list.vertices[4 * n].r > list.vertices[4 * n].g);
    QVERIFY(list.vertices[4 * n].a < 255);
    QVERIFY(list.vertices[4 * n].a > list.vertices[0].a); // nearer is more opaque
    QCOMPARE(list.quads[2 * n].armature, 0);
    QCOMPARE(list.vertices[4 * 2 * n].a, std::uint8_t(255));
    QCOMPARE(list.bones.size(), n); // ghosts have no bone overlay
}

void TestRender::nestedArmatureDrawsUnderItsBone()
{
    const auto cyborg = test::loadDragonBones(test::corpus("cyborg.xml"));
    QVERIFY2(cyborg.error.empty(), cyborg.error.c_str());
    const core::ArmatureData* body = cyborg.skeleton.findArmature("cyborg");
    const core::ArmatureData* arm = cyborg.skeleton.findArmature("armInside");
    QVERIFY(body && arm);
    const auto bodySkins =
        render::ArmatureSkins::build(cyborg.skeleton, *body, cyborg.atlases, m_textures);
    const auto armSkins =
        render::ArmatureSkins::build(cyborg.skeleton, *arm, cyborg.atlases, m_textures);
    int holder = -1;
    for (int b = 0; b < bodySkins.boneCount() && holder < 0; ++b)
        if (!bodySkins.displays(b).empty() &&
            bodySkins.displays(b)[0].kind == render::SkinDisplay::Kind::Armature &&
            bodySkins.displays(b)[0].label == "armInside")
            holder = b;
    QVERIFY(holder >= 0);

    // As core::Armature gives them: the nested pose already in the body's armature space.
    core::Pose bodyPose(body->bones.size());
    core::Pose armPose(arm->bones.size());
    for (auto& bone : armPose)
        bone.world.tx = 100.f;
    render::ArmatureView armView{&armSkins, armPose, {}, {}, {}};
    std::vector<const render::ArmatureView*> nested(body->bones.size(), nullptr);
    nested[size_t(holder)] = &armView;
    render::Scene scene;
    scene.armatures.push_back({&bodySkins, bodyPose, {}, nested, {}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    int fromNested = 0;
    for (size_t i = 0; i < list.quads.size(); ++i)
        if (list.quads[i].bone == holder) {
            ++fromNested;
            QCOMPARE(list.quads[i].armature, 0);
            QVERIFY(list.quads[i].pivotX > 50.f); // where the nested pose put it
        }
    QCOMPARE(fromNested, int(arm->bones.size()));
}

void TestRender::painterDrawsTheDragon()
{
    const auto skins =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, m_textures);
    render::Scene scene;
    scene.armatures.push_back({&skins, m_pose, {}, {}, {}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    render::ViewOptions options;
    options.showAxes = false;
    const QSize size(400, 400);
    const auto camera = render::ViewCamera::fit(list.bounds, QSizeF(size));
    const QImage image = render::PainterRenderer::render(size, list, camera, options);
    image.save(QDir::temp().filePath("bonescope_test_render_dragon.png"));

    const size_t body = quadOfBone(list, m_armature->findBone("body"));
    QVERIFY(body < list.quads.size());
    const QPoint inside = camera.worldToScreen(QSizeF(size)).map(centroid(list, body)).toPoint();
    QVERIFY2(
        image.pixelColor(inside) != options.background,
        qPrintable(
            QStringLiteral("body pixel at %1,%2 is background").arg(inside.x()).arg(inside.y())));
    QCOMPARE(image.pixelColor(1, 1), options.background);

    // With overlays on, the selected bone's joint is painted in the highlight colour.
    options.showBones = true;
    const int bone = m_armature->findBone("head");
    const QImage withBones = render::PainterRenderer::render(size, list, camera, options, bone);
    withBones.save(QDir::temp().filePath("bonescope_test_render_dragon_bones.png"));
    const QPoint joint = camera.worldToScreen(QSizeF(size))
                             .map(QPointF(list.bones[size_t(bone)].x1, list.bones[size_t(bone)].y1))
                             .toPoint();
    QCOMPARE(withBones.pixelColor(joint), QColor(255, 200, 0));
}

void TestRender::runtimeFrameOneShowsTheBody()
{
    // The player's pose after the first update of play:stand (golden frame 1).
    auto rig = core::ArmatureRig::create(m_dragon.skeleton, "Dragon");
    QVERIFY(rig);
    core::Armature armature(rig);
    QVERIFY(armature.animation().play("stand"));
    armature.update(core::kFrameSeconds);
    const auto skins =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, m_textures);
    render::Scene scene;
    scene.armatures.push_back({&skins, armature.pose(), {}, {}, {}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    QCOMPARE(list.quads.size(), m_armature->bones.size());
    render::ViewOptions options;
    options.showAxes = false;
    const QSize size(300, 300);
    const auto camera = render::ViewCamera::fit(list.bounds, QSizeF(size));
    const QImage image = render::PainterRenderer::render(size, list, camera, options);
    image.save(QDir::temp().filePath("bonescope_test_render_runtime_frame1.png"));
    const size_t body = quadOfBone(list, m_armature->findBone("body"));
    QVERIFY(body < list.quads.size());
    const QPoint inside = camera.worldToScreen(QSizeF(size)).map(centroid(list, body)).toPoint();
    const QColor pixel = image.pixelColor(inside);
    QVERIFY(pixel != options.background);
    QCOMPARE(pixel.alpha(), 255);
}

void TestRender::liveNestedArmaturesAreDrawn()
{
    // cyborg's arms are armatures of their own, driven by the runtime inside the body.
    const auto cyborg = test::loadDragonBones(test::corpus("cyborg.xml"));
    QVERIFY2(cyborg.error.empty(), cyborg.error.c_str());
    auto rig = core::ArmatureRig::create(cyborg.skeleton, "cyborg");
    QVERIFY(rig);
    core::Armature armature(rig);
    QVERIFY(armature.animation().play("stand"));
    armature.update(core::kFrameSeconds);

    render::ArmatureTreeView tree(cyborg.skeleton, cyborg.atlases, m_textures);
    const core::ArmatureData& body = *cyborg.skeleton.findArmature("cyborg");
    const int inside = body.findBone("armInside");
    const int outside = body.findBone("armOutside");
    QVERIFY(inside >= 0 && outside >= 0);
    QVERIFY(armature.childArmature(inside) && armature.childArmature(outside));

    render::Scene scene;
    scene.armatures.push_back(tree.view(armature));
    render::DrawList list;
    render::DrawListBuilder builder;
    builder.build(scene, list);
    int insideQuads = 0, outsideQuads = 0;
    for (const auto& quad : list.quads) {
        insideQuads += quad.bone == inside;
        outsideQuads += quad.bone == outside;
    }
    QCOMPARE(insideQuads, 3);  // handL, forearmL, upperarmL
    QCOMPARE(outsideQuads, 4); // weapon, upperarmR, handR, forearmR
    QVERIFY(list.placeholders.empty());

    // A second frame reuses the tree's storage and gives the same structure.
    armature.update(core::kFrameSeconds);
    scene.armatures[0] = tree.view(armature);
    builder.build(scene, list);
    QCOMPARE(int(list.quads.size()), int(body.bones.size()) - 2 + 3 + 4);

    render::ViewOptions options;
    const QSize size(200, 240);
    const QImage image = render::PainterRenderer::render(
        size, list, render::ViewCamera::fit(list.bounds, QSizeF(size)), options);
    image.save(QDir::temp().filePath("bonescope_test_render_cyborg.png"));
}

void TestRender::bakeUpdatesDrawNestedArmatures()
{
    // What `bonescope-cli render` does: a draw list per bake update from the live instance, so
    // cyborg's arms (nested armatures, absent from the bake result) are drawn on every frame.
    const auto cyborg = test::loadDragonBones(test::corpus("cyborg.xml"));
    QVERIFY2(cyborg.error.empty(), cyborg.error.c_str());
    const auto scenario = core::Scenario::parse("play:run");
    QVERIFY(scenario);
    const core::ArmatureData& body = *cyborg.skeleton.findArmature("cyborg");
    const int inside = body.findBone("armInside");
    const int outside = body.findBone("armOutside");
    render::ArmatureTreeView tree(cyborg.skeleton, cyborg.atlases, m_textures);
    render::DrawListBuilder builder;
    render::Scene scene;
    scene.armatures.resize(1);
    render::DrawList list;
    int updates = 0, framesWithArms = 0;
    const auto baked =
        core::runBake(cyborg.skeleton, "cyborg", *scenario, [&](int frame, core::Armature& live) {
            QCOMPARE(frame, ++updates);
            scene.armatures[0] = tree.view(live);
            builder.build(scene, list);
            int insideQuads = 0, outsideQuads = 0;
            for (const auto& quad : list.quads) {
                insideQuads += quad.bone == inside;
                outsideQuads += quad.bone == outside;
            }
            framesWithArms += insideQuads == 3 && outsideQuads == 4;
        });
    QVERIFY(baked);
    QCOMPARE(updates, baked->frameCount);
    QCOMPARE(framesWithArms, baked->frameCount);
}

void TestRender::fitKeepsSmallViewsFilled()
{
    // A 100-point square: in a large view the margin asked for, in a small one a tenth of the
    // shorter side (24 pixels around a 70-pixel view left the square 22 pixels).
    render::Bounds square;
    square.minX = square.minY = 0.f;
    square.maxX = square.maxY = 100.f;
    QCOMPARE(render::ViewCamera::fit(square, QSizeF(400, 300), 24.f).zoom, (300.f - 48) / 100);
    QCOMPARE(render::ViewCamera::fit(square, QSizeF(200, 70), 24.f).zoom, (70.f - 14) / 100);
    QCOMPARE(render::ViewCamera::fit(square, QSizeF(200, 70), 24.f).centerX, 50.f);
    // A point (weapon.xml's bones: no movement poses them, none draws) has no size to fit: the
    // view centres it at 1:1 (it asked for 43 799 997 %).
    render::Bounds point;
    point.minX = point.maxX = 5.f;
    point.minY = point.maxY = -3.f;
    const render::ViewCamera atPoint = render::ViewCamera::fit(point, QSizeF(700, 400), 24.f);
    QCOMPARE(atPoint.zoom, 1.f);
    QCOMPARE(atPoint.centerX, 5.f);
    QCOMPARE(atPoint.centerY, -3.f);
}

// A frame stored rotated (90° clockwise in the sheet) comes out upright; a trimmed one sits in
// its source size where its offset (from the centre, y up) puts it.
void TestRender::spriteFrameImageUndoesRotationAndTrim()
{
    // A 3 × 2 sheet of distinct pixels: a 2-wide, 3-tall frame stored rotated.
    QImage sheet(3, 2, QImage::Format_ARGB32);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x)
            sheet.setPixel(x, y, qRgb(40 * x + 1, 100 * y + 1, 7));
    core::SpriteFrame rotated;
    rotated.rect = {0, 0, 2, 3};
    rotated.rotated = true;
    rotated.sourceWidth = 2;
    rotated.sourceHeight = 3;
    const QImage upright = render::spriteFrameImage(sheet, rotated);
    QCOMPARE(upright.size(), QSize(2, 3));
    // The original's top-left is the stored region's top-right, its bottom-right the
    // region's bottom-left.
    QCOMPARE(upright.pixel(0, 0), sheet.pixel(2, 0));
    QCOMPARE(upright.pixel(1, 2), sheet.pixel(0, 1));

    core::SpriteFrame trimmed;
    trimmed.rect = {1, 1, 1, 1};
    trimmed.sourceWidth = 5;
    trimmed.sourceHeight = 5;
    trimmed.offsetX = 1;
    trimmed.offsetY = 1;
    const QImage placed = render::spriteFrameImage(sheet, trimmed);
    QCOMPARE(placed.size(), QSize(5, 5));
    QCOMPARE(placed.pixel(3, 1), sheet.pixel(1, 1)); // right of and above the centre
    QCOMPARE(qAlpha(placed.pixel(2, 2)), 0);
    QVERIFY(render::spriteFrameImage(QImage(), trimmed).isNull());
}

// A sprite frame reaching outside its sheet image (a stale or hand-edited plist) samples the
// image's edge pixels there, as cocos2d-x's clamped textures and the viewport's do: the
// QPainter pictures (render, flipbook previews) showed nothing there.
void TestRender::framesOutsideTheirImageRepeatItsEdge()
{
    // A 2 × 1 sheet: blue, then red.
    QImage sheet(2, 1, QImage::Format_ARGB32_Premultiplied);
    sheet.setPixel(0, 0, qRgb(0, 0, 255));
    sheet.setPixel(1, 0, qRgb(255, 0, 0));
    const QImage region = render::clampedRegion(sheet, QRect(-1, -1, 4, 2));
    QCOMPARE(region.size(), QSize(4, 2));
    for (int y = 0; y < 2; ++y) {
        QCOMPARE(region.pixel(0, y), sheet.pixel(0, 0));
        QCOMPARE(region.pixel(1, y), sheet.pixel(0, 0));
        QCOMPARE(region.pixel(2, y), sheet.pixel(1, 0));
        QCOMPARE(region.pixel(3, y), sheet.pixel(1, 0));
    }
    QCOMPARE(render::clampedRegion(sheet, QRect(1, 0, 1, 1)).pixel(0, 0), sheet.pixel(1, 0));

    core::SpriteFrame wide;
    wide.rect = {1, 0, 3, 1}; // two columns right of the image
    wide.sourceWidth = 3;
    wide.sourceHeight = 1;
    const QImage frame = render::spriteFrameImage(sheet, wide);
    QCOMPARE(frame.size(), QSize(3, 1));
    for (int x = 0; x < 3; ++x)
        QCOMPARE(frame.pixel(x, 0), sheet.pixel(1, 0));

    // A quad showing twice the sheet's width: its right half is the red column repeated.
    QTemporaryDir folder;
    const QString png = folder.filePath("sheet.png");
    QVERIFY(sheet.save(png));
    auto textures = std::make_shared<render::TextureCache>();
    render::DrawList list;
    render::SpriteQuad quad;
    quad.textureId = textures->acquire(png.toStdString());
    list.textures = textures;
    list.quads.push_back(quad);
    // Bottom-left, bottom-right, top-right, top-left; v = 0 is the image's top row.
    list.vertices = {{0, 0, 0, 1}, {4, 0, 2, 1}, {4, 1, 2, 0}, {0, 1, 0, 0}};
    list.bounds.add(0, 0);
    list.bounds.add(4, 1);
    render::ViewOptions options;
    options.showAxes = false;
    options.smoothFiltering = false;
    const QSize size(80, 20);
    const auto camera = render::ViewCamera::fit(list.bounds, QSizeF(size), 0.f);
    const QImage image = render::PainterRenderer::render(size, list, camera, options);
    const QTransform toScreen = camera.worldToScreen(QSizeF(size));
    for (const float x : {0.5f, 1.5f, 2.5f, 3.5f}) {
        const QPoint at = toScreen.map(QPointF(x, 0.5)).toPoint();
        QCOMPARE(image.pixelColor(at), x < 1 ? QColor(0, 0, 255) : QColor(255, 0, 0));
    }
}

// A bone cocos2d-x poses at NaN (features/hiddenease) shows nothing there, and its NaN corners
// neither enter the bounds the camera fits nor reach QPainter (which warned of paths past
// ±32767 pixels and fitted the view to nonsense).
void TestRender::nanPosesDrawNothing()
{
    render::Bounds bounds;
    bounds.add(std::nanf(""), 1.f);
    QVERIFY(bounds.isEmpty());
    bounds.add(2.f, 3.f);
    bounds.add(4.f, std::numeric_limits<float>::infinity());
    QCOMPARE(bounds.maxY, 3.f);

    const auto skins =
        render::ArmatureSkins::build(m_dragon.skeleton, *m_armature, m_dragon.atlases, m_textures);
    const int head = m_armature->findBone("head");
    core::Pose pose = m_pose;
    pose[size_t(head)].world.tx = std::nanf("");
    render::Scene scene;
    scene.armatures.push_back({&skins, pose, {}, {}, {}});
    render::DrawList list;
    render::DrawListBuilder().build(scene, list);
    QCOMPARE(quadOfBone(list, head), list.quads.size()); // no quad for the head
    QVERIFY(quadOfBone(list, m_armature->findBone("body")) < list.quads.size());
    QVERIFY(std::isfinite(list.bounds.minX) && std::isfinite(list.bounds.maxY));
    for (const render::SpriteVertex& v : list.vertices)
        QVERIFY(std::isfinite(v.x) && std::isfinite(v.y));
}

QTEST_MAIN(TestRender)
#include "test_render.moc"
