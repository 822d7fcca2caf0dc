#include "io/FileBytes.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bonescope::core {

namespace {

/// Closes the descriptor on every path out of readFileBytes.
class Descriptor {
public:
    explicit Descriptor(int fd) : m_fd(fd) {}
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

std::string openFailure(int error, const std::string& path)
{
    switch (error) {
    case ENOENT:
        // U+FFFD is what bytes that are not UTF-8 become in a name read as UTF-8 (a folder
        // listing, a command line): the name on disk holds those bytes and cannot be opened.
        if (path.find("\xEF\xBF\xBD") != std::string::npos)
            return "file not found: its name holds \"\xEF\xBF\xBD\", which stands for bytes that "
                   "are not UTF-8, and Bonescope opens only names in UTF-8; rename the file";
        return "file not found";
    case ENOTDIR:
        return "file not found (a part of the path is not a folder)";
    case ELOOP:
        return "the path is a loop of symbolic links";
    case EACCES:
    case EPERM:
        return "permission denied";
    case ENAMETOOLONG:
        return "the path is too long";
    default:
        return std::string("cannot open the file: ") + std::strerror(error);
    }
}

/// What a non-regular file is, for the refusal message.
std::string kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return "is a folder, not a file";
    if (S_ISFIFO(mode))
        return "is a named pipe (FIFO), not a regular file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "is a device, not a regular file";
    if (S_ISSOCK(mode))
        return "is a socket, not a regular file";
    return "is not a regular file";
}

std::string megabytes(std::uintmax_t bytes)
{
    return std::to_string(bytes / (1024 * 1024)) + " MB";
}

/// readFileBytes and readFileHead: the whole file up to kMaxFileBytes, or its first `head` bytes.
Result<std::string> readRegularFile(const std::string& path, std::optional<std::size_t> head)
{
    const auto fail = [&path](std::string message) {
        return LoadError{path, 0, {}, std::move(message)};
    };
    if (path.empty())
        return fail("no file name given");
    // O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever.
    const Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0)
        return fail(openFailure(errno, path));
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0)
        return fail(std::string("cannot read the file's status: ") + std::strerror(errno));
    if (!S_ISREG(info.st_mode))
        return fail(kindOf(info.st_mode));
    auto size = static_cast<std::uintmax_t>(info.st_size);
    if (head)
        size = std::min<std::uintmax_t>(size, *head);
    else if (size > kMaxFileBytes) {
        LoadError tooLarge = fail("file is " + megabytes(size) + ", more than the " +
                                  megabytes(kMaxFileBytes) + " an export may have");
        tooLarge.refused = true;
        return tooLarge;
    }

    // A file that grows while it is read is cut at the size fstat gave; one that shrinks is
    // reported, never padded.
    std::string bytes(static_cast<size_t>(size), '\0');
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t got = ::read(fd.get(), bytes.data() + done, bytes.size() - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return fail(std::string("cannot read the file: ") + std::strerror(errno));
        if (got == 0)
            return fail("the file could not be read completely (it shrank while being read)");
        done += static_cast<size_t>(got);
    }
    return bytes;
}

} // namespace

Result<std::string> readFileBytes(const std::string& path)
{
    return readRegularFile(path, std::nullopt);
}

Result<std::string> readFileHead(const std::string& path, std::size_t maxBytes)
{
    return readRegularFile(path, maxBytes);
}

} // namespace bonescope::core
