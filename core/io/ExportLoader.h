#pragma once

#include "base/LoadError.h"
#include "model/FlipbookData.h"
#include "model/SkeletonData.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bonescope::core {

enum class ExportKind {
    Armature, ///< DragonBones XML or CocoStudio ExportJson
    Flipbook, ///< AnimationCache plist, image sequence or grid
};

/// An export read from disk with everything it refers to: the sprite sheets found beside it (by
/// the conventions of DESIGN.md "Formats") with every imagePath made absolute, and warnings
/// for what is missing but not fatal (an atlas plist or image that is not there), what the
/// readers accepted as cocos2d-x does (SkeletonData / SpriteAtlas warnings), plists in an
/// ExportJson's config_file_path that are not sprite sheets (particle systems, no `frames`:
/// skipped as cocos2d-x does), and sheet or image paths that are absolute or leave the
/// export's folder (never opened). A DragonBones XML's own <TextureAtlas> frames get ".png"
/// appended, as the plist an exporter writes beside it names them. Every file is read with
/// readFileBytes (regular files only, bounded, never blocking).
struct LoadedExport {
    std::string path; ///< absolute path of the file that was opened
    ExportKind kind = ExportKind::Armature;
    SkeletonData skeleton; ///< kind == Armature
    /// The bytes `skeleton`, or an AnimationCache plist's `flipbooks`, were read from (the
    /// viewer's editors start from them rather than reading the file again, which might have
    /// changed since); empty for other flipbooks (image sequences, grids, sprite sheets).
    std::string bytes;
    FlipbookSet flipbooks; ///< kind == Flipbook
    std::vector<SpriteAtlas> atlases;
    std::vector<LoadError> warnings;

    /// The sprite frame called `name` in any atlas; DragonBones names omit the extension that
    /// plist frame names carry, so "parts-body" also finds "parts-body.png".
    const SpriteFrame* findFrame(std::string_view name, const SpriteAtlas** atlas = nullptr) const;
};

/// The armature format a file's name says: DragonBones XML for `.xml`, CocoStudio ExportJson
/// for `.ExportJson` and `.json` (any case); none for another name.
std::optional<SourceFormat> armatureFormatOf(const std::string& fileName);

/// `path` named so that the readers take it as `format`: itself when armatureFormatOf says
/// `format`, else with `.xml` or `.ExportJson` appended ("tuned" becomes "tuned.xml").
std::string withArmatureExtension(const std::string& path, SourceFormat format);

/// Reads an armature export of `format` alone (no atlases), then checkNesting (nested-armature
/// cycles and limits). `fileName` names the source in errors.
Result<SkeletonData> readSkeleton(std::string_view bytes, const std::string& fileName,
                                  SourceFormat format);
/// readSkeleton in the format `fileName` says (armatureFormatOf); another name is refused, not
/// read as either.
Result<SkeletonData> readSkeleton(std::string_view bytes, const std::string& fileName);

/// readSkeleton on the file at `path`, read with readFileBytes' limits and errors.
Result<SkeletonData> readSkeletonFile(const std::string& path);

/// Where an armature export looks for a sprite sheet: its plist, and the image used when the
/// plist names none.
struct SheetPlace {
    std::filesystem::path plist;
    std::filesystem::path fallbackImage;
};

/// Where the armature export `skeleton`, read from `exportPath`, looks for its sprite sheets:
/// a DragonBones XML for the one of its own stem, an ExportJson for those it lists
/// (config_file_path, config_png_path), each kept inside the export's folder (an entry leaving
/// it is left out, with a warning in `warnings`).
std::vector<SheetPlace> sheetPlaces(const std::string& exportPath, const SkeletonData& skeleton,
                                    std::vector<LoadError>& warnings);

/// Why the plist `bytes` (read from `fileName`) is no export at all, as cocos2d-x passes it
/// over: a particle system, or a plist with neither a `frames` (sprite sheet) nor an
/// `animations` (AnimationCache) dictionary, as an ExportJson's config_file_path may list beside
/// its sheets. Empty when it may be one; a plist that does not parse is left to the readers,
/// which say what is wrong with it.
std::string notAnExportPlist(std::string_view bytes, const std::string& fileName);

/// Opens an export by its extension: `.xml` (DragonBones), `.ExportJson`/`.json` (CocoStudio),
/// `.plist` (AnimationCache; a sprite-sheet plist opens as a flipbook of its frames), `.png`/
/// `.jpg` (an image sequence of its numbered siblings).
Result<LoadedExport> loadExport(const std::string& path);

/// Opens one image cut into a grid of cellWidth × cellHeight pixels (row-major frames).
Result<LoadedExport> loadGrid(const std::string& imagePath, int cellWidth, int cellHeight,
                              float delayPerUnitSeconds);

} // namespace bonescope::core
