#include "cli/OutputFiles.h"

#include "cli/OutputPath.h"
#include "cli/SaveFileStream.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <filesystem>
#include <iostream>

namespace bonescope::cli {

OutputFiles::OutputFiles(QStringList inputs) : m_inputs(std::move(inputs))
{
}

// The staging folders remove themselves, and whatever commit() did not move.
OutputFiles::~OutputFiles() = default;

bool OutputFiles::check(const QString& path)
{
    if (path.isEmpty())
        return true;
    const QString problem = outputFileProblem(path, m_inputs);
    if (problem.isEmpty())
        return true;
    m_error = "refusing to write: " + problem.toStdString();
    return false;
}

bool OutputFiles::write(const QString& path, const std::function<void(std::ostream&)>& content)
{
    if (path.isEmpty()) {
        content(std::cout);
        std::cout.flush();
        if (std::cout)
            return true;
        m_error = "cannot write to the standard output";
        return false;
    }
    if (!check(path))
        return false;
    const QFileInfo target(path);
    std::unique_ptr<SessionFolder>& staging = m_staging[target.absolutePath()];
    if (!staging) {
        // Hidden, beside the path: the same file system, so that commit() only renames.
        staging = std::make_unique<SessionFolder>(
            QDir(target.absolutePath()).filePath(QStringLiteral(".bonescope-XXXXXX")));
        if (!staging->isValid()) {
            m_error =
                "cannot write " + path.toStdString() + ": " + staging->errorString().toStdString();
            staging.reset();
            return false;
        }
    }
    const QString staged = staging->filePath(target.fileName());
    SaveFileStream out(staged);
    content(out.stream());
    if (!out.commit()) {
        m_error = "cannot write " + path.toStdString() + ": " + out.errorString().toStdString();
        return false;
    }
    m_staged.push_back({staged, path});
    return true;
}

bool OutputFiles::commit()
{
    for (const Staged& file : m_staged) {
        // rename(2) replaces the path in one step (a link at it, checked away, included).
        std::error_code error;
        std::filesystem::rename(QFile::encodeName(file.staged).constData(),
                                QFile::encodeName(file.path).constData(), error);
        if (error) {
            m_error = "cannot write " + file.path.toStdString() + ": " + error.message();
            return false;
        }
    }
    m_staged.clear();
    return true;
}

} // namespace bonescope::cli
