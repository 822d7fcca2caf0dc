#include "io/GridReader.h"

#include <filesystem>

namespace bonescope::core {

Result<FlipbookSet> makeGrid(const ImageFileInfo& image, int cellWidth, int cellHeight,
                             int frameCount, float delayPerUnit, int columns)
{
    const auto fail = [&](std::string message) {
        return LoadError{image.path, 0, {}, std::move(message)};
    };
    if (image.width <= 0 || image.height <= 0 || image.width > kMaxImagePixels ||
        image.height > kMaxImagePixels)
        return fail("the image size " + std::to_string(image.width) + "x" +
                    std::to_string(image.height) + " is not 1 to " +
                    std::to_string(kMaxImagePixels) + " pixels");
    if (cellWidth <= 0 || cellHeight <= 0)
        return fail("grid cells must be at least 1x1 pixels, not " + std::to_string(cellWidth) +
                    "x" + std::to_string(cellHeight));
    if (cellWidth > image.width || cellHeight > image.height)
        return fail("a " + std::to_string(cellWidth) + "x" + std::to_string(cellHeight) +
                    " cell does not fit in the " + std::to_string(image.width) + "x" +
                    std::to_string(image.height) + " image");
    if (const std::string problem = delayPerUnitProblem(delayPerUnit); !problem.empty())
        return fail(problem);

    const int fitColumns = image.width / cellWidth;
    if (columns < 0 || columns > fitColumns)
        return fail("the grid's " + std::to_string(columns) +
                    " columns do not fit: " + std::to_string(fitColumns) + " cells of " +
                    std::to_string(cellWidth) + " pixels fit in a row");
    const int usedColumns = columns == 0 ? fitColumns : columns;
    // At most 16384 x 16384 one-pixel cells: 64 bits hold the count without overflow.
    const long long cells = static_cast<long long>(usedColumns) * (image.height / cellHeight);
    if (frameCount < 0 || frameCount > cells)
        return fail("the grid holds " + std::to_string(cells) + " cells, so it cannot give " +
                    std::to_string(frameCount) + " frames");
    const long long wanted = frameCount == 0 ? cells : frameCount;
    if (wanted > kMaxFlipbookFrames)
        return fail("a grid of " + std::to_string(wanted) + " frames is more than " +
                    std::to_string(kMaxFlipbookFrames) + "; are the cells too small?");

    const std::string stem = std::filesystem::path(image.path).stem().string();
    const std::size_t digits = std::to_string(wanted).size();
    SpriteAtlas atlas;
    atlas.imagePath = image.path;
    atlas.width = image.width;
    atlas.height = image.height;
    FlipbookData animation;
    animation.name = stem;
    animation.delayPerUnit = delayPerUnit;
    for (int i = 0; i < static_cast<int>(wanted); ++i) {
        std::string number = std::to_string(i + 1);
        number.insert(0, digits - number.size(), '0');
        SpriteFrame frame;
        frame.name = stem + "_" + number;
        frame.rect = RectF{static_cast<float>(i % usedColumns * cellWidth),
                           static_cast<float>(i / usedColumns * cellHeight),
                           static_cast<float>(cellWidth), static_cast<float>(cellHeight)};
        frame.sourceWidth = frame.rect.width;
        frame.sourceHeight = frame.rect.height;
        FlipbookFrame flipbookFrame;
        flipbookFrame.spriteFrame = frame.name;
        animation.frames.push_back(std::move(flipbookFrame));
        atlas.frames.push_back(std::move(frame));
    }
    FlipbookSet set;
    set.atlases.push_back(std::move(atlas));
    set.animations.push_back(std::move(animation));
    return set;
}

} // namespace bonescope::core
