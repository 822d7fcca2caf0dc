#pragma once

#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace bonescope::cli {

/// A QTemporaryDir that also goes when the command is stopped (Ctrl-C, a TERM or a HUP) once
/// removeTemporariesOnStop() runs: without it, a stopped bake or render would leave its staging
/// folder (.bonescope-XXXXXX) beside the outputs. Created and removed under one lock with the
/// stop's clean-up, so that none is made or left behind while it runs.
class TemporaryFolder {
public:
    /// As QTemporaryDir(templatePath); the system's temporary folder when empty.
    explicit TemporaryFolder(const QString& templatePath = {});
    ~TemporaryFolder();
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;

    bool isValid() const { return m_folder->isValid(); }
    QString errorString() const { return m_folder->errorString(); }
    QString path() const { return m_folder->path(); }
    QString filePath(const QString& fileName) const { return m_folder->filePath(fileName); }

private:
    std::unique_ptr<QTemporaryDir> m_folder;
};

/// Blocks SIGINT, SIGTERM and SIGHUP in this thread and in those it starts later, and waits for
/// them on a thread of its own: on one, removes every TemporaryFolder alive, then ends the
/// process by that signal (exit status 128 + its number, as the shell expects). Call once, from
/// main, before any other thread starts.
void removeTemporariesOnStop();

} // namespace bonescope::cli
