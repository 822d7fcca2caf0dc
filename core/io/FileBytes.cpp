#include "io/FileBytes.h"

#include <filesystem>
#include <fstream>

namespace bonescope::core {

Result<std::string> readFileBytes(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        return LoadError{path, 0, {}, "file not found"};
    if (fs::is_directory(status))
        return LoadError{path, 0, {}, "is a folder, not a file"};
    const auto size = fs::file_size(path, ec);
    if (ec)
        return LoadError{path, 0, {}, "cannot read the file size: " + ec.message()};
    if (size > kMaxFileBytes)
        return LoadError{path,
                         0,
                         {},
                         "file is " + std::to_string(size / (1024 * 1024)) +
                             " MB, more than the 256 MB an export may have"};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return LoadError{path, 0, {}, "cannot open the file for reading"};
    std::string bytes(static_cast<size_t>(size), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    if (in.gcount() != static_cast<std::streamsize>(size))
        return LoadError{path, 0, {}, "the file could not be read completely"};
    return bytes;
}

} // namespace bonescope::core
