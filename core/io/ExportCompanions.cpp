#include "io/ExportCompanions.h"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace bonescope::core {

namespace fs = std::filesystem;

namespace {

bool sameBytes(const fs::path& a, const fs::path& b)
{
    std::error_code ec;
    if (fs::file_size(a, ec) != fs::file_size(b, ec) || ec)
        return false;
    std::ifstream first(a, std::ios::binary);
    std::ifstream second(b, std::ios::binary);
    return first && second &&
           std::equal(std::istreambuf_iterator<char>(first), std::istreambuf_iterator<char>(),
                      std::istreambuf_iterator<char>(second), std::istreambuf_iterator<char>());
}

// A new file at `to` with the bytes of `from`, made as any new file (fs::copy_file would give
// it the source's permissions: a sample extracted to a private folder is owner-only).
std::error_code copyBytes(const fs::path& from, const fs::path& to)
{
    errno = 0;
    std::ifstream in(from, std::ios::binary);
    std::ofstream out(to, std::ios::binary | std::ios::trunc);
    if (in && out && in.peek() != std::ifstream::traits_type::eof())
        out << in.rdbuf();
    out.close();
    if (in && !in.bad() && out.good())
        return {};
    return {errno ? errno : EIO, std::generic_category()}; // the streams keep errno's reason
}

// Whether anything is at `path`: a file, a folder, a link (even a broken one).
bool somethingAt(const fs::path& path)
{
    std::error_code ec;
    return fs::symlink_status(path, ec).type() != fs::file_type::not_found && !ec;
}

CompanionCopy copyOne(const CompanionFile& file)
{
    const fs::path to(file.to);
    CompanionCopy result{file, CompanionCopy::Outcome::Copied, {}};
    std::error_code ec;
    if (somethingAt(to)) {
        result.outcome = sameBytes(file.from, to) ? CompanionCopy::Outcome::AlreadyThere
                                                  : CompanionCopy::Outcome::KeptOther;
        return result;
    }
    fs::path temporary = to;
    temporary.replace_filename(".bonescope-copy-" + to.filename().string());
    const auto fail = [&](const std::error_code& why) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        result.outcome = CompanionCopy::Outcome::Failed;
        result.error = why.message();
        return result;
    };
    fs::create_directories(to.parent_path(), ec);
    if (!ec)
        fs::remove(temporary, ec); // a copy an interrupted save left
    if (!ec)
        ec = copyBytes(file.from, temporary);
    if (ec)
        return fail(ec);
    // Checked again just before the rename, which would replace a file that appeared meanwhile.
    if (somethingAt(to)) {
        fs::remove(temporary, ec);
        result.outcome = CompanionCopy::Outcome::KeptOther;
        return result;
    }
    fs::rename(temporary, to, ec);
    if (ec)
        return fail(ec);
    return result;
}

} // namespace

std::vector<CompanionFile> companionFiles(const LoadedExport& loaded, const std::string& newPath)
{
    std::vector<CompanionFile> files;
    const auto add = [&files](const fs::path& from, const fs::path& to) {
        std::error_code ec;
        if (!fs::is_regular_file(from, ec) || from.lexically_normal() == to.lexically_normal() ||
            fs::equivalent(from, to, ec))
            return;
        CompanionFile file{from.lexically_normal().string(), to.lexically_normal().string()};
        if (std::none_of(files.begin(), files.end(), [&](const CompanionFile& listed) {
                return listed.from == file.from && listed.to == file.to;
            }))
            files.push_back(std::move(file));
    };
    if (loaded.kind == ExportKind::Flipbook) {
        // An AnimationCache plist's sheets are in its folder or under it (the loader refuses
        // others), each image where its sheet says: the same places under the new folder.
        const fs::path oldFolder = fs::path(loaded.path).parent_path();
        const fs::path newFolder = fs::path(newPath).parent_path();
        for (const SpriteAtlas& atlas : loaded.atlases) {
            if (atlas.sheetPath.empty())
                continue; // an image sequence's or a grid's own images
            const fs::path sheet(atlas.sheetPath);
            const fs::path newSheet = newFolder / sheet.lexically_relative(oldFolder);
            add(sheet, newSheet);
            add(atlas.imagePath,
                newSheet.parent_path() /
                    fs::path(atlas.imagePath).lexically_relative(sheet.parent_path()));
        }
        return files;
    }
    if (loaded.kind != ExportKind::Armature)
        return files;
    std::vector<LoadError> reported; // the loader reported them when it read the export
    const std::vector<SheetPlace> oldPlaces = sheetPlaces(loaded.path, loaded.skeleton, reported);
    const std::vector<SheetPlace> newPlaces = sheetPlaces(newPath, loaded.skeleton, reported);
    // Both lists come from the same skeleton by the same rules: entry i is the same sheet.
    for (size_t i = 0; i < oldPlaces.size(); ++i)
        add(oldPlaces[i].plist, newPlaces[i].plist);
    for (const SpriteAtlas& atlas : loaded.atlases) {
        const fs::path image(atlas.imagePath);
        if (atlas.sheetPath.empty()) {
            // A DragonBones XML's own TextureAtlas: its image has the export's stem, as the
            // image of the sheet it would have.
            if (!newPlaces.empty())
                add(image, newPlaces.front().fallbackImage);
            continue;
        }
        const auto sheet =
            std::find_if(oldPlaces.begin(), oldPlaces.end(),
                         [&](const SheetPlace& p) { return p.plist.string() == atlas.sheetPath; });
        if (sheet == oldPlaces.end())
            continue;
        const SheetPlace& newSheet = newPlaces[size_t(sheet - oldPlaces.begin())];
        // The image the sheet names stays beside the sheet; a fallback follows the export.
        add(image, atlas.imageIsFallback
                       ? newSheet.fallbackImage
                       : newSheet.plist.parent_path() /
                             image.lexically_relative(sheet->plist.parent_path()));
    }
    return files;
}

std::vector<CompanionCopy> copyCompanions(const std::vector<CompanionFile>& files)
{
    std::vector<CompanionCopy> copies;
    copies.reserve(files.size());
    for (const CompanionFile& file : files)
        copies.push_back(copyOne(file));
    return copies;
}

void relocateExport(LoadedExport& loaded, const std::string& newPath,
                    const std::vector<CompanionCopy>& copies)
{
    loaded.path = newPath;
    const auto moved = [&copies](std::string& path) {
        for (const CompanionCopy& copy : copies)
            if (copy.file.from == path && (copy.outcome == CompanionCopy::Outcome::Copied ||
                                           copy.outcome == CompanionCopy::Outcome::AlreadyThere)) {
                path = copy.file.to;
                return;
            }
    };
    for (SpriteAtlas& atlas : loaded.atlases) {
        moved(atlas.sheetPath);
        moved(atlas.imagePath);
    }
}

} // namespace bonescope::core
