#include "io/GridReader.h"
#include "io/ImageHeader.h"
#include "io/ImageSequenceReader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <limits>
#include <sstream>

using namespace bonescope::core;

namespace {

const std::string kFlipbook = BONESCOPE_TEST_DATA "/corpus/flipbook/";

ImageFileInfo headerOf(const std::string& path)
{
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << stream.rdbuf();
    auto info = readImageHeader(bytes.str(), path);
    if (!info.ok())
        qFatal("%s", info.error().toString().c_str());
    return info.value();
}

/// A JPEG start: SOI, an APP0 segment, then a start-of-frame segment with `marker`.
std::string jpegHeader(unsigned char marker, int width, int height)
{
    std::string bytes = "\xFF\xD8\xFF\xE0";
    bytes += std::string("\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00", 16);
    bytes += "\xFF";
    bytes += static_cast<char>(marker);
    bytes += std::string("\x00\x11\x08", 3);
    bytes += static_cast<char>(height >> 8);
    bytes += static_cast<char>(height & 0xFF);
    bytes += static_cast<char>(width >> 8);
    bytes += static_cast<char>(width & 0xFF);
    bytes += std::string(10, '\x01');
    return bytes;
}

} // namespace

/// Image headers, image sequences ("one file a frame") and grids cut from one texture.
class TestFlipbookSources : public QObject {
    Q_OBJECT
private slots:
    void pngHeaders()
    {
        const ImageFileInfo dragon = headerOf(kFlipbook + "dragon_animation.png");
        QCOMPARE(dragon.width, 640);
        QCOMPARE(dragon.height, 400);
        QCOMPARE(dragon.path, kFlipbook + "dragon_animation.png");
        const ImageFileInfo atlas = headerOf(kFlipbook + "grossini_dance_atlas.png");
        QCOMPARE(atlas.width, 512);
        QCOMPARE(atlas.height, 512);
    }

    void jpegHeaders()
    {
        const auto baseline = readImageHeader(jpegHeader(0xC0, 640, 480), "a.jpg");
        QVERIFY2(baseline.ok(), baseline.ok() ? "" : baseline.error().toString().c_str());
        QCOMPARE(baseline->width, 640);
        QCOMPARE(baseline->height, 480);
        const auto progressive = readImageHeader(jpegHeader(0xC2, 3, 16384), "b.jpg");
        QVERIFY(progressive.ok());
        QCOMPARE(progressive->width, 3);
        QCOMPARE(progressive->height, 16384);
        const auto tooLarge = readImageHeader(jpegHeader(0xC0, 20000, 10), "c.jpg");
        QVERIFY(!tooLarge.ok());
        QVERIFY(tooLarge.error().message.find("20000x10") != std::string::npos);
        const auto noFrame = readImageHeader(std::string("\xFF\xD8\xFF\xDA\x00\x02", 6), "d.jpg");
        QVERIFY(!noFrame.ok());
        QVERIFY(noFrame.error().message.find("no frame header") != std::string::npos);
    }

    // A file's header is read from its first bytes; a JPEG's frame header behind a large
    // segment (EXIF, an ICC profile: here 100 KB) from more of them.
    void fileHeadersBehindLargeSegments()
    {
        QTemporaryDir folder;
        const std::string path = folder.filePath("big-exif.jpg").toStdString();
        // Two APP1 segments of 50 KB (one holds at most 64 KB), then jpegHeader's APP0 and SOF.
        constexpr int kSegment = 50 * 1024;
        std::string bytes = "\xFF\xD8";
        for (int i = 0; i < 2; ++i)
            bytes += std::string("\xFF\xE1", 2) + char(kSegment >> 8) + char(kSegment & 0xFF) +
                     std::string(kSegment - 2, 'e');
        bytes += jpegHeader(0xC0, 320, 200).substr(2);
        std::ofstream(path, std::ios::binary) << bytes;
        const auto header = readImageFileHeader(path);
        QVERIFY2(header.ok(), header.ok() ? "" : header.error().toString().c_str());
        QCOMPARE(header->width, 320);
        QCOMPARE(header->height, 200);
        const auto png = readImageFileHeader(kFlipbook + "grossini_dance_atlas.png");
        QVERIFY(png.ok());
        QCOMPARE(png->width, 512);
    }

    void naturalOrder_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("2 before 10") << "dance_2.png"
                                     << "dance_10.png";
        QTest::newRow("padded") << "dance_02.png"
                                << "dance_10.png";
        QTest::newRow("1 before 01") << "dance_1.png"
                                     << "dance_01.png";
        QTest::newRow("prefix") << "dance"
                                << "dance_1";
        QTest::newRow("letters") << "a10"
                                 << "b2";
        QTest::newRow("long numbers") << "f99999999999999999998"
                                      << "f99999999999999999999";
    }
    void naturalOrder()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QVERIFY(naturalLess(a.toStdString(), b.toStdString()));
        QVERIFY(!naturalLess(b.toStdString(), a.toStdString()));
        QVERIFY(!naturalLess(a.toStdString(), a.toStdString()));
    }

    void scansDanceSequence()
    {
        for (const std::string& start :
             {kFlipbook + "dance/grossini_dance_05.png", kFlipbook + "dance"}) {
            const auto images = scanImageSequence(start);
            QVERIFY2(images.ok(), images.ok() ? "" : images.error().toString().c_str());
            QCOMPARE(images->size(), std::size_t(14));
            for (std::size_t i = 0; i < images->size(); ++i) {
                char name[64];
                std::snprintf(name, sizeof name, "grossini_dance_%02zu.png", i + 1);
                QCOMPARE(images.value()[i].path, kFlipbook + "dance/" + name);
                QCOMPARE(images.value()[i].width, 85);
                QCOMPARE(images.value()[i].height, 121);
            }
            const auto set = makeImageSequence(images.value(), 0.2f);
            QVERIFY(set.ok());
            QCOMPARE(set->atlases.size(), std::size_t(14));
            QCOMPARE(set->animations.size(), std::size_t(1));
            const FlipbookData& dance = set->animations.front();
            QCOMPARE(dance.name, std::string("grossini_dance"));
            QCOMPARE(dance.frames.size(), std::size_t(14));
            QCOMPARE(dance.frames[9].spriteFrame, std::string("grossini_dance_10.png"));
            QCOMPARE(dance.delayPerUnit, 0.2f);
            const SpriteFrame& frame = set->atlases[9].frames.front();
            QCOMPARE(frame.name, std::string("grossini_dance_10.png"));
            QCOMPARE(frame.rect.width, 85.f);
            QCOMPARE(frame.sourceHeight, 121.f);
        }
    }

    void scanErrors()
    {
        const auto missing = scanImageSequence(kFlipbook + "no_such_file.png");
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("no such file") != std::string::npos);
        const auto unnumbered = scanImageSequence(kFlipbook + "grossini.png");
        QVERIFY(!unnumbered.ok());
        QVERIFY(unnumbered.error().message.find("no frame number") != std::string::npos);
    }

    void sequenceSortsNaturally()
    {
        const std::vector<ImageFileInfo> images = {
            {"/x/run_10.png", 4, 4}, {"/x/run_2.png", 4, 4}, {"/x/run_1.png", 8, 2}};
        const auto set = makeImageSequence(images, 0.1f);
        QVERIFY(set.ok());
        const auto& frames = set->animations.front().frames;
        QCOMPARE(frames[0].spriteFrame, std::string("run_1.png"));
        QCOMPARE(frames[1].spriteFrame, std::string("run_2.png"));
        QCOMPARE(frames[2].spriteFrame, std::string("run_10.png"));
        QCOMPARE(set->atlases[0].imagePath, std::string("/x/run_1.png"));
        QCOMPARE(set->atlases[0].width, 8);
    }

    void sequenceErrors_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("width");
        QTest::addColumn<float>("delay");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no images") << 0 << 4 << 0.1f << "at least one image";
        QTest::newRow("zero delay") << 1 << 4 << 0.f << "more than 0";
        QTest::newRow("NaN delay")
            << 1 << 4 << std::numeric_limits<float>::quiet_NaN() << "more than 0";
        QTest::newRow("zero size") << 1 << 0 << 0.1f << "not 1 to 16384";
        QTest::newRow("absurd size") << 1 << 20000 << 0.1f << "not 1 to 16384";
        QTest::newRow("too many") << 10001 << 4 << 0.1f << "more than 10000";
    }
    void sequenceErrors()
    {
        QFETCH(int, count);
        QFETCH(int, width);
        QFETCH(float, delay);
        QFETCH(QString, expected);
        std::vector<ImageFileInfo> images;
        for (int i = 0; i < count; ++i)
            images.push_back({"f_" + std::to_string(i) + ".png", width, 4});
        const auto set = makeImageSequence(images, delay);
        QVERIFY(!set.ok());
        QVERIFY2(set.error().message.find(expected.toStdString()) != std::string::npos,
                 set.error().message.c_str());
    }

    void grids_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("cellWidth");
        QTest::addColumn<int>("cellHeight");
        QTest::addColumn<int>("frameCount");
        QTest::addColumn<int>("columns");
        QTest::addColumn<int>("expectedFrames");
        QTest::addColumn<int>("probe");   // a frame index to check
        QTest::addColumn<QRectF>("rect"); // its rect
        // 640x400: 4 columns x 3 rows of whole 132x132 cells.
        QTest::newRow("dragon all") << "dragon_animation.png" << 132 << 132 << 0 << 0 << 12 << 5
                                    << QRectF(132, 132, 132, 132);
        // The six dragons cocos2d-x's test cuts from the first row and a half.
        QTest::newRow("dragon 6") << "dragon_animation.png" << 132 << 132 << 6 << 0 << 6 << 4
                                  << QRectF(0, 132, 132, 132);
        // 512x512: 6 columns x 4 rows of 85x121 cells.
        QTest::newRow("grossini all") << "grossini_dance_atlas.png" << 85 << 121 << 0 << 0 << 24
                                      << 23 << QRectF(425, 363, 85, 121);
        // The artwork holds 14 dancers five to a row, as cocos2d-x's test cuts them.
        QTest::newRow("grossini 14 of 5") << "grossini_dance_atlas.png" << 85 << 121 << 14 << 5
                                          << 14 << 13 << QRectF(255, 242, 85, 121);
    }
    void grids()
    {
        QFETCH(QString, file);
        QFETCH(int, cellWidth);
        QFETCH(int, cellHeight);
        QFETCH(int, frameCount);
        QFETCH(int, columns);
        QFETCH(int, expectedFrames);
        QFETCH(int, probe);
        QFETCH(QRectF, rect);
        const ImageFileInfo image = headerOf(kFlipbook + file.toStdString());
        const auto set = makeGrid(image, cellWidth, cellHeight, frameCount, 0.1f, columns);
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().toString().c_str());
        QCOMPARE(set->atlases.size(), std::size_t(1));
        const SpriteAtlas& atlas = set->atlases.front();
        QCOMPARE(int(atlas.frames.size()), expectedFrames);
        QCOMPARE(int(set->animations.front().frames.size()), expectedFrames);
        const SpriteFrame& frame = atlas.frames[probe];
        QCOMPARE(QRectF(frame.rect.x, frame.rect.y, frame.rect.width, frame.rect.height), rect);
        QCOMPARE(set->animations.front().frames[probe].spriteFrame, frame.name);
        QCOMPARE(atlas.imagePath, image.path);
    }

    void gridNames()
    {
        const auto set = makeGrid({"/a/dragon_animation.png", 640, 400}, 132, 132, 0, 0.1f);
        QVERIFY(set.ok());
        QCOMPARE(set->animations.front().name, std::string("dragon_animation"));
        QCOMPARE(set->atlases.front().frames.front().name, std::string("dragon_animation_01"));
        QCOMPARE(set->atlases.front().frames.back().name, std::string("dragon_animation_12"));
    }

    void gridErrors_data()
    {
        QTest::addColumn<int>("imageWidth");
        QTest::addColumn<int>("cellWidth");
        QTest::addColumn<int>("cellHeight");
        QTest::addColumn<int>("frameCount");
        QTest::addColumn<int>("columns");
        QTest::addColumn<QString>("expected");
        QTest::newRow("cell wider than image") << 100 << 101 << 10 << 0 << 0 << "does not fit";
        QTest::newRow("zero cell") << 100 << 0 << 10 << 0 << 0 << "at least 1x1";
        QTest::newRow("negative cell") << 100 << 10 << -5 << 0 << 0 << "at least 1x1";
        QTest::newRow("too many frames") << 100 << 10 << 10 << 101 << 0 << "holds 100 cells";
        QTest::newRow("negative count") << 100 << 10 << 10 << -1 << 0 << "cannot give -1";
        QTest::newRow("1e9 frames") << 100 << 10 << 10 << 1000000000 << 0 << "cannot give";
        QTest::newRow("too many columns") << 100 << 10 << 10 << 0 << 11 << "columns do not fit";
        QTest::newRow("2.7e8 cells") << 16384 << 1 << 1 << 0 << 0 << "more than 10000";
        QTest::newRow("absurd image") << 100000 << 10 << 10 << 0 << 0 << "not 1 to 16384";
    }
    void gridErrors()
    {
        QFETCH(int, imageWidth);
        QFETCH(int, cellWidth);
        QFETCH(int, cellHeight);
        QFETCH(int, frameCount);
        QFETCH(int, columns);
        QFETCH(QString, expected);
        const ImageFileInfo image{"grid.png", imageWidth, imageWidth == 100 ? 100 : 16384};
        const auto set = makeGrid(image, cellWidth, cellHeight, frameCount, 0.1f, columns);
        QVERIFY(!set.ok());
        QCOMPARE(set.error().file, std::string("grid.png"));
        QVERIFY2(set.error().message.find(expected.toStdString()) != std::string::npos,
                 set.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFlipbookSources)
#include "test_flipbook_sources.moc"
