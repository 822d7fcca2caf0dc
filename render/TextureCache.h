#pragma once

#include "base/LoadError.h"

#include <QImage>
#include <QString>

#include <string>
#include <unordered_map>
#include <vector>

namespace bonescope::render {

/// Every texture image, loaded once per absolute path and shared by every armature (and
/// renderer) that uses it. Ids are stable for the cache's life; an image that cannot be read
/// keeps its id with a null image and an error text, so callers draw a placeholder.
class TextureCache {
public:
    /// The id of the image at `absolutePath`, loading it on first use. Images are kept as
    /// QImage::Format_RGBA8888_Premultiplied (what GL uploads and QPainter draws fastest).
    int acquire(const std::string& absolutePath);

    /// Re-reads the file (it changed on disk); the id stays, revision() increases.
    void reload(int id);

    int size() const { return static_cast<int>(m_entries.size()); }
    bool isValid(int id) const;
    const QImage& image(int id) const;
    const std::string& path(int id) const;
    QString error(int id) const; ///< why the image is null; empty when valid
    /// The images that are files but could not be decoded (corrupt, truncated, too large), as
    /// warnings naming the file: their sprites draw as placeholders. A missing image, a pipe or
    /// a device is the loader's warning (core::loadExport), not repeated here.
    std::vector<core::LoadError> decodeProblems() const;
    /// Bumped by reload(): renderers holding GPU copies re-upload when it changes.
    int revision(int id) const;

private:
    struct Entry {
        std::string path;
        QImage image;
        QString error;
        int revision = 0;
    };
    static void load(Entry& entry);

    std::vector<Entry> m_entries;
    std::unordered_map<std::string, int> m_byPath;
};

} // namespace bonescope::render
