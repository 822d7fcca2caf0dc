// The GL viewport under a real GL context (run under xvfb-run -a; Mesa llvmpipe): batching,
// pixels of the framebuffer, picking, fit to view and GL resource life.

#include "RenderFixture.h"

#include "Viewport.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QtTest>

using namespace bonescope;

class TestViewport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void manyArmaturesOneDrawCall();
    void interleavedAtlasesShareOneDrawCall();
    void clickPicksTopmostBone();
    void premultipliedAndFilteringToggles();
    void wheelZoomsAtTheCursorAndMiddleDragPans();
    void zoomStepsAndActualSizeKeepTheCentre();
    void frameStatsAreReported();
    void destroyingTheWidgetReleasesGl();

private:
    render::Scene grid(int columns, int rows) const;
    QImage paintAndGrab(widgets::Viewport& viewport);

    test::LoadedSkeleton m_dragon;
    std::shared_ptr<render::TextureCache> m_textures;
    std::unique_ptr<render::ArmatureSkins> m_skins;
    core::Pose m_pose;
};

void TestViewport::initTestCase()
{
    m_dragon = test::loadDragonBones(test::corpus("Dragon.xml"));
    QVERIFY2(m_dragon.error.empty(), m_dragon.error.c_str());
    const core::ArmatureData* armature = m_dragon.skeleton.findArmature("Dragon");
    QVERIFY(armature);
    m_textures = std::make_shared<render::TextureCache>();
    m_skins = std::make_unique<render::ArmatureSkins>(
        render::ArmatureSkins::build(m_dragon.skeleton, *armature, m_dragon.atlases, m_textures));
    m_pose = test::firstKeyframePose(m_dragon.skeleton, *armature, "stand");
}

render::Scene TestViewport::grid(int columns, int rows) const
{
    render::Scene scene;
    for (int row = 0; row < rows; ++row)
        for (int column = 0; column < columns; ++column) {
            core::Affine placement;
            placement.tx = column * 400.f;
            placement.ty = row * 450.f;
            scene.armatures.push_back({m_skins.get(), m_pose, placement, {}, {}});
        }
    return scene;
}

QImage TestViewport::paintAndGrab(widgets::Viewport& viewport)
{
    return viewport.grabFramebuffer(); // renders a frame through paintGL
}

void TestViewport::manyArmaturesOneDrawCall()
{
    widgets::Viewport viewport;
    QSignalSpy errors(&viewport, &widgets::Viewport::renderError);
    viewport.resize(640, 480);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    viewport.setScene(grid(10, 10));
    viewport.fitToView();
    const QImage many = paintAndGrab(viewport);
    QCOMPARE(errors.count(), 0);
    QCOMPARE(viewport.drawList().quads.size(), size_t(100 * m_pose.size()));
    QCOMPARE(viewport.drawCallsLastFrame(), 1); // one atlas, one call
    many.save(QDir::temp().filePath("bonescope_test_viewport_grid.png"));

    viewport.setScene(grid(1, 1));
    viewport.fitToView();
    render::ViewOptions options = viewport.viewOptions();
    options.showAxes = false;
    viewport.setViewOptions(options);
    const QImage one = paintAndGrab(viewport);
    one.save(QDir::temp().filePath("bonescope_test_viewport_dragon.png"));
    QCOMPARE(viewport.drawCallsLastFrame(), 1);

    // The centre of the body sprite is opaque dragon, the corner is background.
    const render::DrawList& list = viewport.drawList();
    const int body = m_skins->armature().findBone("body");
    QPointF centre;
    for (size_t i = 0; i < list.quads.size(); ++i)
        if (list.quads[i].bone == body)
            for (size_t k = 0; k < 4; ++k)
                centre += QPointF(list.vertices[4 * i + k].x, list.vertices[4 * i + k].y) / 4.0;
    const QPoint pixel =
        viewport.camera().worldToScreen(QSizeF(viewport.size())).map(centre).toPoint();
    const qreal ratio = one.devicePixelRatio();
    QVERIFY(one.pixelColor(pixel * ratio) != options.background);
    QCOMPARE(one.pixelColor(1, 1).rgb(), options.background.rgb());
}

void TestViewport::interleavedAtlasesShareOneDrawCall()
{
    // Dragons and cyborgs alternate in drawing order: batching by texture runs would cost a
    // call per armature; texture slots keep it at one.
    const auto cyborg = test::loadDragonBones(test::corpus("cyborg.xml"));
    QVERIFY2(cyborg.error.empty(), cyborg.error.c_str());
    const core::ArmatureData& cyborgData = *cyborg.skeleton.findArmature("cyborg");
    const auto cyborgSkins =
        render::ArmatureSkins::build(cyborg.skeleton, cyborgData, cyborg.atlases, m_textures);
    const core::Pose cyborgPose = test::firstKeyframePose(cyborg.skeleton, cyborgData, "stand");
    render::Scene scene;
    for (int i = 0; i < 10; ++i) {
        core::Affine placement;
        placement.tx = i * 300.f;
        scene.armatures.push_back({m_skins.get(), m_pose, placement, {}, {}});
        placement.ty = -200.f;
        placement.a = placement.d = 3.f;
        scene.armatures.push_back({&cyborgSkins, cyborgPose, placement, {}, {}});
    }
    widgets::Viewport viewport;
    viewport.resize(640, 240);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    viewport.setScene(scene);
    viewport.fitToView();
    const QImage image = paintAndGrab(viewport);
    image.save(QDir::temp().filePath("bonescope_test_viewport_two_atlases.png"));
    QCOMPARE(m_textures->size(), 2);
    QCOMPARE(viewport.drawCallsLastFrame(), 1);

    // Both atlases are sampled: the centre of the last cyborg quad is not background.
    const render::DrawList& list = viewport.drawList();
    const size_t last = list.quads.size() - 1;
    QCOMPARE(list.quads[last].textureId, cyborgSkins.displays(list.quads[last].bone)[0].textureId);
    QPointF centre;
    for (size_t k = 0; k < 4; ++k)
        centre += QPointF(list.vertices[4 * last + k].x, list.vertices[4 * last + k].y) / 4.0;
    const QPoint pixel =
        viewport.camera().worldToScreen(QSizeF(viewport.size())).map(centre).toPoint();
    QVERIFY(image.pixelColor(pixel * image.devicePixelRatio()) !=
            viewport.viewOptions().background);
}

void TestViewport::clickPicksTopmostBone()
{
    widgets::Viewport viewport;
    viewport.resize(400, 400);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    viewport.setScene(grid(1, 1));
    viewport.fitToView();
    paintAndGrab(viewport);

    // The last quad is drawn on top of everything: its centre picks its bone.
    const render::DrawList& list = viewport.drawList();
    QVERIFY(!list.quads.empty());
    const size_t top = list.quads.size() - 1;
    QPointF centre;
    for (size_t k = 0; k < 4; ++k)
        centre += QPointF(list.vertices[4 * top + k].x, list.vertices[4 * top + k].y) / 4.0;
    const QPoint click =
        viewport.camera().worldToScreen(QSizeF(viewport.size())).map(centre).toPoint();
    QSignalSpy picked(&viewport, &widgets::Viewport::bonePicked);
    QTest::mouseClick(&viewport, Qt::LeftButton, {}, click);
    QCOMPARE(picked.count(), 1);
    QCOMPARE(picked.at(0).at(0).toInt(), list.quads[top].bone);
    QCOMPARE(viewport.selectedBone(), list.quads[top].bone);

    // Far away from everything: nothing is picked and the selection clears.
    QTest::mouseClick(&viewport, Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(picked.count(), 1);
    QCOMPARE(viewport.selectedBone(), -1);
}

void TestViewport::premultipliedAndFilteringToggles()
{
    widgets::Viewport viewport;
    viewport.resize(300, 300);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    viewport.setScene(grid(1, 1));
    viewport.fitToView();
    render::ViewOptions options = viewport.viewOptions();
    options.premultipliedAlpha = false;
    options.smoothFiltering = false;
    options.checkerBackground = true;
    options.showBones = true;
    options.showGrid = true;
    options.showBounds = true;
    viewport.setViewOptions(options);
    const QImage image = paintAndGrab(viewport);
    image.save(QDir::temp().filePath("bonescope_test_viewport_options.png"));
    QCOMPARE(viewport.drawCallsLastFrame(), 1);
    // Checkerboard: two different greys in the top-left corner cells.
    QVERIFY(image.pixelColor(2, 2) != image.pixelColor(14, 2));
}

void TestViewport::wheelZoomsAtTheCursorAndMiddleDragPans()
{
    widgets::Viewport viewport;
    viewport.resize(400, 300);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    viewport.setScene(grid(1, 1));
    viewport.fitToView();
    const QSizeF size(viewport.size());
    const QPointF cursor(300, 80);
    const QPointF before = viewport.camera().worldToScreen(size).inverted().map(cursor);
    const float zoomBefore = viewport.camera().zoom;
    QWheelEvent wheel(cursor, viewport.mapToGlobal(cursor), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&viewport, &wheel);
    QVERIFY(viewport.camera().zoom > zoomBefore);
    const QPointF after = viewport.camera().worldToScreen(size).inverted().map(cursor);
    QVERIFY(std::abs(after.x() - before.x()) < 0.01);
    QVERIFY(std::abs(after.y() - before.y()) < 0.01);

    // Middle-button drag of (+40, +20) pixels moves the world with the mouse.
    const render::ViewCamera start = viewport.camera();
    QTest::mousePress(&viewport, Qt::MiddleButton, {}, QPoint(100, 100));
    QMouseEvent move(QEvent::MouseMove, QPointF(140, 120), viewport.mapToGlobal(QPointF(140, 120)),
                     Qt::NoButton, Qt::MiddleButton, Qt::NoModifier);
    QApplication::sendEvent(&viewport, &move);
    QTest::mouseRelease(&viewport, Qt::MiddleButton, {}, QPoint(140, 120));
    QVERIFY(std::abs((start.centerX - viewport.camera().centerX) * start.zoom - 40.f) < 0.01f);
    QVERIFY(std::abs((viewport.camera().centerY - start.centerY) * start.zoom - 20.f) < 0.01f);
}

void TestViewport::zoomStepsAndActualSizeKeepTheCentre()
{
    widgets::Viewport viewport;
    viewport.resize(400, 300);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    QSignalSpy zooms(&viewport, &widgets::Viewport::zoomChanged);
    viewport.setScene(grid(1, 1));
    viewport.fitToView();
    const QSizeF size(viewport.size());
    const QPointF centre(200, 150);
    const QPointF looked = viewport.camera().worldToScreen(size).inverted().map(centre);
    const float fitted = viewport.camera().zoom;
    QVERIFY(fitted != 1.f);     // Dragon does not fit 400 × 300 at 1:1
    QCOMPARE(zooms.count(), 1); // the fit
    QCOMPARE(zooms.last().at(0).toFloat(), fitted);

    viewport.zoomIn();
    QCOMPARE(viewport.camera().zoom, fitted * 1.25f);
    viewport.zoomOut();
    viewport.zoomOut();
    QCOMPARE(viewport.camera().zoom, fitted * 1.25f / 1.25f / 1.25f);
    viewport.showActualSize();
    QCOMPARE(viewport.camera().zoom, 1.f);
    QCOMPARE(zooms.count(), 5);
    QCOMPARE(zooms.last().at(0).toFloat(), 1.f);
    // Each step zoomed about the view's centre: the scene point there stayed.
    const QPointF still = viewport.camera().worldToScreen(size).inverted().map(centre);
    QVERIFY(std::abs(still.x() - looked.x()) < 0.01);
    QVERIFY(std::abs(still.y() - looked.y()) < 0.01);
    // At 1:1 a point of the scene is a pixel: the body sprite's quad spans its frame's size.
    const render::DrawList& list = viewport.drawList();
    const QTransform toScreen = viewport.camera().worldToScreen(size);
    const QPointF a = toScreen.map(QPointF(list.vertices[0].x, list.vertices[0].y));
    const QPointF b = toScreen.map(QPointF(list.vertices[1].x, list.vertices[1].y));
    QVERIFY(std::abs(QLineF(a, b).length() - QLineF(list.vertices[0].x, list.vertices[0].y,
                                                    list.vertices[1].x, list.vertices[1].y)
                                                 .length()) < 1e-3);
    viewport.showActualSize(); // already there: no signal
    QCOMPARE(zooms.count(), 5);
}

void TestViewport::frameStatsAreReported()
{
    widgets::Viewport viewport;
    viewport.resize(200, 200);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    viewport.setScene(grid(2, 2));
    QSignalSpy stats(&viewport, &widgets::Viewport::frameStats);
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &viewport, [&] { viewport.setScene(grid(2, 2)); });
    ticker.start(16);
    QVERIFY(stats.wait(3000));
    const double fps = stats.at(0).at(0).toDouble();
    const double ms = stats.at(0).at(1).toDouble();
    QVERIFY2(fps > 1.0 && fps < 1000.0, qPrintable(QString::number(fps)));
    QVERIFY2(ms > 0.0 && ms < 1000.0, qPrintable(QString::number(ms)));
}

void TestViewport::destroyingTheWidgetReleasesGl()
{
    // Repeated create / paint / destroy must neither crash nor leak a context's objects.
    for (int i = 0; i < 3; ++i) {
        auto viewport = std::make_unique<widgets::Viewport>();
        viewport->resize(200, 200);
        viewport->show();
        QVERIFY(QTest::qWaitForWindowExposed(viewport.get()));
        viewport->setScene(grid(2, 2));
        paintAndGrab(*viewport);
        QCOMPARE(viewport->drawCallsLastFrame(), 1);
    }
}

QTEST_MAIN(TestViewport)
#include "test_viewport.moc"
