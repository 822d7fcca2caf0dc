#pragma once

#include "ViewOptions.h"

#include <QByteArray>
#include <QSettings>
#include <QStringList>

namespace bonescope::app {

/// Bonescope's persistent preferences (QSettings, organisation "Bonescope"): window geometry
/// and dock layout, view options, playback preferences, recent files and the last folder.
class Settings {
public:
    static constexpr int kMaxRecentFiles = 10;

    Settings();

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    render::ViewOptions viewOptions() const;
    void setViewOptions(const render::ViewOptions& options);

    bool loopPreview() const;
    void setLoopPreview(bool loop);

    /// Most recent first, at most kMaxRecentFiles.
    QStringList recentFiles() const;
    /// Moves `path` to the front of the recent files.
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);

    QString lastFolder() const;
    void setLastFolder(const QString& folder);

private:
    mutable QSettings m_settings;
};

} // namespace bonescope::app
