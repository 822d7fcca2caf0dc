#include "io/SheetFrameBounds.h"

#include <string>

namespace bonescope::core {

namespace {

std::string number(float value)
{
    std::string text = std::to_string(value);
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.')
        text.pop_back();
    return text;
}

} // namespace

std::vector<LoadError> framesPastImage(const SpriteAtlas& atlas, int width, int height)
{
    const SpriteFrame* first = nullptr;
    size_t count = 0;
    for (const SpriteFrame& frame : atlas.frames) {
        const float across = frame.rotated ? frame.rect.height : frame.rect.width;
        const float down = frame.rotated ? frame.rect.width : frame.rect.height;
        if (frame.rect.x >= 0 && frame.rect.y >= 0 && frame.rect.x + across <= float(width) &&
            frame.rect.y + down <= float(height))
            continue;
        if (count++ == 0)
            first = &frame;
    }
    if (!first)
        return {};
    const RectF& r = first->rect;
    std::string message = "frame '" + first->name + "' {{" + number(r.x) + "," + number(r.y) +
                          "},{" + number(r.width) + "," + number(r.height) + "}}" +
                          (first->rotated ? " (rotated)" : "") + " reaches outside its " +
                          std::to_string(width) + " × " + std::to_string(height) + " image";
    if (count == 1)
        message += ": as in cocos2d-x, its sprite repeats the image's edge pixels there";
    else
        message += (count == 2 ? ", and so does 1 more frame"
                               : ", and so do " + std::to_string(count - 1) + " more frames") +
                   std::string(": as in cocos2d-x, their sprites repeat the image's edge pixels "
                               "there");
    return {
        {atlas.sheetPath.empty() ? atlas.imagePath : atlas.sheetPath, first->line, {}, message}};
}

} // namespace bonescope::core
