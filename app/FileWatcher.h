#pragma once

#include <QFileSystemWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace bonescope::app {

/// Watches the files of the open export (the export, its atlases and images) and reports one
/// change after the writes settle. Exporters often replace a file (write elsewhere, rename),
/// which ends a plain watch; a path that vanished is watched again as soon as it is back.
class FileWatcher : public QObject {
    Q_OBJECT
public:
    explicit FileWatcher(QObject* parent = nullptr);

    /// Replaces the watched set.
    void watch(const QStringList& paths);
    QStringList watched() const { return m_paths; }
    /// Quiet time (milliseconds) after the last change before changed() fires.
    void setSettleMs(int ms) { m_settle.setInterval(ms); }

signals:
    /// One or more watched files changed on disk and every one of them exists again.
    void changed();

private:
    void onFileChanged(const QString& path);
    void onSettled();

    QFileSystemWatcher m_watcher;
    QStringList m_paths;
    QTimer m_settle;
};

} // namespace bonescope::app
