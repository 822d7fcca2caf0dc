#pragma once

#include "base/LoadError.h"

#include <string>
#include <string_view>

namespace bonescope::core {

/// An image file and its size in pixels.
struct ImageFileInfo {
    std::string path;
    int width = 0;
    int height = 0;
};

/// Largest width or height (pixels) Bonescope accepts for an image.
inline constexpr int kMaxImagePixels = 16384;

/// Reads the size of a PNG (IHDR) or JPEG (SOF segment) from the first bytes of the file,
/// without decoding pixels. `path` of the result is `fileName`. A bad signature, a truncated
/// header, or a width or height of 0 or past kMaxImagePixels is a LoadError.
Result<ImageFileInfo> readImageHeader(std::string_view bytes, const std::string& fileName);

/// readImageHeader of the image file at `path`, of which only the first bytes are read (enough
/// for any PNG header and for JPEG headers behind EXIF and ICC segments).
Result<ImageFileInfo> readImageFileHeader(const std::string& path);

} // namespace bonescope::core
