#include "cli/TemporaryFolder.h"

#include <QFile>

#include <csignal>
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include <pthread.h>
#include <unistd.h>

namespace bonescope::cli {

namespace {

// The folders alive, by their encoded paths. The stop takes the lock and never gives it back:
// no folder is created or removed after it looked.
struct LiveFolders {
    std::mutex lock;
    std::set<std::string> paths;
};

LiveFolders& liveFolders()
{
    // Never destroyed: a stop while the statics are torn down at exit still finds its lock.
    static LiveFolders& folders = *new LiveFolders;
    return folders;
}

std::string encoded(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

sigset_t stopSignals()
{
    sigset_t waited;
    sigemptyset(&waited);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP})
        sigaddset(&waited, signal);
    return waited;
}

[[noreturn]] void stopWith(int signal)
{
    LiveFolders& folders = liveFolders();
    folders.lock.lock();
    // The workers write on meanwhile: a file one adds while a folder is emptied keeps the
    // folder, which is emptied again. Once it is gone nothing can be added to it.
    for (const std::string& path : folders.paths) {
        std::error_code ignored;
        for (int attempt = 0; attempt < 100 && std::filesystem::exists(path, ignored); ++attempt)
            std::filesystem::remove_all(path, ignored);
    }
    // Ended by the signal itself, so that a calling shell or script sees it as such.
    std::signal(signal, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal);
    pthread_sigmask(SIG_UNBLOCK, &only, nullptr);
    raise(signal);
    _exit(128 + signal);
}

} // namespace

TemporaryFolder::TemporaryFolder(const QString& templatePath)
{
    const std::lock_guard hold(liveFolders().lock);
    m_folder = templatePath.isEmpty() ? std::make_unique<QTemporaryDir>()
                                      : std::make_unique<QTemporaryDir>(templatePath);
    if (m_folder->isValid())
        liveFolders().paths.insert(encoded(m_folder->path()));
}

TemporaryFolder::~TemporaryFolder()
{
    const std::lock_guard hold(liveFolders().lock);
    if (m_folder->isValid())
        liveFolders().paths.erase(encoded(m_folder->path()));
    m_folder.reset();
}

void removeTemporariesOnStop()
{
    const sigset_t waited = stopSignals();
    pthread_sigmask(SIG_BLOCK, &waited, nullptr);
    std::thread([waited] {
        int signal = 0;
        while (sigwait(&waited, &signal) != 0) {
        }
        stopWith(signal);
    }).detach();
}

} // namespace bonescope::cli
