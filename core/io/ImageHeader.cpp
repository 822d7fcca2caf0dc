#include "io/ImageHeader.h"

#include "io/FileBytes.h"

#include <cstdint>

namespace bonescope::core {

namespace {

std::uint32_t bigEndian32(std::string_view bytes, std::size_t at)
{
    const auto byte = [&](std::size_t i) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i]));
    };
    return (byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3);
}

std::uint32_t bigEndian16(std::string_view bytes, std::size_t at)
{
    return (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at])) << 8) |
           static_cast<unsigned char>(bytes[at + 1]);
}

unsigned char byteAt(std::string_view bytes, std::size_t at)
{
    return static_cast<unsigned char>(bytes[at]);
}

/// A JPEG's start-of-image marker.
bool startsAsJpeg(std::string_view bytes)
{
    return bytes.size() >= 2 && byteAt(bytes, 0) == 0xFF && byteAt(bytes, 1) == 0xD8;
}

Result<ImageFileInfo> checkedSize(const std::string& fileName, std::uint32_t width,
                                  std::uint32_t height)
{
    if (width == 0 || height == 0 || width > kMaxImagePixels || height > kMaxImagePixels)
        return LoadError{fileName,
                         0,
                         {},
                         "the image claims to be " + std::to_string(width) + "x" +
                             std::to_string(height) + " pixels; sizes must be 1 to " +
                             std::to_string(kMaxImagePixels)};
    return ImageFileInfo{fileName, static_cast<int>(width), static_cast<int>(height)};
}

Result<ImageFileInfo> readPng(std::string_view bytes, const std::string& fileName)
{
    // Signature (8), then the first chunk, which must be IHDR: length 13, type, width, height.
    constexpr std::size_t kHeaderEnd = 8 + 8 + 13;
    if (bytes.size() < kHeaderEnd)
        return LoadError{fileName,
                         0,
                         {},
                         "the PNG is truncated: " + std::to_string(bytes.size()) +
                             " bytes, its header needs " + std::to_string(kHeaderEnd)};
    if (bigEndian32(bytes, 8) != 13 || bytes.substr(12, 4) != "IHDR")
        return LoadError{fileName, 0, {}, "the PNG does not start with an IHDR header chunk"};
    return checkedSize(fileName, bigEndian32(bytes, 16), bigEndian32(bytes, 20));
}

bool isStartOfFrame(unsigned char marker)
{
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

Result<ImageFileInfo> readJpeg(std::string_view bytes, const std::string& fileName)
{
    const LoadError truncated{fileName, 0, {}, "the JPEG is truncated before its frame header"};
    std::size_t pos = 2;
    while (true) {
        if (pos >= bytes.size())
            return truncated;
        if (byteAt(bytes, pos) != 0xFF)
            return LoadError{fileName,
                             0,
                             {},
                             "the JPEG is corrupt: no segment marker at byte " +
                                 std::to_string(pos)};
        while (pos < bytes.size() && byteAt(bytes, pos) == 0xFF)
            ++pos; // fill bytes
        if (pos >= bytes.size())
            return truncated;
        const unsigned char marker = byteAt(bytes, pos++);
        if (marker == 0x01 || marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7))
            continue; // markers without a length
        if (marker == 0xD9 || marker == 0xDA)
            return LoadError{fileName, 0, {}, "the JPEG has no frame header before its image data"};
        if (pos + 2 > bytes.size())
            return truncated;
        const std::uint32_t length = bigEndian16(bytes, pos);
        if (length < 2)
            return LoadError{fileName,
                             0,
                             {},
                             "the JPEG is corrupt: a segment has length " + std::to_string(length)};
        if (isStartOfFrame(marker)) {
            if (length < 7 || pos + 7 > bytes.size())
                return truncated;
            return checkedSize(fileName, bigEndian16(bytes, pos + 5), bigEndian16(bytes, pos + 3));
        }
        pos += length;
    }
}

} // namespace

Result<ImageFileInfo> readImageHeader(std::string_view bytes, const std::string& fileName)
{
    if (bytes.empty())
        return LoadError{fileName, 0, {}, "the image file is empty"};
    if (bytes.substr(0, 8) == "\x89PNG\r\n\x1A\n")
        return readPng(bytes, fileName);
    if (startsAsJpeg(bytes))
        return readJpeg(bytes, fileName);
    if (bytes.substr(0, 4) == "\x89PNG")
        return LoadError{fileName,
                         0,
                         {},
                         "the PNG signature is damaged (line endings changed by "
                         "a text-mode transfer?)"};
    return LoadError{fileName, 0, {}, "not a PNG or JPEG image (unknown signature)"};
}

Result<ImageFileInfo> readImageFileHeader(const std::string& path)
{
    // A PNG's size is in its first 33 bytes and most JPEGs' within a few kilobytes; a JPEG's
    // can follow large EXIF and ICC segments, read only when the first bytes do not hold it.
    constexpr std::size_t kFirstBytes = 64 * 1024;
    constexpr std::size_t kMostBytes = 1024 * 1024;
    auto first = readFileHead(path, kFirstBytes);
    if (!first)
        return first.error();
    auto image = readImageHeader(first.value(), path);
    // Only a JPEG's header can lie further in; any other error is final.
    if (image || !startsAsJpeg(first.value()) || first->size() < kFirstBytes)
        return image;
    auto most = readFileHead(path, kMostBytes);
    if (!most)
        return most.error();
    return readImageHeader(most.value(), path);
}

} // namespace bonescope::core
