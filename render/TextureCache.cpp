#include "TextureCache.h"

#include "io/FileBytes.h"

#include <QBuffer>
#include <QImageReader>

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
        entry.error = QString::fromStdString(bytes.error().toString());
        return;
    }
    QByteArray data = QByteArray::fromRawData(bytes->data(), qsizetype(bytes->size()));
    QBuffer buffer(&data);
    QImageReader reader(&buffer);
    QImage image = reader.read();
    if (image.isNull()) {
        entry.image = QImage();
        entry.error =
            QStringLiteral("%1: %2").arg(QString::fromStdString(entry.path), reader.errorString());
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

int TextureCache::revision(int id) const
{
    return id >= 0 && id < size() ? m_entries[static_cast<size_t>(id)].revision : -1;
}

} // namespace bonescope::render
