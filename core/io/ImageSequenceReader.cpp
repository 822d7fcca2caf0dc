#include "io/ImageSequenceReader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <system_error>

namespace bonescope::core {

namespace fs = std::filesystem;

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

std::string lowerCase(std::string text)
{
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

bool isImageExtension(const std::string& extension)
{
    const std::string lower = lowerCase(extension);
    return lower == ".png" || lower == ".jpg" || lower == ".jpeg";
}

/// The stem without its trailing number: "grossini_dance_05" -> "grossini_dance_".
std::string_view numberlessStem(std::string_view stem)
{
    while (!stem.empty() && isDigit(stem.back()))
        stem.remove_suffix(1);
    return stem;
}

/// "grossini_dance_" -> "grossini_dance": a readable animation name.
std::string animationName(std::string_view stem)
{
    std::string_view name = numberlessStem(stem);
    while (!name.empty() &&
           (name.back() == '_' || name.back() == '-' || name.back() == ' ' || name.back() == '.'))
        name.remove_suffix(1);
    return std::string(name.empty() ? stem : name);
}

} // namespace

std::string delayPerUnitProblem(float delayPerUnit)
{
    if (!std::isfinite(delayPerUnit) || delayPerUnit <= 0.f || delayPerUnit > 3600.f)
        return "the delay per frame must be more than 0 and at most 3600 seconds, not " +
               std::to_string(delayPerUnit);
    return {};
}

bool naturalLess(std::string_view a, std::string_view b)
{
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (!isDigit(a[i]) || !isDigit(b[j])) {
            if (a[i] != b[j])
                return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
            ++i;
            ++j;
            continue;
        }
        std::size_t endA = i, endB = j;
        while (endA < a.size() && isDigit(a[endA]))
            ++endA;
        while (endB < b.size() && isDigit(b[endB]))
            ++endB;
        std::size_t startA = i, startB = j;
        while (startA + 1 < endA && a[startA] == '0')
            ++startA;
        while (startB + 1 < endB && b[startB] == '0')
            ++startB;
        const std::string_view numberA = a.substr(startA, endA - startA);
        const std::string_view numberB = b.substr(startB, endB - startB);
        if (numberA.size() != numberB.size())
            return numberA.size() < numberB.size();
        if (numberA != numberB)
            return numberA < numberB;
        // Same value: "1" before "01", so the order is total and repeatable.
        if (endA - i != endB - j)
            return endA - i < endB - j;
        i = endA;
        j = endB;
    }
    return a.size() - i < b.size() - j;
}

Result<FlipbookSet> makeImageSequence(const std::vector<ImageFileInfo>& images, float delayPerUnit)
{
    if (images.empty())
        return LoadError{{}, 0, {}, "an image sequence needs at least one image"};
    if (images.size() > static_cast<std::size_t>(kMaxFlipbookFrames))
        return LoadError{images.front().path,
                         0,
                         {},
                         "an image sequence of " + std::to_string(images.size()) +
                             " images is more than " + std::to_string(kMaxFlipbookFrames)};
    if (const std::string problem = delayPerUnitProblem(delayPerUnit); !problem.empty())
        return LoadError{images.front().path, 0, {}, problem};

    std::vector<std::pair<std::string, const ImageFileInfo*>> named;
    named.reserve(images.size());
    for (const ImageFileInfo& image : images) {
        if (image.width <= 0 || image.height <= 0 || image.width > kMaxImagePixels ||
            image.height > kMaxImagePixels)
            return LoadError{image.path,
                             0,
                             {},
                             "the image size " + std::to_string(image.width) + "x" +
                                 std::to_string(image.height) + " is not 1 to " +
                                 std::to_string(kMaxImagePixels) + " pixels"};
        named.emplace_back(fs::path(image.path).filename().string(), &image);
    }
    std::stable_sort(named.begin(), named.end(),
                     [](const auto& a, const auto& b) { return naturalLess(a.first, b.first); });
    for (std::size_t i = 1; i < named.size(); ++i)
        if (named[i].first == named[i - 1].first)
            return LoadError{named[i].second->path,
                             0,
                             {},
                             "two images of the sequence are named " + named[i].first};

    FlipbookSet set;
    FlipbookData animation;
    animation.name = animationName(fs::path(named.front().first).stem().string());
    animation.delayPerUnit = delayPerUnit;
    set.atlases.reserve(named.size());
    animation.frames.reserve(named.size());
    for (const auto& [name, image] : named) {
        SpriteAtlas atlas;
        atlas.imagePath = image->path;
        atlas.width = image->width;
        atlas.height = image->height;
        SpriteFrame frame;
        frame.name = name;
        frame.rect =
            RectF{0.f, 0.f, static_cast<float>(image->width), static_cast<float>(image->height)};
        frame.sourceWidth = frame.rect.width;
        frame.sourceHeight = frame.rect.height;
        atlas.frames.push_back(std::move(frame));
        set.atlases.push_back(std::move(atlas));
        FlipbookFrame flipbookFrame;
        flipbookFrame.spriteFrame = name;
        animation.frames.push_back(std::move(flipbookFrame));
    }
    set.animations.push_back(std::move(animation));
    return set;
}

Result<std::vector<ImageFileInfo>> scanImageSequence(const std::string& firstFileOrFolder)
{
    const fs::path start(firstFileOrFolder);
    std::error_code error;
    const bool isFolder = fs::is_directory(start, error);
    if (!isFolder && !fs::is_regular_file(start, error))
        return LoadError{firstFileOrFolder, 0, {}, "no such file or folder"};
    const fs::path folder = isFolder ? start : start.parent_path();

    // Every image in the folder; folders of real sequences hold a few hundred files at most,
    // so one bounded listing is cheap.
    std::vector<fs::path> candidates;
    for (fs::directory_iterator it(folder.empty() ? fs::path(".") : folder, error), end;
         !error && it != end; it.increment(error)) {
        if (it->is_regular_file(error) && isImageExtension(it->path().extension().string()))
            candidates.push_back(it->path());
        if (candidates.size() > 4 * static_cast<std::size_t>(kMaxFlipbookFrames))
            return LoadError{folder.string(), 0, {}, "the folder holds too many images"};
    }
    if (error)
        return LoadError{folder.string(), 0, {}, "cannot list the folder: " + error.message()};
    std::sort(candidates.begin(), candidates.end(), [](const fs::path& a, const fs::path& b) {
        return naturalLess(a.filename().string(), b.filename().string());
    });

    fs::path first = start;
    if (isFolder) {
        if (candidates.empty())
            return LoadError{firstFileOrFolder, 0, {}, "the folder holds no PNG or JPEG image"};
        first = candidates.front();
    }
    const std::string firstStem = first.stem().string();
    const std::string prefix(numberlessStem(firstStem));
    if (prefix.size() == firstStem.size())
        return LoadError{first.string(),
                         0,
                         {},
                         "the image's name has no frame number (like dance_01.png), so it "
                         "starts no sequence"};
    const std::string extension = lowerCase(first.extension().string());

    std::vector<ImageFileInfo> images;
    for (const fs::path& candidate : candidates) {
        const std::string stem = candidate.stem().string();
        if (lowerCase(candidate.extension().string()) != extension ||
            stem.size() <= prefix.size() || stem.compare(0, prefix.size(), prefix) != 0 ||
            numberlessStem(stem).size() != prefix.size())
            continue;
        if (images.size() == static_cast<std::size_t>(kMaxFlipbookFrames))
            return LoadError{first.string(),
                             0,
                             {},
                             "the sequence has more than " + std::to_string(kMaxFlipbookFrames) +
                                 " images"};
        Result<ImageFileInfo> header = readImageFileHeader(candidate);
        if (!header)
            return header.error();
        images.push_back(std::move(header.value()));
    }
    return images;
}

} // namespace bonescope::core
