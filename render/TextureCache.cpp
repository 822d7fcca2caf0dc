#include "TextureCache.h"

#include "io/FileBytes.h"

#include <QBuffer>
#include <QImageReader>

#include <filesystem>

namespace bonescope::render {

int TextureCache::acquire(const std::string& absolutePath)
{
    if (const auto it = m_byPath.find(absolutePath); it != m_byPath.end())
        return it->second;
    Entry entry;
    entry.path = absolutePath;
    load(entry);
    m_entries.push_back(std::move(entry));
    const int id = static_cast<int>(m_entries.size()) - 1;
    m_byPath.emplace(absolutePath, id);
    return id;
}

void TextureCache::reload(int id)
{
    if (id < 0 || id >= size())
        return;
    Entry& entry = m_entries[static_cast<size_t>(id)];
    load(entry);
    ++entry.revision;
}

void TextureCache::load(Entry& entry)
{
    // Through core's reader: a texture path that is a FIFO or a device must not block or
    // stream forever, and an oversize file is refused before it is read.
    const auto bytes = core::readFileBytes(entry.path);
    if (!bytes) {
        entry.image = QImage();
        entry.error = QString::fromStdString(bytes.error().message);
        return;
    }
    QByteArray data = QByteArray::fromRawData(bytes->data(), qsizetype(bytes->size()));
    QBuffer buffer(&data);
    QImageReader reader(&buffer);
    const QSize size = reader.size();
    QImage image = reader.read();
    if (image.isNull()) {
        entry.image = QImage();
        // Qt refuses an image past its allocation limit with a vague "Unable to read image
        // data": the size says why.
        const qint64 limit = qint64(QImageReader::allocationLimit()) * 1024 * 1024;
        entry.error =
            size.isValid() && limit > 0 && qint64(size.width()) * size.height() * 4 > limit
                ? QStringLiteral("%1 × %2 pixels, more than the %3 MB one decoded "
                                 "image may take")
                      .arg(size.width())
                      .arg(size.height())
                      .arg(QImageReader::allocationLimit())
                : reader.errorString();
        return;
    }
    entry.image = image.convertToFormat(QImage::Format_RGBA8888_Premultiplied);
    entry.error.clear();
}

bool TextureCache::isValid(int id) const
{
    return id >= 0 && id < size() && !m_entries[static_cast<size_t>(id)].image.isNull();
}

const QImage& TextureCache::image(int id) const
{
    static const QImage none;
    return id >= 0 && id < size() ? m_entries[static_cast<size_t>(id)].image : none;
}

const std::string& TextureCache::path(int id) const
{
    static const std::string none;
    return id >= 0 && id < size() ? m_entries[static_cast<size_t>(id)].path : none;
}

QString TextureCache::error(int id) const
{
    if (id < 0 || id >= size())
        return QStringLiteral("no texture %1").arg(id);
    return m_entries[static_cast<size_t>(id)].error;
}

std::vector<core::LoadError> TextureCache::decodeProblems() const
{
    std::vector<core::LoadError> problems;
    for (const Entry& entry : m_entries) {
        std::error_code error;
        if (entry.image.isNull() && std::filesystem::is_regular_file(entry.path, error))
            problems.push_back({entry.path,
                                0,
                                {},
                                "texture image cannot be decoded (" + entry.error.toStdString() +
                                    "); its sprites draw as placeholders"});
    }
    return problems;
}

int TextureCache::revision(int id) const
{
    return id >= 0 && id < size() ? m_entries[static_cast<size_t>(id)].revision : -1;
}

} // namespace bonescope::render
