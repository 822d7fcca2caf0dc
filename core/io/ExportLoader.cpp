#include "io/ExportLoader.h"

#include "io/AnimationCacheReader.h"
#include "io/CocoStudioReader.h"
#include "io/DragonBonesReader.h"
#include "io/FileBytes.h"
#include "io/GridReader.h"
#include "io/ImageHeader.h"
#include "io/ImageSequenceReader.h"
#include "io/NestingCheck.h"
#include "io/Plist.h"
#include "io/SheetFrameBounds.h"
#include "io/SpriteSheetReader.h"

#include <algorithm>
#include <filesystem>
#include <optional>

namespace bonescope::core {

namespace fs = std::filesystem;

namespace {

std::string toLower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string lowerExtension(const fs::path& path)
{
    return toLower(path.extension().string());
}

/// Frame time given to image sequences and grids, which carry none: 12 fps, the common default
/// of frame-by-frame exporters. The viewer lets the user change it.
constexpr float kDefaultFlipbookDelaySeconds = 1.f / 12.f;

/// `relative`, a path a file wrote, joined to `folder` when it stays inside it; std::nullopt
/// (and a warning naming `what` and `source`) when it is absolute or leaves the folder with
/// "..": an export must not make Bonescope open files elsewhere on the disk.
std::optional<fs::path> insideFolder(const fs::path& folder, const std::string& relative,
                                     const std::string& source, const std::string& what,
                                     std::vector<LoadError>& warnings)
{
    const fs::path written(relative);
    const fs::path joined = (folder / written).lexically_normal();
    const fs::path back = joined.lexically_relative(folder.lexically_normal());
    const bool escapes =
        written.is_absolute() || written.has_root_name() || back.empty() || *back.begin() == "..";
    if (!escapes)
        return joined;
    warnings.push_back({source,
                        0,
                        {},
                        what + " '" + relative +
                            "' is outside the export's folder (an absolute path or one leading "
                            "out with ..); it is not opened"});
    return std::nullopt;
}

/// The image a sprite sheet names, found the way a person would expect on a case-sensitive
/// file system: exporters made on Windows and macOS write "Cyborg.png" for cyborg.png.
/// std::nullopt when no file of that name is there.
std::optional<fs::path> findNamedImage(const fs::path& wanted)
{
    if (fs::exists(wanted))
        return wanted;
    const std::string wantedName = toLower(wanted.filename().string());
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(wanted.parent_path(), ec))
        if (toLower(entry.path().filename().string()) == wantedName)
            return entry.path();
    return std::nullopt;
}

/// Why cocos2d-x passes over a plist of `keys` (the dictionary's keys it looks up: `frames`
/// for a sprite sheet, `animations` too for any export), or an empty string: a particle system
/// (it holds `particleLifespan`) or a plist without any of `keys`.
std::string passedOverPlist(std::string_view bytes, const std::string& fileName,
                            std::initializer_list<const char*> keys, std::string_view what)
{
    const auto parsed = parsePlist(bytes, fileName);
    if (!parsed || parsed->type != PlistValue::Type::Dict)
        return {}; // the readers report what is wrong
    if (parsed->find("particleLifespan"))
        return "is a particle system, not " + std::string(what) + "; skipped, as cocos2d-x does";
    for (const char* key : keys)
        if (parsed->find(key))
            return {};
    return "has no 'frames' dictionary" +
           std::string(keys.size() > 1 ? " nor an 'animations' one" : "") + ", so it is not " +
           std::string(what) + "; ignored, as cocos2d-x does";
}

/// Plists that an ExportJson's config_file_path may list besides sprite sheets, which
/// cocos2d-x passes over. Returns why to skip the file, or an empty string for a sprite sheet.
std::string notASpriteSheet(std::string_view bytes, const std::string& fileName)
{
    return passedOverPlist(bytes, fileName, {"frames"}, "a sprite sheet");
}

class Loader {
public:
    explicit Loader(LoadedExport& out) : m_out(out) {}

    /// Reads the sprite sheet plist at `plistPath` into m_out.atlases; `fallbackImage` is used
    /// when the plist names no texture. A missing sheet is a warning, a broken one an error;
    /// with `skipOthers`, a plist that is not a sprite sheet is a warning (ExportJson lists).
    std::optional<LoadError> addSpriteSheet(const fs::path& plistPath,
                                            const fs::path& fallbackImage, bool skipOthers = false)
    {
        if (!fs::exists(plistPath)) {
            m_out.warnings.push_back(
                {plistPath.string(), 0, {}, "sprite sheet not found; images will be placeholders"});
            return std::nullopt;
        }
        auto bytes = readFileBytes(plistPath.string());
        if (!bytes)
            return bytes.error();
        if (skipOthers) {
            if (std::string why = notASpriteSheet(bytes.value(), plistPath.string());
                !why.empty()) {
                m_out.warnings.push_back({plistPath.string(), 0, {}, "this plist " + why});
                return std::nullopt;
            }
        }
        auto atlas = readSpriteSheetPlist(bytes.value(), plistPath.string());
        if (!atlas)
            return atlas.error();
        SpriteAtlas sheet = std::move(atlas.value());
        sheet.sheetPath = plistPath.string();
        m_out.warnings.insert(m_out.warnings.end(), sheet.warnings.begin(), sheet.warnings.end());
        const fs::path folder = plistPath.parent_path();
        const auto image = insideFolder(folder, sheet.imagePath, plistPath.string(),
                                        "the texture image", m_out.warnings);
        // Else the image of the sheet's or export's stem; the named path when neither is there.
        const auto named = image ? findNamedImage(*image) : std::nullopt;
        sheet.imageIsFallback = !named;
        sheet.imagePath = (named                                 ? *named
                           : !image || fs::exists(fallbackImage) ? fallbackImage
                                                                 : *image)
                              .string();
        addAtlas(std::move(sheet));
        return std::nullopt;
    }

    void addAtlas(SpriteAtlas atlas)
    {
        std::error_code error;
        if (!fs::exists(atlas.imagePath, error))
            m_out.warnings.push_back({atlas.imagePath,
                                      0,
                                      {},
                                      "texture image not found; its sprites draw as placeholders"});
        else if (!fs::is_regular_file(atlas.imagePath, error))
            // A pipe would block the reader, a device never end: the image loaders pass it by.
            m_out.warnings.push_back({atlas.imagePath,
                                      0,
                                      {},
                                      "texture image is not a regular file (a folder, a pipe or "
                                      "a device), so it is not read; its sprites draw as "
                                      "placeholders"});
        else if (const auto image = readImageFileHeader(atlas.imagePath)) {
            atlas.imageWidth = image->width;
            atlas.imageHeight = image->height;
            for (LoadError& warning : framesPastImage(atlas, image->width, image->height))
                m_out.warnings.push_back(std::move(warning));
        }
        m_out.atlases.push_back(std::move(atlas));
    }

private:
    LoadedExport& m_out;
};

} // namespace

std::vector<SheetPlace> sheetPlaces(const std::string& exportPath, const SkeletonData& skeleton,
                                    std::vector<LoadError>& warnings)
{
    const fs::path path(exportPath);
    if (skeleton.format == SourceFormat::DragonBonesXml) {
        // A DragonBones XML names no sheet: games pass the .plist and .png of the same stem.
        fs::path plist = path;
        fs::path png = path;
        return {{plist.replace_extension(".plist"), png.replace_extension(".png")}};
    }
    const fs::path folder = path.parent_path();
    std::vector<SheetPlace> places;
    for (size_t i = 0; i < skeleton.atlasFiles.size(); ++i) {
        const auto plist = insideFolder(folder, skeleton.atlasFiles[i], exportPath,
                                        "config_file_path entry", warnings);
        if (!plist)
            continue;
        fs::path image = *plist;
        image.replace_extension(".png");
        if (i < skeleton.atlasImages.size())
            if (auto png = insideFolder(folder, skeleton.atlasImages[i], exportPath,
                                        "config_png_path entry", warnings))
                image = *png;
        places.push_back({*plist, image});
    }
    return places;
}

namespace {

Result<LoadedExport> loadArmature(LoadedExport out, std::string bytes)
{
    const fs::path path(out.path);
    auto skeleton = readSkeleton(bytes, out.path);
    if (!skeleton)
        return skeleton.error();
    out.skeleton = std::move(skeleton.value());
    const bool isXml = out.skeleton.format == SourceFormat::DragonBonesXml;
    out.warnings = out.skeleton.warnings;
    Loader loader(out);
    const std::vector<SheetPlace> places = sheetPlaces(out.path, out.skeleton, out.warnings);
    if (isXml && !fs::exists(places.front().plist)) {
        // The XML's own <TextureAtlas> names frames without an extension; the plist an
        // exporter writes beside it (what cocos2d-x loads) adds ".png".
        for (SpriteAtlas atlas : out.skeleton.atlases) {
            atlas.imagePath = (path.parent_path() / atlas.imagePath).lexically_normal().string();
            for (SpriteFrame& frame : atlas.frames)
                frame.name += ".png";
            loader.addAtlas(std::move(atlas));
        }
        if (out.skeleton.atlases.empty())
            out.warnings.push_back(
                {places.front().plist.string(), 0, {}, "no sprite sheet beside the export"});
    } else {
        // An ExportJson's list may hold plists that are not sprite sheets (skipped).
        for (const SheetPlace& place : places)
            if (auto error = loader.addSpriteSheet(place.plist, place.fallbackImage, !isXml))
                return *error;
    }
    out.bytes = std::move(bytes);
    return out;
}

/// An AnimationCache plist names its frames, not its sheets (format 1 never does, format 2
/// may list them): use the listed sheets, else every sprite sheet plist in the same folder.
Result<LoadedExport> loadAnimationCache(LoadedExport out, const std::string& bytes)
{
    auto set = readAnimationCachePlist(bytes, out.path);
    if (!set)
        return set.error();
    out.kind = ExportKind::Flipbook;
    out.flipbooks = std::move(set.value());
    out.bytes = bytes;
    const fs::path folder = fs::path(out.path).parent_path();
    std::vector<fs::path> sheets;
    for (const auto& name : out.flipbooks.spriteSheetFiles)
        if (auto sheet = insideFolder(folder, name, out.path, "sprite sheet", out.warnings))
            sheets.push_back(*sheet);
    if (sheets.empty()) {
        std::error_code ec;
        std::error_code statusError;
        for (const auto& entry : fs::directory_iterator(folder, ec))
            if (entry.path() != fs::path(out.path) && lowerExtension(entry.path()) == ".plist" &&
                entry.is_regular_file(statusError)) // a FIFO or folder named *.plist is no sheet
                sheets.push_back(entry.path());
        std::sort(sheets.begin(), sheets.end());
    }
    Loader loader(out);
    for (const auto& sheet : sheets) {
        // A listed sheet that is not there is a warning (addSpriteSheet says so).
        if (fs::exists(sheet)) {
            auto sheetBytes = readFileBytes(sheet.string());
            if (!sheetBytes)
                return sheetBytes.error();
            if (sheetBytes.value().find("<key>animations</key>") != std::string::npos)
                continue; // another animation plist in the folder, not a sprite sheet
        }
        fs::path png = sheet;
        png.replace_extension(".png");
        if (auto error = loader.addSpriteSheet(sheet, png))
            return *error;
    }
    for (const auto& animation : out.flipbooks.animations)
        for (const auto& frame : animation.frames)
            if (!out.findFrame(frame.spriteFrame))
                out.warnings.push_back({out.path,
                                        0,
                                        {},
                                        "animation '" + animation.name + "' shows sprite frame '" +
                                            frame.spriteFrame + "', which no sprite sheet holds"});
    return out;
}

/// A sprite-sheet plist opened on its own: one flipbook that steps through its frames.
Result<LoadedExport> loadSpriteSheetAsFlipbook(LoadedExport out)
{
    const fs::path path(out.path);
    fs::path png = path;
    png.replace_extension(".png");
    if (auto error = Loader(out).addSpriteSheet(path, png))
        return *error;
    out.kind = ExportKind::Flipbook;
    FlipbookData animation;
    animation.name = path.stem().string();
    animation.delayPerUnit = kDefaultFlipbookDelaySeconds;
    for (const auto& frame : out.atlases.front().frames)
        animation.frames.push_back({frame.name, 1.f, {}});
    out.flipbooks.animations.push_back(std::move(animation));
    return out;
}

Result<LoadedExport> fromFlipbookSet(LoadedExport out, Result<FlipbookSet> set)
{
    if (!set)
        return set.error();
    out.kind = ExportKind::Flipbook;
    out.flipbooks = std::move(set.value());
    Loader loader(out);
    for (auto atlas : out.flipbooks.atlases)
        loader.addAtlas(std::move(atlas));
    return out;
}

} // namespace

const SpriteFrame* LoadedExport::findFrame(std::string_view name, const SpriteAtlas** atlas) const
{
    const std::string withPng = std::string(name) + ".png";
    for (const auto& candidate : atlases) {
        const SpriteFrame* frame = candidate.findFrame(name);
        if (!frame)
            frame = candidate.findFrame(withPng);
        if (frame) {
            if (atlas)
                *atlas = &candidate;
            return frame;
        }
    }
    return nullptr;
}

std::optional<SourceFormat> armatureFormatOf(const std::string& fileName)
{
    const std::string ext = lowerExtension(fs::path(fileName));
    if (ext == ".xml")
        return SourceFormat::DragonBonesXml;
    if (ext == ".exportjson" || ext == ".json")
        return SourceFormat::CocoStudioJson;
    return std::nullopt;
}

std::string withArmatureExtension(const std::string& path, SourceFormat format)
{
    if (armatureFormatOf(path) == format)
        return path;
    return path + (format == SourceFormat::DragonBonesXml ? ".xml" : ".ExportJson");
}

Result<SkeletonData> readSkeleton(std::string_view bytes, const std::string& fileName,
                                  SourceFormat format)
{
    auto skeleton = format == SourceFormat::DragonBonesXml ? readDragonBonesXml(bytes, fileName)
                                                           : readCocoStudioJson(bytes, fileName);
    if (skeleton)
        if (auto error = checkNesting(skeleton.value(), fileName))
            return *error;
    return skeleton;
}

Result<SkeletonData> readSkeleton(std::string_view bytes, const std::string& fileName)
{
    if (const auto format = armatureFormatOf(fileName))
        return readSkeleton(bytes, fileName, *format);
    const bool plist = lowerExtension(fs::path(fileName)) == ".plist";
    return LoadError{fileName,
                     0,
                     {},
                     std::string(plist ? "an AnimationCache plist or a sprite sheet, " : "") +
                         "not an armature export: DragonBones XML ends in .xml, CocoStudio "
                         "ExportJson in .ExportJson or .json"};
}

Result<SkeletonData> readSkeletonFile(const std::string& path)
{
    auto bytes = readFileBytes(path);
    if (!bytes)
        return bytes.error();
    return readSkeleton(bytes.value(), path);
}

std::string notAnExportPlist(std::string_view bytes, const std::string& fileName)
{
    return passedOverPlist(bytes, fileName, {"frames", "animations"},
                           "a sprite sheet nor an AnimationCache");
}

Result<LoadedExport> loadExport(const std::string& path)
{
    LoadedExport out;
    std::error_code ec;
    out.path = fs::absolute(path, ec).lexically_normal().string();
    if (ec)
        out.path = path;
    const std::string ext = lowerExtension(out.path);
    if (ext == ".png" || ext == ".jpg" || ext == ".jpeg")
        return fromFlipbookSet(std::move(out), [&]() -> Result<FlipbookSet> {
            auto images = scanImageSequence(path);
            if (!images)
                return images.error();
            return makeImageSequence(images.value(), kDefaultFlipbookDelaySeconds);
        }());

    auto bytes = readFileBytes(out.path);
    if (!bytes)
        return bytes.error();
    if (armatureFormatOf(out.path))
        return loadArmature(std::move(out), std::move(bytes.value()));
    if (ext == ".plist") {
        if (bytes.value().find("<key>animations</key>") != std::string::npos)
            return loadAnimationCache(std::move(out), bytes.value());
        return loadSpriteSheetAsFlipbook(std::move(out));
    }
    return LoadError{out.path,
                     0,
                     {},
                     "unknown kind of file: expected .xml (DragonBones), .ExportJson (CocoStudio), "
                     ".plist (AnimationCache or sprite sheet) or an image (.png, .jpg)"};
}

Result<LoadedExport> loadGrid(const std::string& imagePath, int cellWidth, int cellHeight,
                              float delayPerUnitSeconds)
{
    LoadedExport out;
    out.path = fs::absolute(imagePath).lexically_normal().string();
    auto bytes = readFileBytes(out.path);
    if (!bytes)
        return bytes.error();
    auto image = readImageHeader(bytes.value(), out.path);
    if (!image)
        return image.error();
    image.value().path = out.path;
    return fromFlipbookSet(std::move(out),
                           makeGrid(image.value(), cellWidth, cellHeight, 0, delayPerUnitSeconds));
}

} // namespace bonescope::core
