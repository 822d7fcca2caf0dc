#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace bonescope::cli {

/// The files one command writes for one input (a bake's CSVs, render's PNGs, edit's --out):
/// each checked (outputFileProblem: no link, no folder, no input), written through a temporary
/// and renamed into place; unless keep() is called, all are removed again.
class OutputFiles {
public:
    explicit OutputFiles(QStringList inputs) : m_inputs(std::move(inputs)) {}
    OutputFiles(const OutputFiles&) = delete;
    OutputFiles& operator=(const OutputFiles&) = delete;
    ~OutputFiles();

    /// False, with error() set, when `path` may not be written; stdout when `path` is empty.
    bool check(const QString& path);
    /// Writes `content` to `path` (stdout when empty); false, with error() set, on failure.
    bool write(const QString& path, const std::function<void(std::ostream&)>& content);
    /// Keeps the files written; without this call the destructor removes them again.
    void keep() { m_written.clear(); }
    const std::string& error() const { return m_error; }

private:
    QStringList m_inputs;
    std::vector<QString> m_written;
    std::string m_error;
};

} // namespace bonescope::cli
