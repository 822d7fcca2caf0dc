#pragma once

#include "cli/SessionFolder.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace bonescope::cli {

/// The files one command writes for one input (a bake's CSVs, render's PNGs, edit's --out):
/// each checked (outputFileProblem: no link, no folder, no input) and written in full to a
/// staging folder beside it; commit() then moves them all into place. Until then what was at
/// the paths stays as it was: a command that fails halfway (or is stopped) loses nothing that
/// was there before, a set of frames from an earlier render included, and leaves nothing (a
/// stop by SIGINT, SIGTERM or SIGHUP included, through TemporaryFolder; after a SIGKILL the
/// next command writing beside it removes the staging folder, a SessionFolder).
class OutputFiles {
public:
    explicit OutputFiles(QStringList inputs);
    OutputFiles(const OutputFiles&) = delete;
    OutputFiles& operator=(const OutputFiles&) = delete;
    ~OutputFiles();

    /// False, with error() set, when `path` may not be written; stdout when `path` is empty.
    bool check(const QString& path);
    /// Writes `content` for `path` (to stdout at once when empty); false, with error() set, on
    /// failure.
    bool write(const QString& path, const std::function<void(std::ostream&)>& content);
    /// Moves every file written into place, replacing what is there; false, with error() set,
    /// when one cannot be moved (those before it are in place).
    bool commit();
    const std::string& error() const { return m_error; }

private:
    struct Staged {
        QString staged;
        QString path;
    };
    QStringList m_inputs;
    std::map<QString, std::unique_ptr<SessionFolder>> m_staging; ///< by folder written to
    std::vector<Staged> m_staged;
    std::string m_error;
};

} // namespace bonescope::cli
